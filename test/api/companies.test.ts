import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { workflowIds } from '../../core/temporal.ts';
import { loadConfig } from '../../core/config.ts';
import { companyUpstreamsFromConfig } from '../../upstreams/companies.ts';
import { createViesRegistry } from '../../upstreams/registry/index.ts';
import { DOCUMENT_TYPES } from '../../core/plans.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createKey, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { sandboxDirectory } from '../../upstreams/directory/seed.ts';
import { testServers } from '../support/servers.ts';

/** A VIES stand-in: answers per VAT number from `answers`, 503 for everything else. */
async function startVies(answers: Record<string, unknown>) {
  const server = http.createServer((req, res) => {
    const m = /^\/ms\/([A-Z]{2})\/vat\/([A-Z0-9]+)$/.exec(req.url ?? '');
    const answer = m ? answers[`${m[1]}${m[2]}`] : undefined;
    res.statusCode = answer ? 200 : 503;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer ?? { error: 'down' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * The signals in a run's history. A signal that arrives while a workflow task is in flight is
 * buffered by the server and written to the history only when that task completes, so a loaded
 * machine may need a moment before it shows.
 */
async function signalsOf(workflowId: string): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const history = await testServers().temporal.workflow.getHandle(workflowId).fetchHistory();
    const signals = (history.events ?? [])
      .filter((e) => e.workflowExecutionSignaledEventAttributes)
      .map((e) => e.workflowExecutionSignaledEventAttributes!.signalName ?? '');
    if (signals.length > 0 || Date.now() > deadline) return signals;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('companies API', () => {
  let app: TestApp;
  let vies: Awaited<ReturnType<typeof startVies>>;
  let sandbox: Tenant;
  const post = (key: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/companies`, { method: 'POST', headers: jsonHeaders(key, extra), body: JSON.stringify(body) });
  const get = (key: string, path: string) => fetch(`${app.url}${path}`, { headers: bearer(key) });
  const patch = (key: string, ref: string, body: unknown) =>
    fetch(`${app.url}/v1/companies/${ref}`, { method: 'PATCH', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const del = (key: string, ref: string) =>
    fetch(`${app.url}/v1/companies/${ref}`, { method: 'DELETE', headers: bearer(key) });

  before(async () => {
    vies = await startVies({
      BE0777777771: {
        isValid: true,
        userError: 'VALID',
        name: 'GENT LOGISTICS NV',
        address: 'Kortrijksesteenweg 88\n9000 Gent',
      },
      BE0666666647: { isValid: false, userError: 'INVALID', name: '---', address: '---' },
    });
    const { db } = testServers();
    const upstreams = companyUpstreamsFromConfig(loadConfig({}), db);
    upstreams.registry.live = createViesRegistry({ baseUrl: vies.url, timeoutMs: 2000 });
    app = await startTestApp({ upstreams: { companies: upstreams } });
    sandbox = await createTenant({ livemode: false });
  });
  after(async () => {
    await app.close();
    await vies.close();
  });

  describe('POST /v1/companies', () => {
    it('takes the participant id the Peppol Directory lists for the VAT number over the one derived from it', async () => {
      const listed = sandboxDirectory().find(
        (p) => p.country === 'NL' && p.vatNumber && !p.parentPeppolId && p.peppolId.startsWith('0106:'),
      )!;
      const tenant = await createTenant({ livemode: false });
      const res = await post(tenant.key, { vatNumber: listed.vatNumber });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(201);
      expect(body.peppolId).to.equal(listed.peppolId);
    });

    it('returns 201 with the registry enrichment, status active, smpRegistered false, and starts company:<id> with search attributes', async () => {
      const tenant = await createTenant({ livemode: false });
      const res = await post(tenant.key, { vatNumber: 'BE0888888895', metadata: { crmId: '4711' } });
      expect(res.status).to.equal(201);
      const company = await res.json();
      expect(company).to.include({
        name: 'Brussels Office Supplies BV',
        legalName: 'Brussels Office Supplies BV',
        vatNumber: 'BE0888888895',
        country: 'BE',
        peppolId: '0208:0888888895',
        status: 'active',
        smpRegistered: false,
        smpRegisteredAt: null,
      });
      expect(company.id).to.match(/^comp_/);
      expect(company.address).to.deep.equal({
        street: 'Rue Royale 120',
        postalCode: '1000',
        city: 'Brussels',
        country: 'BE',
      });
      expect(company.capabilities).to.deep.equal({ send: [...DOCUMENT_TYPES], receive: [...DOCUMENT_TYPES] });
      expect(company.compliance).to.deep.equal({});
      expect(company.settings).to.deep.equal({ defaultCurrency: 'EUR' });
      expect(company.stats).to.deep.equal({ sent: 0, received: 0 });
      expect(company.metadata).to.deep.equal({ crmId: '4711' });
      const description = await testServers().temporal.workflow.getHandle(workflowIds.company(company.id)).describe();
      expect(description.type).to.equal('companyRegistrationWorkflow');
      expect(description.searchAttributes.CompanyId).to.deep.equal([company.id]);
      expect(description.searchAttributes.OrganizationId).to.deep.equal([tenant.organizationId]);
      expect(description.searchAttributes.Livemode).to.deep.equal([false]);
    });

    it('lets name, address, capabilities, settings and additionalIdentifiers in the body win over enrichment', async () => {
      const tenant = await createTenant({ livemode: false });
      const body = {
        vatNumber: 'FR44732829320',
        name: 'Librairie',
        address: { street: '1 rue X', city: 'Paris', postalCode: '75001', country: 'FR' },
        capabilities: { send: ['invoice'], receive: ['invoice'] },
        settings: { defaultCurrency: 'USD' },
        additionalIdentifiers: [{ scheme: 'GLN', value: '5790000435968' }],
      };
      const company = await (await post(tenant.key, body)).json();
      expect(company).to.include({
        name: 'Librairie',
        legalName: 'Librairie Parisienne SAS',
        country: 'FR',
        peppolId: '0002:732829320',
      });
      expect(company.address).to.deep.equal(body.address);
      expect(company.capabilities).to.deep.equal(body.capabilities);
      expect(company.settings).to.deep.equal({ defaultCurrency: 'USD' });
      expect(company.additionalIdentifiers).to.deep.equal(body.additionalIdentifiers);
      expect(company.compliance).to.have.property('FR');
    });

    it('synthesizes a deterministic company for any valid sandbox VAT number', async () => {
      const a = await (await post((await createTenant({ livemode: false })).key, { vatNumber: 'DE123456788' })).json();
      const b = await (await post((await createTenant({ livemode: false })).key, { vatNumber: 'DE123456788' })).json();
      expect(a.legalName).to.equal(b.legalName).and.match(/GmbH$/);
      expect(a.peppolId).to.equal('9930:DE123456788');
      expect(a.address).to.deep.equal(b.address);
    });

    it("names a VAT number's company alike in the sandbox registry and the sandbox directory", async () => {
      const onboarded = await (
        await post((await createTenant({ livemode: false })).key, { vatNumber: 'DE123456788' })
      ).json();
      // Another organization sends to it, and to a company the registry's search offers.
      const sender = await createTenant({ livemode: false });
      const found = await (await get(sender.key, '/v1/companies/search?q=Librairie')).json();
      const librairie = (Array.isArray(found) ? found : found.data).find((c: any) => c.vatNumber === 'FR44732829320');
      expect(librairie?.name).to.equal('Librairie Parisienne SAS');
      for (const [to, name] of [
        ['vat:DE123456788', onboarded.legalName],
        [`${onboarded.peppolId}`, onboarded.legalName],
        ['vat:FR44732829320', librairie.name],
        // Another id of a VAT number the directory lists under its enterprise number.
        ['9925:BE0202239951', 'Proximus SA'],
      ]) {
        const res = await fetch(`${app.url}/v1/documents/send`, {
          method: 'POST',
          headers: jsonHeaders(sender.key),
          body: JSON.stringify({
            type: 'invoice',
            from: sender.companyId,
            to,
            document: {
              number: `COH-${Math.random().toString(36).slice(2, 10)}`,
              issueDate: '2026-11-25',
              lines: [{ description: 'x', quantity: 1, unitPrice: 10, vatRate: 21 }],
            },
          }),
        });
        const doc = await res.json();
        expect(res.status, JSON.stringify(doc)).to.equal(201);
        expect(doc.receiver.name, to).to.equal(name);
      }
    });

    it('onboards a company the sandbox directory lists under its name, address and participant id', async () => {
      const listed = sandboxDirectory().find((p) => p.country === 'DE' && p.vatNumber && !p.parentPeppolId)!;
      for (const vatNumber of ['BE0202239951', listed.vatNumber!]) {
        const card = sandboxDirectory().find((p) => p.vatNumber === vatNumber)!;
        const res = await post((await createTenant({ livemode: false })).key, { vatNumber });
        const company = await res.json();
        expect(res.status, JSON.stringify(company)).to.equal(201);
        expect(company).to.deep.include({ legalName: card.name, peppolId: card.peppolId });
        expect(company.address).to.deep.include({ street: card.street, city: card.city, country: card.country });
      }
    });

    it('400 INVALID_VAT_FORMAT for the pattern and for a failing national checksum', async () => {
      for (const vatNumber of ['be0888888895', 'BE 0888888895']) {
        const res = await post(sandbox.key, { vatNumber });
        expect(res.status).to.equal(400);
        expect((await errorBody(res)).code).to.equal('INVALID_VAT_FORMAT');
      }
      const res = await post(sandbox.key, { vatNumber: 'BE0888888896' });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error).to.include({ code: 'INVALID_VAT_FORMAT', type: 'validation_error' });
      expect(error.details[0]).to.include({ field: 'vatNumber', rule: 'checksum' });
    });

    it('400 MISSING_FIELD without vatNumber, 400 for 41 metadata keys or a 501-character value', async () => {
      const missing = await post(sandbox.key, { name: 'x' });
      expect(missing.status).to.equal(400);
      expect((await errorBody(missing)).code).to.equal('MISSING_FIELD');
      const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, 'v']));
      const tooMany = await post(sandbox.key, { vatNumber: 'BE0777777771', metadata: many });
      expect(tooMany.status).to.equal(400);
      expect((await errorBody(tooMany)).details[0].field).to.equal('metadata');
      const tooLong = await post(sandbox.key, { vatNumber: 'BE0777777771', metadata: { note: 'x'.repeat(501) } });
      expect(tooLong.status).to.equal(400);
      expect((await errorBody(tooLong)).details[0].field).to.equal('metadata.note');
    });

    it('409 COMPANY_EXISTS with details[0] = {field, value, existingId} for a VAT the organization has', async () => {
      const tenant = await createTenant({ livemode: false });
      const first = await (await post(tenant.key, { vatNumber: 'BE0777777771' })).json();
      const res = await post(tenant.key, { vatNumber: 'BE0777777771' });
      expect(res.status).to.equal(409);
      const error = await errorBody(res);
      expect(error).to.include({ code: 'COMPANY_EXISTS', type: 'conflict' });
      expect(error.details[0]).to.deep.equal({ field: 'vatNumber', value: 'BE0777777771', existingId: first.id });
    });

    it('422 VAT_NOT_FOUND and VAT_INACTIVE for the sandbox magic numbers', async () => {
      const notFound = await post(sandbox.key, { vatNumber: 'BE0400000086' });
      expect(notFound.status).to.equal(422);
      expect((await errorBody(notFound)).code).to.equal('VAT_NOT_FOUND');
      const inactive = await post(sandbox.key, { vatNumber: 'BE0400000185' });
      expect(inactive.status).to.equal(422);
      expect((await errorBody(inactive)).code).to.equal('VAT_INACTIVE');
    });

    it('503 UPSTREAM_UNAVAILABLE and 504 UPSTREAM_TIMEOUT with Retry-After; the idempotency key stays free for the retry', async () => {
      const tenant = await createTenant({ livemode: false });
      const down = await post(tenant.key, { vatNumber: 'BE0400000284' }, { 'Idempotency-Key': 'company-retry-1' });
      expect(down.status).to.equal(503);
      expect(down.headers.get('retry-after')).to.equal('30');
      expect((await errorBody(down)).code).to.equal('UPSTREAM_UNAVAILABLE');
      const again = await post(tenant.key, { vatNumber: 'BE0400000284' }, { 'Idempotency-Key': 'company-retry-1' });
      expect(again.status).to.equal(503);
      expect(again.headers.get('idempotent-replayed')).to.equal(null);
      const slow = await post(tenant.key, { vatNumber: 'BE0400000383' });
      expect(slow.status).to.equal(504);
      expect(slow.headers.get('retry-after')).to.equal('5');
      expect((await errorBody(slow)).code).to.equal('UPSTREAM_TIMEOUT');
      const { db } = testServers();
      const rows = await db
        .selectFrom('companies')
        .select('id')
        .where('organization_id', '=', tenant.organizationId)
        .where('vat_number', 'in', ['BE0400000284', 'BE0400000383'])
        .execute();
      expect(rows).to.have.length(0);
    });

    it('live keys use the VIES adapter: enrichment from its answer, 422 for isValid false, 503 when VIES fails', async () => {
      const live = await createTenant({ livemode: true });
      const res = await post(live.key, { vatNumber: 'BE0777777771' });
      expect(res.status).to.equal(201);
      const company = await res.json();
      expect(company).to.include({ legalName: 'GENT LOGISTICS NV', peppolId: '0208:0777777771' });
      expect(company.address).to.deep.equal({
        street: 'Kortrijksesteenweg 88',
        postalCode: '9000',
        city: 'Gent',
        country: 'BE',
      });
      const invalid = await post(live.key, { vatNumber: 'BE0666666647' });
      expect(invalid.status).to.equal(422);
      expect((await errorBody(invalid)).code).to.equal('VAT_NOT_FOUND');
      const failing = await post(live.key, { vatNumber: 'BE0888888895' });
      expect(failing.status).to.equal(503);
      expect(failing.headers.get('retry-after')).to.match(/^\d+$/);
    });

    it('403 INSUFFICIENT_SCOPE for a key without companies.write', async () => {
      const reader = await createKey(sandbox.organizationId, { livemode: false, scopes: ['companies.read'] });
      const res = await post(reader.secret, { vatNumber: 'BE0777777771' });
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
    });
  });

  describe('GET /v1/companies and GET /v1/companies/{company_id}', () => {
    let tenant: Tenant;
    let ids: string[];
    before(async () => {
      tenant = await createTenant({ livemode: false });
      ids = [];
      for (const vatNumber of ['BE0888888895', 'FR59542051180', 'NL810433941B01'])
        ids.push((await (await post(tenant.key, { vatNumber })).json()).id);
    });

    it('lists newest first with addresses, cursor pages, and legalAddressId with include_address=false', async () => {
      const first = await (await get(tenant.key, '/v1/companies?limit=2')).json();
      expect(first.data.map((c: any) => c.id)).to.deep.equal([ids[2], ids[1]]);
      expect(first.hasMore).to.equal(true);
      expect(first.data[0].address).to.include({ city: 'Amsterdam' });
      const second = await (await get(tenant.key, `/v1/companies?limit=2&cursor=${first.cursor}`)).json();
      expect(second.data.map((c: any) => c.id)).to.deep.equal([ids[0], tenant.companyId]);
      expect(second.hasMore).to.equal(false);
      const bare = await (await get(tenant.key, '/v1/companies?include_address=false&limit=1')).json();
      expect(bare.data[0]).to.not.have.property('address');
      expect(bare.data[0].legalAddressId).to.equal(`addr_${ids[2].slice(5)}`);
    });

    it('filters by country, status and full-text search over name, VAT and Peppol id', async () => {
      const byCountry = await (await get(tenant.key, '/v1/companies?country=FR')).json();
      expect(byCountry.data.map((c: any) => c.id)).to.deep.equal([ids[1]]);
      const byName = await (await get(tenant.key, '/v1/companies?search=lyon%20m%C3%A9ca')).json();
      expect(byName.data.map((c: any) => c.id)).to.deep.equal([ids[1]]);
      const byVat = await (await get(tenant.key, '/v1/companies?search=NL8104')).json();
      expect(byVat.data.map((c: any) => c.id)).to.deep.equal([ids[2]]);
      const byPeppol = await (await get(tenant.key, '/v1/companies?search=0208%3A0888888895')).json();
      expect(byPeppol.data.map((c: any) => c.id)).to.deep.equal([ids[0]]);
      const inactive = await (await get(tenant.key, '/v1/companies?status=inactive')).json();
      expect(inactive.data).to.deep.equal([]);
    });

    it('400 for an unknown status and a foreign cursor', async () => {
      const badStatus = await get(tenant.key, '/v1/companies?status=gone');
      expect(badStatus.status).to.equal(400);
      expect((await errorBody(badStatus)).code).to.equal('INVALID_ENUM');
      const badCursor = await get(tenant.key, '/v1/companies?cursor=nope');
      expect(badCursor.status).to.equal(400);
      expect((await errorBody(badCursor)).code).to.equal('INVALID_REQUEST');
    });

    it('finds one company by comp_ id, vat: and peppol:, and 404 COMPANY_NOT_FOUND otherwise', async () => {
      for (const ref of [ids[0], 'vat:BE0888888895', 'peppol:0208:0888888895']) {
        const res = await get(tenant.key, `/v1/companies/${ref}`);
        expect(res.status, ref).to.equal(200);
        expect((await res.json()).id).to.equal(ids[0]);
      }
      const res = await get(tenant.key, '/v1/companies/comp_doesnotexist');
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('COMPANY_NOT_FOUND');
    });

    it('another organization gets 404 for GET, PATCH and DELETE, and a live key does not see sandbox companies', async () => {
      const other = await createTenant({ livemode: false });
      for (const res of [
        await get(other.key, `/v1/companies/${ids[0]}`),
        await patch(other.key, ids[0], { name: 'x' }),
        await del(other.key, ids[0]),
      ]) {
        expect(res.status).to.equal(404);
        expect((await errorBody(res)).code).to.equal('COMPANY_NOT_FOUND');
      }
      const liveKey = await createKey(tenant.organizationId, { livemode: true });
      expect((await get(liveKey.secret, `/v1/companies/${ids[0]}`)).status).to.equal(404);
      const list = await (await get(other.key, '/v1/companies')).json();
      expect(list.data.map((c: any) => c.id)).to.deep.equal([other.companyId]);
    });
  });

  describe('PATCH and DELETE /v1/companies/{company_id}', () => {
    it('replaces top-level keys, merges metadata (null deletes) and signals re-registration on a capability change', async () => {
      const tenant = await createTenant({ livemode: false });
      const created = await (
        await post(tenant.key, {
          vatNumber: 'BE0888888895',
          metadata: { a: '1', b: '2' },
          settings: { defaultCurrency: 'EUR', autoReporting: true },
        })
      ).json();
      const res = await patch(tenant.key, created.id, {
        name: 'New name',
        settings: { defaultCurrency: 'USD' },
        metadata: { a: null, c: '3' },
        capabilities: { send: ['invoice'], receive: ['invoice'] },
      });
      expect(res.status).to.equal(200);
      const updated = await res.json();
      expect(updated).to.include({ name: 'New name', status: 'active', legalName: 'Brussels Office Supplies BV' });
      expect(updated.settings).to.deep.equal({ defaultCurrency: 'USD' });
      expect(updated.metadata).to.deep.equal({ b: '2', c: '3' });
      expect(await signalsOf(workflowIds.company(created.id))).to.deep.equal(['capabilitiesChanged']);
    });

    it('400 naming a read-only field; 400 when a merge would exceed 40 metadata keys', async () => {
      const res = await patch(sandbox.key, sandbox.companyId, { peppolId: '0208:0000000097', name: 'x' });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('INVALID_REQUEST');
      expect(error.details).to.deep.equal([{ field: 'peppolId', rule: 'read_only', message: 'peppolId is read-only' }]);
      const unknown = await patch(sandbox.key, sandbox.companyId, { nickname: 'x' });
      expect(unknown.status).to.equal(400);
      expect((await errorBody(unknown)).details).to.deep.equal([
        { field: 'nickname', rule: 'unknown_field', message: 'nickname is not a field of this request' },
      ]);
      const tenant = await createTenant({ livemode: false });
      await patch(tenant.key, tenant.companyId, {
        metadata: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'v'])),
      });
      const over = await patch(tenant.key, tenant.companyId, {
        metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`n${i}`, 'v'])),
      });
      expect(over.status).to.equal(400);
      expect((await errorBody(over)).details[0]).to.include({ field: 'metadata', rule: 'maxProperties' });
    });

    it('DELETE answers 204, makes the company inactive and asks the workflow to deregister; a second DELETE is 204 too', async () => {
      const tenant = await createTenant({ livemode: false });
      const created = await (await post(tenant.key, { vatNumber: 'BE0666666647' })).json();
      expect((await del(tenant.key, created.id)).status).to.equal(204);
      expect((await del(tenant.key, created.id)).status).to.equal(204);
      const after = await (await get(tenant.key, `/v1/companies/${created.id}`)).json();
      expect(after.status).to.equal('inactive');
      expect(await signalsOf(workflowIds.company(created.id))).to.deep.equal(['deregister']);
      const inactive = await (await get(tenant.key, '/v1/companies?status=inactive')).json();
      expect(inactive.data.map((c: any) => c.id)).to.deep.equal([created.id]);
    });
  });

  describe('GET /v1/companies/resolve and /v1/companies/search', () => {
    it('resolve creates the company from a registration number once, then returns the same one', async () => {
      const tenant = await createTenant({ livemode: false });
      const first = await get(tenant.key, '/v1/companies/resolve?countryCode=BE&registrationNumber=0777.777.771');
      expect(first.status).to.equal(200);
      const company = await first.json();
      expect(company).to.include({
        vatNumber: 'BE0777777771',
        legalName: 'Gent Logistics NV',
        peppolId: '0208:0777777771',
      });
      const again = await (await get(tenant.key, '/v1/companies/resolve?countryCode=BE&vatNumber=BE0777777771')).json();
      expect(again.id).to.equal(company.id);
      const siren = await (
        await get(tenant.key, '/v1/companies/resolve?countryCode=FR&registrationNumber=542051180')
      ).json();
      expect(siren.vatNumber).to.equal('FR59542051180');
    });

    it('resolve: 400 without a number, 400 for a country mismatch, 422 for an unknown VAT', async () => {
      const none = await get(sandbox.key, '/v1/companies/resolve?countryCode=BE');
      expect(none.status).to.equal(400);
      expect((await errorBody(none)).code).to.equal('MISSING_FIELD');
      const mismatch = await get(sandbox.key, '/v1/companies/resolve?countryCode=FR&vatNumber=BE0777777771');
      expect(mismatch.status).to.equal(400);
      expect((await errorBody(mismatch)).details[0].field).to.equal('countryCode');
      const unknown = await get(sandbox.key, '/v1/companies/resolve?countryCode=BE&vatNumber=BE0400000086');
      expect(unknown.status).to.equal(422);
      expect((await errorBody(unknown)).code).to.equal('VAT_NOT_FOUND');
    });

    it('search lists managed companies first, then registry matches marked source registry', async () => {
      const tenant = await createTenant({ livemode: false });
      const managed = await (await post(tenant.key, { vatNumber: 'BE0888888895', name: 'Gent Office' })).json();
      const res = await get(tenant.key, '/v1/companies/search?q=gent');
      expect(res.status).to.equal(200);
      const hits = (await res.json()) as any[];
      expect(hits[0]).to.deep.equal({
        id: managed.id,
        name: 'Gent Office',
        vatNumber: 'BE0888888895',
        country: 'BE',
        peppolId: '0208:0888888895',
        source: 'managed',
      });
      expect(hits.slice(1)).to.deep.equal([
        {
          id: null,
          name: 'Gent Logistics NV',
          vatNumber: 'BE0777777771',
          country: 'BE',
          peppolId: '0208:0777777771',
          source: 'registry',
        },
      ]);
      const fr = (await (await get(tenant.key, '/v1/companies/search?q=gent&countryCode=FR')).json()) as any[];
      expect(fr).to.deep.equal([]);
    });

    it('search: 400 for q shorter than 2 characters and for limit above 50', async () => {
      for (const query of ['q=a', 'q=ab&limit=51']) {
        const res = await get(sandbox.key, `/v1/companies/search?${query}`);
        expect(res.status, query).to.equal(400);
        expect((await errorBody(res)).code).to.equal('INVALID_REQUEST');
      }
    });
  });

  describe('join requests', () => {
    it('another organization asks to join by VAT; both sides list it; the owner accepts with who and when recorded', async () => {
      const owner = await createTenant({ livemode: false });
      const company = await (await post(owner.key, { vatNumber: 'IT00743110157' })).json();
      const requester = await createTenant({ livemode: false });
      const res = await fetch(`${app.url}/v1/companies/vat:IT00743110157/join`, {
        method: 'POST',
        headers: bearer(requester.key),
      });
      expect(res.status).to.equal(201);
      const request = await res.json();
      expect(request).to.include({
        object: 'join_request',
        companyId: company.id,
        status: 'pending',
        direction: 'outgoing',
        requesterOrganizationId: requester.organizationId,
        requesterApiKeyId: requester.keyId,
      });
      const repeat = await (
        await fetch(`${app.url}/v1/companies/${company.id}/join`, { method: 'POST', headers: bearer(requester.key) })
      ).json();
      expect(repeat.id).to.equal(request.id);

      const incoming = (await (await get(owner.key, '/v1/companies/join-requests')).json()) as any[];
      expect(incoming.map((r) => [r.id, r.direction])).to.deep.equal([[request.id, 'incoming']]);
      const outgoing = (await (await get(requester.key, '/v1/companies/join-requests')).json()) as any[];
      expect(outgoing.map((r) => [r.id, r.direction])).to.deep.equal([[request.id, 'outgoing']]);

      const accept = (path: string, key: string) =>
        fetch(`${app.url}${path}`, { method: 'POST', headers: bearer(key) });
      const notOwner = await accept(`/v1/companies/${company.id}/join-requests/${request.id}/accept`, requester.key);
      expect(notOwner.status).to.equal(404);
      expect((await errorBody(notOwner)).code).to.equal('COMPANY_NOT_FOUND');
      const accepted = await accept(`/v1/companies/${company.id}/join-requests/${request.id}/accept`, owner.key);
      expect(accepted.status).to.equal(200);
      const decided = await accepted.json();
      expect(decided).to.include({ status: 'accepted', decidedBy: `key:${owner.keyId}`, direction: 'incoming' });
      expect(Date.parse(decided.decidedAt)).to.be.closeTo(Date.now(), 60_000);
      const twice = await accept(`/v1/companies/${company.id}/join-requests/${request.id}/reject`, owner.key);
      expect(twice.status).to.equal(409);
      expect((await errorBody(twice)).code).to.equal('INVALID_TRANSITION');
      expect((await (await get(owner.key, '/v1/companies/join-requests')).json()) as any[]).to.deep.equal([]);
    });

    it('reject records the decision; unknown request 404; own company 400; unknown company 404', async () => {
      const owner = await createTenant({ livemode: false });
      const requester = await createTenant({ livemode: false });
      const request = await (
        await fetch(`${app.url}/v1/companies/${owner.companyId}/join`, {
          method: 'POST',
          headers: bearer(requester.key),
        })
      ).json();
      const rejected = await fetch(`${app.url}/v1/companies/${owner.companyId}/join-requests/${request.id}/reject`, {
        method: 'POST',
        headers: bearer(owner.key),
      });
      expect(rejected.status).to.equal(200);
      expect((await rejected.json()).status).to.equal('rejected');
      const unknown = await fetch(`${app.url}/v1/companies/${owner.companyId}/join-requests/jr_nope/accept`, {
        method: 'POST',
        headers: bearer(owner.key),
      });
      expect(unknown.status).to.equal(404);
      expect((await errorBody(unknown)).code).to.equal('RESOURCE_NOT_FOUND');
      const own = await fetch(`${app.url}/v1/companies/${owner.companyId}/join`, {
        method: 'POST',
        headers: bearer(owner.key),
      });
      expect(own.status).to.equal(400);
      expect((await errorBody(own)).code).to.equal('INVALID_REQUEST');
      const missing = await fetch(`${app.url}/v1/companies/vat:BE0400000086/join`, {
        method: 'POST',
        headers: bearer(requester.key),
      });
      expect(missing.status).to.equal(404);
      expect((await errorBody(missing)).code).to.equal('COMPANY_NOT_FOUND');
      // A sandbox key does not reach live companies.
      const live = await createTenant({ livemode: true });
      const crossMode = await fetch(`${app.url}/v1/companies/${live.companyId}/join`, {
        method: 'POST',
        headers: bearer(requester.key),
      });
      expect(crossMode.status).to.equal(404);
    });
  });
});
