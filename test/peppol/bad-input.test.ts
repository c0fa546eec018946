import { expect } from 'chai';
import {
  parseUbl,
  readXmlDocument,
  readXmlDocumentChecked,
  renderUbl,
  validateDocument,
  validateUblXml,
  type DocumentBody,
} from '../../peppol/index.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { readData } from './helpers.ts';

const rules = (issues: Array<{ rule: string }>) => issues.map((i) => i.rule);
const body = (): DocumentBody => structuredClone(CORPUS[0].body);

describe('bad input never throws and yields rule ids', () => {
  it('malformed XML → XML-MALFORMED', () => {
    const r = validateUblXml('<Invoice><cbc:ID>1</Invoice>');
    expect(r.valid).to.equal(false);
    expect(rules(r.errors)).to.include('XML-MALFORMED');
  });

  it('empty input → XML-EMPTY', () => {
    expect(rules(validateUblXml('').errors)).to.deep.equal(['XML-EMPTY']);
  });

  it('non-string input → XML-EMPTY', () => {
    expect(rules(validateUblXml(undefined as unknown as string).errors)).to.deep.equal(['XML-EMPTY']);
  });

  it('wrong root element → XML-ROOT', () => {
    const r = validateUblXml('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>');
    expect(rules(r.errors)).to.deep.equal(['XML-ROOT']);
  });

  it('unknown namespace → XML-ROOT', () => {
    const r = readXmlDocument('<Invoice xmlns="urn:example:not-ubl"><ID>1</ID></Invoice>');
    expect(rules(r.errors)).to.deep.equal(['XML-ROOT']);
    expect(rules(parseUbl('<Invoice><ID>1</ID></Invoice>').ok ? [] : [{ rule: 'XML-ROOT' }])).to.deep.equal([
      'XML-ROOT',
    ]);
  });

  it('entity expansion (billion laughs) → XML-DTD', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Invoice>&lol2;</Invoice>';
    expect(rules(validateUblXml(xml).errors)).to.deep.equal(['XML-DTD']);
  });

  it('external entity → XML-DTD', () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice>&xxe;</Invoice>';
    expect(rules(readXmlDocument(xml).errors)).to.deep.equal(['XML-DTD']);
  });

  it('oversized document → XML-SIZE', () => {
    const xml = readData('examples', 'bis-3.0.21', 'base-example.xml');
    expect(rules(validateUblXml(xml, { maxBytes: 1000 }).errors)).to.deep.equal(['XML-SIZE']);
    expect(rules(readXmlDocument(`<a>${'x'.repeat(6 * 1024 * 1024)}</a>`).errors)).to.deep.equal(['XML-SIZE']);
  });

  it('a document its UBL or CII schema refuses → XML-SCHEMA naming the element, as a receiving access point would', async () => {
    const invoice = readData('examples', 'bis-3.0.21', 'base-example.xml');
    expect((await readXmlDocumentChecked(invoice)).valid).to.equal(true);
    const misplaced = await readXmlDocumentChecked(
      invoice.replace('<cbc:IssueDate>', '<cbc:Note>too early</cbc:Note><cbc:IssueDate>'),
      'ubl-xml',
    );
    expect(misplaced.valid).to.equal(false);
    expect(rules(misplaced.errors)).to.deep.equal(['XML-SCHEMA']);
    expect(misplaced.errors[0].message).to.contain('Note').and.contain('line');
    const badDate = await readXmlDocumentChecked(
      invoice.replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2017-13-45<'),
      'ubl-xml',
    );
    expect(rules(badDate.errors)).to.include('XML-SCHEMA');
    const cii = readData('cii', 'CII_example1.xml');
    const unknown = await readXmlDocumentChecked(
      cii.replace('<rsm:ExchangedDocument>', '<rsm:ExchangedDocument><ram:Unknown>x</ram:Unknown>'),
      'cii-xml',
    );
    expect(rules(unknown.errors)).to.include('XML-SCHEMA');
  });

  it('a schema location or an include in a document makes the parser open nothing', async () => {
    const invoice = readData('examples', 'bis-3.0.21', 'base-example.xml');
    const pointing = invoice
      .replace(
        '<Invoice ',
        '<Invoice xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 /etc/passwd" ',
      )
      .replace(
        '<cbc:IssueDate>',
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd"/><cbc:IssueDate>',
      );
    const result = await readXmlDocumentChecked(pointing, 'ubl-xml');
    expect(rules(result.errors)).to.include('XML-SCHEMA');
    expect(JSON.stringify(result)).to.not.contain('root:');
  });

  it('format mismatch → XML-ROOT', () => {
    const ubl = readData('examples', 'bis-3.0.21', 'base-example.xml');
    expect(rules(readXmlDocument(ubl, 'cii-xml').errors)).to.deep.equal(['XML-ROOT']);
  });

  it('non-decimal amount in JSON → JSON-DECIMAL at its path, no XML', () => {
    const b = body();
    b.lines[0].unitPrice = '12,50';
    const r = renderUbl('invoice', b);
    expect(r.xml).to.equal(undefined);
    expect(r.errors).to.deep.include({
      rule: 'JSON-DECIMAL',
      path: '$.lines[0].unitPrice',
      message: r.errors[0].message,
    });
  });

  it('exponent, NaN and objects are not decimals', () => {
    for (const bad of ['1e3', 'NaN', 'Infinity', { value: 1 }, true]) {
      const b = body();
      (b.lines[0] as unknown as Record<string, unknown>).quantity = bad;
      expect(rules(renderUbl('invoice', b).errors), String(bad)).to.include('JSON-DECIMAL');
    }
  });

  it('more than 2 decimals on totals → BR-DEC-*', () => {
    const b = body();
    b.totals = { payableAmount: '10.123', vatAmount: '1.001' };
    const r = validateDocument('invoice', b);
    expect(rules(r.errors)).to.include.members(['BR-DEC-18', 'BR-DEC-13']);
    expect(r.errors.find((e) => e.rule === 'BR-DEC-18')!.path).to.equal('$.totals.payableAmount');
  });

  it('more than 2 decimals on totals in XML → BR-DEC-*', () => {
    const xml = readData('examples', 'bis-3.0.21', 'base-example.xml').replace(
      /<cbc:PayableAmount currencyID="EUR">([\d.]+)<\/cbc:PayableAmount>/,
      '<cbc:PayableAmount currencyID="EUR">$1001</cbc:PayableAmount>',
    );
    expect(rules(validateUblXml(xml).errors)).to.include('BR-DEC-18');
  });

  it('a body that is not an object → JSON-TYPE', () => {
    expect(rules(validateDocument('invoice', null as unknown as DocumentBody).errors)).to.deep.equal(['JSON-TYPE']);
    expect(rules(validateDocument('invoice', 'x' as unknown as DocumentBody).errors)).to.deep.equal(['JSON-TYPE']);
  });

  it('unknown document type → JSON-TYPE', () => {
    expect(rules(validateDocument('receipt' as never, body()).errors)).to.deep.equal(['JSON-TYPE']);
  });

  it('garbage everywhere still returns a result', () => {
    const junk = {
      number: 5,
      issueDate: '31/12/2026',
      currency: 'EURO',
      lines: [{}, null, 'x'],
      allowances: [null],
      attachments: [{}],
      totals: { vatBreakdown: [{}] },
    };
    const r = validateDocument('invoice', junk as unknown as DocumentBody);
    expect(r.valid).to.equal(false);
    expect(rules(r.errors)).to.include.members(['JSON-TYPE', 'PEPPOL-EN16931-F001', 'BR-CL-04', 'BR-52']);
  });
});

describe('JSON validation reports official rule ids with JSON paths', () => {
  it('wrong given totals → BR-CO-10 / BR-CO-15 on $.totals', () => {
    const b = body();
    b.totals = { lineTotal: '1.00', grossAmount: '2.00' };
    const r = validateDocument('invoice', b);
    expect(r.errors.find((e) => e.rule === 'BR-CO-10')?.path).to.equal('$.totals.lineTotal');
    expect(r.errors.find((e) => e.rule === 'BR-CO-15')?.path).to.equal('$.totals.grossAmount');
  });

  it('missing buyer reference and order reference → PEPPOL-EN16931-R003 at $.buyerReference, naming both fields', () => {
    const b = body();
    delete b.buyerReference;
    const { errors } = validateDocument('invoice', b);
    expect(rules(errors)).to.deep.equal(['PEPPOL-EN16931-R003']);
    expect(errors[0].path).to.equal('$.buyerReference');
    expect(errors[0].message).to.match(
      /^A buyer reference or purchase order reference MUST be provided\. Give buyerReference .* or orderReference /,
    );
  });

  it('a Belgian invoice without payment instructions → warning BR-BE-05 at $.payment', () => {
    const b = body();
    delete b.payment;
    const { warnings } = validateDocument('invoice', b);
    const warning = warnings.find((w) => w.rule === 'BR-BE-05');
    expect(warning, JSON.stringify(warnings)).to.not.equal(undefined);
    expect(warning!.path).to.equal('$.payment');
  });

  it('exempt line without reason → BR-E-10 on the VAT breakdown', () => {
    const b = body();
    b.lines = [{ description: 'x', quantity: '1', unitPrice: '10', vatCategory: 'E', vatRate: '0' }];
    const r = validateDocument('invoice', b);
    expect(r.errors.map((e) => `${e.rule} ${e.path}`)).to.deep.equal(['BR-E-10 $.totals.vatBreakdown[0]']);
  });

  it('standard rate without seller VAT → BR-S-02 on the line', () => {
    const b = body();
    b.seller = { ...b.seller!, vatNumber: undefined };
    const r = validateDocument('invoice', b);
    expect(r.errors.map((e) => `${e.rule} ${e.path}`)).to.include('BR-S-02 $.lines[0]');
  });

  it('invalid IBAN → JSON-IBAN', () => {
    const b = body();
    b.payment = { means: 'credit_transfer', iban: 'BE68539007547035' };
    expect(rules(validateDocument('invoice', b).errors)).to.deep.equal(['JSON-IBAN']);
  });

  it('bad Belgian enterprise number → PEPPOL-COMMON-R043 on $.seller.legalId', () => {
    const b = body();
    b.seller = { ...b.seller!, legalId: { scheme: '0208', value: '0403019262' } };
    const r = validateDocument('invoice', b);
    expect(r.errors.map((e) => `${e.rule} ${e.path}`)).to.include('PEPPOL-COMMON-R043 $.seller.legalId');
  });

  it('bad Belgian VAT checksum → BR-BE-01 (and a JSON-VAT-CHECKSUM warning)', () => {
    const b = body();
    b.seller = { ...b.seller!, vatNumber: 'BE0403019262' };
    const r = validateDocument('invoice', b);
    expect(rules(r.errors)).to.include('BR-BE-01');
    expect(rules(r.warnings)).to.include('JSON-VAT-CHECKSUM');
  });

  it('direct debit without mandate → PEPPOL-EN16931-R061', () => {
    const b = body();
    b.payment = { means: 'direct_debit', debitedAccount: 'DE89370400440532013000' };
    expect(rules(validateDocument('invoice', b).errors)).to.deep.equal(['PEPPOL-EN16931-R061']);
  });
});
