import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateDocument } from '../../peppol/index.ts';
import { validateOrderAgreementElement } from '../../peppol/validation/rules-order-agreement.ts';
import { validateOrderElement } from '../../peppol/validation/rules-order.ts';
import { syntaxRuleIds } from '../../peppol/validation/syntax-binding.ts';
import { ORDER_AGREEMENT_SYNTAX } from '../../peppol/validation/syntax-order-agreement.ts';
import { ORDER_SYNTAX } from '../../peppol/validation/syntax-order.ts';
import { parseXml } from '../../peppol/xml/dom.ts';
import { TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { listData, readData } from './helpers.ts';
import { details, difference, officialResultsOrSkip, type OfficialResult, type Subject } from './official-rules.ts';
import { orderingMutants } from './ordering-mutations.ts';

/**
 * The Ordering rules (T01 Order, T110 Order Agreement) against the official artefacts on documents
 * they were not written for: mutants of the official examples and of the corpus orders, with
 * unknown and misplaced elements, duplicated, removed and emptied elements, added, removed and
 * altered attributes and values outside the code lists. One JVM run judges them all; ours must
 * reach the same verdict with the same fatal rule ids and the same warnings.
 *
 * Where the artefacts stop with an XPath error (a single-valued element given twice, an empty
 * amount), they give no verdict to compare: those mutants are counted, not compared.
 */

const ORDERING_TYPES = new Set(['purchase-order', 'sales-order']);
/** The XPath errors the artefacts stop with on such input; any other error is a failure. */
const ARTEFACT_XPATH_ERROR = /A sequence of more than one item is not allowed|Cannot convert string "" to /;

/**
 * The official examples, the same with the parts of the data models they leave out added
 * (ordering-seeds/), and the corpus orders as rendered.
 */
function seeds(): { name: string; xml: string }[] {
  const examples = ['poacc', 'ordering-seeds'].flatMap((folder) =>
    listData(folder).map((file) => ({ name: `${folder}/${file}`, xml: readData(folder, file) })),
  );
  const corpus = TRADE_CORPUS.filter((c) => ORDERING_TYPES.has(c.type)).map((c) => {
    const { xml } = validateDocument(c.type, c.body);
    if (!xml) throw new Error(`corpus ${c.name} renders no XML`);
    return { name: `corpus ${c.type} "${c.name}"`, xml };
  });
  return [...examples, ...corpus];
}

function judge(name: string, xml: string): Subject {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(`${name}: ${parsed.errors[0].message}`);
  const ours =
    parsed.root.localName === 'Order' ? validateOrderElement(parsed.root) : validateOrderAgreementElement(parsed.root);
  return { name, xml, ours };
}

describe('Ordering rules on mutated documents: same verdicts and rule ids as the official artefacts (release 2026.5)', function () {
  const originals = seeds();
  const mutants = orderingMutants(originals);
  const subjects = [...originals, ...mutants].map((m) => judge(m.name, m.xml));
  const dir = mkdtempSync(join(tmpdir(), 'peppol-ordering-'));
  let official = new Map<string, OfficialResult>();

  before(function () {
    this.timeout(300000);
    official = officialResultsOrSkip(this, subjects, dir);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`generates at least 300 mutants of Orders and of Order Agreements (${mutants.length} in all)`, () => {
    expect(mutants.filter((m) => m.xml.includes(':Order-2"')).length).to.be.at.least(300);
    expect(mutants.filter((m) => m.xml.includes(':OrderResponse-2"')).length).to.be.at.least(300);
  });

  it('finds every difference between ours and the official findings: none', () => {
    const differences: string[] = [];
    let compared = 0;
    let invalid = 0;
    const uncompared: string[] = [];
    for (const subject of subjects) {
      const result = official.get(subject.name);
      if (result?.error && ARTEFACT_XPATH_ERROR.test(result.error)) {
        uncompared.push(subject.name);
        continue;
      }
      compared++;
      if ((result?.failed ?? []).some((f) => f.flag === 'fatal')) invalid++;
      const found = difference(subject, result);
      if (found) differences.push(`${subject.name}: ${found}\n${details(subject, result)}`);
    }
    console.log(
      `      ${compared} documents compared (${invalid} invalid, ${compared - invalid} valid officially); ${uncompared.length} stop the artefacts with an XPath error`,
    );
    expect(differences, differences.slice(0, 20).join('\n\n')).to.deep.equal([]);
    expect(compared).to.be.at.least(subjects.length * 0.95);
  });

  it('makes every syntax binding rule of both models fire on some mutant', () => {
    const fired = new Set([...official.values()].flatMap((r) => (r.failed ?? []).map((f) => f.id)));
    const rules = [...syntaxRuleIds(ORDER_SYNTAX), ...syntaxRuleIds(ORDER_AGREEMENT_SYNTAX)];
    expect(rules.length).to.equal(276 + 218);
    expect(rules.filter((id) => !fired.has(id))).to.deep.equal([]);
  });
});
