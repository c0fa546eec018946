import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, jsonHeaders } from '../../support/access.ts';

describe('GET /v1/requests/{request_id}', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it("returns the trace of one of the caller's requests, without bodies or secrets", async () => {
    const tenant = await createTenant();
    const made = await fetch(`${app.url}/v1/api-keys`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key, { 'Idempotency-Key': 'trace-1', 'user-agent': 'inspector-test/1.0' }),
      body: JSON.stringify({ name: 'traced' }),
    });
    const requestId = made.headers.get('x-request-id')!;
    const secret = (await made.json()).key;
    const res = await fetch(`${app.url}/v1/requests/${requestId}`, { headers: bearer(tenant.key) });
    expect(res.status).to.equal(200);
    const text = await res.text();
    expect(text).not.to.include(secret);
    expect(text).not.to.include(tenant.key);
    const trace = JSON.parse(text);
    expect(trace).to.deep.include({
      id: requestId,
      method: 'POST',
      path: '/v1/api-keys',
      operationId: 'createApiKey',
      status: 201,
      livemode: true,
      apiKeyId: tenant.keyId,
      userId: null,
      idempotencyKey: 'trace-1',
      idempotentReplay: false,
      errorCode: null,
      userAgent: 'inspector-test/1.0',
    });
    expect(trace.durationMs).to.be.a('number').and.at.least(0);
  });

  it('records the error code of a failed request', async () => {
    const tenant = await createTenant();
    const failed = await fetch(`${app.url}/v1/api-keys/key_missing`, { method: 'DELETE', headers: bearer(tenant.key) });
    const trace = await (
      await fetch(`${app.url}/v1/requests/${failed.headers.get('x-request-id')}`, { headers: bearer(tenant.key) })
    ).json();
    expect(trace).to.deep.include({ status: 404, errorCode: 'RESOURCE_NOT_FOUND', method: 'DELETE' });
  });

  it('404 for a request of another organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const made = await fetch(`${app.url}/v1/me`, { headers: bearer(a.key) });
    const res = await fetch(`${app.url}/v1/requests/${made.headers.get('x-request-id')}`, { headers: bearer(b.key) });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('RESOURCE_NOT_FOUND');
  });
});
