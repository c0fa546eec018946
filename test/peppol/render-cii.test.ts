import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderCii } from '../../peppol/cii/render.ts';
import { isPeppolLayerRule } from '../../peppol/cii/rules.ts';
import { DOCUMENT_TYPE_INFO, parseCii, readXmlDocument, renderUbl, validateUblXml } from '../../peppol/index.ts';
import { Dec } from '../../peppol/money.ts';
import { checkSchema } from '../../peppol/xml/schema.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { SHARED } from '../support/paths.ts';
import { listData, readData } from './helpers.ts';
import { details, difference, officialResultsOrSkip, type OfficialResult, type Subject } from './official-rules.ts';

const BILLING = CORPUS.filter((c) => DOCUMENT_TYPE_INFO[c.type].billing);
const CII_XSD = `${SHARED}/standards/cii-d16b/uncoupled-clm/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd`;

function rendered(xml: string | undefined, errors: unknown[]): string {
  if (!xml) throw new Error(`not rendered: ${JSON.stringify(errors)}`);
  return xml;
}

/** The UBL Peppol would carry for a body: equal UBL means every EN16931 field survived. */
const DECIMAL_KEYS = new Set([
  'amount',
  'baseAmount',
  'percent',
  'quantity',
  'baseQuantity',
  'unitPrice',
  'grossPrice',
  'vatRate',
  'rate',
  'netAmount',
  'taxableAmount',
  'taxAmount',
  'lineTotal',
  'allowanceTotal',
  'chargeTotal',
  'vatAmount',
  'grossAmount',
  'prepaidAmount',
  'roundingAmount',
  'payableAmount',
  'vatAmountInTaxCurrency',
]);

/** The body with decimals in one notation: CII writes amounts with two decimals, "147" reads back as "147.00". */
function sameDecimals(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && DECIMAL_KEYS.has(key)) return new Dec(value).toFixed();
  // Both syntaxes carry the account without the spaces people write in it.
  if (typeof value === 'string' && key === 'iban') return value.replace(/\s+/g, '');
  if (Array.isArray(value)) return value.map((v) => sameDecimals(v));
  if (value && typeof value === 'object') {
    // A contact with nothing EN16931 knows of reads as {} and has nothing to render.
    const entries = Object.entries(value).filter(([, v]) => !(v && typeof v === 'object' && !Object.keys(v).length));
    return Object.fromEntries(entries.map(([k, v]) => [k, sameDecimals(v, k)]));
  }
  return value;
}

const ublOf = (type: Parameters<typeof renderUbl>[0], body: Parameters<typeof renderUbl>[1]) =>
  renderUbl(type, body, { identifiers: false }).xml;

describe('rendering CII D16B (renderCii)', () => {
  const peppol = new Map<string, string>();
  const en16931 = new Map<string, string>();
  for (const entry of BILLING) {
    const p = renderCii(entry.type, entry.body, { guideline: 'peppol' });
    peppol.set(entry.name, rendered(p.xml, p.errors));
    const e = renderCii(entry.type, entry.body);
    en16931.set(entry.name, rendered(e.xml, e.errors));
  }

  describe('every corpus invoice, credit note and debit note', () => {
    for (const entry of BILLING) {
      it(`${entry.name}: reads back to the same model (same UBL), valid under the Peppol CII and EN16931 rules`, async () => {
        const xml = peppol.get(entry.name)!;
        expect(await checkSchema(xml, 'CrossIndustryInvoice')).to.deep.equal([]);
        const read = readXmlDocument(xml, 'cii-xml');
        expect(read.errors, JSON.stringify(read.errors)).to.deep.equal([]);
        expect(read.type).to.equal(entry.type);
        const parsed = parseCii(xml);
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        expect(ublOf(parsed.type, parsed.body)).to.equal(ublOf(entry.type, entry.body));
      });
    }
  });

  it('declares the EN16931 profile by default and breaks no EN16931 rule', () => {
    for (const [name, xml] of en16931) {
      expect(xml, name).to.include('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      expect(xml, name).not.to.include('BusinessProcessSpecifiedDocumentContextParameter');
      const core = readXmlDocument(xml, 'cii-xml').errors.filter((e) => !isPeppolLayerRule(e.rule));
      expect(core, `${name}: ${JSON.stringify(core)}`).to.deep.equal([]);
    }
  });

  it('is valid against the shared CII D16B schema (xmllint)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cii-render-'));
    try {
      const files = [...peppol.values(), ...en16931.values()].map((xml, i) => {
        const file = join(dir, `${i}.xml`);
        writeFileSync(file, xml);
        return file;
      });
      execFileSync('xmllint', ['--noout', '--schema', CII_XSD, ...files], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the official CII examples, read and rendered again, keep every field', () => {
    for (const file of listData('cii')) {
      it(file, async () => {
        const first = parseCii(readData('cii', file));
        if (!first.ok) throw new Error(JSON.stringify(first.errors));
        const result = renderCii(first.type, first.body, { identifiers: false });
        const xml = rendered(result.xml, result.errors);
        expect(await checkSchema(xml, 'CrossIndustryInvoice')).to.deep.equal([]);
        const again = parseCii(xml);
        if (!again.ok) throw new Error(JSON.stringify(again.errors));
        // A VAT total (BT-110) the example leaves out is derived and written.
        if (first.body.totals?.vatAmount === undefined) delete again.body.totals?.vatAmount;
        expect(sameDecimals(again.body)).to.deep.equal(sameDecimals(first.body));
        expect(ublOf(again.type, again.body)).to.equal(ublOf(first.type, first.body));
      });
    }
  });

  it('keeps the first preceding invoice only, with a warning (D16B has room for one)', () => {
    const entry = BILLING.find((c) => c.type === 'credit-note' && c.body.billingReferences?.length)!;
    const body = { ...entry.body, billingReferences: [{ number: 'A-1' }, { number: 'A-2' }] };
    const result = renderCii('credit-note', body);
    expect(result.xml).to.include('<ram:IssuerAssignedID>A-1</ram:IssuerAssignedID>');
    expect(result.xml).not.to.include('A-2');
    expect(result.warnings.map((w) => w.rule)).to.include('CII-BILLING-REFERENCES');
  });

  it('refuses a body with structural errors and a non-billing type, without XML', () => {
    const missing = renderCii('invoice', { ...BILLING[0].body, lines: [] });
    expect(missing.xml).to.equal(undefined);
    expect(missing.errors.length).to.be.greaterThan(0);
    const order = renderCii('purchase-order', BILLING[0].body);
    expect(order.xml).to.equal(undefined);
    expect(order.errors.map((e) => e.rule)).to.deep.equal(['CII-TYPE']);
  });

  describe('the UBL of each rendered CII, under the official Peppol artefacts', function () {
    const subjects: Subject[] = BILLING.map((entry) => {
      const ubl = readXmlDocument(peppol.get(entry.name)!, 'cii-xml').ubl!;
      return { name: entry.name, xml: ubl, ours: validateUblXml(ubl) };
    });
    const dir = mkdtempSync(join(tmpdir(), 'cii-render-official-'));
    let official = new Map<string, OfficialResult>();
    before(function () {
      this.timeout(120000);
      official = officialResultsOrSkip(this, subjects, dir);
    });
    after(() => rmSync(dir, { recursive: true, force: true }));
    for (const subject of subjects) {
      it(`${subject.name}: no fatal finding, the same verdict as ours`, () => {
        const result = official.get(subject.name);
        const fatal = (result?.failed ?? []).filter((f) => f.flag === 'fatal');
        expect(fatal.map((f) => `${f.id}: ${f.text}`)).to.deep.equal([]);
        expect(difference(subject, result), details(subject, result)).to.equal('');
      });
    }
  });
});
