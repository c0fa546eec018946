import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { sandboxDirectory, type SeedParticipant } from '../../upstreams/directory/seed.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS } from '../../upstreams/directory/document-types.ts';
import { SANDBOX_RECIPIENTS } from '../../core/sandbox-scenarios.ts';

const directory = sandboxDirectory();
const legal = directory.filter((p) => !p.parentPeppolId);
const byName = (a: { name: string; peppolId: string }, b: { name: string; peppolId: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.peppolId < b.peppolId ? -1 : 1;

describe('Directory (part 4.7)', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false });
  });
  after(() => app.close());

  const search = async (query: string, key = tenant.key) => {
    const res = await fetch(`${app.url}/v1/directory/search?${query}`, { headers: bearer(key) });
    return { res, body: await res.clone().json() };
  };
  const verify = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/directory/verify`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });

  describe('GET /v1/directory/search', () => {
    it('matches q as a case-insensitive substring of the name within the country, ordered by name, one row per legal entity', async () => {
      const expected = legal.filter((p) => p.country === 'FR' && p.name.toLowerCase().includes('atlas')).sort(byName);
      expect(expected.length).to.be.greaterThan(3);
      const { res, body } = await search('q=ATLAS&country=FR&limit=100');
      expect(res.status).to.equal(200);
      expect(body.data.map((r: any) => r.peppolId)).to.deep.equal(expected.map((p) => p.peppolId));
      const first = expected[0];
      expect(body.data[0]).to.deep.equal({
        peppolId: first.peppolId,
        name: first.name,
        country: 'FR',
        city: first.city,
        postalCode: first.postalCode,
        vatNumber: first.vatNumber,
        documentTypes: first.documentTypes,
        accessPoint: { id: first.accessPoint.id, name: first.accessPoint.name },
        source: 'directory',
      });
      expect(body.hasMore).to.equal(false);
      expect(body.cursor).to.equal(null);
    });

    it('400 MISSING_FIELD without q or vatNumber, and for free-text q without country', async () => {
      const none = await search('country=BE');
      expect(none.res.status).to.equal(400);
      const e1 = await errorBody(none.res);
      expect(e1).to.deep.include({
        code: 'MISSING_FIELD',
        type: 'validation_error',
        message: 'Give q (a name, SIREN or SIRET) or vatNumber to search the directory.',
      });
      expect(e1.details).to.deep.equal([{ field: 'q', rule: 'required', message: 'q or vatNumber is required' }]);
      const noCountry = await search('q=atlas');
      expect(noCountry.res.status).to.equal(400);
      const e2 = await errorBody(noCountry.res);
      expect(e2.code).to.equal('MISSING_FIELD');
      expect(e2.details).to.deep.equal([
        { field: 'country', rule: 'required_with_q', message: 'country is required with a free-text q' },
      ]);
    });

    it('treats a bare 9-digit q as an exact SIREN (legal entity only unless includeSubEntities=true)', async () => {
      const parent = legal.find((p) => p.siren && directory.some((c) => c.parentPeppolId === p.peppolId))!;
      const establishments = directory.filter((c) => c.parentPeppolId === parent.peppolId);
      const only = await search(`q=${parent.siren}`);
      expect(only.res.status).to.equal(200);
      expect(only.body.data.map((r: any) => r.peppolId)).to.deep.equal([parent.peppolId]);
      const all = await search(`q=${parent.siren}&includeSubEntities=true`);
      expect(all.body.data.map((r: any) => r.peppolId).sort()).to.deep.equal(
        [parent, ...establishments].map((p) => p.peppolId).sort(),
      );
    });

    it('treats a bare 14-digit q as an exact SIRET and returns that establishment', async () => {
      const establishment = directory.find((p) => p.siret)!;
      const { res, body } = await search(`q=${establishment.siret}`);
      expect(res.status).to.equal(200);
      expect(body.data.map((r: any) => r.peppolId)).to.deep.equal([establishment.peppolId]);
      expect(body.data[0].name).to.equal(establishment.name);
    });

    it('finds a participant by exact vatNumber, without country', async () => {
      const target = legal.find((p) => p.country === 'DE' && p.vatNumber)!;
      const { res, body } = await search(`vatNumber=${target.vatNumber}`);
      expect(res.status).to.equal(200);
      expect(body.data.map((r: any) => r.peppolId)).to.deep.equal([target.peppolId]);
      const miss = await search('vatNumber=DE000000000');
      expect(miss.body.data).to.deep.equal([]);
    });

    it('filters by city (case-insensitive) and postalCode (prefix)', async () => {
      const sample = legal.find((p) => p.country === 'BE' && p.name.startsWith('Nordic'))!;
      const inCity = legal.filter((p) => p.country === 'BE' && p.name.includes('Nordic') && p.city === sample.city);
      expect(inCity.length).to.be.greaterThan(0);
      const city = await search(`q=nordic&country=BE&city=${encodeURIComponent(sample.city.toUpperCase())}&limit=100`);
      expect(city.body.data.map((r: any) => r.peppolId).sort()).to.deep.equal(inCity.map((p) => p.peppolId).sort());
      const code = legal.find((p) => p.country === 'FR' && p.name.includes('Summit'))!.postalCode.slice(0, 2);
      const prefix = legal.filter(
        (p) => p.country === 'FR' && p.name.includes('Summit') && p.postalCode.startsWith(code),
      );
      expect(prefix.length).to.be.greaterThan(0);
      const postal = await search(`q=summit&country=FR&postalCode=${code}&limit=100`);
      expect(postal.body.data.map((r: any) => r.peppolId).sort()).to.deep.equal(prefix.map((p) => p.peppolId).sort());
    });

    it('filters by naceCodes (any of them) and documentTypes (all of them), as repeated parameters', async () => {
      const nace = legal.filter(
        (p) =>
          p.country === 'NL' && p.name.includes('Horizon') && p.naceCodes.some((c) => c === '62.01' || c === '70.22'),
      );
      const byNace = await search('q=horizon&country=NL&naceCodes=62.01&naceCodes=70.22&limit=100');
      expect(byNace.res.status).to.equal(200);
      expect(byNace.body.data.map((r: any) => r.peppolId).sort()).to.deep.equal(nace.map((p) => p.peppolId).sort());
      const types = legal.filter(
        (p) =>
          p.country === 'BE' &&
          p.name.includes('Atlas') &&
          p.documentTypes.includes('purchase-order') &&
          p.documentTypes.includes('invoice'),
      );
      expect(types.length).to.be.greaterThan(0);
      const byTypes = await search('q=atlas&country=BE&documentTypes=purchase-order&documentTypes=invoice&limit=100');
      expect(byTypes.body.data.map((r: any) => r.peppolId).sort()).to.deep.equal(types.map((p) => p.peppolId).sort());
      for (const row of byTypes.body.data) expect(row.documentTypes).to.include.members(['purchase-order', 'invoice']);
    });

    it('detail=full adds identifiers, NACE codes, the access point endpoint, the SMP and the Peppol document type ids', async () => {
      const target = legal.find((p) => p.country === 'FR' && p.siren)!;
      const { body } = await search(`vatNumber=${target.vatNumber}&detail=full`);
      const row = body.data[0];
      expect(row.accessPoint).to.deep.equal(target.accessPoint);
      expect(row.smp).to.deep.equal(target.smp);
      expect(row.identifiers).to.deep.equal(target.identifiers);
      expect(row.naceCodes).to.deep.equal(target.naceCodes);
      expect(row.parentPeppolId).to.equal(null);
      expect(row.registeredAt).to.equal(target.registeredAt);
      expect(row.documentTypeIdentifiers[0]).to.deep.equal({
        documentType: target.documentTypes[0],
        peppolDocumentTypeId: PEPPOL_DOCUMENT_TYPE_IDS[target.documentTypes[0]],
        processId:
          target.documentTypes[0] === 'purchase-order'
            ? 'urn:fdc:peppol.eu:poacc:bis:ordering:3'
            : 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      });
    });

    it('pages with limit and cursor without overlap; 400 for a forged cursor or a limit above 100', async () => {
      const expected = legal
        .filter((p) => p.country === 'BE' && p.name.toLowerCase().includes('a'))
        .sort(byName)
        .slice(0, 25);
      const first = await search('q=a&country=BE&limit=10');
      expect(first.body.hasMore).to.equal(true);
      const second = await search(`q=a&country=BE&limit=10&cursor=${first.body.cursor}`);
      const third = await search(`q=a&country=BE&limit=5&cursor=${second.body.cursor}`);
      expect([...first.body.data, ...second.body.data, ...third.body.data].map((r: any) => r.peppolId)).to.deep.equal(
        expected.map((p) => p.peppolId),
      );
      const forged = await search('q=a&country=BE&cursor=bm9wZQ');
      expect(forged.res.status).to.equal(400);
      expect((await errorBody(forged.res)).details[0].field).to.equal('cursor');
      const big = await search('q=a&country=BE&limit=101');
      expect(big.res.status).to.equal(400);
    });

    it('defaults to 20 rows', async () => {
      const { body } = await search('q=e&country=FR');
      expect(body.data).to.have.length(20);
      expect(body.hasMore).to.equal(true);
    });

    it("lists the organization's own sandbox companies (source organization), never another organization's", async () => {
      const { db } = testServers();
      const company = await db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow();
      const own = await search(`vatNumber=${company.vat_number}&detail=full`);
      expect(own.body.data).to.have.length(1);
      expect(own.body.data[0]).to.deep.include({
        peppolId: company.peppol_id,
        name: company.name,
        source: 'organization',
        country: 'BE',
        city: 'Brussels',
      });
      expect(own.body.data[0].accessPoint.id).to.equal('PBE000001');
      const other = await createTenant({ livemode: false });
      const foreign = await search(`vatNumber=${company.vat_number}`, other.key);
      expect(foreign.body.data).to.deep.equal([]);
    });

    it('400 for a malformed vatNumber, country or document type', async () => {
      const vat = await search('vatNumber=be123');
      expect(vat.res.status).to.equal(400);
      expect((await errorBody(vat.res)).code).to.equal('INVALID_VAT_FORMAT');
      const country = await search('q=x&country=Belgium');
      expect(country.res.status).to.equal(400);
      const type = await search('q=x&country=BE&documentTypes=INVOICE');
      expect(type.res.status).to.equal(400);
      expect((await errorBody(type.res)).code).to.equal('INVALID_ENUM');
    });

    it('403 INSUFFICIENT_SCOPE for a key without the directory scope', async () => {
      const limited = await createTenant({ livemode: false, scopes: ['send'] });
      const { res } = await search('q=atlas&country=BE', limited.key);
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
      const verifyRes = await verify({ peppolId: '0208:0202239951', documentType: 'INVOICE' }, limited.key);
      expect(verifyRes.status).to.equal(403);
      const lookup = await fetch(`${app.url}/v1/directory/participants/0208:0202239951`, {
        headers: bearer(limited.key),
      });
      expect(lookup.status).to.equal(403);
      const allowed = await createTenant({ livemode: false, scopes: ['directory'] });
      expect((await search('q=atlas&country=BE', allowed.key)).res.status).to.equal(200);
    });
  });

  describe('POST /v1/directory/verify', () => {
    const receiver = (type: string) =>
      legal.find((p) => p.documentTypes.length > 2 && p.documentTypes.includes(type as any))!;

    it('reports an existing participant that can receive the type, with its name and access point', async () => {
      const target = receiver('invoice');
      const res = await verify({ peppolId: target.peppolId, documentType: 'INVOICE' });
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({
        peppolId: target.peppolId,
        exists: true,
        canReceive: true,
        recipientName: target.name,
        documentType: 'INVOICE',
        peppolDocumentTypeId: PEPPOL_DOCUMENT_TYPE_IDS.invoice,
        accessPoint: target.accessPoint,
      });
    });

    it('exists but cannot receive a type it is not registered for; accepts the service type names too', async () => {
      const ordersOnly = legal.find(
        (p) => p.documentTypes.length === 1 && p.documentTypes[0] === 'purchase-order',
      ) as SeedParticipant;
      const invoice = await (await verify({ peppolId: ordersOnly.peppolId, documentType: 'INVOICE' })).json();
      expect(invoice).to.deep.include({ exists: true, canReceive: false, recipientName: ordersOnly.name });
      const order = await (await verify({ peppolId: ordersOnly.peppolId, documentType: 'purchase-order' })).json();
      expect(order).to.deep.include({ exists: true, canReceive: true, documentType: 'purchase-order' });
    });

    it('knows the sandbox scenario recipients', async () => {
      const missing = await (
        await verify({ peppolId: SANDBOX_RECIPIENTS.notRegistered, documentType: 'INVOICE' })
      ).json();
      expect(missing).to.deep.include({ exists: false, canReceive: false, recipientName: null, accessPoint: null });
      const orders = await (
        await verify({ peppolId: SANDBOX_RECIPIENTS.ordersOnly, documentType: 'CREDIT_NOTE' })
      ).json();
      expect(orders).to.deep.include({ exists: true, canReceive: false });
      const rejected = await (
        await verify({ peppolId: SANDBOX_RECIPIENTS.apRejected, documentType: 'INVOICE' })
      ).json();
      expect(rejected).to.deep.include({ exists: true, canReceive: true });
    });

    it('reports an unknown participant as not existing', async () => {
      const res = await verify({ peppolId: SANDBOX_RECIPIENTS.notRegistered, documentType: 'INVOICE' });
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({
        peppolId: SANDBOX_RECIPIENTS.notRegistered,
        exists: false,
        canReceive: false,
        recipientName: null,
        documentType: 'INVOICE',
        peppolDocumentTypeId: PEPPOL_DOCUMENT_TYPE_IDS.invoice,
        accessPoint: null,
      });
    });

    it("verifies the organization's own sandbox company for its receive capabilities", async () => {
      const { db } = testServers();
      const company = await db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow();
      const body = await (await verify({ peppolId: company.peppol_id, documentType: 'INVOICE' })).json();
      expect(body).to.deep.include({ exists: true, canReceive: true, recipientName: company.name });
      const order = await (await verify({ peppolId: company.peppol_id, documentType: 'PURCHASE_ORDER' })).json();
      expect(order).to.deep.include({ exists: true, canReceive: false });
    });

    it('400 for a missing field, an unknown document type or a malformed participant id', async () => {
      const missing = await verify({ documentType: 'INVOICE' });
      expect(missing.status).to.equal(400);
      expect((await errorBody(missing)).code).to.equal('MISSING_FIELD');
      const type = await verify({ peppolId: '0208:0674229677', documentType: 'RECEIPT' });
      expect(type.status).to.equal(400);
      expect((await errorBody(type)).code).to.equal('INVALID_ENUM');
      const id = await verify({ peppolId: 'BE0674229677', documentType: 'INVOICE' });
      expect(id.status).to.equal(400);
      expect((await errorBody(id)).details[0].field).to.equal('peppolId');
    });
  });

  describe('GET /v1/directory/participants/{peppol_id}', () => {
    const get = (id: string, key = tenant.key) =>
      fetch(`${app.url}/v1/directory/participants/${encodeURIComponent(id)}`, { headers: bearer(key) });

    it('returns the business card, the document types with their Peppol identifiers, the access point and the SMP', async () => {
      const target = legal.find((p) => p.documentTypes.includes('debit-note') && p.website && p.contactEmail)!;
      const res = await get(target.peppolId);
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body.peppolId).to.equal(target.peppolId);
      expect(body.source).to.equal('directory');
      expect(body.businessCard).to.deep.equal({
        name: target.name,
        country: target.country,
        street: target.street,
        city: target.city,
        postalCode: target.postalCode,
        vatNumber: target.vatNumber,
        identifiers: target.identifiers,
        naceCodes: target.naceCodes,
        website: target.website,
        contactEmail: target.contactEmail,
        registeredAt: target.registeredAt,
      });
      expect(body.documentTypes.map((d: any) => d.documentType).sort()).to.deep.equal([...target.documentTypes].sort());
      const invoice = body.documentTypes.find((d: any) => d.documentType === 'invoice');
      expect(invoice).to.deep.equal({
        documentType: 'invoice',
        peppolDocumentTypeId: PEPPOL_DOCUMENT_TYPE_IDS.invoice,
        processId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      });
      expect(body.documentTypes.find((d: any) => d.documentType === 'debit-note').peppolDocumentTypeId).to.equal(
        PEPPOL_DOCUMENT_TYPE_IDS.invoice,
      );
      expect(body.accessPoint).to.deep.equal(target.accessPoint);
      expect(body.smp).to.deep.equal(target.smp);
      expect(body.otherDocumentTypeIds).to.deep.equal([]);
    });

    it("accepts the iso6523-actorid-upis:: prefix and ignores case; shows an establishment's legal entity", async () => {
      const establishment = directory.find((p) => p.parentPeppolId)!;
      const res = await get(`iso6523-actorid-upis::${establishment.peppolId}`);
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body.parentPeppolId).to.equal(establishment.parentPeppolId);
      const upper = legal.find((p) => /[a-z]/i.test(p.peppolId.slice(5)))!;
      expect((await get(upper.peppolId.toLowerCase())).status).to.equal(200);
    });

    it("404 RESOURCE_NOT_FOUND for an unregistered participant; another organization's sandbox company is not shown", async () => {
      const unknown = await get(SANDBOX_RECIPIENTS.notRegistered);
      expect(unknown.status).to.equal(404);
      expect(await errorBody(unknown)).to.deep.include({
        code: 'RESOURCE_NOT_FOUND',
        message: `No participant ${SANDBOX_RECIPIENTS.notRegistered} in the Peppol directory.`,
      });
      const { db } = testServers();
      const company = await db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow();
      expect((await get(company.peppol_id!)).status).to.equal(200);
      const other = await createTenant({ livemode: false });
      // Another organization's sandbox company is, to it, just some participant: a synthesized card, none of the company's data.
      const foreign = await get(company.peppol_id!, other.key);
      expect(foreign.status).to.equal(200);
      const card = (await foreign.json()).businessCard;
      expect(card.name).to.not.equal(company.name);
      expect(card.vatNumber).to.equal(company.vat_number);
    });

    it('400 for a value that is not a participant id', async () => {
      const res = await get('not-an-id');
      expect(res.status).to.equal(400);
    });
  });
});
