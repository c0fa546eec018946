import { expect } from 'chai';
import { SANDBOX_RECIPIENTS } from '../../core/sandbox-scenarios.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createKey, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { sandboxDirectory } from '../../upstreams/directory/seed.ts';
import { createDirectoryServices } from '../../upstreams/directory/index.ts';
import { UpstreamError, type DirectoryUpstream } from '../../upstreams/directory/types.ts';
import type { SmpLookup } from '../../upstreams/smp-lookup/types.ts';
import { incrementPartnerStats } from '../../db/partners.ts';
import { loadConfig } from '../../core/config.ts';

const legal = sandboxDirectory().filter((p) => !p.parentPeppolId && p.vatNumber);
const be = legal.filter((p) => p.country === 'BE');
const fr = legal.filter((p) => p.country === 'FR');

describe('Partners (part 4.8)', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false });
  });
  after(() => app.close());

  const create = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/partners`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const created = async (body: unknown, key = tenant.key) => {
    const res = await create(body, key);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    return await res.json();
  };
  const get = (ref: string, key = tenant.key) =>
    fetch(`${app.url}/v1/partners/${encodeURIComponent(ref)}`, { headers: bearer(key) });
  const patch = (ref: string, body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/partners/${encodeURIComponent(ref)}`, {
      method: 'PATCH',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });
  const list = async (query: string, key = tenant.key) => {
    const res = await fetch(`${app.url}/v1/partners?${query}`, { headers: bearer(key) });
    return { res, body: await res.clone().json() };
  };

  describe('POST /v1/partners', () => {
    it('creates a partner from a Peppol id, enriched from the directory', async () => {
      const card = be[0];
      const res = await create({
        peppolId: card.peppolId,
        role: 'supplier',
        contactName: 'Jan Peeters',
        contactEmail: 'jan@example.com',
        defaults: { currency: 'EUR', paymentTermsDays: 30, note: 'Thanks', orderReference: 'PO-1' },
        tags: ['electrical', 'preferred'],
        metadata: { erpId: 'SUP-1' },
      });
      expect(res.status).to.equal(201);
      const body = await res.json();
      expect(body.id).to.match(/^part_[0-9A-Za-z]{20}$/);
      expect(body).to.deep.include({
        peppolId: card.peppolId,
        name: card.name,
        vatNumber: card.vatNumber,
        country: 'BE',
        role: 'supplier',
        contactName: 'Jan Peeters',
        contactEmail: 'jan@example.com',
        peppolStatus: 'registered',
        tags: ['electrical', 'preferred'],
        metadata: { erpId: 'SUP-1' },
      });
      expect(body.defaults).to.deep.equal({
        currency: 'EUR',
        paymentTermsDays: 30,
        note: 'Thanks',
        orderReference: 'PO-1',
      });
      expect(body.stats).to.deep.equal({ documentsSent: 0, documentsReceived: 0, lastActivityAt: null });
      expect(body.enrichment).to.deep.include({
        naceCode: card.naceCodes[0],
        naceCodes: card.naceCodes,
        legalName: card.name,
        city: card.city,
        postalCode: card.postalCode,
        documentTypes: card.documentTypes,
        accessPoint: card.accessPoint.name,
        source: 'directory',
      });
      expect(body.createdAt).to.equal(body.updatedAt);
    });

    it('fills the Peppol id from the directory when only the VAT number is given; role defaults to both', async () => {
      const card = fr[0];
      const body = await created({ vatNumber: card.vatNumber });
      expect(body).to.deep.include({
        peppolId: card.peppolId,
        vatNumber: card.vatNumber,
        name: card.name,
        country: 'FR',
        role: 'both',
        peppolStatus: 'registered',
        contactName: null,
        contactEmail: null,
      });
      expect(body.defaults).to.deep.equal({});
    });

    it('keeps a partner absent from the directory as not_registered, named by its identifier unless a name is given', async () => {
      const unknown = await created({ vatNumber: 'BE0100000070' });
      expect(unknown).to.deep.include({
        peppolId: null,
        name: 'BE0100000070',
        country: 'BE',
        peppolStatus: 'not_registered',
      });
      expect(unknown.enrichment).to.deep.equal({});
      const named = await created({ peppolId: SANDBOX_RECIPIENTS.notRegistered, name: 'Warehouse Ltd' });
      expect(named).to.deep.include({
        name: 'Warehouse Ltd',
        vatNumber: null,
        country: null,
        peppolStatus: 'not_registered',
      });
    });

    it('400 MISSING_FIELD without peppolId and vatNumber', async () => {
      const res = await create({ name: 'Nobody', role: 'buyer' });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error).to.deep.include({
        code: 'MISSING_FIELD',
        type: 'validation_error',
        message: 'A partner needs peppolId or vatNumber (or both).',
      });
      expect(error.details).to.deep.equal([
        { field: 'peppolId', rule: 'required', message: 'peppolId or vatNumber is required' },
      ]);
    });

    it('400 for a Peppol id off the pattern, or whose scheme check digits fail', async () => {
      const pattern = await create({ peppolId: 'BE0674229677' });
      expect(pattern.status).to.equal(400);
      const e1 = await errorBody(pattern);
      expect(e1.code).to.equal('INVALID_REQUEST');
      expect(e1.details[0].field).to.equal('peppolId');
      const digits = await create({ peppolId: '0208:0123456789' });
      expect(digits.status).to.equal(400);
      const e2 = await errorBody(digits);
      expect(e2).to.deep.include({ code: 'INVALID_REQUEST', type: 'validation_error' });
      expect(e2.details).to.deep.equal([
        { field: 'peppolId', rule: 'participant_id', message: 'value 0123456789 is not a valid BE:EN identifier' },
      ]);
      const scheme = await create({ peppolId: '1234:abc' });
      expect((await errorBody(scheme)).details[0].message).to.equal('unknown participant identifier scheme 1234');
    });

    it('400 for a VAT number failing its checksum, a bad currency, role or e-mail', async () => {
      const vat = await create({ vatNumber: 'BE0123456789' });
      expect(vat.status).to.equal(400);
      expect(await errorBody(vat)).to.deep.include({ code: 'INVALID_VAT_FORMAT' });
      const lower = await create({ vatNumber: 'be0674229677' });
      expect((await errorBody(lower)).code).to.equal('INVALID_VAT_FORMAT');
      const currency = await create({ vatNumber: be[1].vatNumber, defaults: { currency: 'EURO' } });
      expect((await errorBody(currency)).code).to.equal('INVALID_CURRENCY');
      const role = await create({ vatNumber: be[1].vatNumber, role: 'vendor' });
      expect((await errorBody(role)).code).to.equal('INVALID_ENUM');
      const email = await create({ vatNumber: be[1].vatNumber, contactEmail: 'not-an-email' });
      expect(email.status).to.equal(400);
      expect((await errorBody(email)).details[0].field).to.equal('contactEmail');
      const unknownKey = await create({ vatNumber: be[1].vatNumber, defaults: { discount: 5 } });
      expect(unknownKey.status).to.equal(400);
    });

    it('409 PARTNER_EXISTS with the existing id for the same Peppol id (any case) or VAT number', async () => {
      const card = legal.find((p) => p.country === 'CH')!;
      const first = await created({ peppolId: card.peppolId });
      const again = await create({ peppolId: card.peppolId.toLowerCase() });
      expect(again.status).to.equal(409);
      const error = await errorBody(again);
      expect(error).to.deep.include({
        type: 'conflict',
        code: 'PARTNER_EXISTS',
        message: `A partner with peppolId ${card.peppolId.toLowerCase()} already exists: ${first.id}.`,
      });
      expect(error.details).to.deep.equal([
        {
          field: 'peppolId',
          value: card.peppolId.toLowerCase(),
          existingId: first.id,
          message: 'already used by another partner',
        },
      ]);
      const byVat = await create({ vatNumber: card.vatNumber });
      expect(byVat.status).to.equal(409);
      expect((await errorBody(byVat)).details[0]).to.deep.include({ field: 'vatNumber', existingId: first.id });
    });

    it('allows the same partner in another organization and in the other mode', async () => {
      const card = be[2];
      await created({ peppolId: card.peppolId });
      const other = await createTenant({ livemode: false });
      expect((await create({ peppolId: card.peppolId }, other.key)).status).to.equal(201);
      const live = await createKey(tenant.organizationId, { livemode: true });
      const liveApp = await startTestApp({
        upstreams: {
          directory: createDirectoryServices(testServers().db, loadConfig(), { directory: failing, smp: failingSmp }),
        },
      });
      try {
        const res = await fetch(`${liveApp.url}/v1/partners`, {
          method: 'POST',
          headers: jsonHeaders(live.secret),
          body: JSON.stringify({ peppolId: card.peppolId }),
        });
        expect(res.status).to.equal(201);
        // The live directory failed: the partner is still created, with an unknown status.
        expect(await res.json()).to.deep.include({ peppolStatus: 'unknown', name: card.peppolId, country: 'BE' });
      } finally {
        await liveApp.close();
      }
    });

    it('403 INSUFFICIENT_SCOPE without the partners scope', async () => {
      const limited = await createTenant({ livemode: false, scopes: ['directory'] });
      const res = await create({ vatNumber: be[3].vatNumber }, limited.key);
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
    });
  });

  describe('GET/PATCH/DELETE /v1/partners/{partner_id}', () => {
    it('finds a partner by part_ id, vat: and peppol: (any case)', async () => {
      const card = be[4];
      const p = await created({ peppolId: card.peppolId });
      for (const ref of [
        p.id,
        `vat:${card.vatNumber}`,
        `vat:${card.vatNumber!.toLowerCase()}`,
        `peppol:${card.peppolId}`,
      ]) {
        const res = await get(ref);
        expect(res.status, ref).to.equal(200);
        expect((await res.json()).id).to.equal(p.id);
      }
    });

    it("404 PARTNER_NOT_FOUND for an unknown reference, another organization's partner or the other mode", async () => {
      const p = await created({ peppolId: be[5].peppolId });
      const unknown = await get('part_doesnotexist00000000');
      expect(unknown.status).to.equal(404);
      expect(await errorBody(unknown)).to.deep.include({
        code: 'PARTNER_NOT_FOUND',
        message: 'No partner part_doesnotexist00000000 in this organization (sandbox).',
      });
      expect((await get('comp_123')).status).to.equal(404);
      const other = await createTenant({ livemode: false });
      for (const ref of [p.id, `peppol:${p.peppolId}`, `vat:${p.vatNumber}`]) {
        expect((await get(ref, other.key)).status).to.equal(404);
        expect((await patch(ref, { role: 'buyer' }, other.key)).status).to.equal(404);
        expect(
          (await fetch(`${app.url}/v1/partners/${ref}`, { method: 'DELETE', headers: bearer(other.key) })).status,
        ).to.equal(404);
      }
      const live = await createKey(tenant.organizationId, { livemode: true });
      const res = await get(p.id, live.secret);
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('PARTNER_NOT_FOUND');
    });

    it('PATCH replaces top-level keys and shallow-merges metadata (null deletes)', async () => {
      const p = await created({
        peppolId: be[6].peppolId,
        role: 'supplier',
        defaults: { currency: 'EUR', note: 'old' },
        tags: ['a'],
        metadata: { keep: '1', drop: '2' },
        contactName: 'X',
      });
      const res = await patch(p.id, {
        role: 'both',
        defaults: { paymentTermsDays: 45 },
        tags: ['b', 'c'],
        metadata: { drop: null, added: '3' },
        contactName: null,
        name: 'Renamed',
      });
      expect(res.status, await res.clone().text()).to.equal(200);
      const body = await res.json();
      expect(body).to.deep.include({
        role: 'both',
        tags: ['b', 'c'],
        contactName: null,
        name: 'Renamed',
        peppolId: p.peppolId,
        peppolStatus: 'registered',
      });
      expect(body.defaults).to.deep.equal({ paymentTermsDays: 45 });
      expect(body.metadata).to.deep.equal({ keep: '1', added: '3' });
      expect(new Date(body.updatedAt).getTime()).to.be.greaterThan(new Date(p.updatedAt).getTime());
      const many = Object.fromEntries(Array.from({ length: 39 }, (_, i) => [`k${i}`, 'v']));
      const tooMany = await patch(p.id, { metadata: many });
      expect(tooMany.status).to.equal(400);
      expect(await errorBody(tooMany)).to.deep.include({
        code: 'INVALID_REQUEST',
        message: 'metadata can hold at most 40 keys.',
      });
    });

    it('PATCH of the Peppol id re-enriches from the directory; 409 when another partner holds it; 400 when no identifier remains', async () => {
      const p = await created({ vatNumber: 'BE0100000169' });
      expect(p.peppolStatus).to.equal('not_registered');
      const card = be[7];
      const moved = await (await patch(p.id, { peppolId: card.peppolId })).json();
      expect(moved).to.deep.include({ peppolId: card.peppolId, peppolStatus: 'registered' });
      expect(moved.enrichment.naceCode).to.equal(card.naceCodes[0]);
      const holder = await created({ peppolId: be[8].peppolId });
      const clash = await patch(p.id, { peppolId: holder.peppolId });
      expect(clash.status).to.equal(409);
      expect((await errorBody(clash)).details[0]).to.deep.include({ field: 'peppolId', existingId: holder.id });
      const none = await patch(p.id, { peppolId: null, vatNumber: null });
      expect(none.status).to.equal(400);
      expect((await errorBody(none)).code).to.equal('MISSING_FIELD');
      const empty = await patch(p.id, {});
      expect(empty.status).to.equal(400);
    });

    it('DELETE removes the partner (204), then 404', async () => {
      const p = await created({ peppolId: be[9].peppolId });
      const res = await fetch(`${app.url}/v1/partners/peppol:${p.peppolId}`, {
        method: 'DELETE',
        headers: bearer(tenant.key),
      });
      expect(res.status).to.equal(204);
      expect((await get(p.id)).status).to.equal(404);
      const again = await fetch(`${app.url}/v1/partners/${p.id}`, { method: 'DELETE', headers: bearer(tenant.key) });
      expect(again.status).to.equal(404);
      expect((await errorBody(again)).code).to.equal('PARTNER_NOT_FOUND');
    });
  });

  describe('GET /v1/partners', () => {
    let t: Tenant;
    const ids: Record<string, string> = {};
    before(async () => {
      t = await createTenant({ livemode: false });
      const nl = legal.filter((p) => p.country === 'NL');
      ids.alpha = (
        await created(
          {
            peppolId: nl[0].peppolId,
            name: 'Alpha Supplies',
            role: 'supplier',
            tags: ['food', 'eu'],
            contactEmail: 'ap@alpha.example',
          },
          t.key,
        )
      ).id;
      ids.bravo = (
        await created({ peppolId: nl[1].peppolId, name: 'Bravo Buyers', role: 'buyer', tags: ['food'] }, t.key)
      ).id;
      ids.charlie = (
        await created({ peppolId: be[10].peppolId, name: 'Charlie Both', role: 'both', tags: ['eu'] }, t.key)
      ).id;
      ids.delta = (
        await created({ vatNumber: 'BE0100000268', name: 'delta unregistered', role: 'supplier' }, t.key)
      ).id;
      await incrementPartnerStats(testServers().db, ids.bravo, { sent: 2 });
      // Activity is stamped to the millisecond: a moment apart, the two have a defined order.
      await new Promise((r) => setTimeout(r, 5));
      await incrementPartnerStats(testServers().db, ids.alpha, { received: 1 });
    });
    const names = (body: any) => {
      if (!body.data) throw new Error(JSON.stringify(body));
      return body.data.map((p: any) => p.name);
    };

    it('lists newest first by default', async () => {
      const { res, body } = await list('', t.key);
      expect(res.status).to.equal(200);
      expect(names(body)).to.deep.equal(['delta unregistered', 'Charlie Both', 'Bravo Buyers', 'Alpha Supplies']);
      expect(body).to.deep.include({ hasMore: false, cursor: null });
    });

    it('filters by role (supplier and buyer include both)', async () => {
      expect(names((await list('role=supplier', t.key)).body)).to.deep.equal([
        'delta unregistered',
        'Charlie Both',
        'Alpha Supplies',
      ]);
      expect(names((await list('role=buyer', t.key)).body)).to.deep.equal(['Charlie Both', 'Bravo Buyers']);
      expect(names((await list('role=both', t.key)).body)).to.deep.equal(['Charlie Both']);
    });

    it('searches name, identifiers and contact; filters by country, tags (all), peppolStatus', async () => {
      expect(names((await list('search=BRAVO', t.key)).body)).to.deep.equal(['Bravo Buyers']);
      expect(names((await list('search=alpha.example', t.key)).body)).to.deep.equal(['Alpha Supplies']);
      expect(names((await list('search=BE0100000268', t.key)).body)).to.deep.equal(['delta unregistered']);
      expect(names((await list('country=NL', t.key)).body)).to.deep.equal(['Bravo Buyers', 'Alpha Supplies']);
      expect(names((await list('tags=food', t.key)).body)).to.deep.equal(['Bravo Buyers', 'Alpha Supplies']);
      expect(names((await list('tags=food,eu', t.key)).body)).to.deep.equal(['Alpha Supplies']);
      expect(names((await list('peppolStatus=not_registered', t.key)).body)).to.deep.equal(['delta unregistered']);
    });

    it('filters by hasActivity, kept current by incrementPartnerStats', async () => {
      const active = (await list('hasActivity=true', t.key)).body;
      expect(names(active)).to.deep.equal(['Bravo Buyers', 'Alpha Supplies']);
      expect(active.data[0].stats).to.deep.include({ documentsSent: 2, documentsReceived: 0 });
      expect(active.data[0].stats.lastActivityAt).to.be.a('string');
      expect(names((await list('hasActivity=false', t.key)).body)).to.deep.equal([
        'delta unregistered',
        'Charlie Both',
      ]);
    });

    it('sorts by name and lastActivityAt in both orders', async () => {
      expect(names((await list('sortBy=name&order=asc', t.key)).body)).to.deep.equal([
        'Alpha Supplies',
        'Bravo Buyers',
        'Charlie Both',
        'delta unregistered',
      ]);
      expect(names((await list('sortBy=name', t.key)).body)).to.deep.equal([
        'delta unregistered',
        'Charlie Both',
        'Bravo Buyers',
        'Alpha Supplies',
      ]);
      const recent = names((await list('sortBy=lastActivityAt', t.key)).body);
      expect(recent.slice(0, 2)).to.deep.equal(['Alpha Supplies', 'Bravo Buyers']);
      expect(names((await list('sortBy=createdAt&order=asc', t.key)).body)).to.deep.equal([
        'Alpha Supplies',
        'Bravo Buyers',
        'Charlie Both',
        'delta unregistered',
      ]);
    });

    it('pages with a cursor in every sort; 400 for a forged cursor or one from another sort', async () => {
      for (const sort of ['sortBy=name&order=asc', 'sortBy=createdAt', 'sortBy=lastActivityAt&order=asc']) {
        const all = names((await list(sort, t.key)).body);
        const first = (await list(`${sort}&limit=3`, t.key)).body;
        expect(first.hasMore, sort).to.equal(true);
        const second = (await list(`${sort}&limit=3&cursor=${first.cursor}`, t.key)).body;
        expect([...names(first), ...names(second)], sort).to.deep.equal(all);
        expect(second.hasMore).to.equal(false);
      }
      const first = (await list('sortBy=name&limit=1', t.key)).body;
      const mismatch = await list(`sortBy=createdAt&limit=1&cursor=${first.cursor}`, t.key);
      expect(mismatch.res.status).to.equal(400);
      expect((await errorBody(mismatch.res)).details[0].field).to.equal('cursor');
      const forged = await list('cursor=bm9wZQ', t.key);
      expect(forged.res.status).to.equal(400);
      expect((await list('sortBy=rating', t.key)).res.status).to.equal(400);
    });

    it("never lists another organization's partners", async () => {
      const other = await createTenant({ livemode: false });
      expect((await list('', other.key)).body.data).to.deep.equal([]);
    });
  });
});

const down = () => Promise.reject(new UpstreamError('peppol-directory', 'unavailable', 'down'));
const failing: DirectoryUpstream = { search: down, participant: down };
const failingSmp: SmpLookup = { lookup: () => Promise.reject(new UpstreamError('sml', 'timeout', 'slow')) };
