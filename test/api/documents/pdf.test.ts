import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { documentPdf } from '../../../api/documents/pdf.ts';
import { insertFile } from '../../../db/files.ts';
import { readFacturX } from '../../../peppol/facturx.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, createTenant, tenantScope, type Tenant } from '../../support/access.ts';
import { invoiceBody } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { seedDocument } from './seed-document.ts';

/**
 * The text a reader copies out of the PDF, as poppler extracts it (in content order): it goes through
 * the font's ToUnicode map, so it is the check that every character survives, not only that it prints.
 */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

const BODY = invoiceBody({
  number: 'INV-PDF-1',
  issueDate: '2026-11-21',
  dueDate: '2026-12-21',
  note: 'Thank you for your business.',
  seller: {
    name: 'Acme BV',
    vatNumber: 'BE0403019261',
    peppolId: '0208:0403019261',
    address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' },
  },
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
      'Invoice INV-PDF-1',
      '2026-11-21',
      '2026-12-21',
      'Acme BV',
      'Rue de la Loi 16',
      'VAT: BE0403019261',
      'Peppol ID: 0208:0403019261',
      'Proximus SA',
      'Boulevard du Roi Albert II 27',
      'Consulting',
      'HUR',
      '€95.00',
      '€950.00',
      'Books',
      '€12.50',
      '€37.50',
      'Category S 21% taxable €950.00',
      'Category S 21% VAT €199.50',
      'Category S 6% taxable €37.50',
      'Category S 6% VAT €2.25',
      'Total net €987.50',
      'Total VAT €201.75',
      'Total gross €1,189.25',
      'Amount payable €1,189.25',
      'Credit transfer',
      'BE68539007547034',
      'GKCCBEBB',
      '+++123/4567/89012+++',
      'Thank you for your business.',
    ]) {
      expect(text, expected).to.include(expected);
    }
  });

  it('runs onto further pages for a long document, repeating the table header and numbering pages', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      description: `Item number ${i + 1}`,
      quantity: 1,
      unit: 'C62',
      unitPrice: 10,
      vatRate: 21,
      vatCategory: 'S',
    }));
    const id = await seedDocument(tenant, {
      number: 'INV-LONG',
      body: JSON.stringify({ ...BODY, number: 'INV-LONG', lines }),
    });
    const { content } = await documentPdf(testServers().db, tenantScope(tenant.organizationId, false), id, {
      compress: false,
    });
    const pages = pageCount(content);
    expect(pages).to.be.greaterThan(2);
    const text = pdfText(content);
    expect(text).to.match(/^Item number 1 1 piece \(C62\) €10\.00 21 €10\.00$/m);
    expect(text).to.include('Item number 120');
    expect(text).to.include(`page ${pages} of ${pages}`);
    // The lines table starts on page 1 and its header is repeated on every page it runs onto.
    expect(text.match(/Unit price/g)!.length).to.be.at.least(pages - 1);
    expect(text).to.include('Total gross €1,452.00');
  });

  // One party, address and line per script of the Peppol countries, written the way their users write
  // them; Romanian uses the comma-below ș and ț, not the cedilla forms.
  const SCRIPTS: Record<string, { name: string; street: string; city: string; line: string }> = {
    Polish: {
      name: 'Zakład Usług Łączności Sp. z o.o.',
      street: 'ul. Żółkiewskiego 12',
      city: 'Łódź',
      line: 'Zażółć gęślą jaźń, śruby ćwierćcalowe',
    },
    Czech: {
      name: 'Příliš žluťoučký kůň s.r.o.',
      street: 'Údolní 7',
      city: 'Ústí nad Labem',
      line: 'Úpěl ďábelské ódy, řezivo',
    },
    Hungarian: {
      name: 'Árvíztűrő Tükörfúrógép Kft.',
      street: 'Őrház utca 3',
      city: 'Győr',
      line: 'Műszaki ellenőrzés, öntözőrendszer',
    },
    Croatian: {
      name: 'Đurđevac Čelik d.o.o.',
      street: 'Ćićarijska 4',
      city: 'Šibenik',
      line: 'Žičana ograda, đački pribor',
    },
    Romanian: {
      name: 'Științe și Tehnică S.R.L.',
      street: 'Strada Țării 9',
      city: 'Timișoara',
      line: 'Șuruburi și țevi din oțel',
    },
    Lithuanian: {
      name: 'Ąžuolynas UAB',
      street: 'Šilutės pl. 2',
      city: 'Klaipėda',
      line: 'Įrankių rinkinys, ūkio prekės',
    },
    Latvian: {
      name: 'Ķekavas Ģipsis SIA',
      street: 'Ļaudonas iela 8',
      city: 'Rīga',
      line: 'Ņiprs darbs, jūras smiltis',
    },
    Estonian: { name: 'Tõrva Õlu OÜ', street: 'Pärnu mnt 5', city: 'Võru', line: 'Šokolaadi ja žele tarne' },
    Greek: {
      name: 'Σύνδεσμος Ελληνικών Βιομηχανιών Α.Ε.',
      street: 'Οδός Ξενοφώντος 5',
      city: 'Αθήνα',
      line: 'Υπηρεσίες συμβούλου, ώρες εργασίας',
    },
    Cyrillic: {
      name: 'Софийска Търговска Компания ЕООД',
      street: 'ул. Цар Иван Шишман 14',
      city: 'Пловдив',
      line: 'Консултантски услуги, «Ёлка» и щори',
    },
  };

  for (const [script, sample] of Object.entries(SCRIPTS)) {
    it(`prints ${script} names, addresses and line descriptions so that their text extracts unchanged`, async () => {
      const body = invoiceBody({
        number: 'INV-SCRIPT',
        seller: {
          name: sample.name,
          vatNumber: 'BE0403019261',
          address: { street: sample.street, city: sample.city, postalCode: '1000', country: 'BE' },
        },
        buyer: {
          name: sample.name,
          address: { street: sample.street, city: sample.city, postalCode: '1000', country: 'BE' },
        },
        // Decomposed input (letter + combining mark) must print as the composed letter.
        lines: [
          {
            description: sample.line.normalize('NFD'),
            quantity: 1,
            unit: 'C62',
            unitPrice: 10,
            vatRate: 21,
            vatCategory: 'S',
          },
        ],
      });
      const id = await seedDocument(tenant, { number: 'INV-SCRIPT', body: JSON.stringify(body) });
      const res = await get(id);
      expect(res.status).to.equal(200);
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
      for (const expected of [sample.name, sample.street, `1000 ${sample.city}`, sample.line])
        expect(text, expected).to.include(expected);
    });
  }

  it('formats amounts in the document currency, keeping every decimal of a unit price', async () => {
    const body = invoiceBody({
      number: 'INV-HUF',
      currency: 'PLN',
      lines: [
        { description: 'Śruby', quantity: 1000, unit: 'C62', unitPrice: '1.2345', vatRate: 23, vatCategory: 'S' },
      ],
    });
    const id = await seedDocument(tenant, { number: 'INV-HUF', currency: 'PLN', body: JSON.stringify(body) });
    const text = pdfText(Buffer.from(await (await get(id)).arrayBuffer()));
    for (const expected of ['PLN 1.2345', 'PLN 1,234.50', 'Total VAT PLN 283.94', 'Amount payable PLN 1,518.44'])
      expect(text, expected).to.include(expected);
  });

  it('returns a stored upload that is a PDF as stored', async () => {
    const original = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const file = await insertFile(testServers().db, {
      organizationId: tenant.organizationId,
      livemode: false,
      content: original,
      contentType: 'application/pdf',
      filename: 'scan.pdf',
    });
    const id = await seedDocument(tenant, {
      number: null,
      file_id: file.id,
      stored_format: 'pdf',
      delivery_status: 'stored',
      status: 'draft',
      source_format: 'raw',
    });
    const res = await get(id);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-disposition')).to.equal('inline; filename="scan.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).to.equal(true);
  });

  it('404 RESOURCE_NOT_FOUND for a stored file that is not a PDF', async () => {
    const file = await insertFile(testServers().db, {
      organizationId: tenant.organizationId,
      livemode: false,
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      contentType: 'image/png',
      filename: 'photo.png',
    });
    const id = await seedDocument(tenant, {
      number: null,
      file_id: file.id,
      stored_format: 'png',
      delivery_status: 'stored',
      status: 'draft',
      source_format: 'raw',
    });
    const res = await get(id);
    expect(res.status).to.equal(404);
    const error = await errorBody(res);
    expect(error.code).to.equal('RESOURCE_NOT_FOUND');
    expect(error.message).to.include('stored png');
  });

  describe('format=factur-x', () => {
    const facturX = (id: string) =>
      fetch(`${app.url}/v1/documents/${id}/pdf?format=factur-x`, { headers: bearer(tenant.key) });

    it('returns a Factur-X PDF whose embedded factur-x.xml reads back as the same invoice', async () => {
      const id = await seedDocument(tenant, { number: 'INV-PDF-1', body: JSON.stringify(BODY) });
      const res = await facturX(id);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/pdf');
      expect(res.headers.get('content-disposition')).to.equal('inline; filename="INV-PDF-1.pdf"');
      const pdf = Buffer.from(await res.arrayBuffer());
      const dir = mkdtempSync(join(tmpdir(), 'facturx-api-'));
      try {
        writeFileSync(join(dir, 'invoice.pdf'), pdf);
        const list = execFileSync('pdfdetach', ['-list', join(dir, 'invoice.pdf')], { encoding: 'utf8' });
        expect(list).to.include('1: factur-x.xml');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(pdfText(pdf)).to.include('INV-PDF-1');
      const read = await readFacturX(pdf);
      if (!read.ok) throw new Error(read.message);
      expect(read.profile).to.equal('EN 16931');
      expect(read.document.body?.number).to.equal('INV-PDF-1');
      expect(read.document.body?.totals?.payableAmount).to.equal('1189.25');
      // The plain rendering stays as it was: no attachment.
      const plain = Buffer.from(await (await get(id)).arrayBuffer());
      expect(plain.toString('latin1')).not.to.include('factur-x.xml');
    });

    it('404 RESOURCE_NOT_FOUND for a purchase order', async () => {
      const id = await seedDocument(tenant, { type: 'purchase-order', body: JSON.stringify(BODY) });
      const res = await facturX(id);
      expect(res.status).to.equal(404);
      const error = await errorBody(res);
      expect(error.code).to.equal('RESOURCE_NOT_FOUND');
      expect(error.message).to.include('a purchase-order');
    });

    it('400 INVALID_ENUM for an unknown format', async () => {
      const id = await seedDocument(tenant, { body: JSON.stringify(BODY) });
      const res = await fetch(`${app.url}/v1/documents/${id}/pdf?format=zugferd`, { headers: bearer(tenant.key) });
      expect(res.status).to.equal(400);
      expect((await errorBody(res)).code).to.equal('INVALID_ENUM');
    });
  });

  it("404 DOCUMENT_NOT_FOUND for another tenant's document", async () => {
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
