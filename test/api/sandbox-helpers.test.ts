import { expect } from 'chai';
import { sql } from 'kysely';
import { TASK_QUEUES } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { insertEvent } from '../../db/events.ts';
import { advanceDelta } from '../../api/sandbox/clock.ts';
import type { timedWaitWorkflow } from '../../workflows/system/wait.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createCompany, createKey, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { invoiceBody, waitForDocument } from '../support/documents.ts';
import { SANDBOX_RECIPIENTS } from '../../core/sandbox-scenarios.ts';

const SLOW_RECIPIENT = SANDBOX_RECIPIENTS.slowDelivery;

const HOUR = 3_600_000;

async function startWait(tenant: Tenant, workflowId: string, waitMs: number) {
  const { temporal } = testServers();
  const handle = await temporal.workflow.start<typeof timedWaitWorkflow>('timedWaitWorkflow', {
    taskQueue: TASK_QUEUES.system,
    workflowId,
    args: [{ livemode: false, offsetMs: 0, waitMs }],
    typedSearchAttributes: searchAttributesFor({
      organizationId: tenant.organizationId,
      livemode: false,
      companyId: tenant.companyId,
    }),
  });
  // The helper finds runs through visibility, which lags the start by a moment.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const seen = [];
    for await (const run of temporal.workflow.list({ query: `WorkflowId = '${workflowId}'` })) seen.push(run);
    if (seen.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return handle;
}

describe('sandbox helpers (part 4.4)', () => {
  let app: TestApp;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
  });
  after(() => app.close());
  const post = (key: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: jsonHeaders(key),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  describe('POST /v1/sandbox/clock/advance', () => {
    it('also wakes the runs the database knows of, when visibility does not list them yet', async () => {
      const tenant = await createTenant({ livemode: false, plan: 'pro' });
      const sent = await post(tenant.key, '/v1/documents/send', {
        type: 'invoice',
        from: tenant.companyId,
        to: SLOW_RECIPIENT,
        document: invoiceBody({ number: 'INV-CLOCK-UNLISTED' }),
      });
      const doc = await sent.json();
      expect(sent.status, JSON.stringify(doc)).to.equal(201);
      // The app's client lists nothing, as visibility right after a start may not.
      const { temporal } = testServers();
      const workflow = new Proxy(temporal.workflow, {
        get: (target, prop, receiver) =>
          prop === 'list' ? () => (async function* () {})() : Reflect.get(target, prop, receiver),
      });
      const blind = await startTestApp({ temporal: Object.assign(Object.create(temporal), { workflow }) });
      try {
        const res = await fetch(`${blind.url}/v1/sandbox/clock/advance`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify({ companyId: tenant.companyId, by: '7h' }),
        });
        const body = await res.json();
        expect(res.status, JSON.stringify(body)).to.equal(200);
        expect(body.signaledWorkflows).to.be.at.least(1);
      } finally {
        await blind.close();
      }
      // The slow recipient confirms 6 hours after hand-off: only the advance can have delivered it.
      const delivered = await waitForDocument(
        app.url,
        tenant.key,
        doc.id,
        (d) => d.deliveryStatus === 'delivered',
        15_000,
      );
      expect(delivered.deliveryStatus).to.equal('delivered');
    });

    it('moves the company clock and wakes a 12 h wait at once', async () => {
      const tenant = await createTenant({ livemode: false });
      const handle = await startWait(tenant, `sandbox-clock-${tenant.companyId}`, 12 * HOUR);
      const res = await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '12h' });
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body).to.deep.include({ companyId: tenant.companyId, offsetMs: 12 * HOUR, signaledWorkflows: 1 });
      expect(new Date(body.virtualNow).getTime() - Date.now()).to.be.within(12 * HOUR - 5000, 12 * HOUR + 5000);
      const started = Date.now();
      const result = await handle.result();
      expect(Date.now() - started).to.be.below(10_000);
      expect(result.wokeAt).to.be.at.least(Date.now() + 12 * HOUR - 60_000);
      const company = await testServers()
        .db.selectFrom('companies')
        .select('clock_offset_ms')
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow();
      expect(Number(company.clock_offset_ms)).to.equal(12 * HOUR);
    });

    it('accepts the company by vat: form or bare Peppol id and adds up successive advances; reset returns to wall-clock time', async () => {
      const tenant = await createTenant({ livemode: false });
      const company = await testServers()
        .db.selectFrom('companies')
        .select(['vat_number', 'peppol_id'])
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow();
      await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: `vat:${company.vat_number}`, by: '12h' });
      const byPeppolId = await post(tenant.key, '/v1/sandbox/clock/advance', {
        companyId: company.peppol_id,
        by: '12h',
      });
      expect(byPeppolId.status).to.equal(200);
      expect(await byPeppolId.json()).to.deep.include({ companyId: tenant.companyId, offsetMs: 24 * HOUR });
      const second = await (
        await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '2w' })
      ).json();
      expect(second.offsetMs).to.equal(15 * 24 * HOUR);
      const reset = await post(tenant.key, '/v1/sandbox/clock/reset', { companyId: tenant.companyId });
      expect(reset.status).to.equal(200);
      expect((await reset.json()).offsetMs).to.equal(0);
    });

    it("without companyId, moves the only company's clock; with several, 400 MISSING_FIELD naming companyId", async () => {
      const tenant = await createTenant({ livemode: false });
      const advanced = await post(tenant.key, '/v1/sandbox/clock/advance', { by: '2h' });
      expect(advanced.status).to.equal(200);
      expect(await advanced.json()).to.deep.include({ companyId: tenant.companyId, offsetMs: 2 * HOUR });
      // The body of a reset may be left out.
      const reset = await fetch(`${app.url}/v1/sandbox/clock/reset`, { method: 'POST', headers: bearer(tenant.key) });
      expect(reset.status).to.equal(200);
      expect(await reset.json()).to.deep.include({ companyId: tenant.companyId, offsetMs: 0 });

      const second = await createCompany(tenant.organizationId, false);
      const ambiguous = await post(tenant.key, '/v1/sandbox/clock/advance', { by: '1h' });
      expect(ambiguous.status).to.equal(400);
      const error = await errorBody(ambiguous);
      expect(error.code).to.equal('MISSING_FIELD');
      expect(error.details[0]).to.deep.include({ field: 'companyId', rule: 'required' });
      const rows = await testServers()
        .db.selectFrom('companies')
        .select(['id', 'clock_offset_ms'])
        .where('id', 'in', [tenant.companyId, second])
        .execute();
      expect(rows.map((r) => Number(r.clock_offset_ms))).to.deep.equal([0, 0]);
      // A key bound to one company needs no companyId however many the organization has.
      const bound = await createKey(tenant.organizationId, { livemode: false, companyId: second });
      const own = await post(bound.secret, '/v1/sandbox/clock/advance', { by: '1h' });
      expect(own.status).to.equal(200);
      expect((await own.json()).companyId).to.equal(second);
    });

    it('400 for a malformed duration, 404 COMPANY_NOT_FOUND for a live or foreign company', async () => {
      const tenant = await createTenant({ livemode: false });
      const other = await createTenant({ livemode: false });
      const bad = await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '12 hours' });
      expect(bad.status).to.equal(400);
      expect((await errorBody(bad)).details[0].field).to.equal('by');
      const foreign = await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: other.companyId, by: '1h' });
      expect(foreign.status).to.equal(404);
      expect((await errorBody(foreign)).code).to.equal('COMPANY_NOT_FOUND');
    });

    it('400 for an advance past the year 9999, before anything moves', async () => {
      const tenant = await createTenant({ livemode: false });
      const far = await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '999999y' });
      expect(far.status).to.equal(400);
      const error = await errorBody(far);
      expect(error.code).to.equal('INVALID_REQUEST');
      expect(error.details[0]).to.deep.include({ field: 'by', rule: 'maximum' });
      const ok = await post(tenant.key, '/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '1h' });
      expect((await ok.json()).offsetMs).to.equal(HOUR);
      expect(() => advanceDelta('7974y', Date.UTC(2026, 0, 1))).to.throw('past the year 9999');
      expect(new Date(Date.UTC(2026, 0, 1) + advanceDelta('7973y', Date.UTC(2026, 0, 1))).getUTCFullYear()).to.equal(
        9999,
      );
    });

    it('advances by calendar months and years', () => {
      const jan31 = Date.UTC(2027, 0, 31);
      expect(new Date(jan31 + advanceDelta('1m', jan31)).toISOString()).to.equal('2027-03-03T00:00:00.000Z');
      expect(advanceDelta('1y', Date.UTC(2026, 5, 1))).to.equal(365 * 24 * HOUR);
      expect(advanceDelta('1y', Date.UTC(2027, 5, 1))).to.equal(366 * 24 * HOUR);
      expect(advanceDelta('3h', 0)).to.equal(3 * HOUR);
    });
  });

  describe('SMP registration on the company clock', () => {
    it('a bootstrapped sandbox company registers with the simulated SMP once its clock is advanced', async () => {
      const created = await (
        await fetch(`${app.url}/v1/sandbox/keys`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ label: 'smp-clock' }),
        })
      ).json();
      const company = () =>
        fetch(`${app.url}/v1/companies/${created.company.id}`, { headers: bearer(created.key) }).then((r) => r.json());
      expect((await company()).smpRegistered).to.equal(false);
      const deadline = Date.now() + 15_000;
      let registered = false;
      while (!registered && Date.now() < deadline) {
        await post(created.key, '/v1/sandbox/clock/advance', { companyId: created.company.id, by: '1h' });
        await new Promise((r) => setTimeout(r, 300));
        const row = await testServers()
          .db.selectFrom('companies')
          .select('smp_registered')
          .where('id', '=', created.company.id)
          .executeTakeFirstOrThrow();
        registered = row.smp_registered;
      }
      const after = await company();
      expect(after.smpRegistered).to.equal(true);
      expect(after.smpRegisteredAt).to.be.a('string');
      const events = await testServers()
        .db.selectFrom('events')
        .select('data')
        .where('type', '=', 'company.smp_registered')
        .where('organization_id', '=', created.organizationId)
        .execute();
      expect(events.map((e) => (e.data as any).companyId)).to.deep.equal([created.company.id]);
    });
  });

  describe('live keys', () => {
    it('403 SANDBOX_ONLY on every helper', async () => {
      const live = await createTenant();
      for (const [path, body] of [
        ['/v1/sandbox/clock/advance', { companyId: live.companyId, by: '1h' }],
        ['/v1/sandbox/clock/reset', { companyId: live.companyId }],
        ['/v1/sandbox/rate-limit', {}],
        ['/v1/sandbox/idempotency/flush', undefined],
        ['/v1/sandbox/reset', { confirm: 'yes' }],
      ] as const) {
        const res = await post(live.key, path, body);
        expect(res.status, path).to.equal(403);
        expect(await errorBody(res)).to.deep.include({ type: 'permission_error', code: 'SANDBOX_ONLY' });
      }
    });
  });

  describe('POST /v1/sandbox/rate-limit', () => {
    it('makes every later request of the organization 429 for the duration', async () => {
      const tenant = await createTenant({ livemode: false });
      const res = await post(tenant.key, '/v1/sandbox/rate-limit', { durationSeconds: 30 });
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body.durationSeconds).to.equal(30);
      const limited = await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key) });
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers.get('retry-after'))).to.be.within(28, 30);
    });

    it('defaults to 60 s and rejects durations outside 1..3600', async () => {
      const tenant = await createTenant({ livemode: false });
      for (const durationSeconds of [0, 3601]) {
        const res = await post(tenant.key, '/v1/sandbox/rate-limit', { durationSeconds });
        expect(res.status).to.equal(400);
      }
      const res = await post(tenant.key, '/v1/sandbox/rate-limit');
      expect((await res.json()).durationSeconds).to.equal(60);
    });
  });

  describe('POST /v1/sandbox/idempotency/flush', () => {
    it("drops the calling key's cache so a used key runs again", async () => {
      const tenant = await createTenant({ livemode: false });
      const create = () =>
        fetch(`${app.url}/v1/api-keys`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key, { 'Idempotency-Key': 'flush-me' }),
          body: JSON.stringify({ name: 'flushed' }),
        });
      await create();
      expect((await create()).headers.get('idempotent-replayed')).to.equal('true');
      const flushed = await (await post(tenant.key, '/v1/sandbox/idempotency/flush')).json();
      expect(flushed.flushed).to.equal(1);
      const again = await create();
      expect(again.status).to.equal(201);
      expect(again.headers.get('idempotent-replayed')).to.equal(null);
    });
  });

  describe('POST /v1/sandbox/reset', () => {
    it("wipes the scope's sandbox data, cancels its running workflows and keeps live data", async () => {
      const tenant = await createTenant({ livemode: false });
      const { db, temporal } = testServers();
      await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'document.updated',
        data: {},
      });
      await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'document.updated',
        data: {},
      });
      const live = await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: true,
        companyId: null,
        type: 'document.updated',
        data: {},
      });
      const delivery = await startWait(tenant, `delivery:reset-${tenant.companyId}`, 6 * HOUR);
      const unrelated = await startWait(tenant, `company:reset-${tenant.companyId}`, 6 * HOUR);

      const res = await post(tenant.key, '/v1/sandbox/reset', { confirm: 'yes', scope: 'events' });
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({
        scope: 'events',
        deleted: { events: 2 },
        cancelledWorkflows: 1,
        terminatedWorkflows: 0,
      });
      // Cancellation is requested; the run ends as soon as its worker handles it.
      const closed = await delivery.result().then(
        () => 'COMPLETED',
        (err) => err?.cause?.name ?? String(err),
      );
      expect(closed).to.equal('CancelledFailure');
      expect((await delivery.describe()).status.name).to.equal('CANCELLED');
      expect((await unrelated.describe()).status.name).to.equal('RUNNING');
      const left = await db
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', tenant.organizationId)
        .execute();
      expect(left.map((e) => e.id)).to.deep.equal([live.id]);
      await temporal.workflow.getHandle(unrelated.workflowId).terminate('test cleanup');
    });

    it('scope documents deletes the sandbox documents with their files, events and runs, and counts them', async () => {
      const tenant = await createTenant({ livemode: false, plan: 'pro' });
      const { db, temporal } = testServers();
      const pending = await (
        await post(tenant.key, '/v1/documents/send', {
          type: 'invoice',
          from: tenant.companyId,
          to: SLOW_RECIPIENT,
          document: invoiceBody({ number: 'INV-RESET-1' }),
        })
      ).json();
      const stored = await post(tenant.key, '/v1/documents/send', {
        type: 'invoice',
        format: 'raw',
        from: tenant.companyId,
        to: SLOW_RECIPIENT,
        file: {
          content: Buffer.from('%PDF-1.4 reset').toString('base64'),
          contentType: 'application/pdf',
          filename: 'reset.pdf',
        },
      });
      expect(stored.status, await stored.clone().text()).to.equal(201);
      const storedDoc = await stored.json();
      await waitForDocument(app.url, tenant.key, pending.id, (d) => d.status === 'sent');
      const run = temporal.workflow.getHandle(`document:${pending.id}`);
      expect((await run.describe()).status.name).to.equal('RUNNING');
      const unrelated = await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'company.smp_registered',
        data: { companyId: tenant.companyId },
      });
      // Acceptance answers before the hand-off writes its `document.sent` event: wait for it.
      const eventsAboutDocuments = () =>
        db
          .selectFrom('events')
          .select('id')
          .where('organization_id', '=', tenant.organizationId)
          .where(sql<string>`data->>'documentId'`, 'in', [pending.id, storedDoc.id])
          .execute();
      let documentEvents = await eventsAboutDocuments();
      for (const deadline = Date.now() + 15_000; documentEvents.length === 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        documentEvents = await eventsAboutDocuments();
      }
      expect(documentEvents.length).to.be.at.least(1);

      const res = await post(tenant.key, '/v1/sandbox/reset', { confirm: 'yes', scope: 'documents' });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(200);
      expect(body).to.deep.include({
        scope: 'documents',
        deleted: { documents: 2, files: 1, events: documentEvents.length },
        cancelledWorkflows: 0,
      });
      expect(body.terminatedWorkflows).to.be.at.least(1);
      expect((await run.describe()).status.name).to.equal('TERMINATED');
      const count = async (table: 'documents' | 'files' | 'lifecycle_events') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('organization_id', '=', tenant.organizationId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect([await count('documents'), await count('files'), await count('lifecycle_events')]).to.deep.equal([
        0, 0, 0,
      ]);
      // The message the pending document's transmission carries goes with its run, uncounted.
      expect(
        await db
          .selectFrom('sandbox_transmissions')
          .select('instance_id')
          .where('organization_id', '=', tenant.organizationId)
          .execute(),
      ).to.deep.equal([]);
      expect(
        (await db.selectFrom('events').select('id').where('organization_id', '=', tenant.organizationId).execute()).map(
          (e) => e.id,
        ),
      ).to.deep.equal([unrelated.id]);
      const listed = await (await fetch(`${app.url}/v1/documents`, { headers: bearer(tenant.key) })).json();
      expect(listed.data).to.deep.equal([]);
      expect((await fetch(`${app.url}/v1/documents/${pending.id}`, { headers: bearer(tenant.key) })).status).to.equal(
        404,
      );
    });

    it('scope all removes documents, events and idempotency records together', async () => {
      const tenant = await createTenant({ livemode: false, plan: 'pro' });
      const sent = await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key, { 'Idempotency-Key': 'reset-all-1' }),
        body: JSON.stringify({
          type: 'invoice',
          from: tenant.companyId,
          to: SLOW_RECIPIENT,
          document: invoiceBody({ number: 'INV-RESET-ALL' }),
        }),
      });
      expect(sent.status).to.equal(201);
      await insertEvent(testServers().db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'company.smp_registered',
        data: {},
      });
      const body = await (await post(tenant.key, '/v1/sandbox/reset', { confirm: 'yes', scope: 'all' })).json();
      expect(body.deleted.documents).to.equal(1);
      expect(body.deleted.idempotencyKeys).to.equal(1);
      expect(body.deleted.events).to.be.at.least(1);
      expect(
        await testServers()
          .db.selectFrom('events')
          .select('id')
          .where('organization_id', '=', tenant.organizationId)
          .execute(),
      ).to.deep.equal([]);
    });

    it('400 without confirm "yes"', async () => {
      const tenant = await createTenant({ livemode: false });
      const missing = await post(tenant.key, '/v1/sandbox/reset', { scope: 'all' });
      expect(missing.status).to.equal(400);
      expect((await errorBody(missing)).code).to.equal('MISSING_FIELD');
      const no = await post(tenant.key, '/v1/sandbox/reset', { confirm: 'no' });
      expect(no.status).to.equal(400);
      expect((await errorBody(no)).code).to.equal('INVALID_ENUM');
    });

    it('scope all also lifts a forced rate limit', async () => {
      const tenant = await createTenant({ livemode: false });
      const res = await post(tenant.key, '/v1/sandbox/reset', { confirm: 'yes' });
      expect((await res.json()).scope).to.equal('all');
      const org = await testServers()
        .db.selectFrom('organizations')
        .select('forced_rate_limit_until')
        .where('id', '=', tenant.organizationId)
        .executeTakeFirstOrThrow();
      expect(org.forced_rate_limit_until).to.equal(null);
    });
  });
});
