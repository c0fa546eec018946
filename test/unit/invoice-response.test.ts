import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isInvoiceResponse,
  lifecycleStatusFor,
  parseInvoiceResponse,
  renderInvoiceResponse,
  responseCodeFor,
  type InvoiceResponse,
} from '../../peppol/index.ts';
import { SHARED } from '../support/paths.ts';

const XSD = `${SHARED}/standards/ubl-2.1/xsd/maindoc/UBL-ApplicationResponse-2.1.xsd`;
const EXAMPLES = `${SHARED}/standards/peppol-poacc-2026.5-phive`;

function schemaErrors(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ir-')), 'response.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}

const response = (overrides: Partial<InvoiceResponse> = {}): InvoiceResponse => ({
  id: 'doc_abc-RE-1',
  issueDate: '2026-11-22',
  sender: { peppolId: '0208:0403170701', name: 'Buyer NV' },
  receiver: { peppolId: '0208:0202239951', name: 'Proximus SA & Co' },
  responseCode: 'RE',
  effectiveDate: '2026-11-22',
  reasonCode: 'PRI',
  reason: 'Price differs from the order <PO-7781>',
  invoice: { id: 'INV-2026-001', issueDate: '2026-11-21', typeCode: '380' },
  ...overrides,
});

describe('Peppol BIS Invoice Response (peppol/invoice-response.ts)', () => {
  it('maps lifecycle statuses to response codes and back', () => {
    expect(
      ['issued', 'under_review', 'approved', 'partially_paid', 'paid', 'rejected', 'disputed'].map(responseCodeFor),
    ).to.deep.equal(['AB', 'IP', 'AP', undefined, 'PD', 'RE', 'UQ']);
    expect((['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD'] as const).map(lifecycleStatusFor)).to.deep.equal([
      null,
      'under_review',
      'disputed',
      'approved',
      'rejected',
      'approved',
      'paid',
    ]);
  });

  for (const code of ['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD'] as const) {
    it(`${code}: renders a schema-valid ApplicationResponse that parses back to the same response`, () => {
      const withReason = code === 'RE' || code === 'UQ';
      const input = response({
        responseCode: code,
        ...(withReason ? {} : { reasonCode: undefined, reason: undefined }),
        note: code === 'PD' ? 'paid by SEPA transfer' : undefined,
      });
      const xml = renderInvoiceResponse(input);
      expect(schemaErrors(xml)).to.equal('');
      expect(isInvoiceResponse(xml)).to.equal(true);
      const parsed = parseInvoiceResponse(xml);
      expect(parsed.ok, JSON.stringify(parsed)).to.equal(true);
      if (parsed.ok) expect(parsed.response).to.deep.equal(input);
    });
  }

  it('puts the reason on the wire with the Peppol lists', () => {
    expect(renderInvoiceResponse(response())).to.include(
      '<cbc:StatusReasonCode listID="OPStatusReason">PRI</cbc:StatusReasonCode>',
    );
    expect(renderInvoiceResponse(response({ reasonCode: 'NOA' }))).to.include(
      '<cbc:StatusReasonCode listID="OPStatusAction">NOA</cbc:StatusReasonCode>',
    );
    expect(renderInvoiceResponse(response({ reasonCode: 'TAX' }))).to.include('>LEG<');
  });

  it('parses the official Peppol examples', () => {
    const example = parseInvoiceResponse(readFileSync(`${EXAMPLES}/InvoiceResponse_Example.xml`, 'utf8'));
    expect(example.ok).to.equal(true);
    if (!example.ok) return;
    expect(example.response).to.deep.include({
      id: 'imrid001',
      responseCode: 'RE',
      reasonCode: 'NOA',
      reason: 'VAT Reference not found',
      effectiveDate: '2018-09-24',
    });
    expect(example.response.sender).to.deep.equal({ peppolId: '0088:5798000012349', name: 'Buyer organization' });
    expect(example.response.invoice).to.deep.equal({ id: 'inv021', issueDate: '2018-09-22', typeCode: '380' });
    const paid = parseInvoiceResponse(
      readFileSync(`${EXAMPLES}/Invoice reponse use cases/T111-uc007-Payment has been initiated.xml`, 'utf8'),
    );
    expect(paid.ok && paid.response.responseCode).to.equal('PD');
  });

  it('refuses what is not an Invoice Response', () => {
    const other = renderInvoiceResponse(response()).replace(
      'invoice_response:3</cbc:CustomizationID>',
      'other:1</cbc:CustomizationID>',
    );
    expect(isInvoiceResponse(other)).to.equal(false);
    const parsed = parseInvoiceResponse(other.replace('<cbc:ResponseCode>RE', '<cbc:ResponseCode>ZZ'));
    expect(parsed.ok).to.equal(false);
    if (!parsed.ok)
      expect(parsed.errors.map((e) => e.message)).to.deep.equal([
        'CustomizationID is not urn:fdc:peppol.eu:poacc:trns:invoice_response:3',
        'unknown response code ZZ',
      ]);
  });
});
