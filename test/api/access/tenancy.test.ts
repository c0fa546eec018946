import { expect } from 'chai';
import { Router } from 'express';
import { loadOpenApiDocument } from '../../../api/openapi.ts';
import { scopeOf } from '../../../api/scope.ts';
import { findDocumentUsage } from '../../../db/usage.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createCompany, createTenant, jsonHeaders } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';

/**
 * Operations with the access markers later issues use (a specific scope, the document quota, a
 * sandbox-only helper), served through the real pipeline.
 */
function markedContract() {
  const doc = loadOpenApiDocument();
  const ok = {
    '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
    default: { $ref: '#/components/responses/Error' },
  };
  doc.paths['/v1/tenancy/read'] = { get: { operationId: 'readForTest', 'x-scope': 'documents.read', responses: ok } };
  doc.paths['/v1/tenancy/create'] = {
    post: {
      operationId: 'createForTest',
      'x-scope': 'send',
      'x-quota': 'documents',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { fail: { type: 'boolean' } } } } },
      },
      responses: { '201': ok['200'], default: ok.default },
    },
  };
  doc.paths['/v1/tenancy/sandbox-helper'] = {
    post: { operationId: 'helperForTest', 'x-sandbox-only': true, responses: ok },
  };
  return doc;
}

function markedRouter(): Router {
  const router = Router();
  router.get('/v1/tenancy/read', (req, res) => {
    res.json({ companyId: scopeOf(req).companyId ?? null });
  });
  router.post('/v1/tenancy/create', (req, res) => {
    if (req.body.fail)
      return void res.status(422).json({
        error: {
          type: 'invalid_request_error',
          code: 'VAT_NOT_FOUND',
          message: 'x',
          requestId: req.context.requestId,
        },
      });
    res.status(201).json({ created: true });
  });
  router.post('/v1/tenancy/sandbox-helper', (_req, res) => {
    res.json({ ok: true });
  });
  return router;
}

describe('tenancy, scopes, company acting and quotas', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ openapi: markedContract(), extraRouters: [markedRouter()] });
  });
  after(() => app.close());

  describe('scopes (x-scope)', () => {
    it('403 INSUFFICIENT_SCOPE naming the scope; 200 with it or with *', async () => {
      const sendOnly = await createTenant({ scopes: ['send'] });
      const res = await fetch(`${app.url}/v1/tenancy/read`, { headers: bearer(sendOnly.key) });
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).message).to.equal(
        'This operation needs the scope "documents.read", which the key does not have.',
      );
      const reader = await createTenant({ scopes: ['documents.read'] });
      expect((await fetch(`${app.url}/v1/tenancy/read`, { headers: bearer(reader.key) })).status).to.equal(200);
      const all = await createTenant();
      expect((await fetch(`${app.url}/v1/tenancy/read`, { headers: bearer(all.key) })).status).to.equal(200);
    });

    it('GET /v1/me works whatever the scopes', async () => {
      const narrow = await createTenant({ scopes: ['stats'] });
      expect((await fetch(`${app.url}/v1/me`, { headers: bearer(narrow.key) })).status).to.equal(200);
    });
  });

  describe('X-Service-Company', () => {
    it('acts for a company of the organization, by id, vat: or peppol: form', async () => {
      const tenant = await createTenant({ plan: 'platform', keyType: 'platform' });
      const company = await testServers()
        .db.selectFrom('companies')
        .selectAll()
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow();
      for (const ref of [company.id, `vat:${company.vat_number}`, `peppol:${company.peppol_id}`]) {
        const res = await fetch(`${app.url}/v1/tenancy/read`, {
          headers: bearer(tenant.key, { 'X-Service-Company': ref }),
        });
        expect((await res.json()).companyId).to.equal(company.id);
      }
      const me = await (
        await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key, { 'X-Service-Company': company.id }) })
      ).json();
      expect(me.companyId).to.equal(company.id);
    });

    it('404 COMPANY_NOT_FOUND for a company of another organization', async () => {
      const a = await createTenant({ plan: 'platform', keyType: 'platform' });
      const b = await createTenant();
      const res = await fetch(`${app.url}/v1/tenancy/read`, {
        headers: bearer(a.key, { 'X-Service-Company': b.companyId }),
      });
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('COMPANY_NOT_FOUND');
    });

    it('403 COMPANY_FORBIDDEN for a key scoped to another company of the organization', async () => {
      const tenant = await createTenant({ bindToCompany: true });
      const other = await createCompany(tenant.organizationId, true);
      const res = await fetch(`${app.url}/v1/tenancy/read`, {
        headers: bearer(tenant.key, { 'X-Service-Company': other }),
      });
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({ type: 'permission_error', code: 'COMPANY_FORBIDDEN' });
      const own = await fetch(`${app.url}/v1/tenancy/read`, { headers: bearer(tenant.key) });
      expect((await own.json()).companyId).to.equal(tenant.companyId);
    });

    it('sandbox keys see only sandbox companies', async () => {
      const tenant = await createTenant({ livemode: false });
      const live = await createCompany(tenant.organizationId, true);
      const res = await fetch(`${app.url}/v1/tenancy/read`, {
        headers: bearer(tenant.key, { 'X-Service-Company': live }),
      });
      expect(res.status).to.equal(404);
    });
  });

  describe('sandbox-only helpers', () => {
    it('403 SANDBOX_ONLY for live keys; test keys pass', async () => {
      const live = await createTenant();
      const res = await fetch(`${app.url}/v1/tenancy/sandbox-helper`, { method: 'POST', headers: bearer(live.key) });
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).message).to.include('call it with a test key');
      const test = await createTenant({ livemode: false });
      expect(
        (await fetch(`${app.url}/v1/tenancy/sandbox-helper`, { method: 'POST', headers: bearer(test.key) })).status,
      ).to.equal(200);
    });
  });

  describe('monthly document quota (x-quota: documents)', () => {
    const createDoc = (key: string, body: unknown = {}) =>
      fetch(`${app.url}/v1/tenancy/create`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });

    it("answers 429 QUOTA_EXCEEDED once the plan's documents are used, counting only successes", async () => {
      const tenant = await createTenant({ plan: 'free' });
      const db = testServers().db;
      await db
        .insertInto('usage_counters')
        .values({ organization_id: tenant.organizationId, period: new Date().toISOString().slice(0, 7), documents: 48 })
        .execute();
      expect((await createDoc(tenant.key, { fail: true })).status).to.equal(422);
      expect(await findDocumentUsage(db, tenant.organizationId)).to.equal(48);
      expect((await createDoc(tenant.key)).status).to.equal(201);
      expect((await createDoc(tenant.key)).status).to.equal(201);
      const over = await createDoc(tenant.key);
      expect(over.status).to.equal(429);
      expect(await errorBody(over)).to.deep.include({ type: 'rate_limit_error', code: 'QUOTA_EXCEEDED' });
      expect(await findDocumentUsage(db, tenant.organizationId)).to.equal(50);
    });

    it('is exact under concurrency', async () => {
      const tenant = await createTenant({ plan: 'free', rateLimit: 60 });
      const statuses = await Promise.all(Array.from({ length: 55 }, () => createDoc(tenant.key).then((r) => r.status)));
      expect(statuses.filter((s) => s === 201)).to.have.length(50);
      expect(statuses.filter((s) => s === 429)).to.have.length(5);
      expect(await findDocumentUsage(testServers().db, tenant.organizationId)).to.equal(50);
    });

    it('does not apply to sandbox keys', async () => {
      const tenant = await createTenant({ plan: 'free', livemode: false });
      await testServers()
        .db.insertInto('usage_counters')
        .values({ organization_id: tenant.organizationId, period: new Date().toISOString().slice(0, 7), documents: 50 })
        .execute();
      expect((await createDoc(tenant.key)).status).to.equal(201);
    });
  });
});
