import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, type Tenant } from '../../support/access.ts';
import { invoiceBody } from '../../support/documents.ts';
import { seedDocument } from './seed-document.ts';

/** The text a reader copies out of the PDF, through each font's ToUnicode map. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

const line = { description: 'Consulting', quantity: 10, unit: 'HUR', unitPrice: 95, vatRate: 21, vatCategory: 'S' };

describe('GET /v1/documents/{document_id}/pdf: every script, every party, the buyer’s language', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const pdfOf = async (body: unknown, query = '') => {
    const id = await seedDocument(tenant, { number: 'INV-LANG', body: JSON.stringify(body) });
    const res = await fetch(`${app.url}/v1/documents/${id}/pdf${query}`, { headers: bearer(tenant.key) });
    expect(res.status).to.equal(200);
    return pdfText(Buffer.from(await res.arrayBuffer()));
  };

  it('prints Japanese names, addresses and lines so that they extract unchanged, in a subset font', async () => {
    const text = await pdfOf(
      invoiceBody({
        number: 'INV-LANG',
        seller: {
          name: '株式会社サンプル商事',
          vatNumber: 'BE0403019261',
          address: { street: '千代田区丸の内1-1-1', city: '東京都', postalCode: '100-0005', country: 'JP' },
        },
        buyer: {
          name: 'テスト株式会社',
          address: { street: '中央区銀座4-1', city: '東京', postalCode: '104-0061', country: 'JP' },
        },
        lines: [{ ...line, description: 'コンサルティング業務（11月分）' }],
      }),
    );
    for (const expected of [
      '株式会社サンプル商事',
      '千代田区丸の内1-1-1',
      'テスト株式会社',
      '中央区銀座4-1',
      'コンサルティング業務（11月分）',
    ])
      expect(text, expected).to.include(expected);
  });

  it('prints the payee, the tax representative and where the goods go', async () => {
    const text = await pdfOf(
      invoiceBody({
        number: 'INV-LANG',
        payee: { name: 'Factoring Partners NV', legalId: '0456123789', address: { city: 'Gent', country: 'BE' } },
        taxRepresentative: {
          name: 'Fiscal Rep SARL',
          vatNumber: 'FR40303265045',
          address: { city: 'Lille', country: 'FR' },
        },
        delivery: {
          partyName: 'Warehouse 7',
          date: '2026-11-20',
          address: { street: 'Dock 3', city: 'Antwerpen', country: 'BE' },
        },
        lines: [line],
      }),
    );
    for (const expected of [
      'Payee',
      'Factoring Partners NV',
      'Tax representative',
      'Fiscal Rep SARL',
      'Deliver to',
      'Warehouse 7',
      'Dock 3',
    ])
      expect(text, expected).to.include(expected);
  });

  const LANGUAGES: Array<[string, string[]]> = [
    [
      'FR',
      [
        'Facture INV-LANG',
        "Date d'émission",
        '21 novembre 2026',
        'Bénéficiaire',
        'Acheteur',
        'France',
        'heure (HUR)',
        'Montant à payer',
        '1 149,50 €',
      ],
    ],
    [
      'DE',
      [
        'Rechnung INV-LANG',
        'Rechnungsdatum',
        '21. November 2026',
        'Zahlungsempfänger',
        'Käufer',
        'Deutschland',
        'Stunde (HUR)',
        'Zahlbetrag',
        '1.149,50 €',
      ],
    ],
    [
      'NL',
      [
        'Factuur INV-LANG',
        'Factuurdatum',
        '21 november 2026',
        'Begunstigde',
        'Koper',
        'Nederland',
        'uur (HUR)',
        'Te betalen',
        '€ 1.149,50',
      ],
    ],
    [
      'IT',
      [
        'Fattura INV-LANG',
        'Data di emissione',
        '21 novembre 2026',
        'Beneficiario',
        'Acquirente',
        'Italia',
        'ora (HUR)',
        'Importo da pagare',
        '1149,50 €',
      ],
    ],
    [
      'ES',
      [
        'Factura INV-LANG',
        'Fecha de emisión',
        '21 de noviembre de 2026',
        'Beneficiario',
        'Comprador',
        'España',
        'hora (HUR)',
        'Importe a pagar',
        '1149,50 €',
      ],
    ],
    [
      'PL',
      [
        'Faktura INV-LANG',
        'Data wystawienia',
        '21 listopada 2026',
        'Odbiorca płatności',
        'Nabywca',
        'Polska',
        'godzina (HUR)',
        'Do zapłaty',
        '1149,50 €',
      ],
    ],
  ];
  for (const [country, expectedTexts] of LANGUAGES) {
    it(`labels a document for a buyer in ${country} in its language, with its dates, numbers, countries and units`, async () => {
      const text = (
        await pdfOf(
          invoiceBody({
            number: 'INV-LANG',
            buyer: { name: 'Buyer Ltd', address: { street: 'Main 1', city: 'City', postalCode: '1000', country } },
            payee: { name: 'Payee Co', address: { city: 'Gent', country: 'BE' } },
            lines: [line],
          }),
        )
      ).replace(/[\u00a0\u202f]/g, ' ');
      for (const expected of expectedTexts) expect(text, `${country}: ${expected}`).to.include(expected);
      expect(text).not.to.include('Amount payable');
    });
  }

  it('?lang= chooses the language of the labels, whatever the buyer’s country; an unknown one is 400', async () => {
    const body = invoiceBody({
      number: 'INV-LANG',
      buyer: { name: 'Buyer Ltd', address: { street: 'Main 1', city: 'City', postalCode: '1000', country: 'PL' } },
      lines: [line],
    });
    const german = (await pdfOf(body, '?lang=de')).replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of ['Rechnung INV-LANG', '21. November 2026', 'Polen', 'Zahlbetrag', '1.149,50 €'])
      expect(german, expected).to.include(expected);
    expect(german).not.to.include('Do zapłaty');
    const english = await pdfOf(body, '?lang=en&format=pdf');
    expect(english).to.include('Amount payable');
    expect(english).not.to.include('Do zapłaty');
    const id = await seedDocument(tenant, { number: 'INV-LANG', body: JSON.stringify(body) });
    const unknown = await fetch(`${app.url}/v1/documents/${id}/pdf?lang=ja`, { headers: bearer(tenant.key) });
    expect(unknown.status).to.equal(400);
  });
});
