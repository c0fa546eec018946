import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, type Tenant } from '../../support/access.ts';
import { seedDocument } from '../documents/seed-document.ts';
import { createPlatform, type Platform } from './fixtures.ts';

/** GET operations that take X-Service-Company, with the rows of the acting company they must show only. */
const LISTS = [
  '/v1/documents',
  '/v1/companies',
  '/v1/webhooks',
  '/v1/events',
  '/v1/api-keys',
  '/v1/compliance/reports',
  '/v1/platform/companies',
  '/v1/platform/api-keys',
];
const OTHERS = [
  '/v1/me',
  '/v1/stats',
  '/v1/compliance/status',
  '/v1/partners',
  '/v1/platform/usage?period=2026',
  '/v1/platform/events',
  '/v1/platform/settings',
];

describe('acting for a managed company with X-Service-Company (part 5.4)', () => {
  let app: TestApp;
  let p: Platform;
  let q: Platform;
  let docA: string;
  let docB: string;
  before(async () => {
    app = await startTestApp();
    [p, q] = await Promise.all([createPlatform(), createPlatform()]);
    const asTenant = (companyId: string): Tenant => ({
      organizationId: p.organizationId,
      key: p.key,
      keyId: p.keyId,
      companyId,
    });
    docA = await seedDocument(asTenant(p.companyA));
    docB = await seedDocument(asTenant(p.companyB));
  });
  after(() => app.close());

  const get = (path: string, key: string, company?: string) =>
    fetch(`${app.url}${path}`, { headers: bearer(key, company ? { 'x-service-company': company } : {}) });
  const known = async (path: string) => (await get(path, p.key)).status !== 404;

  it('a platform key acting for company A sees A only, on every list', async () => {
    for (const path of LISTS) {
      const res = await get(path, p.key, p.companyA);
      expect(res.status, path).to.equal(200);
      const body = await res.json();
      for (const row of body.data) {
        const companyId = path.endsWith('companies') ? row.id : row.companyId;
        if (companyId !== undefined) expect(companyId, `${path} row ${row.id}`).to.equal(p.companyA);
      }
    }
    const docs = await (await get('/v1/documents', p.key, p.companyA)).json();
    expect(docs.data.map((d: any) => d.id)).to.deep.equal([docA]);
  });

  it('answers every other operation for A, with the company in /v1/me and /v1/stats', async () => {
    for (const path of OTHERS) {
      if (!(await known(path.split('?')[0]))) continue;
      const res = await get(path, p.key, p.companyA);
      expect(res.status, `${path}: ${await res.clone().text()}`).to.equal(200);
    }
    expect((await (await get('/v1/me', p.key, p.companyA)).json()).companyId).to.equal(p.companyA);
    expect((await (await get('/v1/stats', p.key, p.companyA)).json()).companyId).to.equal(p.companyA);
  });

  it('ids of company B are 404 while acting for A; every reference form of A works', async () => {
    const res = await get(`/v1/documents/${docB}`, p.key, p.companyA);
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
    expect((await get(`/v1/documents/${docA}`, p.key, p.companyA)).status).to.equal(200);
    expect((await get(`/v1/companies/${p.companyB}`, p.key, p.companyA)).status).to.equal(404);
    const company = await (await get(`/v1/companies/${p.companyA}`, p.key)).json();
    for (const ref of [`vat:${company.vatNumber}`, `peppol:${company.peppolId}`]) {
      expect((await (await get('/v1/me', p.key, ref)).json()).companyId, ref).to.equal(p.companyA);
    }
  });

  it("404 COMPANY_NOT_FOUND for a company this platform does not manage (another platform's, the other mode's, unknown)", async () => {
    for (const path of [...LISTS, '/v1/me', '/v1/stats']) {
      const res = await get(path, p.key, q.companyA);
      expect(res.status, path).to.equal(404);
      expect(await errorBody(res)).to.deep.include({
        code: 'COMPANY_NOT_FOUND',
        message: `No company ${q.companyA} in this organization.`,
      });
    }
    const live = await createKey(p.organizationId, { livemode: true, keyType: 'platform' });
    expect((await get('/v1/documents', live.secret, p.companyA)).status).to.equal(404);
    expect((await get('/v1/documents', p.key, 'comp_doesnotexist')).status).to.equal(404);
  });

  it('403 COMPANY_FORBIDDEN for a key bound to A naming B; A itself is fine', async () => {
    for (const path of [...LISTS.filter((l) => !l.startsWith('/v1/platform')), '/v1/me', '/v1/stats']) {
      const res = await get(path, p.tenantKeyA, p.companyB);
      expect(res.status, path).to.equal(403);
      expect(await errorBody(res)).to.deep.include({
        code: 'COMPANY_FORBIDDEN',
        message: `This key is scoped to company ${p.companyA} and cannot act for ${p.companyB}.`,
      });
      expect((await get(path, p.tenantKeyA, p.companyA)).status, path).to.equal(200);
    }
    // Bound to a company of another platform is still 404 first: the key cannot learn it exists.
    expect((await get('/v1/documents', p.tenantKeyA, q.companyA)).status).to.equal(404);
  });
});
