import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { errorBody, type TestApp } from '../../support/app.ts';
import {
  bearer,
  createCompany,
  createKey,
  createTenant,
  jsonHeaders,
  startAppWithIdentityProvider,
  type TestIdentityProvider,
} from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { newId } from '../../../core/ids.ts';

describe('API keys (part 4.13)', () => {
  let app: TestApp;
  let idp: TestIdentityProvider;
  let close: () => Promise<void>;
  before(async () => {
    ({ app, idp, close } = await startAppWithIdentityProvider());
  });
  after(() => close());
  const create = (token: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/api-keys`, { method: 'POST', headers: jsonHeaders(token, extra), body: JSON.stringify(body) });

  describe('POST /v1/api-keys', () => {
    it("returns 201 with the secret once, a keyPrefix, and the caller's mode", async () => {
      const tenant = await createTenant({ livemode: false });
      const res = await create(tenant.key, {
        name: 'CI',
        scopes: ['send', 'documents.read'],
        rateLimit: 30,
        expiresAt: '2099-01-01T00:00:00Z',
      });
      expect(res.status).to.equal(201);
      const body = await res.json();
      expect(body.key).to.match(/^svc_test_[0-9A-Za-z]{32}$/);
      expect(body.key.startsWith(body.keyPrefix)).to.equal(true);
      expect(body).to.deep.include({
        name: 'CI',
        keyType: 'personal',
        livemode: false,
        companyId: null,
        rateLimit: 30,
        expiresAt: '2099-01-01T00:00:00.000Z',
        lastUsedAt: null,
      });
      expect(body.scopes).to.deep.equal(['send', 'documents.read']);
      // The new key works, and the list never shows a secret again.
      const me = await fetch(`${app.url}/v1/me`, { headers: bearer(body.key) });
      expect((await me.json()).scopes).to.deep.equal(['send', 'documents.read']);
      const list = await (await fetch(`${app.url}/v1/api-keys`, { headers: bearer(tenant.key) })).json();
      const listed = list.data.find((k: any) => k.id === body.id);
      expect(listed).to.not.have.property('key');
      expect(listed.keyPrefix).to.equal(body.keyPrefix);
    });

    it('records when a key was last used, to the minute: one write, not one per request', async () => {
      const tenant = await createTenant({ livemode: false });
      const created = await (await create(tenant.key, { name: 'used' })).json();
      const lastUsed = async () =>
        (
          await testServers()
            .db.selectFrom('api_keys')
            .select('last_used_at')
            .where('id', '=', created.id)
            .executeTakeFirstOrThrow()
        ).last_used_at;
      await fetch(`${app.url}/v1/me`, { headers: bearer(created.key) });
      let first: Date | null = null;
      for (
        const deadline = Date.now() + 5000;
        !first && Date.now() < deadline;
        await new Promise((r) => setTimeout(r, 50))
      )
        first = await lastUsed();
      expect(first, 'lastUsedAt after the first request').to.be.instanceOf(Date);
      await Promise.all(Array.from({ length: 5 }, () => fetch(`${app.url}/v1/me`, { headers: bearer(created.key) })));
      await new Promise((r) => setTimeout(r, 200));
      expect((await lastUsed())!.getTime()).to.equal(first!.getTime());
      const listed = (await (await fetch(`${app.url}/v1/api-keys`, { headers: bearer(tenant.key) })).json()).data.find(
        (k: any) => k.id === created.id,
      );
      expect(listed.lastUsedAt).to.equal(first!.toISOString());
    });

    it('with a JWT creates live keys, or test keys with mode test', async () => {
      const orgId = newId('org');
      const token = await idp.sign({ sub: 'owner', _permissions: { [orgId]: ['admin'] } });
      const live = await (await create(token, { name: 'live' })).json();
      expect(live.key).to.match(/^svc_live_/);
      const test = await (await create(token, { name: 'test', mode: 'test' })).json();
      expect(test.key).to.match(/^svc_test_/);
      expect(test.livemode).to.equal(false);
    });

    it('400 MISSING_FIELD without a name, INVALID_ENUM for an unknown scope', async () => {
      const tenant = await createTenant();
      const missing = await create(tenant.key, {});
      expect(missing.status).to.equal(400);
      expect(await errorBody(missing)).to.deep.include({ code: 'MISSING_FIELD' });
      const scope = await create(tenant.key, { name: 'x', scopes: ['everything'] });
      expect(scope.status).to.equal(400);
      const error = await errorBody(scope);
      expect(error.code).to.equal('INVALID_ENUM');
      expect(error.details[0].field).to.equal('scopes[0]');
    });

    it('400 for an expiresAt in the past, a rateLimit above the plan, or mode with a key', async () => {
      const tenant = await createTenant();
      const past = await create(tenant.key, { name: 'x', expiresAt: '2020-01-01T00:00:00Z' });
      expect(past.status).to.equal(400);
      expect((await errorBody(past)).code).to.equal('INVALID_DATE');
      const fast = await create(tenant.key, { name: 'x', rateLimit: 61 });
      expect(fast.status).to.equal(400);
      expect((await errorBody(fast)).message).to.equal("rateLimit 61 exceeds the plan's 60 requests per minute.");
      const mode = await create(tenant.key, { name: 'x', mode: 'live' });
      expect(mode.status).to.equal(400);
      expect((await errorBody(mode)).details[0].field).to.equal('mode');
    });

    it("400 for a rateLimit above the creating key's own limit, though under the plan's", async () => {
      const tenant = await createTenant({ plan: 'pro', rateLimit: 20 });
      const above = await create(tenant.key, { name: 'faster', rateLimit: 21 });
      expect(above.status).to.equal(400);
      const error = await errorBody(above);
      expect(error.message).to.equal("rateLimit 21 exceeds the creating key's own 20 requests per minute.");
      expect(error.details).to.deep.equal([{ field: 'rateLimit', rule: 'maximum', message: 'must be at most 20' }]);
      expect((await create(tenant.key, { name: 'as fast', rateLimit: 20 })).status).to.equal(201);
    });

    it('400 once the organization holds 1,000 active keys; revoked and expired ones do not count', async () => {
      const tenant = await createTenant();
      const { db } = testServers();
      // 998 more active keys, one revoked and one expired: the creator's makes 999 active.
      const rows = Array.from({ length: 1_000 }, (_, i) => ({
        id: newId('key'),
        organization_id: tenant.organizationId,
        name: `bulk ${i}`,
        key_type: 'personal',
        livemode: true,
        key_prefix: 'svc_live_bulk',
        key_hash: randomUUID(),
        scopes: ['documents.read'],
        revoked_at: i === 998 ? new Date() : null,
        expires_at: i === 999 ? new Date(Date.now() - 1_000) : null,
      }));
      await db.insertInto('api_keys').values(rows).execute();
      expect((await create(tenant.key, { name: 'the 1000th' })).status).to.equal(201);
      const over = await create(tenant.key, { name: 'the 1001st' });
      expect(over.status).to.equal(400);
      const error = await errorBody(over);
      expect(error.code).to.equal('INVALID_REQUEST');
      expect(error.details[0]).to.deep.include({ rule: 'max_active_keys' });
      await fetch(`${app.url}/v1/api-keys/${rows[0].id}`, { method: 'DELETE', headers: bearer(tenant.key) });
      expect((await create(tenant.key, { name: 'after a revocation' })).status).to.equal(201);
    });

    it('binds a key to a company; 404 COMPANY_NOT_FOUND for a company of another organization', async () => {
      const tenant = await createTenant();
      const other = await createTenant();
      const bound = await (await create(tenant.key, { name: 'bound', companyId: tenant.companyId })).json();
      expect(bound.companyId).to.equal(tenant.companyId);
      const foreign = await create(tenant.key, { name: 'x', companyId: other.companyId });
      expect(foreign.status).to.equal(404);
      expect((await errorBody(foreign)).code).to.equal('COMPANY_NOT_FOUND');
    });

    it('a key bound to a company creates only keys bound to it (403 COMPANY_FORBIDDEN)', async () => {
      const tenant = await createTenant({ bindToCompany: true });
      const second = await createCompany(tenant.organizationId, true);
      const res = await create(tenant.key, { name: 'x', companyId: second });
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).code).to.equal('COMPANY_FORBIDDEN');
      const same = await (await create(tenant.key, { name: 'y' })).json();
      expect(same.companyId).to.equal(tenant.companyId);
    });

    it('403 INSUFFICIENT_SCOPE for a key without *, naming the scope', async () => {
      const tenant = await createTenant({ scopes: ['send', 'documents.read'] });
      const res = await create(tenant.key, { name: 'escalate', scopes: ['*'] });
      expect(res.status).to.equal(403);
      const error = await errorBody(res);
      expect(error).to.deep.include({
        type: 'permission_error',
        code: 'INSUFFICIENT_SCOPE',
        message: 'This operation needs the scope "*", which the key does not have.',
      });
      expect(error.details).to.deep.equal([
        { field: 'scope', rule: 'required_scope', message: 'requires "*"; the key has "send", "documents.read"' },
      ]);
    });

    it('platform and white-label keys with * create personal keys of their organization too', async () => {
      for (const keyType of ['platform', 'white_label'] as const) {
        const tenant = await createTenant({ plan: keyType, keyType });
        const res = await create(tenant.key, { name: 'x', companyId: tenant.companyId, scopes: ['send'] });
        expect(res.status, keyType).to.equal(201);
        const body = await res.json();
        expect(body).to.deep.include({ keyType: 'personal', companyId: tenant.companyId, scopes: ['send'] });
        expect(body.key).to.match(/^svc_live_/);
      }
    });
  });

  describe('GET /v1/api-keys', () => {
    it('pages newest first with an opaque cursor; 400 for a forged cursor', async () => {
      const tenant = await createTenant();
      for (const name of ['one', 'two', 'three']) await create(tenant.key, { name });
      const first = await (await fetch(`${app.url}/v1/api-keys?limit=2`, { headers: bearer(tenant.key) })).json();
      expect(first.data.map((k: any) => k.name)).to.deep.equal(['three', 'two']);
      expect(first.hasMore).to.equal(true);
      const second = await (
        await fetch(`${app.url}/v1/api-keys?limit=2&cursor=${first.cursor}`, { headers: bearer(tenant.key) })
      ).json();
      expect(second.data.map((k: any) => k.name)).to.deep.equal(['one', 'test key']);
      expect(second).to.deep.include({ hasMore: false, cursor: null });
      const forged = await fetch(`${app.url}/v1/api-keys?cursor=bm9wZQ`, { headers: bearer(tenant.key) });
      expect(forged.status).to.equal(400);
      expect((await errorBody(forged)).details[0].field).to.equal('cursor');
      const tooMany = await fetch(`${app.url}/v1/api-keys?limit=101`, { headers: bearer(tenant.key) });
      expect(tooMany.status).to.equal(400);
    });

    it("lists the keys of the caller's mode only: a test key never sees a live one, nor the reverse", async () => {
      const tenant = await createTenant();
      const test = await createKey(tenant.organizationId, { livemode: false });
      const listed = async (key: string) =>
        (await (await fetch(`${app.url}/v1/api-keys`, { headers: bearer(key) })).json()).data.map((k: any) => k.id);
      expect(await listed(test.secret)).to.deep.equal([test.id]);
      expect(await listed(tenant.key)).to.deep.equal([tenant.keyId]);
    });
  });

  describe('DELETE /v1/api-keys/{key_id}', () => {
    it('revokes at once: the next request with the key is 401 REVOKED_KEY; a repeat is 204', async () => {
      const tenant = await createTenant();
      const victim = await createKey(tenant.organizationId, { livemode: true });
      expect((await fetch(`${app.url}/v1/me`, { headers: bearer(victim.secret) })).status).to.equal(200);
      const del = await fetch(`${app.url}/v1/api-keys/${victim.id}`, { method: 'DELETE', headers: bearer(tenant.key) });
      expect(del.status).to.equal(204);
      expect(await del.text()).to.equal('');
      const after = await fetch(`${app.url}/v1/me`, { headers: bearer(victim.secret) });
      expect(after.status).to.equal(401);
      expect(await errorBody(after)).to.deep.include({ code: 'REVOKED_KEY' });
      expect(
        (await fetch(`${app.url}/v1/api-keys/${victim.id}`, { method: 'DELETE', headers: bearer(tenant.key) })).status,
      ).to.equal(204);
      const listed = await (await fetch(`${app.url}/v1/api-keys`, { headers: bearer(tenant.key) })).json();
      expect(listed.data.map((k: any) => k.id)).not.to.include(victim.id);
    });

    it('a key can revoke itself', async () => {
      const tenant = await createTenant();
      expect(
        (await fetch(`${app.url}/v1/api-keys/${tenant.keyId}`, { method: 'DELETE', headers: bearer(tenant.key) }))
          .status,
      ).to.equal(204);
      expect((await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key) })).status).to.equal(401);
    });

    it('404 RESOURCE_NOT_FOUND for a key of the other mode: a test key cannot revoke a live one', async () => {
      const tenant = await createTenant();
      const test = await createKey(tenant.organizationId, { livemode: false });
      const res = await fetch(`${app.url}/v1/api-keys/${tenant.keyId}`, {
        method: 'DELETE',
        headers: bearer(test.secret),
      });
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('RESOURCE_NOT_FOUND');
      expect((await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key) })).status).to.equal(200);
      expect(
        (await fetch(`${app.url}/v1/api-keys/${test.id}`, { method: 'DELETE', headers: bearer(tenant.key) })).status,
      ).to.equal(404);
    });

    it('404 RESOURCE_NOT_FOUND for an unknown key id', async () => {
      const tenant = await createTenant();
      const res = await fetch(`${app.url}/v1/api-keys/key_doesnotexist`, {
        method: 'DELETE',
        headers: bearer(tenant.key),
      });
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('RESOURCE_NOT_FOUND');
      const row = await testServers()
        .db.selectFrom('api_keys')
        .select('revoked_at')
        .where('id', '=', tenant.keyId)
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).to.equal(null);
    });
  });
});
