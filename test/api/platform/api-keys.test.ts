import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, createTenant, jsonHeaders } from '../../support/access.ts';
import { createPlatform, type Platform } from './fixtures.ts';

describe('tenant keys: /v1/platform/api-keys', () => {
  let app: TestApp;
  let p: Platform;
  let q: Platform;
  before(async () => {
    app = await startTestApp();
    [p, q] = await Promise.all([createPlatform(), createPlatform({ keyType: 'white_label' })]);
  });
  after(() => app.close());

  const create = (key: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/platform/api-keys`, {
      method: 'POST',
      headers: jsonHeaders(key, extra),
      body: JSON.stringify(body),
    });
  const list = async (key: string, query = '', extra: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}/v1/platform/api-keys${query}`, { headers: bearer(key, extra) });
    expect(res.status).to.equal(200);
    return await res.json();
  };
  const revoke = (key: string, id: string) =>
    fetch(`${app.url}/v1/platform/api-keys/${id}`, { method: 'DELETE', headers: bearer(key) });

  describe('POST', () => {
    it('201: a personal key bound to a managed company, with its secret once, that sees only that company', async () => {
      const res = await create(p.key, {
        name: 'Acme production',
        companyId: p.companyA,
        scopes: ['send', 'documents.read', 'companies.read'],
        rateLimit: { perMinute: 120 },
        expiresAt: '2099-01-01T00:00:00Z',
      });
      expect(res.status).to.equal(201);
      const body = await res.json();
      expect(body).to.deep.include({
        name: 'Acme production',
        keyType: 'personal',
        livemode: false,
        companyId: p.companyA,
        rateLimit: 120,
        expiresAt: '2099-01-01T00:00:00.000Z',
      });
      expect(body.key).to.match(/^svc_test_/);
      const me = await (await fetch(`${app.url}/v1/me`, { headers: bearer(body.key) })).json();
      expect(me).to.deep.include({ companyId: p.companyA, keyType: 'personal' });
      const other = await fetch(`${app.url}/v1/companies/${p.companyB}`, { headers: bearer(body.key) });
      expect(other.status).to.equal(404);
      expect((await fetch(`${app.url}/v1/companies/${p.companyA}`, { headers: bearer(body.key) })).status).to.equal(
        200,
      );
    });

    it("201: without companyId, a key of the caller's own type (platform, white-label)", async () => {
      const plat = await (await create(p.key, { name: 'ops' })).json();
      expect(plat).to.deep.include({ keyType: 'platform', companyId: null });
      expect(plat.scopes).to.deep.equal(['*']);
      expect(plat.key).to.match(/^svc_plat_test_/);
      const wlKey = await (await create(q.key, { name: 'ops' })).json();
      expect(wlKey.key).to.match(/^svc_wl_test_/);
    });

    it('a platform key never mints more scopes than it has: 403 INSUFFICIENT_SCOPE naming them; default is its own', async () => {
      const narrow = await createKey(p.organizationId, {
        livemode: false,
        keyType: 'platform',
        scopes: ['platform', 'send'],
      });
      const res = await create(narrow.secret, { name: 'x', companyId: p.companyA, scopes: ['send', 'lifecycle', '*'] });
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({
        code: 'INSUFFICIENT_SCOPE',
        message: 'A key cannot grant scopes it does not have: "lifecycle", "*".',
        details: [
          { field: 'scopes[1]', rule: 'creator_scope', message: '"lifecycle" is not among the creating key\'s scopes' },
          { field: 'scopes[2]', rule: 'creator_scope', message: '"*" is not among the creating key\'s scopes' },
        ],
      });
      const dflt = await (await create(narrow.secret, { name: 'y', companyId: p.companyA })).json();
      expect(dflt.scopes).to.deep.equal(['platform', 'send']);
    });

    it('403 KEY_TYPE_FORBIDDEN for personal keys (tenant keys included); 403 INSUFFICIENT_SCOPE without platform', async () => {
      const personal = await createTenant({ livemode: false });
      const res = await create(personal.key, { name: 'x' });
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({
        code: 'KEY_TYPE_FORBIDDEN',
        message:
          'A personal key cannot use /v1/platform/api-keys: it needs a platform (svc_plat_…) or white-label (svc_wl_…) key.',
      });
      const tenant = await create(p.tenantKeyA, { name: 'x' });
      expect((await errorBody(tenant)).code).to.equal('KEY_TYPE_FORBIDDEN');
      const noScope = await createKey(p.organizationId, { livemode: false, keyType: 'platform', scopes: ['send'] });
      const scoped = await create(noScope.secret, { name: 'x' });
      expect(scoped.status).to.equal(403);
      expect((await errorBody(scoped)).code).to.equal('INSUFFICIENT_SCOPE');
    });

    it("404 COMPANY_NOT_FOUND for another platform's company; 403 COMPANY_FORBIDDEN acting for another company", async () => {
      const foreign = await create(p.key, { name: 'x', companyId: q.companyA });
      expect(foreign.status).to.equal(404);
      expect(await errorBody(foreign)).to.deep.include({
        code: 'COMPANY_NOT_FOUND',
        message: `No company ${q.companyA} managed by this platform.`,
      });
      const acting = await create(p.key, { name: 'x', companyId: p.companyB }, { 'x-service-company': p.companyA });
      expect(acting.status).to.equal(403);
      expect((await errorBody(acting)).code).to.equal('COMPANY_FORBIDDEN');
      // Acting for a company without naming one binds the key to it.
      const bound = await (await create(p.key, { name: 'implicit' }, { 'x-service-company': p.companyA })).json();
      expect(bound).to.deep.include({ companyId: p.companyA, keyType: 'personal' });
    });

    it('400 for a missing name, a rateLimit without perMinute or above the plan, an expiresAt in the past', async () => {
      expect((await errorBody(await create(p.key, {}))).code).to.equal('MISSING_FIELD');
      expect((await errorBody(await create(p.key, { name: 'x', rateLimit: 60 }))).code).to.equal('INVALID_REQUEST');
      expect((await errorBody(await create(p.key, { name: 'x', rateLimit: {} }))).code).to.equal('MISSING_FIELD');
      const fast = await create(p.key, { name: 'x', rateLimit: { perMinute: 601 } });
      expect(fast.status).to.equal(400);
      expect((await errorBody(fast)).message).to.equal("rateLimit 601 exceeds the plan's 600 requests per minute.");
      expect((await errorBody(await create(p.key, { name: 'x', expiresAt: '2020-01-01T00:00:00Z' }))).code).to.equal(
        'INVALID_DATE',
      );
    });

    it('idempotent: a repeat returns the same key without its secret', async () => {
      const first = await create(
        p.key,
        { name: 'once', companyId: p.companyB },
        { 'idempotency-key': 'tenant-key-once' },
      );
      const again = await create(
        p.key,
        { name: 'once', companyId: p.companyB },
        { 'idempotency-key': 'tenant-key-once' },
      );
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      const [a, b] = [await first.json(), await again.json()];
      expect(b.id).to.equal(a.id);
      expect(a).to.have.property('key');
      expect(b).to.not.have.property('key');
    });
  });

  describe('GET', () => {
    it("lists the platform's and its tenants' keys, filtered by companyId; never another platform's", async () => {
      const all = await list(p.key, '?limit=100');
      const ids = all.data.map((k: any) => k.id);
      expect(ids).to.include(p.keyId);
      expect(all.data.some((k: any) => k.companyId === p.companyA)).to.equal(true);
      expect(all.data.some((k: any) => k.companyId === p.companyB)).to.equal(true);
      expect(ids).to.not.include(q.keyId);
      const onlyB = await list(p.key, `?companyId=${p.companyB}`);
      expect(onlyB.data.length).to.be.greaterThan(0);
      expect(onlyB.data.every((k: any) => k.companyId === p.companyB)).to.equal(true);
      const acting = await list(p.key, '', { 'x-service-company': p.companyA });
      expect(acting.data.every((k: any) => k.companyId === p.companyA)).to.equal(true);
      const foreign = await fetch(`${app.url}/v1/platform/api-keys?companyId=${q.companyA}`, {
        headers: bearer(p.key),
      });
      expect(foreign.status).to.equal(404);
    });

    it('pages with a cursor; the live platform key sees none of the sandbox keys', async () => {
      const first = await list(p.key, '?limit=2');
      expect(first.hasMore).to.equal(true);
      const second = await list(p.key, `?limit=2&cursor=${first.cursor}`);
      expect(second.data.map((k: any) => k.id)).to.not.include.members(first.data.map((k: any) => k.id));
      const live = await createKey(p.organizationId, { livemode: true, keyType: 'platform' });
      expect((await list(live.secret)).data.map((k: any) => k.id)).to.deep.equal([live.id]);
    });
  });

  describe('DELETE', () => {
    it('revokes a tenant key at once (401 REVOKED_KEY next); 204 again', async () => {
      const key = await (await create(p.key, { name: 'short-lived', companyId: p.companyA })).json();
      expect((await fetch(`${app.url}/v1/me`, { headers: bearer(key.key) })).status).to.equal(200);
      expect((await revoke(p.key, key.id)).status).to.equal(204);
      const after = await fetch(`${app.url}/v1/me`, { headers: bearer(key.key) });
      expect((await errorBody(after)).code).to.equal('REVOKED_KEY');
      expect((await revoke(p.key, key.id)).status).to.equal(204);
    });

    it("404 for another platform's key, a key of the other mode, and another company's key when acting for one", async () => {
      const foreign = await revoke(p.key, q.keyId);
      expect(foreign.status).to.equal(404);
      expect(await errorBody(foreign)).to.deep.include({
        code: 'RESOURCE_NOT_FOUND',
        message: `No API key ${q.keyId} of this platform.`,
      });
      const live = await createKey(p.organizationId, { livemode: true, keyType: 'platform' });
      expect((await revoke(p.key, live.id)).status).to.equal(404);
      const keyOfB = await (await create(p.key, { name: 'b', companyId: p.companyB })).json();
      const acting = await fetch(`${app.url}/v1/platform/api-keys/${keyOfB.id}`, {
        method: 'DELETE',
        headers: bearer(p.key, { 'x-service-company': p.companyA }),
      });
      expect(acting.status).to.equal(404);
      expect((await fetch(`${app.url}/v1/me`, { headers: bearer(keyOfB.key) })).status).to.equal(200);
    });
  });
});
