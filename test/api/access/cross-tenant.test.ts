import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { loopbackWebhookSenders } from '../../support/upstreams.ts';
import { bearer, createKey, createTenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { insertEvent } from '../../../db/events.ts';

/**
 * Every resource type organization A owns, requested by organization B: always 404, never 403 and
 * never data. Later resource types join this matrix as they are built.
 */
describe('cross-tenant isolation', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ upstreams: { webhooks: loopbackWebhookSenders() } });
  });
  after(() => app.close());

  it("org B gets 404 for every resource of org A, and A's resources are untouched", async () => {
    const a = await createTenant({ plan: 'platform', keyType: 'platform' });
    const b = await createTenant({ plan: 'platform', keyType: 'platform' });
    const aSecondKey = await createKey(a.organizationId, { livemode: true });
    const bPersonal = await personalKey(b.organizationId);
    const aRequest = (await fetch(`${app.url}/v1/me`, { headers: bearer(a.key) })).headers.get('x-request-id')!;

    const probes: Array<{ what: string; call: () => Promise<Response>; code: string }> = [
      {
        what: 'DELETE api key',
        call: () => fetch(`${app.url}/v1/api-keys/${aSecondKey.id}`, { method: 'DELETE', headers: bearer(b.key) }),
        code: 'RESOURCE_NOT_FOUND',
      },
      {
        what: 'GET request trace',
        call: () => fetch(`${app.url}/v1/requests/${aRequest}`, { headers: bearer(b.key) }),
        code: 'RESOURCE_NOT_FOUND',
      },
      {
        what: 'act for company',
        call: () => fetch(`${app.url}/v1/me`, { headers: bearer(b.key, { 'X-Service-Company': a.companyId }) }),
        code: 'COMPANY_NOT_FOUND',
      },
      {
        what: 'bind a key to company',
        call: () =>
          fetch(`${app.url}/v1/api-keys`, {
            method: 'POST',
            headers: bearer(bPersonal, { 'content-type': 'application/json' }),
            body: JSON.stringify({ name: 'x', companyId: a.companyId }),
          }),
        code: 'COMPANY_NOT_FOUND',
      },
    ];
    for (const probe of probes) {
      const res = await probe.call();
      const error = await errorBody(res);
      expect(res.status, probe.what).to.equal(404);
      expect(error.code, probe.what).to.equal(probe.code);
    }
    const listB = await (await fetch(`${app.url}/v1/api-keys`, { headers: bearer(bPersonal) })).json();
    expect(listB.data.map((k: any) => k.id)).not.to.include(aSecondKey.id);
    expect((await fetch(`${app.url}/v1/me`, { headers: bearer(aSecondKey.secret) })).status).to.equal(200);
  });

  async function personalKey(organizationId: string): Promise<string> {
    return (await createKey(organizationId, { livemode: true })).secret;
  }

  it('every resource type of a sandbox organization is 404 to another one, by every route that names it', async () => {
    await ensureTestWorkers();
    const a = await createTenant({ livemode: false, plan: 'pro' });
    const b = await createTenant({ livemode: false, plan: 'pro' });
    const post = (key: string, path: string, body: unknown) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: bearer(key, { 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      });
    const doc = await (
      await post(a.key, '/v1/documents/send', {
        type: 'invoice',
        from: a.companyId,
        to: RECIPIENT,
        document: invoiceBody(),
      })
    ).json();
    const webhook = await (await post(a.key, '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] })).json();
    const partner = await (await post(a.key, '/v1/partners', { peppolId: RECIPIENT, role: 'buyer' })).json();
    const event =
      (await testServers()
        .db.selectFrom('events')
        .select('id')
        .where('organization_id', '=', a.organizationId)
        .executeTakeFirst()) ??
      (await insertEvent(testServers().db, {
        organizationId: a.organizationId,
        livemode: false,
        companyId: a.companyId,
        type: 'document.updated',
        data: {},
      }));
    expect(doc.id, JSON.stringify(doc)).to.match(/^doc_/);
    expect(webhook.id, JSON.stringify(webhook)).to.match(/^wh_/);
    expect(partner.id, JSON.stringify(partner)).to.match(/^part_/);

    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/v1/companies/${a.companyId}`],
      ['PATCH', `/v1/companies/${a.companyId}`, { name: 'stolen' }],
      ['DELETE', `/v1/companies/${a.companyId}`],
      ['GET', `/v1/documents/${doc.id}`],
      ['GET', `/v1/documents/${doc.id}/xml`],
      ['GET', `/v1/documents/${doc.id}/structured`],
      ['GET', `/v1/webhooks/${webhook.id}`],
      ['PATCH', `/v1/webhooks/${webhook.id}`, { status: 'paused' }],
      ['DELETE', `/v1/webhooks/${webhook.id}`],
      ['GET', `/v1/webhooks/${webhook.id}/deliveries`],
      ['GET', `/v1/partners/${partner.id}`],
      ['PATCH', `/v1/partners/${partner.id}`, { role: 'both' }],
      ['DELETE', `/v1/partners/${partner.id}`],
      ['POST', `/v1/events/${event.id}/ack`],
      ['POST', `/v1/events/${event.id}/replay`],
    ];
    for (const [method, path, body] of probes) {
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers: bearer(b.key, { 'content-type': 'application/json' }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect((await errorBody(res)).code, `${method} ${path}`).to.match(/NOT_FOUND$/);
    }
    // Lists of B never show A's rows, and A's rows are untouched.
    for (const path of ['/v1/documents', '/v1/webhooks', '/v1/partners', '/v1/events', '/v1/companies']) {
      const list = await (await fetch(`${app.url}${path}`, { headers: bearer(b.key) })).json();
      const ids = (list.data ?? []).map((r: any) => r.id);
      expect(ids, path).to.not.include.members([doc.id, webhook.id, partner.id, event.id, a.companyId]);
    }
    expect((await fetch(`${app.url}/v1/companies/${a.companyId}`, { headers: bearer(a.key) })).status).to.equal(200);
    expect((await fetch(`${app.url}/v1/webhooks/${webhook.id}`, { headers: bearer(a.key) })).status).to.equal(200);
    expect((await fetch(`${app.url}/v1/partners/${partner.id}`, { headers: bearer(a.key) })).status).to.equal(200);
  });
});
