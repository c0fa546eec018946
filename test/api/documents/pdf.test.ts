import { inflateSync } from 'node:zlib';
import { expect } from 'chai';
import { documentPdf } from '../../../api/documents/pdf.ts';
import { insertFile } from '../../../db/files.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, createTenant, tenantScope, type Tenant } from '../../support/access.ts';
import { invoiceBody } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { seedDocument } from './seed-document.ts';

/** The text a PDF shows: content streams inflated, the hex strings of TJ/Tj operators decoded (WinAnsi ≈ latin1). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let bytes = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        bytes = inflateSync(bytes);
      } catch {
        continue;
      }
    }
    const content = bytes.toString('latin1');
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      out.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

const BODY = invoiceBody({
  number: 'INV-PDF-1',
  issueDate: '2026-11-21',
  dueDate: '2026-12-21',
  note: 'Thank you for your business.',
  seller: { name: 'Acme BV', vatNumber: 'BE0403019261', peppolId: '0208:0403019261', address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' } },
  payment: { means: 'credit_transfer', iban: 'BE68539007547034', bic: 'GKCCBEBB', reference: '+++123/4567/89012+++' },
  lines: [
    { description: 'Consulting', quantity: 10, unit: 'HUR', unitPrice: 95, vatRate: 21, vatCategory: 'S' },
    { description: 'Books', quantity: 3, unit: 'C62', unitPrice: '12.50', vatRate: 6, vatCategory: 'S' },
  ],
});

describe('GET /v1/documents/{document_id}/pdf', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const get = (id: string, key = tenant.key) => fetch(`${app.url}/v1/documents/${id}/pdf`, { headers: bearer(key) });

  it('renders a readable PDF: title, dates, parties, lines, VAT breakdown, totals, payment and notes', async () => {
    const id = await seedDocument(tenant, { number: 'INV-PDF-1', body: JSON.stringify(BODY) });
    const res = await get(id);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('content-disposition')).to.equal('inline; filename="INV-PDF-1.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    expect(pageCount(pdf)).to.equal(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Invoice INV-PDF-1', '2026-11-21', '2026-12-21',
      'Acme BV', 'Rue de la Loi 16', 'VAT: BE0403019261', 'Peppol ID: 0208:0403019261',
      'Proximus SA', 'Boulevard du Roi Albert II 27',
      'Consulting', 'HUR', '95.00', '950.00', 'Books', '12.50', '37.50',
      'Category S 21%', 'taxable 950.00 EUR, VAT 199.50 EUR', 'Category S 6%', 'taxable 37.50 EUR, VAT 2.25 EUR',
      'Total net', '987.50 EUR', 'Total VAT', '201.75 EUR', 'Total gross', '1189.25 EUR', 'Amount payable',
      'Credit transfer', 'BE68539007547034', 'GKCCBEBB', '+++123/4567/89012+++',
      'Thank you for your business.',
    ]) {
      expect(text, expected).to.include(expected);
    }
  });

  it('runs onto further pages for a long document, repeating the table header and numbering pages', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ description: `Item number ${i + 1}`, quantity: 1, unit: 'C62', unitPrice: 10, vatRate: 21, vatCategory: 'S' }));
    const id = await seedDocument(tenant, { number: 'INV-LONG', body: JSON.stringify({ ...BODY, number: 'INV-LONG', lines }) });
    const { content } = await documentPdf(testServers().db, tenantScope(tenant.organizationId, false), id, { compress: false });
    const pages = pageCount(content);
    expect(pages).to.be.greaterThan(2);
    const text = pdfText(content);
    expect(text).to.include('Item number 1\n');
    expect(text).to.include('Item number 120');
    expect(text).to.include(`page ${pages} of ${pages}`);
    // The lines table starts on page 1 and its header is repeated on every page it runs onto.
    expect(text.match(/Unit price/g)!.length).to.be.at.least(pages - 1);
    expect(text).to.include('1452.00 EUR');
  });

  it('returns a stored upload that is a PDF as stored', async () => {
    const original = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const file = await insertFile(testServers().db, { organizationId: tenant.organizationId, livemode: false, content: original, contentType: 'application/pdf', filename: 'scan.pdf' });
    const id = await seedDocument(tenant, { number: null, file_id: file.id, stored_format: 'pdf', delivery_status: 'stored', status: 'draft', source_format: 'raw' });
    const res = await get(id);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-disposition')).to.equal('inline; filename="scan.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).to.equal(true);
  });

  it('404 RESOURCE_NOT_FOUND for a stored file that is not a PDF', async () => {
    const file = await insertFile(testServers().db, { organizationId: tenant.organizationId, livemode: false, content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), contentType: 'image/png', filename: 'photo.png' });
    const id = await seedDocument(tenant, { number: null, file_id: file.id, stored_format: 'png', delivery_status: 'stored', status: 'draft', source_format: 'raw' });
    const res = await get(id);
    expect(res.status).to.equal(404);
    const error = await errorBody(res);
    expect(error.code).to.equal('RESOURCE_NOT_FOUND');
    expect(error.message).to.include('stored png');
  });

  it('404 DOCUMENT_NOT_FOUND for another tenant\'s document', async () => {
    const other = await createTenant({ livemode: false });
    const id = await seedDocument(other, { body: JSON.stringify(BODY) });
    const res = await get(id);
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
  });

  it('403 INSUFFICIENT_SCOPE without documents.read', async () => {
    const id = await seedDocument(tenant, { body: JSON.stringify(BODY) });
    const sendOnly = await createKey(tenant.organizationId, { livemode: false, scopes: ['send'] });
    const res = await get(id, sendOnly.secret);
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
  });
});
