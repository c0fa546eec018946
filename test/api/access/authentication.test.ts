import { expect } from 'chai';
import { sql } from 'kysely';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, startAppWithIdentityProvider, type TestIdentityProvider } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { newId } from '../../../core/ids.ts';

describe('authentication (part 5)', () => {
  let app: TestApp;
  let idp: TestIdentityProvider;
  let close: () => Promise<void>;
  before(async () => {
    ({ app, idp, close } = await startAppWithIdentityProvider());
  });
  after(() => close());
  const me = (headers: Record<string, string> = {}) => fetch(`${app.url}/v1/me`, { headers });

  describe('API keys', () => {
    it('401 MISSING_AUTH without an Authorization header', async () => {
      const res = await me();
      expect(res.status).to.equal(401);
      const error = await errorBody(res);
      expect(error).to.deep.include({ type: 'authentication_error', code: 'MISSING_AUTH' });
      expect(error.message).to.include('Authorization: Bearer');
    });

    it('401 INVALID_TOKEN for a non-bearer scheme and for an unknown key', async () => {
      const basic = await me({ authorization: 'Basic dXNlcjpwYXNz' });
      expect(basic.status).to.equal(401);
      expect((await errorBody(basic)).code).to.equal('INVALID_TOKEN');
      const unknown = await me(bearer('svc_live_doesnotexist000000000000000000'));
      expect(unknown.status).to.equal(401);
      expect(await errorBody(unknown)).to.deep.include({ code: 'INVALID_TOKEN', message: 'The API key is not valid.' });
    });

    it('401 EXPIRED_TOKEN for a key past its expiresAt', async () => {
      const tenant = await createTenant({ expiresAt: new Date(Date.now() - 1000) });
      const res = await me(bearer(tenant.key));
      expect(res.status).to.equal(401);
      expect((await errorBody(res)).code).to.equal('EXPIRED_TOKEN');
    });

    it('GET /v1/me describes a personal key', async () => {
      const tenant = await createTenant({ plan: 'pro' });
      const res = await me(bearer(tenant.key));
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body).to.deep.include({
        authMethod: 'api_key',
        userId: null,
        email: null,
        keyType: 'personal',
        keyId: tenant.keyId,
        organizationId: tenant.organizationId,
        isTestMode: false,
        companyId: null,
      });
      expect(body.organizationIds).to.deep.equal([tenant.organizationId]);
      expect(body.organizations[0]).to.include({ id: tenant.organizationId, country: 'BE' });
      expect(body.scopes).to.deep.equal(['*']);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('300');
    });

    it('ignores the organization header: a key is bound to its organization', async () => {
      const a = await createTenant();
      const b = await createTenant();
      const res = await me(bearer(a.key, { 'X-Service-Organization-Id': b.organizationId }));
      expect(res.status).to.equal(200);
      expect((await res.json()).organizationId).to.equal(a.organizationId);
    });

    it('stores only a hash of the secret', async () => {
      const tenant = await createTenant();
      const row = await testServers()
        .db.selectFrom('api_keys')
        .selectAll()
        .where('id', '=', tenant.keyId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.to.include(tenant.key);
      expect(row.key_hash).to.match(/^[0-9a-f]{64}$/);
      const anywhere = await sql<{
        n: number;
      }>`select count(*)::int as n from api_keys where key_prefix = ${tenant.key} or name = ${tenant.key}`.execute(
        testServers().db,
      );
      expect(anywhere.rows[0].n).to.equal(0);
    });
  });

  describe('JWT', () => {
    const orgA = newId('org');
    const orgB = newId('org');
    const claims = { sub: 'user-123', email: 'ana@example.com', _permissions: { [orgA]: ['admin'], [orgB]: ['read'] } };

    it('resolves the first organization of _permissions and has scope *', async () => {
      const res = await me(bearer(await idp.sign(claims)));
      expect(res.status, JSON.stringify(await res.clone().json())).to.equal(200);
      const body = await res.json();
      expect(body).to.deep.include({
        authMethod: 'jwt',
        email: 'ana@example.com',
        keyType: 'user',
        keyId: null,
        organizationId: orgA,
        isTestMode: false,
      });
      expect(body.userId).to.match(/^usr_/);
      expect(body.organizationIds).to.deep.equal([orgA, orgB]);
      expect(body.organizations.map((o: any) => o.id)).to.deep.equal([orgA, orgB]);
      expect(body.scopes).to.deep.equal(['*']);
    });

    it('selects a granted organization with X-Service-Organization-Id or its alias Organization-Id', async () => {
      const token = await idp.sign(claims);
      for (const header of ['X-Service-Organization-Id', 'Organization-Id']) {
        const res = await me(bearer(token, { [header]: orgB }));
        expect(res.status).to.equal(200);
        expect((await res.json()).organizationId).to.equal(orgB);
      }
    });

    it('403 ORGANIZATION_FORBIDDEN for an organization the token does not grant', async () => {
      const res = await me(bearer(await idp.sign(claims), { 'X-Service-Organization-Id': newId('org') }));
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({ type: 'permission_error', code: 'ORGANIZATION_FORBIDDEN' });
    });

    it('401 INVALID_TOKEN for the wrong audience, a foreign signature, garbage, or no _permissions', async () => {
      const cases = [
        await idp.sign(claims, { audience: 'https://someone-else' }),
        await idp.sign(claims, { key: 'foreign' }),
        'not.a.jwt',
        await idp.sign({ sub: 'x' }),
      ];
      for (const token of cases) {
        const res = await me(bearer(token));
        expect(res.status).to.equal(401);
        expect((await errorBody(res)).code).to.equal('INVALID_TOKEN');
      }
    });

    it('401 EXPIRED_TOKEN past exp', async () => {
      const res = await me(bearer(await idp.sign(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 })));
      expect(res.status).to.equal(401);
      expect((await errorBody(res)).code).to.equal('EXPIRED_TOKEN');
    });

    it('401 INVALID_TOKEN for any JWT when no key set is configured', async () => {
      const plain = await startTestApp();
      try {
        const res = await fetch(`${plain.url}/v1/me`, { headers: bearer(await idp.sign(claims)) });
        expect(res.status).to.equal(401);
        expect((await errorBody(res)).message).to.include('no identity provider key set is configured');
      } finally {
        await plain.close();
      }
    });
  });
});
