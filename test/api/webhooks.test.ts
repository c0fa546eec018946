import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { loopbackWebhookSenders } from '../support/upstreams.ts';
import { bearer, createCompany, createKey, createTenant, jsonHeaders } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { insertEvent } from '../../db/events.ts';
import { createFanOutDeliveries, finishAttempt, startAttempt } from '../../db/deliveries.ts';

const PUBLIC_URL = 'https://93.184.216.34/hooks/docex';

describe('Webhooks (parts 2.7, 4.9)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ upstreams: { webhooks: loopbackWebhookSenders() } });
  });
  after(() => app.close());

  const create = (token: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/webhooks`, { method: 'POST', headers: jsonHeaders(token, extra), body: JSON.stringify(body) });
  const patch = (token: string, id: string, body: unknown) =>
    fetch(`${app.url}/v1/webhooks/${id}`, { method: 'PATCH', headers: jsonHeaders(token), body: JSON.stringify(body) });
  const get = (token: string, path: string) => fetch(`${app.url}${path}`, { headers: bearer(token) });

  describe('POST /v1/webhooks', () => {
    it('201: an active webhook with a generated secret shown once', async () => {
      const tenant = await createTenant();
      const res = await create(tenant.key, { url: PUBLIC_URL, events: ['document.received', 'document.delivered'] });
      expect(res.status).to.equal(201);
      const body = await res.json();
      expect(body.id).to.match(/^wh_[0-9A-Za-z]{20}$/);
      // Standard Webhooks form: whsec_ + base64 of 32 random bytes.
      expect(body.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(body.secret.slice(6), 'base64')).to.have.length(32);
      expect(body).to.deep.include({
        url: PUBLIC_URL,
        status: 'active',
        companyId: null,
        livemode: true,
        failureCount: 0,
        lastDeliveredAt: null,
        pausedAt: null,
        pausedReason: null,
      });
      expect(body.events).to.deep.equal(['document.received', 'document.delivered']);
      const again = await (await get(tenant.key, `/v1/webhooks/${body.id}`)).json();
      expect(again).to.not.have.property('secret');
      expect(again.id).to.equal(body.id);
    });

    it('201: keeps a given secret and company scope; `*` subscribes to everything', async () => {
      const tenant = await createTenant();
      const res = await create(tenant.key, {
        url: PUBLIC_URL,
        events: ['*'],
        secret: 'my-own-secret-of-32-characters!!',
        companyId: tenant.companyId,
      });
      expect(res.status).to.equal(201);
      expect(await res.json()).to.deep.include({
        secret: 'my-own-secret-of-32-characters!!',
        companyId: tenant.companyId,
        events: ['*'],
      });
    });

    it('201: a key bound to a company, or acting for one, gets webhooks scoped to it', async () => {
      const bound = await createTenant({ bindToCompany: true });
      expect(await (await create(bound.key, { url: PUBLIC_URL, events: ['*'] })).json()).to.deep.include({
        companyId: bound.companyId,
      });
      const platform = await createTenant({ keyType: 'platform', plan: 'platform' });
      const res = await create(
        platform.key,
        { url: PUBLIC_URL, events: ['*'] },
        { 'x-service-company': platform.companyId },
      );
      expect(await res.json()).to.deep.include({ companyId: platform.companyId });
    });

    it('201: sandbox webhooks may use http://127.0.0.1 and http://localhost', async () => {
      const tenant = await createTenant({ livemode: false });
      for (const url of [
        'http://127.0.0.1:4567/hooks',
        'http://localhost:4567/hooks',
        'https://127.0.0.1:4567/hooks',
      ]) {
        const res = await create(tenant.key, { url, events: ['*'] });
        expect(res.status, url).to.equal(201);
        expect(await res.json()).to.deep.include({ url, livemode: false });
      }
    });

    it('an idempotent replay returns the same webhook without its secret', async () => {
      const tenant = await createTenant();
      const first = await (
        await create(tenant.key, { url: PUBLIC_URL, events: ['*'] }, { 'idempotency-key': 'wh-create-1' })
      ).json();
      const replay = await (
        await create(tenant.key, { url: PUBLIC_URL, events: ['*'] }, { 'idempotency-key': 'wh-create-1' })
      ).json();
      expect(replay.id).to.equal(first.id);
      expect(first.secret).to.be.a('string');
      expect(replay).to.not.have.property('secret');
    });

    it('400 INVALID_REQUEST rule https: live webhooks need https; sandbox http only for loopback', async () => {
      const live = await createTenant();
      const res = await create(live.key, { url: 'http://93.184.216.34/hooks', events: ['*'] });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('INVALID_REQUEST');
      expect(error.details).to.deep.equal([{ field: 'url', rule: 'https', message: 'must use https' }]);
      const liveLoopback = await create(live.key, { url: 'http://127.0.0.1:4567/hooks', events: ['*'] });
      expect((await errorBody(liveLoopback)).details[0]).to.deep.include({ field: 'url', rule: 'https' });
      const sandbox = await createTenant({ livemode: false });
      const sandboxHttp = await create(sandbox.key, { url: 'http://93.184.216.34/hooks', events: ['*'] });
      expect(sandboxHttp.status).to.equal(400);
      expect((await errorBody(sandboxHttp)).details[0]).to.deep.include({ field: 'url', rule: 'https' });
    });

    it('400 INVALID_REQUEST rule ssrf for every internal address range (live)', async () => {
      const tenant = await createTenant();
      const blocked: Array<[string, string]> = [
        ['https://127.0.0.1/h', 'loopback'],
        ['https://127.8.9.10/h', 'loopback'],
        ['https://localhost/h', 'loopback'],
        ['https://[::1]/h', 'loopback'],
        ['https://[::ffff:127.0.0.1]/h', 'loopback'],
        ['https://10.1.2.3/h', 'private'],
        ['https://172.16.5.4/h', 'private'],
        ['https://172.31.255.255/h', 'private'],
        ['https://192.168.1.1/h', 'private'],
        ['https://169.254.169.254/latest/meta-data', 'metadata'],
        ['https://169.254.10.10/h', 'link-local'],
        ['https://100.64.0.1/h', 'cgnat'],
        ['https://100.127.255.254/h', 'cgnat'],
        ['https://0.0.0.0/h', 'unspecified'],
        ['https://[fd00::1]/h', 'unique-local'],
        ['https://[fc12:3456::1]/h', 'unique-local'],
        ['https://[fe80::1]/h', 'link-local'],
        ['https://[fd00:ec2::254]/h', 'metadata'],
        ['https://224.0.0.1/h', 'multicast'],
      ];
      for (const [url, cls] of blocked) {
        const res = await create(tenant.key, { url, events: ['*'] });
        expect(res.status, url).to.equal(400);
        const error = await errorBody(res);
        expect(error.code, url).to.equal('INVALID_REQUEST');
        expect(error.details[0], url).to.deep.include({ field: 'url', rule: 'ssrf' });
        expect(error.details[0].message, url).to.contain(`a ${cls} address`);
      }
      // Addresses next to the blocked ranges are public.
      for (const url of ['https://172.32.0.1/h', 'https://100.128.0.1/h', 'https://[2001:db8::1]/h']) {
        expect((await create(tenant.key, { url, events: ['*'] })).status, url).to.equal(201);
      }
    });

    it('400 INVALID_REQUEST rule ssrf in sandbox for internal addresses other than loopback', async () => {
      const tenant = await createTenant({ livemode: false });
      for (const url of ['https://169.254.169.254/h', 'https://10.0.0.1/h', 'https://[fd00::1]/h']) {
        const res = await create(tenant.key, { url, events: ['*'] });
        expect(res.status, url).to.equal(400);
        expect((await errorBody(res)).details[0], url).to.deep.include({ field: 'url', rule: 'ssrf' });
      }
    });

    it('400 rule ssrf in sandbox for every form of loopback unless the service allows loopback', async () => {
      const strict = await startTestApp();
      try {
        const tenant = await createTenant({ livemode: false });
        for (const url of [
          'http://127.0.0.1:4567/hooks',
          'http://localhost:4567/hooks',
          'http://LOCALHOST./hooks',
          'https://2130706433/hooks',
          'https://0x7f000001/hooks',
          'https://0x7f.1/hooks',
          'https://0177.0.0.1/hooks',
          'https://[::1]/hooks',
          'https://[::ffff:127.0.0.1]/hooks',
          'https://[::ffff:7f00:1]/hooks',
          'https://[::127.0.0.1]/hooks',
          'https://[64:ff9b::127.0.0.1]/hooks',
          'https://[2002:7f00:1::]/hooks',
        ]) {
          const res = await fetch(`${strict.url}/v1/webhooks`, {
            method: 'POST',
            headers: jsonHeaders(tenant.key),
            body: JSON.stringify({ url, events: ['*'] }),
          });
          expect(res.status, url).to.equal(400);
          const detail = (await errorBody(res)).details[0];
          expect(detail, url).to.deep.include({ field: 'url', rule: 'ssrf' });
          expect(detail.message, url).to.contain('WEBHOOK_ALLOW_LOOPBACK=true');
        }
      } finally {
        await strict.close();
      }
    });

    it('400 rule ssrf for internal IPv4 addresses inside NAT64, 6to4 and IPv4-compatible IPv6', async () => {
      const tenant = await createTenant();
      for (const [url, cls] of [
        ['https://[64:ff9b::10.0.0.1]/h', 'private'],
        ['https://[64:ff9b::a9fe:a9fe]/h', 'metadata'],
        ['https://[2002:c0a8:101::1]/h', 'private'],
        ['https://[::10.1.2.3]/h', 'private'],
        ['https://[::ffff:a00:1]/h', 'private'],
      ]) {
        const res = await create(tenant.key, { url, events: ['*'] });
        expect(res.status, url).to.equal(400);
        expect((await errorBody(res)).details[0].message, url).to.contain(`a ${cls} address`);
      }
      // The same forms around a public IPv4 address are public.
      for (const url of ['https://[64:ff9b::5db8:d822]/h', 'https://[2002:5db8:d822::1]/h']) {
        expect((await create(tenant.key, { url, events: ['*'] })).status, url).to.equal(201);
      }
    });

    it('400 INVALID_REQUEST rule url or dns for unusable URLs', async () => {
      const tenant = await createTenant();
      const cases: Array<[string, string]> = [
        ['not a url', 'url'],
        ['ftp://93.184.216.34/x', 'url'],
        ['https://user:pw@93.184.216.34/h', 'url'],
        ['https://no-such-host.invalid/h', 'dns'],
      ];
      for (const [url, rule] of cases) {
        const res = await create(tenant.key, { url, events: ['*'] });
        expect(res.status, url).to.equal(400);
        expect((await errorBody(res)).details[0], url).to.deep.include({ field: 'url', rule });
      }
    });

    it('400 MISSING_FIELD without events, INVALID_ENUM for an event outside the catalog', async () => {
      const tenant = await createTenant();
      const missing = await create(tenant.key, { url: PUBLIC_URL });
      expect(missing.status).to.equal(400);
      expect(await errorBody(missing)).to.deep.include({ code: 'MISSING_FIELD' });
      const unknown = await create(tenant.key, { url: PUBLIC_URL, events: ['document.exploded'] });
      expect(unknown.status).to.equal(400);
      const error = await errorBody(unknown);
      expect(error.code).to.equal('INVALID_ENUM');
      expect(error.details[0].field).to.equal('events[0]');
    });

    it('401 MISSING_AUTH without a bearer token', async () => {
      const res = await fetch(`${app.url}/v1/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: PUBLIC_URL, events: ['*'] }),
      });
      expect(res.status).to.equal(401);
      expect(await errorBody(res)).to.deep.include({ code: 'MISSING_AUTH' });
    });

    it('403 INSUFFICIENT_SCOPE without `receive`; a key with `receive` may', async () => {
      const tenant = await createTenant();
      const sendOnly = await createKey(tenant.organizationId, { livemode: true, scopes: ['send'] });
      const denied = await create(sendOnly.secret, { url: PUBLIC_URL, events: ['*'] });
      expect(denied.status).to.equal(403);
      expect(await errorBody(denied)).to.deep.include({ code: 'INSUFFICIENT_SCOPE' });
      const receiver = await createKey(tenant.organizationId, { livemode: true, scopes: ['receive'] });
      expect((await create(receiver.secret, { url: PUBLIC_URL, events: ['*'] })).status).to.equal(201);
      expect((await get(receiver.secret, '/v1/webhooks')).status).to.equal(200);
      expect((await get(sendOnly.secret, '/v1/webhooks')).status).to.equal(403);
    });

    it('403 COMPANY_FORBIDDEN for a bound key subscribing to another company', async () => {
      const tenant = await createTenant({ bindToCompany: true });
      const other = await createCompany(tenant.organizationId, true);
      const res = await create(tenant.key, { url: PUBLIC_URL, events: ['*'], companyId: other });
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({ code: 'COMPANY_FORBIDDEN' });
    });

    it('404 COMPANY_NOT_FOUND for an unknown company or one of another organization', async () => {
      const tenant = await createTenant();
      const stranger = await createTenant();
      for (const companyId of ['comp_doesnotexist000000000', stranger.companyId]) {
        const res = await create(tenant.key, { url: PUBLIC_URL, events: ['*'], companyId });
        expect(res.status).to.equal(404);
        expect(await errorBody(res)).to.deep.include({ code: 'COMPANY_NOT_FOUND' });
      }
    });
  });

  describe('GET /v1/webhooks', () => {
    it("lists the organization's webhooks in the caller's mode, newest first, filtered by companyId, paginated", async () => {
      const tenant = await createTenant();
      const a = await (await create(tenant.key, { url: PUBLIC_URL, events: ['*'] })).json();
      const b = await (
        await create(tenant.key, { url: PUBLIC_URL, events: ['*'], companyId: tenant.companyId })
      ).json();
      const sandboxKey = await createKey(tenant.organizationId, { livemode: false });
      await create(sandboxKey.secret, { url: 'http://127.0.0.1:1/h', events: ['*'] });
      await create((await createTenant()).key, { url: PUBLIC_URL, events: ['*'] });

      const all = await (await get(tenant.key, '/v1/webhooks')).json();
      expect(all.data.map((w: any) => w.id)).to.deep.equal([b.id, a.id]);
      expect(all.data.every((w: any) => !('secret' in w))).to.equal(true);
      expect(all).to.deep.include({ hasMore: false, cursor: null });
      const scoped = await (await get(tenant.key, `/v1/webhooks?companyId=${tenant.companyId}`)).json();
      expect(scoped.data.map((w: any) => w.id)).to.deep.equal([b.id]);
      const first = await (await get(tenant.key, '/v1/webhooks?limit=1')).json();
      expect(first.data.map((w: any) => w.id)).to.deep.equal([b.id]);
      expect(first.hasMore).to.equal(true);
      const second = await (await get(tenant.key, `/v1/webhooks?limit=1&cursor=${first.cursor}`)).json();
      expect(second.data.map((w: any) => w.id)).to.deep.equal([a.id]);
      expect(second.hasMore).to.equal(false);
      const sandbox = await (await get(sandboxKey.secret, '/v1/webhooks')).json();
      expect(sandbox.data).to.have.length(1);
      expect(sandbox.data[0].livemode).to.equal(false);
    });

    it("a bound key sees only its company's webhooks; 403 COMPANY_FORBIDDEN filtering on another", async () => {
      const tenant = await createTenant();
      await create(tenant.key, { url: PUBLIC_URL, events: ['*'] });
      const bound = await createKey(tenant.organizationId, { livemode: true, companyId: tenant.companyId });
      const own = await (await create(bound.secret, { url: PUBLIC_URL, events: ['*'] })).json();
      const list = await (await get(bound.secret, '/v1/webhooks')).json();
      expect(list.data.map((w: any) => w.id)).to.deep.equal([own.id]);
      const other = await createCompany(tenant.organizationId, true);
      const res = await get(bound.secret, `/v1/webhooks?companyId=${other}`);
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({ code: 'COMPANY_FORBIDDEN' });
    });

    it('400 INVALID_REQUEST for a cursor it did not issue', async () => {
      const tenant = await createTenant();
      const res = await get(tenant.key, '/v1/webhooks?cursor=bogus');
      expect(res.status).to.equal(400);
      expect(await errorBody(res)).to.deep.include({ code: 'INVALID_REQUEST' });
    });
  });

  describe('GET/PATCH/DELETE /v1/webhooks/{webhook_id}', () => {
    it('PATCH changes url and events, and rotateSecret returns a new secret once', async () => {
      const tenant = await createTenant();
      const created = await (await create(tenant.key, { url: PUBLIC_URL, events: ['*'] })).json();
      const changed = await patch(tenant.key, created.id, {
        url: 'https://93.184.216.35/new',
        events: ['lifecycle.updated'],
      });
      expect(changed.status).to.equal(200);
      const body = await changed.json();
      expect(body).to.deep.include({ url: 'https://93.184.216.35/new', events: ['lifecycle.updated'] });
      expect(body).to.not.have.property('secret');
      const rotated = await (await patch(tenant.key, created.id, { rotateSecret: true })).json();
      expect(rotated.secret)
        .to.match(/^whsec_/)
        .and.not.equal(created.secret);
      const stored = await testServers()
        .db.selectFrom('webhooks')
        .select('secret')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret).to.equal(rotated.secret);
    });

    it('PATCH status paused stops it; active re-enables it, resets failureCount and clears the pause notice', async () => {
      const tenant = await createTenant({ livemode: false });
      const receiver = await startWebhookReceiver(() => 204);
      after(() => receiver.close());
      const created = await (await create(tenant.key, { url: receiver.url, events: ['*'] })).json();
      expect(await (await patch(tenant.key, created.id, { status: 'paused' })).json()).to.deep.include({
        status: 'paused',
      });
      await testServers()
        .db.updateTable('webhooks')
        .set({ failure_count: 8, paused_at: new Date(), paused_reason: 'Paused after 8 failed attempts' })
        .where('id', '=', created.id)
        .execute();
      const paused = await (await get(tenant.key, `/v1/webhooks/${created.id}`)).json();
      expect(paused).to.deep.include({
        status: 'paused',
        failureCount: 8,
        pausedReason: 'Paused after 8 failed attempts',
      });
      expect(paused.pausedAt).to.be.a('string');
      const active = await (await patch(tenant.key, created.id, { status: 'active' })).json();
      expect(active).to.deep.include({ status: 'active', failureCount: 0, pausedAt: null, pausedReason: null });
    });

    describe('re-activating a paused webhook', () => {
      const pausedWebhook = async (answer: (i: number) => number | 'hang') => {
        const tenant = await createTenant({ livemode: false });
        const receiver = await startWebhookReceiver(answer);
        after(() => receiver.close());
        const created = await (await create(tenant.key, { url: receiver.url, events: ['document.received'] })).json();
        await testServers()
          .db.updateTable('webhooks')
          .set({
            status: 'paused',
            failure_count: 8,
            paused_at: new Date(),
            paused_reason: 'Paused after 8 failed attempts',
          })
          .where('id', '=', created.id)
          .execute();
        return { tenant, receiver, created };
      };

      it('first sends a signed webhook.test event; a 2xx re-activates it', async () => {
        const { tenant, receiver, created } = await pausedWebhook(() => 200);
        const res = await patch(tenant.key, created.id, { status: 'active' });
        expect(res.status).to.equal(200);
        expect(await res.json()).to.deep.include({
          status: 'active',
          failureCount: 0,
          pausedAt: null,
          pausedReason: null,
        });
        expect(receiver.received).to.have.length(1);
        const [probe] = receiver.received;
        const envelope = JSON.parse(probe.body);
        expect(envelope).to.deep.include({
          type: 'webhook.test',
          livemode: false,
          data: { webhookId: created.id, reason: 'reactivation' },
        });
        expect(envelope.id).to.match(/^evt_/);
        expect(probe.headers).to.deep.include({
          'x-service-event': 'webhook.test',
          'x-service-event-id': envelope.id,
          'x-service-attempt': '1',
        });
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(probe.headers['x-service-signature']))!;
        // Keyed with the issued secret's decoded bytes (whsec_ + base64), like every delivery.
        const key = Buffer.from(created.secret.slice('whsec_'.length), 'base64');
        expect(v1).to.equal(createHmac('sha256', key).update(`${t}.${probe.body}`).digest('hex'));
        expect(probe.headers['webhook-id']).to.equal(envelope.id);
        // A probe, not an event: the events API does not list it.
        const events = await (await get(tenant.key, '/v1/events?type=webhook.test')).json();
        expect(events.data).to.deep.equal([]);
      });

      it("422 WEBHOOK_TEST_FAILED with the receiver's answer when it does not answer 2xx; the webhook stays paused", async () => {
        const { tenant, receiver, created } = await pausedWebhook(() => 503);
        const res = await patch(tenant.key, created.id, { status: 'active', rotateSecret: true });
        expect(res.status).to.equal(422);
        const error = await errorBody(res);
        expect(error).to.deep.include({ type: 'invalid_request_error', code: 'WEBHOOK_TEST_FAILED' });
        expect(error.receiver).to.deep.include({ statusCode: 503, error: 'HTTP 503' });
        expect(error.message).to.contain('HTTP 503').and.contain(receiver.url);
        expect(receiver.received).to.have.length(1);
        const stored = await testServers()
          .db.selectFrom('webhooks')
          .selectAll()
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow();
        expect(stored).to.deep.include({
          status: 'paused',
          failure_count: 8,
          secret: created.secret,
          paused_reason: 'Paused after 8 failed attempts',
        });
      });

      it('422 WEBHOOK_TEST_FAILED when nothing listens at the url', async () => {
        const { tenant, receiver, created } = await pausedWebhook(() => 200);
        await receiver.close();
        const res = await patch(tenant.key, created.id, { status: 'active' });
        expect(res.status).to.equal(422);
        const error = await errorBody(res);
        expect(error.code).to.equal('WEBHOOK_TEST_FAILED');
        expect(error.receiver.statusCode).to.equal(null);
        expect(error.receiver.error).to.match(/ECONNREFUSED/);
      });

      it('an active webhook set to active again is not probed', async () => {
        const tenant = await createTenant({ livemode: false });
        const receiver = await startWebhookReceiver(() => 500);
        after(() => receiver.close());
        const created = await (await create(tenant.key, { url: receiver.url, events: ['*'] })).json();
        expect((await patch(tenant.key, created.id, { status: 'active' })).status).to.equal(200);
        expect(receiver.received).to.have.length(0);
      });
    });

    it('PATCH 400 for an empty body, an ssrf url, or an unknown status', async () => {
      const tenant = await createTenant();
      const created = await (await create(tenant.key, { url: PUBLIC_URL, events: ['*'] })).json();
      const empty = await patch(tenant.key, created.id, {});
      expect(empty.status).to.equal(400);
      expect(await errorBody(empty)).to.deep.include({ code: 'INVALID_REQUEST' });
      const ssrf = await patch(tenant.key, created.id, { url: 'https://169.254.169.254/' });
      expect(ssrf.status).to.equal(400);
      expect((await errorBody(ssrf)).details[0]).to.deep.include({ field: 'url', rule: 'ssrf' });
      const status = await patch(tenant.key, created.id, { status: 'disabled' });
      expect(status.status).to.equal(400);
      expect(await errorBody(status)).to.deep.include({ code: 'INVALID_ENUM' });
    });

    it('DELETE 204, then the webhook is gone (404)', async () => {
      const tenant = await createTenant();
      const created = await (await create(tenant.key, { url: PUBLIC_URL, events: ['*'] })).json();
      const res = await fetch(`${app.url}/v1/webhooks/${created.id}`, {
        method: 'DELETE',
        headers: bearer(tenant.key),
      });
      expect(res.status).to.equal(204);
      const gone = await get(tenant.key, `/v1/webhooks/${created.id}`);
      expect(gone.status).to.equal(404);
      expect(await errorBody(gone)).to.deep.include({ code: 'RESOURCE_NOT_FOUND' });
    });

    it("404 RESOURCE_NOT_FOUND on every route for another tenant's webhook, the other mode's, or an unknown id", async () => {
      const owner = await createTenant();
      const created = await (await create(owner.key, { url: PUBLIC_URL, events: ['*'] })).json();
      const stranger = await createTenant();
      const sandboxKey = await createKey(owner.organizationId, { livemode: false });
      for (const token of [stranger.key, sandboxKey.secret]) {
        for (const [method, path, body] of [
          ['GET', `/v1/webhooks/${created.id}`, undefined],
          ['PATCH', `/v1/webhooks/${created.id}`, { status: 'paused' }],
          ['DELETE', `/v1/webhooks/${created.id}`, undefined],
          ['GET', `/v1/webhooks/${created.id}/deliveries`, undefined],
        ] as const) {
          const res = await fetch(`${app.url}${path}`, {
            method,
            headers: jsonHeaders(token),
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          expect(res.status, `${method} ${path}`).to.equal(404);
          expect(await errorBody(res)).to.deep.include({ code: 'RESOURCE_NOT_FOUND' });
        }
      }
      const unknown = await get(owner.key, '/v1/webhooks/wh_doesnotexist0000000000');
      expect(unknown.status).to.equal(404);
      // Still there for its owner.
      expect((await get(owner.key, `/v1/webhooks/${created.id}`)).status).to.equal(200);
    });
  });

  describe('GET /v1/webhooks/{webhook_id}/deliveries', () => {
    it('lists each delivery with its attempts (status code, duration, error), newest first', async () => {
      const { db } = testServers();
      const tenant = await createTenant();
      const created = await (await create(tenant.key, { url: PUBLIC_URL, events: ['document.received'] })).json();
      const event = await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: true,
        companyId: tenant.companyId,
        type: 'document.received',
        data: { documentId: 'doc_1' },
      });
      const [delivery] = await createFanOutDeliveries(db, event);
      await startAttempt(db, delivery.id, 1);
      await finishAttempt(
        db,
        { deliveryId: delivery.id, webhookId: created.id, attempt: 1 },
        { outcome: 'failed', statusCode: 503, durationMs: 12, error: 'HTTP 503' },
        new Date('2030-01-01T00:00:30Z'),
      );
      await startAttempt(db, delivery.id, 2);
      await finishAttempt(
        db,
        { deliveryId: delivery.id, webhookId: created.id, attempt: 2 },
        { outcome: 'succeeded', statusCode: 200, durationMs: 8, error: null },
        null,
      );

      const res = await get(tenant.key, `/v1/webhooks/${created.id}/deliveries`);
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body.data).to.have.length(1);
      expect(body.data[0]).to.deep.include({
        id: delivery.id,
        webhookId: created.id,
        eventId: event.id,
        eventType: 'document.received',
        replay: false,
        status: 'succeeded',
        attemptCount: 2,
        nextAttemptAt: null,
      });
      expect(
        body.data[0].attempts.map((a: any) => [a.attempt, a.outcome, a.statusCode, a.durationMs, a.error]),
      ).to.deep.equal([
        [1, 'failed', 503, 12, 'HTTP 503'],
        [2, 'succeeded', 200, 8, null],
      ]);
      const webhook = await (await get(tenant.key, `/v1/webhooks/${created.id}`)).json();
      expect(webhook.failureCount).to.equal(0);
      expect(webhook.lastDeliveredAt).to.be.a('string');
      const filtered = await (await get(tenant.key, `/v1/webhooks/${created.id}/deliveries?status=failed`)).json();
      expect(filtered.data).to.deep.equal([]);
    });

    it('400 INVALID_ENUM for an unknown status filter', async () => {
      const tenant = await createTenant();
      const created = await (await create(tenant.key, { url: PUBLIC_URL, events: ['*'] })).json();
      const res = await get(tenant.key, `/v1/webhooks/${created.id}/deliveries?status=lost`);
      expect(res.status).to.equal(400);
      expect(await errorBody(res)).to.deep.include({ code: 'INVALID_ENUM' });
    });
  });
});
