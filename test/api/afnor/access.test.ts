import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createLogger, useLogger } from '../../../core/log.ts';
import { bearer, createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { DIRECTORY, FLOWS, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { testServers } from '../../support/servers.ts';

describe('AFNOR facade: contracts, health, authentication and logging', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const search = (query: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${app.url}${FLOWS}/flows/search${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ where: { trackingId: 'none' } }),
    });

  it('GET /healthcheck of both services is public: {status, version, service}', async () => {
    for (const [mount, service] of [
      [FLOWS, 'flow-service'],
      [DIRECTORY, 'directory-service'],
    ]) {
      const res = await fetch(`${app.url}${mount}/healthcheck`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-request-id')).to.match(/^req_/);
      expect(await res.json()).to.deep.equal({ status: 'ok', version: '1.2.0', service });
    }
  });

  it('serves each service’s contract at …/openapi.json, and /v1 keeps its own', async () => {
    const flows = await (await fetch(`${app.url}${FLOWS}/openapi.json`)).json();
    expect(flows.info.title).to.equal('AFNOR XP Z12-013 Flow Service');
    expect(flows.paths).to.have.property('/flows/search');
    const directory = await (await fetch(`${app.url}${DIRECTORY}/openapi.json`)).json();
    expect(directory.paths).to.have.property('/siren/search');
    const main = await (await fetch(`${app.url}/openapi.json`)).json();
    expect(main.paths).to.not.have.property('/flows');
  });

  it('401 MISSING_TOKEN in the AFNOR shape without credentials, INVALID_TOKEN for a wrong one', async () => {
    const missing = await search('');
    expect(missing.status).to.equal(401);
    const body = await missing.json();
    expect(Object.keys(body).sort()).to.deep.equal(['errorCode', 'errorMessage', 'instance', 'type']);
    expect(body).to.deep.include({
      errorCode: 'MISSING_TOKEN',
      type: 'authentication_error',
      instance: missing.headers.get('x-request-id'),
    });
    const wrong = await search('?token=svc_test_wrong');
    expect(wrong.status).to.equal(401);
    expect((await wrong.json()).errorCode).to.equal('INVALID_TOKEN');
  });

  it('accepts the key as the `token` query parameter, with the rate-limit headers of /v1', async () => {
    const res = await search(`?token=${tenant.key}`);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.include({ results: [] });
    expect(res.headers.get('x-ratelimit-limit')).to.match(/^\d+$/);
    const get = await fetch(`${app.url}${FLOWS}/flows/doc_none?docType=Metadata&token=${tenant.key}`);
    expect(get.status).to.equal(404);
  });

  it('maps scopes: documents.read searches flows but not the directory; directory reads it', async () => {
    const reader = await createKey(tenant.organizationId, { livemode: false, scopes: ['documents.read'] });
    expect((await search('', jsonHeaders(reader.secret))).status).to.equal(200);
    const directory = (key: string) =>
      fetch(`${app.url}${DIRECTORY}/siren/search`, { method: 'POST', headers: jsonHeaders(key), body: '{}' });
    const refused = await directory(reader.secret);
    expect(refused.status).to.equal(403);
    expect((await refused.json()).errorCode).to.equal('FORBIDDEN_ACCESS');
    const other = await createKey(tenant.organizationId, { livemode: false, scopes: ['directory'] });
    expect((await directory(other.secret)).status).to.equal(200);
  });

  it('never logs the query token: the log line redacts it and the request log keeps the path only', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const restore = useLogger(createLogger({ level: 'info', destination: stream }));
    let requestId: string | null;
    try {
      const res = await search(`?token=${tenant.key}`);
      requestId = res.headers.get('x-request-id');
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      useLogger(restore);
    }
    const text = chunks.join('');
    expect(text).to.not.include(tenant.key);
    const line = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request' && l.requestId === requestId);
    expect(line).to.deep.include({
      url: `${FLOWS}/flows/search?token=[redacted]`,
      route: '/flows/search',
      organizationId: tenant.organizationId,
    });

    const row = await waitForRequestLog(requestId!);
    expect(row).to.deep.include({
      path: `${FLOWS}/flows/search`,
      operation_id: 'searchFlows',
      status: 200,
      organization_id: tenant.organizationId,
    });
    const inspected = await fetch(`${app.url}/v1/requests/${requestId}`, { headers: bearer(tenant.key) });
    expect(inspected.status).to.equal(200);
    expect(JSON.stringify(await inspected.json())).to.not.include(tenant.key);
  });
});

async function waitForRequestLog(id: string) {
  for (let i = 0; i < 50; i++) {
    const row = await testServers().db.selectFrom('request_logs').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`request ${id} was never logged`);
}
