import { expect } from 'chai';
import { Client, Connection } from '@temporalio/client';
import { freePort } from '../../core/ports.ts';
import { createHmac } from 'node:crypto';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { loopbackWebhookSenders } from '../support/upstreams.ts';
import { bearer, createCompany, createKey, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { insertEvent } from '../../db/events.ts';
import type { EventType } from '../../core/events.ts';

describe('Events API (parts 2.8, 4.10, 6.5)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ upstreams: { webhooks: loopbackWebhookSenders() } });
  });
  after(() => app.close());

  const get = (token: string, path: string) => fetch(`${app.url}${path}`, { headers: bearer(token) });
  const post = (token: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: body === undefined ? bearer(token) : jsonHeaders(token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const emit = (
    tenant: Tenant,
    options: { type?: EventType; livemode?: boolean; companyId?: string | null; data?: Record<string, unknown> } = {},
  ) =>
    insertEvent(testServers().db, {
      organizationId: tenant.organizationId,
      livemode: options.livemode ?? true,
      companyId: options.companyId === undefined ? tenant.companyId : options.companyId,
      type: options.type ?? 'document.received',
      data: options.data ?? { documentId: 'doc_1' },
    });

  describe('GET /v1/events', () => {
    it("lists the caller's unacknowledged events of its mode, newest first, as {id, type, createdAt, livemode, companyId, data}", async () => {
      const tenant = await createTenant();
      const first = await emit(tenant, { data: { documentId: 'doc_a', direction: 'incoming' } });
      const second = await emit(tenant, { type: 'lifecycle.updated', companyId: null });
      await emit(tenant, { livemode: false });
      await emit(await createTenant());
      const res = await get(tenant.key, '/v1/events');
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body.hasMore).to.equal(false);
      expect(body.cursor).to.equal(null);
      const expected = [
        {
          id: second.id,
          type: 'lifecycle.updated',
          createdAt: second.created_at.toISOString(),
          livemode: true,
          companyId: null,
          data: { documentId: 'doc_1' },
        },
        {
          id: first.id,
          type: 'document.received',
          createdAt: first.created_at.toISOString(),
          livemode: true,
          companyId: tenant.companyId,
          data: { documentId: 'doc_a', direction: 'incoming' },
        },
      ];
      // Newest first is the stored creation time, then the id: two inserts a moment apart can share
      // a microsecond, or read clocks that disagree by that much, so the database says which is newer.
      const newestFirst = await testServers()
        .db.selectFrom('events')
        .select('id')
        .where('id', 'in', [first.id, second.id])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(body.data).to.deep.equal(newestFirst.map((row) => expected.find((e) => e.id === row.id)));
    });

    it('in sandbox the same events have livemode false', async () => {
      const tenant = await createTenant({ livemode: false });
      const event = await emit(tenant, { livemode: false });
      const body = await (await get(tenant.key, '/v1/events')).json();
      expect(body.data.map((e: any) => [e.id, e.livemode])).to.deep.equal([[event.id, false]]);
    });

    it('filters by type and companyId, and pages with limit and cursor', async () => {
      const tenant = await createTenant();
      const other = await createCompany(tenant.organizationId, true);
      // Timestamps are kept to the millisecond: events a millisecond apart have a defined order.
      const tick = () => new Promise((r) => setTimeout(r, 3));
      const a = await emit(tenant);
      await tick();
      const b = await emit(tenant, { type: 'document.sent' });
      await tick();
      const c = await emit(tenant, { companyId: other });
      const ids = async (query: string) =>
        (await (await get(tenant.key, `/v1/events${query}`)).json()).data.map((e: any) => e.id);
      expect(await ids('?type=document.received')).to.deep.equal([c.id, a.id]);
      expect(await ids(`?companyId=${other}`)).to.deep.equal([c.id]);
      expect(await ids(`?type=document.received&companyId=${tenant.companyId}`)).to.deep.equal([a.id]);
      const page1 = await (await get(tenant.key, '/v1/events?limit=2')).json();
      expect(page1.data.map((e: any) => e.id)).to.deep.equal([c.id, b.id]);
      expect(page1.hasMore).to.equal(true);
      const page2 = await (await get(tenant.key, `/v1/events?limit=2&cursor=${page1.cursor}`)).json();
      expect(page2.data.map((e: any) => e.id)).to.deep.equal([a.id]);
      expect(page2.hasMore).to.equal(false);
    });

    it("a key bound to a company sees only that company's events; 403 COMPANY_FORBIDDEN filtering on another", async () => {
      const tenant = await createTenant();
      const own = await emit(tenant);
      await emit(tenant, { companyId: null });
      const bound = await createKey(tenant.organizationId, { livemode: true, companyId: tenant.companyId });
      const body = await (await get(bound.secret, '/v1/events')).json();
      expect(body.data.map((e: any) => e.id)).to.deep.equal([own.id]);
      const other = await createCompany(tenant.organizationId, true);
      const res = await get(bound.secret, `/v1/events?companyId=${other}`);
      expect(res.status).to.equal(403);
      expect(await errorBody(res)).to.deep.include({ code: 'COMPANY_FORBIDDEN' });
    });

    it('400 INVALID_ENUM for a type outside the catalog, INVALID_REQUEST for a foreign cursor', async () => {
      const tenant = await createTenant();
      const type = await get(tenant.key, '/v1/events?type=document.exploded');
      expect(type.status).to.equal(400);
      expect(await errorBody(type)).to.deep.include({ code: 'INVALID_ENUM' });
      const cursor = await get(tenant.key, '/v1/events?cursor=nope');
      expect(cursor.status).to.equal(400);
      expect(await errorBody(cursor)).to.deep.include({ code: 'INVALID_REQUEST' });
    });

    it('401 MISSING_AUTH without a token; 403 INSUFFICIENT_SCOPE without `receive` on every events route', async () => {
      const anonymous = await fetch(`${app.url}/v1/events`);
      expect(anonymous.status).to.equal(401);
      expect(await errorBody(anonymous)).to.deep.include({ code: 'MISSING_AUTH' });
      const tenant = await createTenant();
      const event = await emit(tenant);
      const readOnly = await createKey(tenant.organizationId, { livemode: true, scopes: ['documents.read'] });
      for (const res of [
        await get(readOnly.secret, '/v1/events'),
        await post(readOnly.secret, '/v1/events/ack', { eventIds: [event.id] }),
        await post(readOnly.secret, `/v1/events/${event.id}/ack`),
        await post(readOnly.secret, `/v1/events/${event.id}/replay`),
      ]) {
        expect(res.status).to.equal(403);
        expect(await errorBody(res)).to.deep.include({ code: 'INSUFFICIENT_SCOPE' });
      }
      const receive = await createKey(tenant.organizationId, { livemode: true, scopes: ['receive'] });
      expect((await get(receive.secret, '/v1/events')).status).to.equal(200);
    });
  });

  describe('GET /v1/events?after= (catching up after downtime)', () => {
    // Timestamps are kept to the millisecond: events a millisecond apart have a defined order.
    const tick = () => new Promise((r) => setTimeout(r, 3));
    const ids = async (token: string, query: string) => {
      const res = await get(token, `/v1/events${query}`);
      expect(res.status, `${query} ${res.status === 200 ? '' : await res.clone().text()}`).to.equal(200);
      return (await res.json()) as { data: Array<{ id: string }>; hasMore: boolean; cursor: string | null };
    };
    const emitSeries = async (tenant: Tenant, n: number) => {
      const events = [];
      for (let i = 0; i < n; i++) {
        events.push(await emit(tenant, { data: { documentId: `doc_${i}` } }));
        await tick();
      }
      return events;
    };

    it('lists exactly the events created after the given one, oldest first, and nothing of other tenants or modes', async () => {
      const tenant = await createTenant();
      const [a, b, c, d] = await emitSeries(tenant, 4);
      await emit(tenant, { livemode: false });
      await emit(await createTenant());
      const page = await ids(tenant.key, `?after=${b.id}`);
      expect(page.data.map((e) => e.id)).to.deep.equal([c.id, d.id]);
      expect(page).to.deep.include({ hasMore: false, cursor: null });
      expect((await ids(tenant.key, `?after=${a.id}&type=document.received`)).data.map((e) => e.id)).to.deep.equal([
        b.id,
        c.id,
        d.id,
      ]);
      expect((await ids(tenant.key, `?after=${d.id}`)).data).to.deep.equal([]);
    });

    it('pages with the cursor, passed back as `cursor` or as `after`, without gaps or repeats', async () => {
      const tenant = await createTenant();
      const [start, ...rest] = await emitSeries(tenant, 6);
      const first = await ids(tenant.key, `?after=${start.id}&limit=2`);
      expect(first.data.map((e) => e.id)).to.deep.equal([rest[0].id, rest[1].id]);
      expect(first.hasMore).to.equal(true);
      const second = await ids(tenant.key, `?after=${start.id}&limit=2&cursor=${first.cursor}`);
      expect(second.data.map((e) => e.id)).to.deep.equal([rest[2].id, rest[3].id]);
      const third = await ids(tenant.key, `?after=${second.cursor}&limit=2`);
      expect(third.data.map((e) => e.id)).to.deep.equal([rest[4].id]);
      expect(third).to.deep.include({ hasMore: false, cursor: null });
    });

    it('includes acknowledged events only with includeAcknowledged=true, also in the newest-first queue', async () => {
      const tenant = await createTenant();
      const [start, acked, kept] = await emitSeries(tenant, 3);
      expect((await post(tenant.key, '/v1/events/ack', { eventIds: [start.id, acked.id] })).status).to.equal(200);
      // An acknowledged event is still a valid starting point.
      expect((await ids(tenant.key, `?after=${start.id}`)).data.map((e) => e.id)).to.deep.equal([kept.id]);
      expect(
        (await ids(tenant.key, `?after=${start.id}&includeAcknowledged=true`)).data.map((e) => e.id),
      ).to.deep.equal([acked.id, kept.id]);
      expect((await ids(tenant.key, '?includeAcknowledged=true')).data.map((e) => e.id)).to.deep.equal([
        kept.id,
        acked.id,
        start.id,
      ]);
      expect((await ids(tenant.key, '?includeAcknowledged=false')).data.map((e) => e.id)).to.deep.equal([kept.id]);
    });

    it("a key bound to a company catches up on that company's events only", async () => {
      const tenant = await createTenant();
      const [start] = await emitSeries(tenant, 1);
      await emit(tenant, { companyId: null });
      await tick();
      const own = await emit(tenant);
      const bound = await createKey(tenant.organizationId, { livemode: true, companyId: tenant.companyId });
      expect((await ids(bound.secret, `?after=${start.id}`)).data.map((e) => e.id)).to.deep.equal([own.id]);
    });

    it("404 RESOURCE_NOT_FOUND for an unknown event id, another tenant's or the other mode's", async () => {
      const tenant = await createTenant();
      const foreign = await emit(await createTenant());
      const sandbox = await emit(tenant, { livemode: false });
      for (const id of ['evt_unknown0000000000000', foreign.id, sandbox.id]) {
        const res = await get(tenant.key, `/v1/events?after=${id}`);
        expect(res.status, id).to.equal(404);
        expect(await errorBody(res)).to.deep.include({
          code: 'RESOURCE_NOT_FOUND',
          message: `No event ${id} in this organization.`,
        });
      }
    });

    it('400 INVALID_REQUEST for an `after` that is neither an event id nor a cursor, and for a non-boolean includeAcknowledged', async () => {
      const tenant = await createTenant();
      const res = await get(tenant.key, '/v1/events?after=yesterday');
      expect(res.status).to.equal(400);
      const body = await errorBody(res);
      expect(body).to.deep.include({ code: 'INVALID_REQUEST' });
      expect(body.details).to.deep.equal([
        { field: 'after', rule: 'cursor', message: 'is not an event id or a cursor' },
      ]);
      const flag = await get(tenant.key, '/v1/events?includeAcknowledged=maybe');
      expect(flag.status).to.equal(400);
    });
  });

  describe('POST /v1/events/ack and /v1/events/{event_id}/ack', () => {
    it("batch: acknowledges the caller's events, skips unknown and foreign ids, and hides them from the list", async () => {
      const tenant = await createTenant();
      const a = await emit(tenant);
      const b = await emit(tenant);
      const kept = await emit(tenant);
      const foreign = await emit(await createTenant());
      const res = await post(tenant.key, '/v1/events/ack', {
        eventIds: [a.id, b.id, foreign.id, 'evt_unknown0000000000000'],
      });
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ acknowledged: 2 });
      const again = await post(tenant.key, '/v1/events/ack', { eventIds: [a.id] });
      expect(await again.json()).to.deep.equal({ acknowledged: 0 });
      const list = await (await get(tenant.key, '/v1/events')).json();
      expect(list.data.map((e: any) => e.id)).to.deep.equal([kept.id]);
      // The foreign event is untouched.
      const row = await testServers()
        .db.selectFrom('events')
        .select('acknowledged_at')
        .where('id', '=', foreign.id)
        .executeTakeFirstOrThrow();
      expect(row.acknowledged_at).to.equal(null);
    });

    it('batch: 400 MISSING_FIELD without eventIds, INVALID_REQUEST for an empty list or a malformed id', async () => {
      const tenant = await createTenant();
      const missing = await post(tenant.key, '/v1/events/ack', {});
      expect(missing.status).to.equal(400);
      expect(await errorBody(missing)).to.deep.include({ code: 'MISSING_FIELD' });
      for (const eventIds of [[], ['not-an-event']]) {
        const res = await post(tenant.key, '/v1/events/ack', { eventIds });
        expect(res.status).to.equal(400);
        expect(await errorBody(res)).to.deep.include({ code: 'INVALID_REQUEST' });
      }
    });

    it('single: 204, and 204 again (idempotent); the event leaves the list', async () => {
      const tenant = await createTenant();
      const event = await emit(tenant);
      const res = await post(tenant.key, `/v1/events/${event.id}/ack`);
      expect(res.status).to.equal(204);
      expect((await post(tenant.key, `/v1/events/${event.id}/ack`)).status).to.equal(204);
      const list = await (await get(tenant.key, '/v1/events')).json();
      expect(list.data).to.deep.equal([]);
    });

    it("single: 404 RESOURCE_NOT_FOUND for an unknown event, another tenant's, or the other mode's", async () => {
      const tenant = await createTenant();
      const foreign = await emit(await createTenant());
      const sandbox = await emit(tenant, { livemode: false });
      for (const id of ['evt_unknown0000000000000', foreign.id, sandbox.id]) {
        const res = await post(tenant.key, `/v1/events/${id}/ack`);
        expect(res.status, id).to.equal(404);
        expect(await errorBody(res)).to.deep.include({ code: 'RESOURCE_NOT_FOUND' });
      }
    });
  });

  describe('POST /v1/events/{event_id}/replay', () => {
    let receiver: WebhookReceiver;
    before(async () => {
      await ensureTestWorkers();
      receiver = await startWebhookReceiver(() => 200);
    });
    after(() => receiver.close());

    it('503 UPSTREAM_UNAVAILABLE when the workflow service is down, leaving no delivery that would never run', async () => {
      const tenant = await createTenant({ livemode: false });
      const hook = await (await post(tenant.key, '/v1/webhooks', { url: receiver.url, events: ['*'] })).json();
      const event = await emit(tenant, {
        livemode: false,
        type: 'document.delivered',
        data: { documentId: 'doc_down' },
      });
      const down = await startTestApp({
        temporal: new Client({
          connection: Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: 500 }),
        }),
      });
      try {
        const res = await fetch(`${down.url}/v1/events/${event.id}/replay`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
        });
        expect(res.status).to.be.oneOf([503, 504]);
        expect(res.headers.get('retry-after')).to.be.a('string');
        const left = await testServers()
          .db.selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_id', '=', hook.id)
          .where('event_id', '=', event.id)
          .execute();
        expect(left).to.deep.equal([]);
      } finally {
        await down.close();
      }
    });

    it('schedules a new delivery to every currently matching active webhook, with the same event id, even once acknowledged', async () => {
      const tenant = await createTenant({ livemode: false });
      const create = async (body: Record<string, unknown>) =>
        await (await post(tenant.key, '/v1/webhooks', { url: receiver.url, ...body })).json();
      const all = await create({ events: ['*'], secret: 'replay-secret-0123456789' });
      const typed = await create({ events: ['document.delivered'], companyId: tenant.companyId });
      await create({ events: ['document.sent'] });
      const paused = await create({ events: ['*'] });
      await fetch(`${app.url}/v1/webhooks/${paused.id}`, {
        method: 'PATCH',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ status: 'paused' }),
      });
      const event = await emit(tenant, {
        livemode: false,
        type: 'document.delivered',
        data: { documentId: 'doc_r', deliveredAt: '2026-11-21T10:00:00Z' },
      });
      expect((await post(tenant.key, `/v1/events/${event.id}/ack`)).status).to.equal(204);

      const res = await post(tenant.key, `/v1/events/${event.id}/replay`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ replayed: 2 });
      const requests = await receiver.waitFor(2);
      const mine = requests.filter((r) => r.headers['x-service-event-id'] === event.id);
      expect(mine).to.have.length(2);
      for (const r of mine) {
        expect(JSON.parse(r.body)).to.deep.include({ id: event.id, type: 'document.delivered', livemode: false });
        expect(r.headers['x-service-attempt']).to.equal('1');
      }
      const allDelivery = await testServers()
        .db.selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', all.id)
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      const toAll = mine.find((r) => r.headers['x-service-delivery'] === allDelivery.id);
      expect(toAll, 'delivery to the `*` webhook').to.not.equal(undefined);
      const [t, v1] = String(toAll!.headers['x-service-signature'])
        .split(',')
        .map((p) => p.split('=')[1]);
      expect(v1).to.equal(createHmac('sha256', 'replay-secret-0123456789').update(`${t}.${toAll!.body}`).digest('hex'));

      // Each replay is a new delivery, listed as such.
      const deliveries = await (await get(tenant.key, `/v1/webhooks/${typed.id}/deliveries`)).json();
      expect(deliveries.data).to.have.length(1);
      expect(deliveries.data[0]).to.deep.include({ eventId: event.id, replay: true });
      expect(await (await post(tenant.key, `/v1/events/${event.id}/replay`)).json()).to.deep.equal({ replayed: 2 });
      expect((await (await get(tenant.key, `/v1/webhooks/${typed.id}/deliveries`)).json()).data).to.have.length(2);
    });

    it('replayed 0 when no active webhook matches', async () => {
      const tenant = await createTenant({ livemode: false });
      const event = await emit(tenant, { livemode: false });
      const res = await post(tenant.key, `/v1/events/${event.id}/replay`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ replayed: 0 });
    });

    it("404 RESOURCE_NOT_FOUND for an unknown event or another tenant's", async () => {
      const tenant = await createTenant();
      const foreign = await emit(await createTenant());
      for (const id of ['evt_unknown0000000000000', foreign.id]) {
        const res = await post(tenant.key, `/v1/events/${id}/replay`);
        expect(res.status, id).to.equal(404);
        expect(await errorBody(res)).to.deep.include({ code: 'RESOURCE_NOT_FOUND' });
      }
    });
  });
});
