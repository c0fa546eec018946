import { expect } from 'chai';
import { readXmlDocument, validateDocument } from '../../peppol/index.ts';
import { validateOrderAgreementElement } from '../../peppol/validation/rules-order-agreement.ts';
import { parseXml } from '../../peppol/xml/dom.ts';
import { TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { readData } from './helpers.ts';

const agreement = (xml: string) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return validateOrderAgreementElement(parsed.root);
};
const rulesOf = (issues: { rule: string }[]) => issues.map((i) => i.rule);
const OFFICIAL = ['OrderAgreement_Example.xml', 'OrderAgreement_full.xml'];
const EXAMPLE = readData('poacc', 'OrderAgreement_Example.xml');

describe('Peppol BIS Order Agreement 3 rules (PEPPOL-T110)', () => {
  for (const file of OFFICIAL) {
    it(`accepts the official example ${file} with no finding, also as XML input`, () => {
      const r = agreement(readData('poacc', file));
      expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
      expect(r.warnings).to.deep.equal([]);
      const input = readXmlDocument(readData('poacc', file), 'ubl-xml');
      expect(input.type).to.equal('sales-order');
      expect(input.errors, JSON.stringify(input.errors)).to.deep.equal([]);
      expect(input.valid).to.equal(true);
    });
  }

  it('rejects wrong profile and specification ids (B00301, R030)', () => {
    const r = agreement(
      EXAMPLE.replace(
        '<cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:order_agreement:3',
        '<cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:ordering:3',
      ).replace(
        '<cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:order_agreement:3',
        '<cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:order_response:3',
      ),
    );
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T110-B00301', 'PEPPOL-T110-R030']);
  });

  it('rejects elements outside the Order Agreement model, missing mandatory parts and fixed values (T110-B*)', () => {
    const r = agreement(
      EXAMPLE.replace('</cbc:IssueDate>', '</cbc:IssueDate><cbc:OrderTypeCode>220</cbc:OrderTypeCode>').replace(
        /<cbc:EndpointID schemeID="[^"]*">/,
        '<cbc:EndpointID>',
      ),
    );
    expect(r.errors.map((e) => [e.rule, e.path])).to.deep.include.members([
      ['PEPPOL-T110-B00110', '/OrderResponse/cbc:OrderTypeCode'],
      ['PEPPOL-T110-B02801', '/OrderResponse/cac:SellerSupplierParty/cac:Party/cbc:EndpointID'],
    ]);
    const price = agreement(
      EXAMPLE.replace(
        /(<cac:Price>[\s\S]*?<cbc:PriceAmount[^>]*>[^<]*<\/cbc:PriceAmount>)/,
        '$1<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">1</cbc:Amount></cac:AllowanceCharge>',
      ),
    );
    expect(rulesOf(price.errors)).to.include('PEPPOL-T110-B19501');
  });

  it('rejects a missing buyer and seller (B00106, B00107)', () => {
    const r = agreement(
      EXAMPLE.replace(/<cac:SellerSupplierParty>[\s\S]*?<\/cac:SellerSupplierParty>/, '').replace(
        /<cac:BuyerCustomerParty>[\s\S]*?<\/cac:BuyerCustomerParty>/,
        '',
      ),
    );
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T110-B00106', 'PEPPOL-T110-B00107']);
  });

  it('rejects a second currency (R004) and three decimals on an amount (R013)', () => {
    const r = agreement(
      EXAMPLE.replace(
        '<cbc:ChargeTotalAmount currencyID="EUR">2.00<',
        '<cbc:ChargeTotalAmount currencyID="USD">2.000<',
      ),
    );
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T110-R004', 'PEPPOL-T110-R013']);
    expect(r.errors.find((e) => e.rule === 'PEPPOL-T110-R004')?.path).to.match(
      /^\/OrderResponse\/cac:LegalMonetaryTotal/,
    );
  });

  it('rejects totals that do not add up (R007, R009, R010, R011, R012)', () => {
    const r = agreement(
      EXAMPLE.replace(
        '<cbc:LineExtensionAmount currencyID="EUR">32.5<',
        '<cbc:LineExtensionAmount currencyID="EUR">33.5<',
      )
        .replace('<cbc:AllowanceTotalAmount currencyID="EUR">3.25<', '<cbc:AllowanceTotalAmount currencyID="EUR">3.00<')
        .replace('<cbc:PayableAmount currencyID="EUR">30.00<', '<cbc:PayableAmount currencyID="EUR">31.00<'),
    );
    expect(rulesOf(r.errors)).to.include.members([
      'PEPPOL-T110-R007',
      'PEPPOL-T110-R009',
      'PEPPOL-T110-R010',
      'PEPPOL-T110-R012',
    ]);
    const tax = agreement(
      EXAMPLE.replace(
        '<cbc:TaxInclusiveAmount currencyID="EUR">39.06<',
        '<cbc:TaxInclusiveAmount currencyID="EUR">40.06<',
      ),
    );
    expect(rulesOf(tax.errors)).to.include.members(['PEPPOL-T110-R011', 'PEPPOL-T110-R012']);
  });

  it('warns on line arithmetic and duplicate line ids, which have no official rule', () => {
    const r = agreement(
      EXAMPLE.replace('<cbc:ID>2</cbc:ID>', '<cbc:ID>1</cbc:ID>').replace(
        '<cbc:PriceAmount currencyID="EUR">10.00<',
        '<cbc:PriceAmount currencyID="EUR">11.00<',
      ),
    );
    expect(r.errors).to.deep.equal([]);
    expect(rulesOf(r.warnings)).to.include.members(['OA-LINE-ID-UNIQUE', 'OA-LINE-AMOUNT']);
  });

  it('rejects a negative document allowance (R021), an unknown reason code (CL001) and a line item without identifier (R002)', () => {
    const r = agreement(
      EXAMPLE.replace('<cbc:AllowanceChargeReasonCode>95<', '<cbc:AllowanceChargeReasonCode>ZZZ<')
        .replace('<cbc:Amount currencyID="EUR">3.25<', '<cbc:Amount currencyID="EUR">-3.25<')
        .replace(/<cac:SellersItemIdentification>\s*<cbc:ID>SN-34<\/cbc:ID>\s*<\/cac:SellersItemIdentification>/, ''),
    );
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T110-R021', 'PEPPOL-T110-CL001', 'PEPPOL-T110-R002']);
  });

  it('is applied to a broken Order Agreement given as XML', () => {
    const r = readXmlDocument(
      EXAMPLE.replace(
        '<cbc:TaxAmount currencyID="EUR">7.81</cbc:TaxAmount>\n\t\t<cac:TaxSubtotal>',
        '<cbc:TaxAmount currencyID="EUR">7.91</cbc:TaxAmount>\n\t\t<cac:TaxSubtotal>',
      ),
      'ubl-xml',
    );
    expect(r.valid).to.equal(false);
    expect(rulesOf(r.errors)).to.include.members(['PEPPOL-T110-R025', 'PEPPOL-T110-R011']);
  });

  it('the corpus sales order renders to an order agreement the rules accept', () => {
    const so = TRADE_CORPUS.find((c) => c.type === 'sales-order')!;
    const r = validateDocument('sales-order', so.body);
    expect(r.errors).to.deep.equal([]);
    expect(r.valid).to.equal(true);
  });

  it('is applied by validateDocument to sales orders, with JSON paths', () => {
    const so = TRADE_CORPUS.find((c) => c.type === 'sales-order')!;
    // A line without a seller's or standard item id breaks PEPPOL-T110-R002.
    const { itemCode: _drop, ...bare } = so.body.lines[0];
    const r = validateDocument('sales-order', { ...so.body, lines: [bare] });
    const finding = r.errors.find((e) => e.rule === 'PEPPOL-T110-R002');
    expect(finding?.path).to.equal('$.lines[0]');
    expect(finding?.message).to.match(/ Give itemCode \(your item number\) or standardItemId /);
  });

  it('a sales order without orderReference points at $.orderReference and names it', () => {
    const so = TRADE_CORPUS.find((c) => c.type === 'sales-order')!;
    const { orderReference: _drop, ...bare } = so.body;
    const r = validateDocument('sales-order', bare);
    expect(r.errors.map((e) => `${e.rule} ${e.path}`)).to.deep.equal(['PEPPOL-T110-B00105 $.orderReference']);
    expect(r.errors[0].message).to.equal(
      "Element 'cac:OrderReference' MUST be provided. Give orderReference (the number of the buyer's order it answers).",
    );
  });
});
