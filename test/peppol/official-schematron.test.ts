import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLSerializer } from '@xmldom/xmldom';
import { readXmlDocument, validateDocument, validateUblXml } from '../../peppol/index.ts';
import { validateOrderAgreementElement } from '../../peppol/validation/rules-order-agreement.ts';
import { validateOrderElement } from '../../peppol/validation/rules-order.ts';
import { validateUblElement } from '../../peppol/validation/validate-ubl.ts';
import { parseXml } from '../../peppol/xml/dom.ts';
import { CORPUS, TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { listData, loadRuleCases, readData } from './helpers.ts';
import { details, difference, officialResultsOrSkip, type OfficialResult, type Subject } from './official-rules.ts';

/**
 * Conformance with the official Peppol validation artefacts of release 2026.5 (BIS Billing 3.0.21,
 * Ordering and Order Agreement 3). scripts/official-rules.mjs runs their compiled Schematron
 * (CEN-EN16931-UBL + PEPPOL-EN16931-UBL, PEPPOLBIS-T01, PEPPOLBIS-T110) on Saxon, in one JVM, over
 * every document below. Our validator must reach the same verdict and report exactly the fatal
 * rules the artefacts report (the same set of rule ids per document), and the same warnings.
 */

function unitDocuments(): Subject[] {
  const serializer = new XMLSerializer();
  const seen = new Set<string>();
  const subjects: Subject[] = [];
  for (const c of loadRuleCases('unit', ['Invoice', 'CreditNote'])) {
    const name = `unit/${c.folder}/${c.file} #${c.index + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    subjects.push({ name, xml: serializer.serializeToString(c.document), ours: validateUblElement(c.document) });
  }
  return subjects;
}

function exampleDocuments(): Subject[] {
  return listData('examples').flatMap((folder) =>
    listData('examples', folder).map((file) => {
      const xml = readData('examples', folder, file);
      return { name: `examples/${folder}/${file}`, xml, ours: validateUblXml(xml) };
    }),
  );
}

function orderingDocuments(): Subject[] {
  return listData('poacc').map((file) => {
    const xml = readData('poacc', file);
    const parsed = parseXml(xml);
    if (!parsed.ok) throw new Error(`cannot parse poacc/${file}`);
    const ours =
      parsed.root.localName === 'Order'
        ? validateOrderElement(parsed.root)
        : validateOrderAgreementElement(parsed.root);
    return { name: `poacc/${file}`, xml, ours };
  });
}

/**
 * The UBL a CII document is delivered as: judged by our UBL rules and the official UBL artefacts
 * alike. (The CII's own verdict comes from the Peppol CII rules, run on the CII: unit-rules-cii.)
 */
function ciiDocuments(): Subject[] {
  return listData('cii').map((file) => {
    const { ubl } = readXmlDocument(readData('cii', file), 'cii-xml');
    if (!ubl) throw new Error(`cii/${file} was not converted`);
    return { name: `cii/${file} (converted to UBL)`, xml: ubl, ours: validateUblXml(ubl) };
  });
}

/**
 * One invoice in the currencies and electronic address schemes where the CEN and Peppol code lists
 * differ from each other or changed lately: both lists must be the artefacts' own.
 */
function codeListDocuments(): Subject[] {
  const base = validateDocument('invoice', CORPUS[0].body).xml!;
  const currencies = ['EUR', 'ANG', 'BGN', 'STN', 'STD', 'CNH', 'XCG'].map((code) => {
    const xml = base
      .replace(/currencyID="EUR"/g, `currencyID="${code}"`)
      .replace(/<cbc:DocumentCurrencyCode>EUR</, `<cbc:DocumentCurrencyCode>${code}<`);
    return { name: `code lists: currency ${code}`, xml, ours: validateUblXml(xml) };
  });
  const schemes = [
    '0037',
    '0088',
    '0147',
    '0177',
    '0219',
    '0220',
    '0242',
    '0244',
    '0245',
    '0246',
    '0248',
    'AN',
    'AQ',
    'EM',
  ].map((scheme) => {
    const xml = base.replace(/(<cbc:EndpointID schemeID=")[^"]*(")/, `$1${scheme}$2`);
    return { name: `code lists: seller endpoint scheme ${scheme}`, xml, ours: validateUblXml(xml) };
  });
  const legalSchemes = ['0208', '0241', '0244', '0248', '9999'].map((scheme) => {
    const xml = base.replace('<cbc:CompanyID schemeID="0208">', `<cbc:CompanyID schemeID="${scheme}">`);
    return { name: `code lists: seller legal identifier scheme ${scheme}`, xml, ours: validateUblXml(xml) };
  });
  const exempt = CORPUS.find((c) => JSON.stringify(c.body).includes('VATEX'))!;
  const exemptXml = validateDocument('invoice', exempt.body).xml!;
  const exemptions = ['VATEX-EU-135-1', 'VATEX-EU-132', 'VATEX-EU-999'].map((code) => {
    const xml = exemptXml.replace(/<cbc:TaxExemptionReasonCode>[^<]*</g, `<cbc:TaxExemptionReasonCode>${code}<`);
    return { name: `code lists: exemption reason ${code}`, xml, ours: validateUblXml(xml) };
  });
  return [...currencies, ...schemes, ...legalSchemes, ...exemptions];
}

function corpusDocuments(): Subject[] {
  return [...CORPUS, ...TRADE_CORPUS.filter((c) => c.type === 'purchase-order' || c.type === 'sales-order')].map(
    (entry) => {
      const ours = validateDocument(entry.type, entry.body);
      return { name: `corpus ${entry.type}: ${entry.name}`, xml: ours.xml, ours };
    },
  );
}

describe('conformance with the official Peppol validation artefacts (release 2026.5)', function () {
  const corpus = corpusDocuments();
  const others = [
    ...exampleDocuments(),
    ...unitDocuments(),
    ...ciiDocuments(),
    ...orderingDocuments(),
    ...codeListDocuments(),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'peppol-official-'));
  let official = new Map<string, OfficialResult>();

  before(function () {
    this.timeout(120000);
    official = officialResultsOrSkip(this, [...corpus, ...others], dir);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('every JSON corpus document renders to UBL the official rules accept', () => {
    for (const subject of corpus) {
      it(subject.name, () => {
        const result = official.get(subject.name);
        const fatal = (result?.failed ?? []).filter((f) => f.flag === 'fatal');
        expect(fatal.map((f) => `${f.id} at ${f.location}: ${f.text}`)).to.deep.equal([]);
        expect(difference(subject, result), details(subject, result)).to.equal('');
      });
    }
  });

  describe('official examples, rule unit tests, converted CII, ordering documents and code-list edges: same verdict, same rules', () => {
    for (const subject of others) {
      it(subject.name, () => {
        const result = official.get(subject.name);
        expect(difference(subject, result), details(subject, result)).to.equal('');
      });
    }
  });
});
