import { expect } from 'chai';
import { readXmlDocument, validateDocument } from '../../peppol/index.ts';
import { documentSpecificationFor, pintSpecificationOf } from '../../peppol/pint/specification.ts';
import { validatePintElement } from '../../peppol/pint/validate.ts';
import { parseXmlTree } from '../../peppol/xml/dom.ts';
import { listData, readData } from './helpers.ts';
import { AU_BUYER, AU_SELLER, NZ_BUYER, NZ_SELLER, smallestBody } from './pint-fixtures.ts';

const customizationOf = (xml: string) => /<cbc:CustomizationID>([^<]*)</.exec(xml)?.[1];
const profileOf = (xml: string) => /<cbc:ProfileID>([^<]*)</.exec(xml)?.[1];

describe('PINT', () => {
  describe('documentSpecificationFor', () => {
    it('keeps Peppol BIS Billing 3 between countries without a PINT specialization', () => {
      expect(documentSpecificationFor('BE', 'BE')).to.equal('peppol-bis-3');
      expect(documentSpecificationFor('DE', 'FR')).to.equal('peppol-bis-3');
      expect(documentSpecificationFor(undefined, 'NO')).to.equal('peppol-bis-3');
    });
    it('chooses the jurisdiction of both parties (A-NZ for AU and NZ together)', () => {
      expect(documentSpecificationFor('AU', 'AU')).to.equal('pint-anz');
      expect(documentSpecificationFor('AU', 'NZ')).to.equal('pint-anz');
      expect(documentSpecificationFor('sg', 'SG')).to.equal('pint-sg');
      expect(documentSpecificationFor('JP', 'JP')).to.equal('pint-jp');
      expect(documentSpecificationFor('MY', 'MY')).to.equal('pint-my');
      expect(documentSpecificationFor('AE', 'AE')).to.equal('pint-ae');
      expect(documentSpecificationFor('OM', 'OM')).to.equal('pint-om');
    });
    it("chooses the buyer's specialization for a seller outside every PINT jurisdiction, else the generic PINT", () => {
      expect(documentSpecificationFor('DE', 'AU')).to.equal('pint-anz');
      expect(documentSpecificationFor('AU', 'DE')).to.equal('pint');
      expect(documentSpecificationFor('SG', 'JP')).to.equal('pint');
    });
  });

  describe('PINT A-NZ rendering', () => {
    for (const type of ['invoice', 'credit-note'] as const) {
      it(`renders the smallest Australian ${type} with the A-NZ identifiers, GST, AUD and the ABNs`, () => {
        const result = validateDocument(type, smallestBody(type, AU_SELLER, AU_BUYER, '10'));
        expect(result.errors).to.deep.equal([]);
        const xml = result.xml!;
        expect(customizationOf(xml)).to.equal('urn:peppol:pint:billing-1@aunz-1');
        expect(profileOf(xml)).to.equal('urn:peppol:bis:billing');
        expect(xml).to.include('<cbc:DocumentCurrencyCode>AUD</cbc:DocumentCurrencyCode>');
        expect(xml).not.to.include('<cbc:ID>VAT</cbc:ID>');
        expect(xml).to.include('<cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme>');
        // The seller's and buyer's ABN (ibt-030, ibt-047) come from their participant ids.
        expect(xml).to.include('<cbc:CompanyID schemeID="0151">51824753556</cbc:CompanyID>');
        expect(xml).to.include('<cbc:CompanyID schemeID="0151">47555222000</cbc:CompanyID>');
        expect(xml).to.include(type === 'invoice' ? '<Invoice ' : '<CreditNote ');
      });
    }

    it('renders New Zealand invoices with the NZBN as legal registration and keeps a given currency', () => {
      const body = { ...smallestBody('invoice', NZ_SELLER, NZ_BUYER, '15'), currency: 'NZD' };
      const result = validateDocument('invoice', body);
      expect(result.errors).to.deep.equal([]);
      expect(result.xml).to.include('<cbc:CompanyID schemeID="0088">9429033591476</cbc:CompanyID>');
      expect(result.xml).to.include('<cbc:DocumentCurrencyCode>NZD</cbc:DocumentCurrencyCode>');
    });

    it('renders zero-rated and exempt GST lines in the A-NZ categories', () => {
      const body = smallestBody('invoice', AU_SELLER, AU_BUYER, '10');
      body.lines.push(
        { description: 'Fresh food', quantity: '1', unitPrice: '5', vatCategory: 'Z', vatRate: '0' },
        { description: 'Financial supply', quantity: '1', unitPrice: '7', vatCategory: 'E', vatRate: '0' },
      );
      body.vatExemptions = [{ category: 'E', reason: 'Input taxed financial supply' }];
      const result = validateDocument('invoice', body);
      expect(result.errors).to.deep.equal([]);
      expect(result.xml).to.match(/<cbc:ID>Z<\/cbc:ID><cbc:Percent>0<\/cbc:Percent><cac:TaxScheme><cbc:ID>GST/);
      expect(result.xml).to.match(/<cbc:ID>E<\/cbc:ID><cbc:Percent>0<\/cbc:Percent>/);
    });

    it('refuses an Australian invoice whose seller has no ABN, under the official rule id', () => {
      const body = smallestBody('invoice', { country: 'AU', peppolId: '0088:9429033591476' }, AU_BUYER, '10');
      const result = validateDocument('invoice', body);
      expect(result.valid).to.equal(false);
      expect(result.errors.map((e) => e.rule)).to.deep.equal(['aligned-ibr-001-aunz']);
    });

    it('leaves European documents in Peppol BIS Billing 3', () => {
      const body = smallestBody(
        'invoice',
        { country: 'BE', peppolId: '0208:0123456749', vatNumber: 'BE0123456749' },
        { country: 'BE', peppolId: '0208:0456789012' },
        '21',
      );
      const result = validateDocument('invoice', body);
      expect(customizationOf(result.xml ?? '')).to.equal(
        'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      );
      expect(result.xml).to.include('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>');
    });
  });

  describe('reading PINT', () => {
    it('reads a rendered A-NZ invoice back into the same structured document', () => {
      const body = smallestBody('invoice', AU_SELLER, AU_BUYER, '10');
      const xml = validateDocument('invoice', body).xml!;
      const read = readXmlDocument(xml, 'ubl-xml');
      expect(read.errors).to.deep.equal([]);
      expect(read.type).to.equal('invoice');
      expect(read.body?.currency).to.equal('AUD');
      expect(read.body?.seller?.vatNumber).to.equal('AU51824753556');
      expect(read.body?.seller?.legalId).to.deep.equal({ scheme: '0151', value: '51824753556' });
      expect(read.body?.buyer?.peppolId).to.equal('0151:47555222000');
      expect(read.body?.lines[0]).to.include({ vatCategory: 'S' });
      expect(String(read.body?.totals?.payableAmount)).to.equal('220.00');
    });

    it('reads a rendered A-NZ credit note', () => {
      const xml = validateDocument('credit-note', smallestBody('credit-note', AU_SELLER, AU_BUYER, '10')).xml!;
      const read = readXmlDocument(xml, 'auto');
      expect(read.valid).to.equal(true);
      expect(read.type).to.equal('credit-note');
      expect(read.body?.billingReferences).to.deep.equal([{ number: 'INV-0', issueDate: '2026-11-01' }]);
    });

    it('reads PINT SG categories back to the body codes', () => {
      const sg = smallestBody(
        'invoice',
        { country: 'SG', peppolId: '0195:SGUEN201912345K', vatNumber: 'SGM20012345K' },
        { country: 'SG', peppolId: '0195:SGUEN199912345A' },
        '9',
      );
      const xml = validateDocument('invoice', sg).xml!;
      expect(xml).to.include('<cbc:ID>SR</cbc:ID>');
      expect(customizationOf(xml)).to.equal('urn:peppol:pint:billing-1@sg-1');
      const read = readXmlDocument(xml, 'ubl-xml');
      expect(read.body?.lines[0]).to.include({ vatCategory: 'S' });
      expect(read.body?.currency).to.equal('SGD');
    });

    for (const file of listData('pint', 'pint-aunz').filter((f) => f.startsWith('billing_'))) {
      it(`reads the official A-NZ example ${file} as valid`, () => {
        const read = readXmlDocument(readData('pint', 'pint-aunz', file), 'ubl-xml');
        expect(read.errors, JSON.stringify(read.errors)).to.deep.equal([]);
        expect(read.body?.seller?.address?.country).to.match(/^(AU|NZ)$/);
        expect(read.body?.lines.length).to.be.greaterThan(0);
      });
    }
  });

  describe('native A-NZ rules', () => {
    const official = readData('pint', 'pint-aunz', 'billing_AU_Invoice.xml');
    const rulesOf = (xml: string) => {
      const parsed = parseXmlTree(xml);
      if (!parsed.ok) throw new Error('unparsable');
      return validatePintElement(parsed.root).errors.map((e) => e.rule);
    };
    it('knows the specification of a CustomizationID', () => {
      expect(pintSpecificationOf('urn:peppol:pint:billing-1@aunz-1')?.id).to.equal('pint-anz');
      expect(pintSpecificationOf('urn:peppol:pint:billing-1')?.id).to.equal('pint');
      expect(pintSpecificationOf('urn:cen.eu:en16931:2017')).to.equal(undefined);
    });
    it('reports a wrong ABN check digit (ibr-120) and a missing buyer reference (aligned-ibrp-003)', () => {
      const xml = official
        .replace('<cbc:EndpointID schemeID="0151">47555222000', '<cbc:EndpointID schemeID="0151">47555222001')
        .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '')
        .replace(/<cac:OrderReference>[\s\S]*?<\/cac:OrderReference>/, '');
      expect(rulesOf(xml)).to.have.members(['ibr-120', 'aligned-ibrp-003']);
    });
    it('reports a category outside the A-NZ list (aligned-ibrp-cl-01-aunz)', () => {
      expect(rulesOf(official.replace(/<cbc:ID>S<\/cbc:ID>/g, '<cbc:ID>SR</cbc:ID>'))).to.include(
        'aligned-ibrp-cl-01-aunz',
      );
    });
  });
});
