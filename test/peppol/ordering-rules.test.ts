import { expect } from 'chai';
import { readXmlDocument, validateDocument } from '../../peppol/index.ts';
import { validateOrderElement } from '../../peppol/validation/rules-order.ts';
import { parseXml } from '../../peppol/xml/dom.ts';
import { TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { listData, readData } from './helpers.ts';

const order = (xml: string) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return validateOrderElement(parsed.root);
};
const rulesOf = (issues: { rule: string }[]) => issues.map((i) => i.rule);
const EXAMPLE = readData('poacc', 'Order_Example.xml');
const ORDER_FILES = listData('poacc').filter(
  (f) => /Order(_Example|_sc\d+)?\.xml$/.test(f) && !f.startsWith('OrderAgreement'),
);

describe('Peppol BIS Ordering 3 Order rules (PEPPOL-T01)', () => {
  for (const file of ORDER_FILES) {
    it(`accepts the official example ${file} with no fatal finding`, () => {
      const r = order(readData('poacc', file));
      expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
      expect(r.valid).to.equal(true);
    });
  }

  it('rejects a wrong profile (R031) and specification id (R034)', () => {
    const r = order(
      EXAMPLE.replace(/<cbc:ProfileID>[^<]*</, '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0<').replace(
        /<cbc:CustomizationID>[^<]*</,
        '<cbc:CustomizationID>urn:cen.eu:en16931:2017<',
      ),
    );
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T01-R031', 'PEPPOL-T01-R034']);
  });

  it('rejects line totals that do not add up (R008) and a foreign currency amount (R003)', () => {
    const r = order(
      EXAMPLE.replace(
        /(<cac:AnticipatedMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID=")[A-Z]{3}(">)[^<]*/,
        '$1USD$2999999.00',
      ),
    );
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T01-R003', 'PEPPOL-T01-R008']);
  });

  it('rejects duplicate line ids (R001) and reports the missing validity end date as a warning (R002)', () => {
    const ids = [...EXAMPLE.matchAll(/<cac:LineItem>\s*<cbc:ID>([^<]*)</g)].map((m) => m[1]);
    expect(ids.length).to.be.greaterThan(1);
    let n = 0;
    const dup = EXAMPLE.replace(
      /(<cac:LineItem>\s*<cbc:ID>)[^<]*</g,
      (_m, p: string) => `${p}${n++ < 2 ? 'DUP' : `L${n}`}<`,
    ).replace(/<cac:ValidityPeriod>[\s\S]*?<\/cac:ValidityPeriod>/, '');
    const r = order(dup);
    expect(rulesOf(r.errors)).to.include('PEPPOL-T01-R001');
    expect(rulesOf(r.warnings)).to.include('PEPPOL-T01-R002');
    expect(r.valid).to.equal(false);
  });

  it('rejects an unknown allowance reason code (CL001) and a negative amount (R032)', () => {
    const xml = EXAMPLE.replace('</cac:AnticipatedMonetaryTotal>', '</cac:AnticipatedMonetaryTotal>').replace(
      /<cac:AnticipatedMonetaryTotal>/,
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="NOK">-1</cbc:Amount></cac:AllowanceCharge><cac:AnticipatedMonetaryTotal>',
    );
    expect(rulesOf(order(xml).errors)).to.include.members(['PEPPOL-T01-CL001', 'PEPPOL-T01-R032']);
  });

  it('rejects empty elements (COMMON-R001) and a malformed date (COMMON-R030)', () => {
    const xml = EXAMPLE.replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2013-7-1<').replace(
      '</cbc:ID>',
      '</cbc:ID><cbc:SalesOrderID/>',
    );
    expect(rulesOf(order(xml).errors)).to.include.members(['PEPPOL-COMMON-R001', 'PEPPOL-COMMON-R030']);
  });

  it('rejects a quotation line reference without the quotation document reference (R035)', () => {
    const xml = EXAMPLE.replace(
      /<cac:QuotationDocumentReference>[\s\S]*?<\/cac:QuotationDocumentReference>/,
      '',
    ).replace(
      '</cac:OrderLine>',
      '<cac:QuotationLineReference><cbc:LineID>1</cbc:LineID></cac:QuotationLineReference></cac:OrderLine>',
    );
    expect(rulesOf(order(xml).errors)).to.include('PEPPOL-T01-R035');
  });

  describe('syntax binding of the Order data model (PEPPOL-T01-B*)', () => {
    const finding = (xml: string, rule: string) => order(xml).errors.find((e) => e.rule === rule);

    it('rejects an element outside the model where it stands, at its XPath', () => {
      const r = order(
        EXAMPLE.replace(
          '</cbc:CustomerReference>',
          '</cbc:CustomerReference><cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>',
        ),
      );
      expect(r.errors.map((e) => [e.rule, e.path])).to.deep.include([
        'PEPPOL-T01-B00110',
        '/Order/cbc:TaxCurrencyCode',
      ]);
      const party = finding(
        EXAMPLE.replace(/(<cac:BuyerCustomerParty>\s*<cac:Party>)/, '$1<cbc:Note>x</cbc:Note>'),
        'PEPPOL-T01-B03703',
      );
      expect(party?.path).to.equal('/Order/cac:BuyerCustomerParty/cac:Party/cbc:Note');
      expect(party?.message).to.contain("'cbc:Note'");
    });

    it('accepts any child where the model leaves an element open (a party name), as the artefacts do', () => {
      const r = order(EXAMPLE.replace(/(<cac:BuyerCustomerParty>[\s\S]*?<cac:PartyName>)/, '$1<cbc:Note>x</cbc:Note>'));
      expect(rulesOf(r.errors).filter((id) => id.includes('-B'))).to.deep.equal([]);
    });

    it('rejects a missing mandatory element on its parent', () => {
      const r = order(
        EXAMPLE.replace(
          /<cac:ValidityPeriod>[\s\S]*?<\/cac:ValidityPeriod>/,
          '<cac:ValidityPeriod><cbc:StartDate>2013-07-01</cbc:StartDate></cac:ValidityPeriod>',
        ),
      );
      expect(r.errors.map((e) => [e.rule, e.path])).to.deep.include.members([
        ['PEPPOL-T01-B01301', '/Order/cac:ValidityPeriod'],
        ['PEPPOL-T01-B01302', '/Order/cac:ValidityPeriod/cbc:StartDate'],
      ]);
    });

    it('rejects a missing mandatory attribute and attribute values outside their code lists', () => {
      expect(
        finding(EXAMPLE.replace(/<cbc:Quantity unitCode="[^"]*">/, '<cbc:Quantity>'), 'PEPPOL-T01-B24101')?.message,
      ).to.contain("'unitCode'");
      expect(
        finding(
          EXAMPLE.replace(/<cbc:Quantity unitCode="[^"]*">/, '<cbc:Quantity unitCode="XYZ9">'),
          'PEPPOL-T01-B24102',
        )?.message,
      ).to.contain('XYZ9');
      // Attribute values are compared as written, white space included.
      expect(
        finding(
          EXAMPLE.replace(/<cbc:Quantity unitCode="([^"]*)">/, '<cbc:Quantity unitCode=" $1">'),
          'PEPPOL-T01-B24102',
        ),
      ).to.not.equal(undefined);
    });

    it('rejects element values outside their code lists, white space around them aside', () => {
      expect(
        finding(
          EXAMPLE.replace(/<cbc:DocumentCurrencyCode>[^<]*/, '<cbc:DocumentCurrencyCode>EURO'),
          'PEPPOL-T01-B01001',
        ),
      ).to.not.equal(undefined);
      expect(
        finding(EXAMPLE.replace(/<cbc:IdentificationCode>[^<]*/, '<cbc:IdentificationCode> NO '), 'PEPPOL-T01-B05401'),
      ).to.equal(undefined);
    });

    it('rejects an element in the wrong namespace as outside the model, and a schema location', () => {
      const r = order(
        EXAMPLE.replace('<cbc:CustomerReference>', '<cac:CustomerReference>')
          .replace('</cbc:CustomerReference>', '</cac:CustomerReference>')
          .replace(
            '<Order ',
            '<Order xsi:schemaLocation="urn:x x.xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
          ),
      );
      expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T01-B00110', 'PEPPOL-T01-B00109']);
      expect(rulesOf(r.warnings)).to.include('PEPPOL-COMMON-R003');
    });
  });

  it('is applied by validateDocument to purchase orders, and every corpus purchase order passes', () => {
    const orders = TRADE_CORPUS.filter((c) => c.type === 'purchase-order');
    expect(orders.length).to.be.greaterThan(0);
    for (const c of orders) {
      const r = validateDocument('purchase-order', c.body);
      expect(r.errors, `${c.name}: ${JSON.stringify(r.errors)}`).to.deep.equal([]);
    }
    const bad = validateDocument('purchase-order', { ...orders[0].body, totals: { lineTotal: '1.00' } });
    expect(bad.valid).to.equal(false);
    expect(bad.errors.find((e) => e.rule === 'PEPPOL-T01-R008')?.path).to.equal('$.totals');
  });

  it("takes an order whose buyer has no postal address (optional in T01), unlike an invoice's buyer", () => {
    const body = TRADE_CORPUS.find((c) => c.type === 'purchase-order')!.body;
    const { address: _address, ...buyer } = body.buyer!;
    const r = validateDocument('purchase-order', { ...body, buyer });
    expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
    const invoice = validateDocument('invoice', { ...body, buyer });
    expect(rulesOf(invoice.errors)).to.include('BR-10');
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
      const r = readXmlDocument(
        EXAMPLE.replace(
          /(<cac:AnticipatedMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="[A-Z]{3}">)[^<]*/,
          '$1999999.00',
        ),
        'ubl-xml',
      );
      expect(r.valid).to.equal(false);
      const finding = r.errors.find((e) => e.rule === 'PEPPOL-T01-R008');
      expect(finding?.path).to.match(/^\/Order\/cac:AnticipatedMonetaryTotal/);
    });
  });
});
