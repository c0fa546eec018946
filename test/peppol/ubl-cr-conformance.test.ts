import { expect } from 'chai';
import { XMLSerializer, type Element as El } from '@xmldom/xmldom';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateDocument } from '../../peppol/index.ts';
import { validateUblElement } from '../../peppol/validation/validate-ubl.ts';
import { UBL_CR_PATHS } from '../../peppol/validation/ubl-cr-paths.ts';
import { NS, parseXml } from '../../peppol/xml/dom.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { details, difference, officialResultsOrSkip, type OfficialResult, type Subject } from './official-rules.ts';

const NAMESPACES: Record<string, string> = {
  ...NS,
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};
const LINES = '(cac:InvoiceLine|cac:CreditNoteLine)/';

/** The first child named `qname`, or a new one appended (a leaf `cbc:` element gets a value). */
function childOf(parent: El, qname: string, leaf: boolean): El {
  const [prefix, local] = qname.split(':') as [string, string];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as El).localName === local && (n as El).namespaceURI === NAMESPACES[prefix] && !leaf)
      return n as El;
  }
  const created = parent.ownerDocument!.createElementNS(NAMESPACES[prefix], qname);
  if (prefix === 'cbc') created.appendChild(parent.ownerDocument!.createTextNode('1'));
  parent.appendChild(created);
  return created;
}

function descendant(el: El, namespace: string, local: string): El | undefined {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const child = n as El;
    if (child.localName === local && child.namespaceURI === namespace) return child;
    const below = descendant(child, namespace, local);
    if (below) return below;
  }
  return undefined;
}

/** `xml` with what the UBL-CR test `path` looks for added: the path's elements, and its attribute. */
function withPath(xml: string, path: string): string {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  const root = parsed.root;
  let steps = path.replace(/^\/\//, '');
  let at: El = root;
  if (steps.startsWith(LINES)) {
    steps = steps.slice(LINES.length);
    at = descendant(root, NS.cac, root.localName === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine')!;
  }
  const names = steps.split('/');
  const attribute = names[names.length - 1].startsWith('@') ? names.pop()!.slice(1) : undefined;
  if (names.length === 0) {
    // `//@a`: on any element; the first line's quantity carries unit attributes.
    descendant(root, NS.cac, root.localName === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine')!.setAttribute(
      attribute!,
      '1',
    );
  } else {
    if (path.startsWith('//')) {
      const [prefix, local] = names[0].split(':') as [string, string];
      const found = descendant(root, NAMESPACES[prefix], local);
      if (found) {
        at = found;
        names.shift();
      }
    }
    names.forEach((name, i) => {
      at = childOf(at, name, !attribute && i === names.length - 1);
    });
    if (attribute) at.setAttribute(attribute, '1');
  }
  return new XMLSerializer().serializeToString(root.ownerDocument as never);
}

/**
 * The UBL-CR warnings against the official CEN artefacts on documents made to break each one: a
 * corpus invoice and credit note, each with the elements (or attributes) of one UBL-CR rule added,
 * and the special cases (UBL version, payment due date, object identifier schemes).
 */
describe('UBL-CR rules on documents that use what EN16931 does not: same warnings as the official artefacts (release 2026.5)', function () {
  const bases = (['invoice', 'credit-note'] as const).map((type) => {
    const entry = CORPUS.find((c) => c.type === type)!;
    return { name: `${type} "${entry.name}"`, xml: validateDocument(type, entry.body).xml! };
  });
  const tests = [
    ...UBL_CR_PATHS.map(([, test]) => test),
    'cbc:UBLVersionID',
    'cac:PaymentMeans/cbc:PaymentDueDate',
    'cac:AdditionalDocumentReference/cbc:ID/@schemeID',
  ];
  const subjects: Subject[] = bases.flatMap((base) =>
    tests.map((test) => {
      const xml = withPath(base.xml, test);
      return { name: `${base.name} + ${test}`, xml, ours: validateUblElement((parseXml(xml) as { root: El }).root) };
    }),
  );
  const dir = mkdtempSync(join(tmpdir(), 'peppol-ubl-cr-'));
  let official = new Map<string, OfficialResult>();

  before(function () {
    this.timeout(300000);
    official = officialResultsOrSkip(this, subjects, dir);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every difference between ours and the official findings: none', () => {
    const differences = subjects.flatMap((subject) => {
      const found = difference(subject, official.get(subject.name));
      return found ? [`${subject.name}: ${found}\n${details(subject, official.get(subject.name))}`] : [];
    });
    expect(differences, differences.slice(0, 10).join('\n\n')).to.deep.equal([]);
  });

  it('makes every UBL-CR warning fire on some document, ours and officially', () => {
    const rules = [
      ...UBL_CR_PATHS.map(([n]) => `UBL-CR-${String(n).padStart(3, '0')}`),
      'UBL-CR-002',
      'UBL-CR-412',
      'UBL-CR-665',
    ];
    const officially = new Set([...official.values()].flatMap((r) => (r.failed ?? []).map((f) => f.id)));
    const ours = new Set(subjects.flatMap((s) => s.ours.warnings.map((w) => w.rule)));
    expect(rules.filter((id) => !officially.has(id))).to.deep.equal([]);
    expect(rules.filter((id) => !ours.has(id))).to.deep.equal([]);
  });
});
