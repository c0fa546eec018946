import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateUblXml } from '../../peppol/index.ts';
import { officialFatal, officialResultsOrSkip, type Subject } from '../peppol/official-rules.ts';
import { errorBody, startSandboxSuite, type TestApp } from '../support/app.ts';
import { bearer, jsonHeaders, type Tenant } from '../support/access.ts';
import { waitForDocument } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';

/**
 * A new user in each country the service serves: creates a company with its own tax number, gets the
 * participant id its country's scheme gives, and sends the smallest invoice to a made-up participant
 * of that country, once by participant id and once by `vat:`, each delivered in the sandbox.
 */
interface CountryCase {
  country: string;
  taxNumber: string;
  additionalIdentifiers?: Array<{ scheme: string; value: string }>;
  peppolId: string;
  currency: string;
  rate: number;
  /** A made-up participant of the same country. */
  to: string;
  /** Another company's tax number there, and the participant id `vat:` resolves it to. */
  toVat: [string, string];
}

const CASES: CountryCase[] = [
  {
    country: 'SE',
    taxNumber: 'SE556016068001',
    peppolId: '0007:5560160680',
    currency: 'SEK',
    rate: 25,
    to: '0007:5560360793',
    toVat: ['SE556036079301', '0007:5560360793'],
  },
  {
    country: 'DK',
    taxNumber: 'DK13585628',
    peppolId: '0184:13585628',
    currency: 'DKK',
    rate: 25,
    to: '0184:29189900',
    toVat: ['DK29189919', '0184:29189919'],
  },
  {
    country: 'FI',
    taxNumber: 'FI01120389',
    peppolId: '0216:003701120389',
    currency: 'EUR',
    rate: 25.5,
    to: '0216:003704944842',
    toVat: ['FI04944842', '0216:003704944842'],
  },
  {
    country: 'NO',
    taxNumber: 'NO974760673MVA',
    peppolId: '0192:974760673',
    currency: 'NOK',
    rate: 25,
    to: '0192:923609016',
    toVat: ['NO923609016MVA', '0192:923609016'],
  },
  {
    country: 'AU',
    taxNumber: 'AU51824753556',
    peppolId: '0151:51824753556',
    currency: 'AUD',
    rate: 10,
    to: '0151:53004085616',
    toVat: ['AU53004085616', '0151:53004085616'],
  },
  {
    country: 'NZ',
    taxNumber: 'NZ9429041535431',
    peppolId: '0088:9429041535431',
    currency: 'NZD',
    rate: 15,
    to: '0088:9429000000017',
    toVat: ['NZ9429000000017', '0088:9429000000017'],
  },
  {
    country: 'SG',
    taxNumber: 'SG201912345K',
    peppolId: '0195:SGUEN201912345K',
    currency: 'SGD',
    rate: 9,
    to: '0195:SGUEN53123456A',
    toVat: ['SG53123456A', '0195:SGUEN53123456A'],
  },
  {
    country: 'JP',
    taxNumber: 'JPT7000012050002',
    peppolId: '0221:T7000012050002',
    currency: 'JPY',
    rate: 10,
    to: '0221:T8010001213708',
    toVat: ['JPT7011001029649', '0221:T7011001029649'],
  },
  {
    country: 'MY',
    taxNumber: 'MYC2584563222',
    peppolId: '0230:C2584563222',
    currency: 'MYR',
    rate: 10,
    to: '0230:C1234567890',
    toVat: ['MYC1234567890', '0230:C1234567890'],
  },
  {
    country: 'AE',
    taxNumber: 'AE100123456700003',
    peppolId: '0235:1001234567',
    currency: 'AED',
    rate: 5,
    to: '0235:1009876543',
    toVat: ['AE100987654300003', '0235:1009876543'],
  },
  {
    country: 'OM',
    taxNumber: 'OM1100003554',
    peppolId: '0248:OM1100003554',
    currency: 'OMR',
    rate: 5,
    to: '0248:OM1100000001',
    toVat: ['OM1100000001', '0248:OM1100000001'],
  },
  {
    country: 'IS',
    taxNumber: 'IS12345',
    additionalIdentifiers: [{ scheme: '0196', value: '5402696029' }],
    peppolId: '0196:5402696029',
    currency: 'ISK',
    rate: 24,
    to: '0196:4710080280',
    toVat: ['IS654321', ''],
  },
  {
    // Germany's national rules (DE-R-001/002) want payment instructions and a seller contact, which the
    // smallest body does not give: Austria stands for the countries of the `<CC>:VAT` schemes.
    country: 'AT',
    taxNumber: 'ATU13585627',
    peppolId: '9914:ATU13585627',
    currency: 'EUR',
    rate: 20,
    to: '9914:ATU12345675',
    toVat: ['ATU46080404', '9914:ATU46080404'],
  },
];

describe('every country: from company creation to a delivered invoice (sandbox)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let tenant: Tenant;
  const subjects: Subject[] = [];
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const createCompany = (body: unknown) =>
    fetch(`${app.url}/v1/companies`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });
  const send = (body: unknown) =>
    fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify(body),
    });

  for (const c of CASES) {
    it(`${c.country}: ${c.taxNumber} gets ${c.peppolId} and its smallest invoices are delivered`, async () => {
      const created = await createCompany({
        vatNumber: c.taxNumber,
        ...(c.additionalIdentifiers ? { additionalIdentifiers: c.additionalIdentifiers } : {}),
      });
      const company = await created.json();
      expect(created.status, JSON.stringify(company)).to.equal(201);
      expect(company).to.include({ country: c.country, peppolId: c.peppolId });
      expect(company.settings.defaultCurrency).to.equal(c.currency);

      const targets: Array<[string, string]> = [[c.to, c.to]];
      if (c.toVat[1]) targets.push([`vat:${c.toVat[0]}`, c.toVat[1]]);
      for (const [to, expected] of targets) {
        const res = await send({
          type: 'invoice',
          from: company.id,
          to,
          document: {
            number: `MIN-${c.country}-${to}`,
            issueDate: '2026-11-21',
            lines: [{ description: 'Consulting', quantity: 1, unitPrice: 100, vatRate: c.rate }],
          },
        });
        const doc = await res.json();
        expect(res.status, `${to}: ${JSON.stringify(doc)}`).to.equal(201);
        expect(doc.receiver.peppolId, to).to.equal(expected);
        expect(doc.sender.peppolId).to.equal(c.peppolId);
        expect(doc.currency).to.equal(c.currency);
        expect(doc.document.buyer.address.country, to).to.equal(c.country);
        subjects.push({ name: `${c.country} ${to}`, xml: doc.xml, ours: validateUblXml(doc.xml) });
        const delivered = await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');
        expect(delivered.status).to.equal('delivered');
      }
    });
  }

  // Each in its country's specification (BIS 3 or a PINT specialization), judged by that
  // specification's official rules. PINT MY still lacks the supplier's TIN (ibt-032) and the Malaysian
  // tax category codes; PINT AE the transaction type code, AED line amounts, the TRN format, the legal
  // registration type and subdivisions in addresses; PINT OM its own party and tax rules; all of which
  // their rules require.
  const NOT_YET_CONFORMANT = ['MY ', 'AE ', 'OM '];
  it('renders invoices the official Peppol rules of their specification accept', function () {
    subjects.splice(
      0,
      subjects.length,
      ...subjects.filter((s) => !NOT_YET_CONFORMANT.some((p) => s.name.startsWith(p))),
    );
    expect(subjects.length).to.be.greaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'countries-'));
    try {
      const results = officialResultsOrSkip(this, subjects, dir);
      for (const subject of subjects) {
        const official = results.get(subject.name);
        expect(official?.error, subject.name).to.equal(undefined);
        expect(officialFatal(official!), `${subject.name}: ${JSON.stringify(official?.failed)}`).to.deep.equal([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a tax number that determines no participant id, an identifier that fails its scheme', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const createCompany = (body: unknown) =>
    fetch(`${app.url}/v1/companies`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });
  const companiesOfVat = async (vat: string) =>
    (
      await testServers()
        .db.selectFrom('companies')
        .select('id')
        .where('organization_id', '=', tenant.organizationId)
        .where('vat_number', '=', vat)
        .execute()
    ).length;

  it('is 422 PEPPOL_ID_REQUIRED naming the identifier to give, and nothing is stored', async () => {
    for (const [vat, scheme, name] of [
      ['IS12345', '0196', 'kennitala'],
      ['NZ49091850', '0088', 'NZBN'],
      ['SGM21234567X', '0195', 'UEN'],
    ] as const) {
      const res = await createCompany({ vatNumber: vat });
      expect(res.status, vat).to.equal(422);
      const error = await errorBody(res);
      expect(error.code).to.equal('PEPPOL_ID_REQUIRED');
      expect(error.message).to.include(name).and.include(`"scheme": "${scheme}"`);
      expect(error.details[0]).to.include({ field: 'additionalIdentifiers', rule: 'peppol_participant_id' });
      expect(await companiesOfVat(vat)).to.equal(0);
    }
  });

  it('is 400 naming the entry whose value fails its scheme rule (0195 wants SGUEN + UEN), and nothing is stored', async () => {
    const res = await createCompany({
      vatNumber: 'SGM21234567X',
      additionalIdentifiers: [
        { scheme: 'GLN', value: '5412345678908' },
        { scheme: '0195', value: '201912345K' },
      ],
    });
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.code).to.equal('INVALID_REQUEST');
    expect(error.details[0]).to.include({ field: 'additionalIdentifiers[1].value', rule: 'scheme_0195' });
    expect(error.message).to.include('SGUEN201912345K');
    expect(await companiesOfVat('SGM21234567X')).to.equal(0);

    const fixed = await createCompany({
      vatNumber: 'SGM21234567X',
      additionalIdentifiers: [{ scheme: '0195', value: 'SGUEN201912345K' }],
    });
    expect(fixed.status).to.equal(201);
    expect((await fixed.json()).peppolId).to.equal('0195:SGUEN201912345K');
  });

  it('refuses a non-EU tax number that fails its check digits with 400 INVALID_VAT_FORMAT', async () => {
    const res = await createCompany({ vatNumber: 'AU51824753557' });
    expect(res.status).to.equal(400);
    expect((await errorBody(res)).code).to.equal('INVALID_VAT_FORMAT');
  });

  it('gives a company stored without a participant id the one its identifiers then determine', async () => {
    const created = await createCompany({
      vatNumber: 'IS54321',
      additionalIdentifiers: [{ scheme: '0196', value: '4710080280' }],
    });
    const company = await created.json();
    expect(created.status, JSON.stringify(company)).to.equal(201);
    // A company stored before ids were derived for its country.
    await testServers().db.updateTable('companies').set({ peppol_id: null }).where('id', '=', company.id).execute();
    const patched = await fetch(`${app.url}/v1/companies/${company.id}`, {
      method: 'PATCH',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ additionalIdentifiers: [{ scheme: 'IS:KTNR', value: '4710080280' }] }),
    });
    const body = await patched.json();
    expect(patched.status, JSON.stringify(body)).to.equal(200);
    expect(body.peppolId).to.equal('0196:4710080280');
    const read = await (await fetch(`${app.url}/v1/companies/${company.id}`, { headers: bearer(tenant.key) })).json();
    expect(read.peppolId).to.equal('0196:4710080280');
  });
});
