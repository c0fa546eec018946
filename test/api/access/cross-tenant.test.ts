import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, createTenant } from '../../support/access.ts';

/**
 * Every resource type organization A owns, requested by organization B: always 404, never 403 and
 * never data. Later resource types join this matrix as they are built.
 */
describe('cross-tenant isolation', () => {
  let app: TestApp;
  before(async () => { app = await startTestApp(); });
  after(() => app.close());

  it('org B gets 404 for every resource of org A, and A\'s resources are untouched', async () => {
    const a = await createTenant({ plan: 'platform', keyType: 'platform' });
    const b = await createTenant({ plan: 'platform', keyType: 'platform' });
    const aSecondKey = await createKey(a.organizationId, { livemode: true });
    const bPersonal = await personalKey(b.organizationId);
    const aRequest = (await fetch(`${app.url}/v1/me`, { headers: bearer(a.key) })).headers.get('x-request-id')!;

    const probes: Array<{ what: string; call: () => Promise<Response>; code: string }> = [
      { what: 'DELETE api key', call: () => fetch(`${app.url}/v1/api-keys/${aSecondKey.id}`, { method: 'DELETE', headers: bearer(b.key) }), code: 'RESOURCE_NOT_FOUND' },
      { what: 'GET request trace', call: () => fetch(`${app.url}/v1/requests/${aRequest}`, { headers: bearer(b.key) }), code: 'RESOURCE_NOT_FOUND' },
      { what: 'act for company', call: () => fetch(`${app.url}/v1/me`, { headers: bearer(b.key, { 'X-Service-Company': a.companyId }) }), code: 'COMPANY_NOT_FOUND' },
      { what: 'bind a key to company', call: () => fetch(`${app.url}/v1/api-keys`, { method: 'POST', headers: bearer(bPersonal, { 'content-type': 'application/json' }), body: JSON.stringify({ name: 'x', companyId: a.companyId }) }), code: 'COMPANY_NOT_FOUND' },
    ];
    for (const probe of probes) {
      const res = await probe.call();
      const error = await errorBody(res);
      expect(res.status, probe.what).to.equal(404);
      expect(error.code, probe.what).to.equal(probe.code);
    }
    const listB = (await (await fetch(`${app.url}/v1/api-keys`, { headers: bearer(bPersonal) })).json()) as any;
    expect(listB.data.map((k: any) => k.id)).not.to.include(aSecondKey.id);
    expect((await fetch(`${app.url}/v1/me`, { headers: bearer(aSecondKey.secret) })).status).to.equal(200);
  });

  async function personalKey(organizationId: string): Promise<string> {
    return (await createKey(organizationId, { livemode: true })).secret;
  }
});
