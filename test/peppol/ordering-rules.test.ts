import { expect } from 'chai';
import { readXmlDocument, validateDocument } from '../../peppol/index.ts';
import { validateOrderElement } from '../../peppol/validation/rules-order.ts';
import { parseXml } from '../../peppol/xml/dom.ts';
import { TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { listData, readData } from './helpers.ts';

const order = (xml: string) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
  return validateOrderElement(parsed.root);
};
const rulesOf = (issues: { rule: string }[]) => issues.map((i) => i.rule);
const EXAMPLE = readData('poacc', 'Order_Example.xml');
const ORDER_FILES = listData('poacc').filter((f) => /Order(_Example|_sc\d+)?\.xml$/.test(f) && !f.startsWith('OrderAgreement'));

describe('Peppol BIS Ordering 3 Order rules (PEPPOL-T01)', () => {
  for (const file of ORDER_FILES) {
    it(`accepts the official example ${file} with no fatal finding`, () => {
      const r = order(readData('poacc', file));
      expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
      expect(r.valid).to.equal(true);
    });
  }

  it('rejects a wrong profile (R031) and specification id (R034)', () => {
    const r = order(EXAMPLE.replace(/<cbc:ProfileID>[^<]*</, '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0<').replace(/<cbc:CustomizationID>[^<]*</, '<cbc:CustomizationID>urn:cen.eu:en16931:2017<'));
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T01-R031', 'PEPPOL-T01-R034']);
  });

  it('rejects line totals that do not add up (R008) and a foreign currency amount (R003)', () => {
    const r = order(EXAMPLE.replace(/(<cac:AnticipatedMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID=")[A-Z]{3}(">)[^<]*/, '$1USD$2999999.00'));
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T01-R003', 'PEPPOL-T01-R008']);
  });

  it('rejects duplicate line ids (R001) and reports the missing validity end date as a warning (R002)', () => {
    const ids = [...EXAMPLE.matchAll(/<cac:LineItem>\s*<cbc:ID>([^<]*)</g)].map((m) => m[1]);
    expect(ids.length).to.be.greaterThan(1);
    let n = 0;
    const dup = EXAMPLE.replace(/(<cac:LineItem>\s*<cbc:ID>)[^<]*</g, (_m, p: string) => `${p}${n++ < 2 ? 'DUP' : `L${n}`}<`).replace(/<cac:ValidityPeriod>[\s\S]*?<\/cac:ValidityPeriod>/, '');
    const r = order(dup);
    expect(rulesOf(r.errors)).to.include('PEPPOL-T01-R001');
    expect(rulesOf(r.warnings)).to.include('PEPPOL-T01-R002');
    expect(r.valid).to.equal(false);
  });

  it('rejects an unknown allowance reason code (CL001) and a negative amount (R032)', () => {
    const xml = EXAMPLE.replace('</cac:AnticipatedMonetaryTotal>', '</cac:AnticipatedMonetaryTotal>').replace(/<cac:AnticipatedMonetaryTotal>/, '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="NOK">-1</cbc:Amount></cac:AllowanceCharge><cac:AnticipatedMonetaryTotal>');
    expect(rulesOf(order(xml).errors)).to.include.members(['PEPPOL-T01-CL001', 'PEPPOL-T01-R032']);
  });

  it('rejects empty elements (COMMON-R001) and a malformed date (COMMON-R030)', () => {
    const xml = EXAMPLE.replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2013-7-1<').replace('</cbc:ID>', '</cbc:ID><cbc:SalesOrderID/>');
    expect(rulesOf(order(xml).errors)).to.include.members(['PEPPOL-COMMON-R001', 'PEPPOL-COMMON-R030']);
  });

  it('rejects a quotation line reference without the quotation document reference (R035)', () => {
    const xml = EXAMPLE.replace(/<cac:QuotationDocumentReference>[\s\S]*?<\/cac:QuotationDocumentReference>/, '').replace('</cac:OrderLine>', '<cac:QuotationLineReference><cbc:LineID>1</cbc:LineID></cac:QuotationLineReference></cac:OrderLine>');
    expect(rulesOf(order(xml).errors)).to.include('PEPPOL-T01-R035');
  });

  it('is applied by validateDocument to purchase orders, and every corpus purchase order passes', () => {
    const orders = TRADE_CORPUS.filter((c) => c.type === 'purchase-order');
    expect(orders.length).to.be.greaterThan(0);
    for (const c of orders) {
      const r = validateDocument('purchase-order', c.body);
      expect(r.errors, `${c.name}: ${JSON.stringify(r.errors)}`).to.deep.equal([]);
    }
    const bad = validateDocument('purchase-order', { ...orders[0]!.body, totals: { lineTotal: '1.00' } });
    expect(bad.valid).to.equal(false);
    expect(bad.errors.find((e) => e.rule === 'PEPPOL-T01-R008')?.path).to.equal('$.totals');
  });

  describe('readXmlDocument (ubl-xml, inbound)', () => {
    for (const file of ORDER_FILES) {
      it(`applies the T01 rules to ${file} and finds nothing fatal`, () => {
        const r = readXmlDocument(readData('poacc', file), 'ubl-xml');
        expect(r.type).to.equal('purchase-order');
        expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
        expect(r.valid).to.equal(true);
      });
    }

    it('rejects a broken Order with the T01 rule id and an XPath', () => {
      const r = readXmlDocument(EXAMPLE.replace(/(<cac:AnticipatedMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="[A-Z]{3}">)[^<]*/, '$1999999.00'), 'ubl-xml');
      expect(r.valid).to.equal(false);
      const finding = r.errors.find((e) => e.rule === 'PEPPOL-T01-R008');
      expect(finding?.path).to.match(/^\/Order\/cac:AnticipatedMonetaryTotal/);
    });
  });
});
