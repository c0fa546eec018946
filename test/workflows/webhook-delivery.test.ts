import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { temporal } from '@temporalio/proto';
import type { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createEventDispatcher, MAX_DELIVERIES_PER_EVENT_RUN, startDeliveryRun } from '../../core/event-dispatcher.ts';
import { EVENTS_API_VERSION } from '../../core/events.ts';
import { newId } from '../../core/ids.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { createEventActivities } from '../../activities/events.ts';
import { createWebhookActivities, WEBHOOK_USER_AGENT } from '../../activities/webhooks.ts';
import { createWebhookSenders } from '../../upstreams/webhooks/index.ts';
import { createFanOutDeliveries, findDelivery } from '../../db/deliveries.ts';
import { findEvent, insertEvent, type NewEvent } from '../../db/events.ts';
import { findWebhookById, insertWebhook, updateWebhook } from '../../db/webhooks.ts';
import { workflowBundle } from '../../workers/bundle.ts';
import { clockChangedSignal } from '../../workflows/clock.ts';
import type { deliveryWorkflow, eventDeliveriesWorkflow } from '../../workflows/webhooks/delivery.ts';
import type { eventWorkflow } from '../../workflows/events/event.ts';
import { createCompany, createTenant, tenantScope, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { ensureTestWorkers, testWorkerClient } from '../support/workers.ts';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../support/webhook-receiver.ts';

const SECRET = 'whsec_delivery_test_secret_000000';

/** An independent check of part 6.3 with node:crypto only. */
function expectValidSignature(request: ReceivedDelivery, secret = SECRET): void {
  const header = String(request.headers['x-service-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).to.not.equal(null);
  const expected = createHmac('sha256', secret).update(`${match![1]}.${request.body}`).digest('hex');
  expect(match![2]).to.equal(expected);
  expect(Math.abs(Number(match![1]) - Date.now() / 1000)).to.be.below(300);
}

async function addWebhook(
  tenant: Pick<Tenant, 'organizationId'>,
  url: string,
  options: { livemode: boolean; events?: string[]; companyId?: string | null; organizationId?: string },
) {
  return insertWebhook(testServers().db, {
    id: newId('wh'),
    organizationId: options.organizationId ?? tenant.organizationId,
    livemode: options.livemode,
    companyId: options.companyId ?? null,
    url,
    events: options.events ?? ['*'],
    secret: SECRET,
  });
}

/** An `event:<evt_id>` run, as the fan-out started them before it happened in the dispatcher. */
function startEventWorkflow(client: Client, eventId: string) {
  return client.workflow.start<typeof eventWorkflow>('eventWorkflow', {
    taskQueue: TASK_QUEUES.webhooks,
    workflowId: workflowIds.event(eventId),
    args: [{ eventId }],
  });
}

async function waitUntil<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook delivery (part 6, `deliveries:<evt_id>` and `delivery:<dlv_id>`)', () => {
  describe('on the dev server, sandbox', () => {
    let receiver: WebhookReceiver;
    let healthy: WebhookReceiver;
    before(async () => {
      await ensureTestWorkers();
      // The first two requests fail, the third succeeds.
      receiver = await startWebhookReceiver((i) => (i < 2 ? 500 : 200));
      healthy = await startWebhookReceiver(() => 204);
    });
    after(async () => {
      await receiver.close();
      await healthy.close();
    });

    /** An event of a new sandbox organization whose one webhook is the healthy receiver. */
    async function organizationEvent(type: NewEvent['type'], documentId: string) {
      const tenant = await createTenant({ livemode: false });
      await addWebhook(tenant, healthy.url, { livemode: false });
      return insertEvent(testServers().db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: null,
        type,
        data: { documentId },
      });
    }

    it('writes an event nobody subscribes to as dispatched, and starts no fan-out for it', async () => {
      const { temporal, db } = testServers();
      const tenant = await createTenant({ livemode: false });
      // Subscribed, but to another type, another mode and another company: none of them matches.
      await addWebhook(tenant, healthy.url, { livemode: false, events: ['document.sent'] });
      await addWebhook(tenant, healthy.url, { livemode: true });
      await addWebhook(tenant, healthy.url, {
        livemode: false,
        companyId: await createCompany(tenant.organizationId, false),
      });
      const event = await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'document.received',
        data: { documentId: 'doc_quiet' },
      });
      expect(event.dispatched_at).to.be.instanceOf(Date);
      await createEventDispatcher(temporal, db).dispatch([event]);
      expect(
        await db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', event.id).execute(),
      ).to.deep.equal([]);
      const started = await temporal.workflow
        .getHandle(workflowIds.eventDeliveries(event.id))
        .describe()
        .then(
          () => true,
          () => false,
        );
      expect(started).to.equal(false);
    });

    it("fans an event out to the matching webhooks only, signs each POST, and retries on the company's virtual clock until a 2xx", async () => {
      const { db, temporal } = testServers();
      const tenant = await createTenant({ livemode: false });
      const otherCompany = await createCompany(tenant.organizationId, false);
      const flaky = await addWebhook(tenant, receiver.url, { livemode: false, events: ['document.received'] });
      const scoped = await addWebhook(tenant, healthy.url, {
        livemode: false,
        events: ['*'],
        companyId: tenant.companyId,
      });
      // None of these match: another type, another company, paused, live mode, another organization.
      await addWebhook(tenant, healthy.url, { livemode: false, events: ['document.sent'] });
      await addWebhook(tenant, healthy.url, { livemode: false, companyId: otherCompany });
      const paused = await addWebhook(tenant, healthy.url, { livemode: false });
      await updateWebhook(db, tenantScope(tenant.organizationId, false), paused.id, { status: 'paused' });
      await addWebhook(tenant, healthy.url, { livemode: true });
      const stranger = await createTenant({ livemode: false });
      await addWebhook(stranger, healthy.url, { livemode: false });

      const event = await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'document.received',
        data: { documentId: 'doc_abc', type: 'invoice', number: 'INV-1', direction: 'incoming' },
      });
      expect(event.dispatched_at, 'an event with subscribers waits for its fan-out').to.equal(null);
      // The dispatcher fans out itself: when it returns, the deliveries exist and their runs started.
      await createEventDispatcher(temporal, db).dispatch([event]);
      expect((await findEvent(db, event.id))?.dispatched_at).to.be.instanceOf(Date);
      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('event_id', '=', event.id)
        .execute();
      expect(deliveries.map((d) => d.webhook_id).sort()).to.deep.equal([flaky.id, scoped.id].sort());
      // One run for the event owns both deliveries; no run of their own.
      const handle = temporal.workflow.getHandle<typeof eventDeliveriesWorkflow>(workflowIds.eventDeliveries(event.id));
      const run = await handle.describe();
      expect(run.type).to.equal('eventDeliveriesWorkflow');
      expect((run.memo as { deliveryIds: string[] }).deliveryIds.sort()).to.deep.equal(
        deliveries.map((d) => d.id).sort(),
      );
      for (const delivery of deliveries) {
        const own = await temporal.workflow
          .getHandle(workflowIds.delivery(delivery.id))
          .describe()
          .catch(() => null);
        expect(own, delivery.id).to.equal(null);
      }
      const flakyDelivery = deliveries.find((d) => d.webhook_id === flaky.id)!;
      const scopedDelivery = deliveries.find((d) => d.webhook_id === scoped.id)!;

      // The healthy scoped webhook got it at once.
      const [toHealthy] = await healthy.waitFor(1);
      expect(JSON.parse(toHealthy.body).id).to.equal(event.id);

      // The flaky one: attempt 1 fails; the 30 s wait is on the company's clock, so advancing it
      // (the clockChanged signal) brings each next attempt at once.
      let offsetMs = 0;
      for (let expected = 2; expected <= 3; expected++) {
        await receiver.waitFor(expected - 1);
        await waitUntil(async () => {
          // One advance may already have played out several due attempts.
          if (receiver.received.length >= expected) return true;
          offsetMs += 15 * 60_000;
          await handle.signal(clockChangedSignal, { offsetMs });
          await new Promise((r) => setTimeout(r, 250));
          return receiver.received.length >= expected;
        });
      }
      const result = await handle.result();
      expect(result.eventId).to.equal(event.id);
      expect(result.deliveries).to.have.deep.members([
        { deliveryId: flakyDelivery.id, outcome: 'succeeded', attempts: 3 },
        { deliveryId: scopedDelivery.id, outcome: 'succeeded', attempts: 1 },
      ]);

      const requests = receiver.received.slice(0, 3);
      expect(requests.map((r) => r.headers['x-service-attempt'])).to.deep.equal(['1', '2', '3']);
      for (const request of requests) {
        expectValidSignature(request);
        expect(request.headers).to.deep.include({
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'x-service-event': 'document.received',
          'x-service-event-id': event.id,
          'x-service-delivery': flakyDelivery.id,
        });
        expect(JSON.parse(request.body)).to.deep.equal({
          id: event.id,
          type: 'document.received',
          livemode: false,
          createdAt: event.created_at.toISOString(),
          apiVersion: EVENTS_API_VERSION,
          data: { documentId: 'doc_abc', type: 'invoice', number: 'INV-1', direction: 'incoming' },
        });
      }
      expect(WEBHOOK_USER_AGENT).to.match(/^docex-webhooks\/\d+\.\d+\.\d+$/);

      const row = await findDelivery(db, flakyDelivery.id);
      expect(row).to.deep.include({ status: 'succeeded', attempt_count: 3, next_attempt_at: null });
      const attempts = await db
        .selectFrom('webhook_delivery_attempts')
        .selectAll()
        .where('delivery_id', '=', flakyDelivery.id)
        .orderBy('attempt')
        .execute();
      expect(attempts.map((a) => [a.attempt, a.outcome, a.status_code, a.error])).to.deep.equal([
        [1, 'failed', 500, 'HTTP 500'],
        [2, 'failed', 500, 'HTTP 500'],
        [3, 'succeeded', 200, null],
      ]);
      expect(attempts.every((a) => typeof a.duration_ms === 'number')).to.equal(true);
      const webhook = await findWebhookById(db, flaky.id);
      expect(webhook).to.deep.include({ failure_count: 0, status: 'active' });
      expect(webhook?.last_delivered_at).to.be.instanceOf(Date);
    });

    it('deliveries answered at once are one workflow task: the history holds the attempts and nothing else, from any start', async () => {
      const { db, temporal: client } = testServers();
      const eventTypes = async (workflowId: string) => {
        const handle = client.workflow.getHandle(workflowId);
        await handle.result();
        return ((await handle.fetchHistory()).events ?? []).map((e) =>
          temporal.api.enums.v1.EventType[e.eventType!].replace('EVENT_TYPE_', ''),
        );
      };
      // The first attempts' local-activity markers only: no patch marker, no search-attribute update.
      const oneTask = (attempts: number) => [
        'WORKFLOW_EXECUTION_STARTED',
        'WORKFLOW_TASK_SCHEDULED',
        'WORKFLOW_TASK_STARTED',
        'WORKFLOW_TASK_COMPLETED',
        ...Array<string>(attempts).fill('MARKER_RECORDED'),
        'WORKFLOW_EXECUTION_COMPLETED',
      ];

      // An event to two webhooks: one run, one task, both POSTs.
      const direct = await organizationEvent('document.sent', 'doc_one_task');
      const second = await startWebhookReceiver(() => 200);
      try {
        await addWebhook({ organizationId: direct.organization_id }, second.url, { livemode: false });
        await createEventDispatcher(client, db).dispatch([direct]);
        expect(await eventTypes(workflowIds.eventDeliveries(direct.id)), 'the fan-out').to.deep.equal(oneTask(2));
        const [received] = await second.waitFor(1);
        expect(received.headers['x-service-event-id']).to.equal(direct.id);
        expect(healthy.received.filter((r) => r.headers['x-service-event-id'] === direct.id)).to.have.length(1);
      } finally {
        await second.close();
      }

      const replayed = await organizationEvent('document.sent', 'doc_one_task_replay');
      const [own] = await createFanOutDeliveries(db, replayed);
      await startDeliveryRun(client, replayed, own.id, 0);
      expect(await eventTypes(workflowIds.delivery(own.id)), 'a run of its own').to.deep.equal(oneTask(1));

      // A run in flight from before the direct fan-out starts its deliveries as children.
      const viaEventRun = await organizationEvent('document.sent', 'doc_one_task_child');
      const { deliveryIds } = await startEventWorkflow(client, viaEventRun.id).then((run) => run.result());
      expect(await eventTypes(workflowIds.delivery(deliveryIds[0])), 'started by the event workflow').to.deep.equal(
        oneTask(1),
      );
    });

    it('a repeated dispatch of the same event creates no second delivery and no second run', async () => {
      const { db, temporal } = testServers();
      const event = await organizationEvent('document.sent', 'doc_twice');
      const dispatcher = createEventDispatcher(temporal, db);
      // Concurrent (the sweeper racing a late dispatch), then once more after both finished.
      await Promise.all([dispatcher.dispatch([event]), dispatcher.dispatch([event])]);
      await dispatcher.dispatch([event]);
      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('event_id', '=', event.id)
        .execute();
      expect(deliveries).to.have.length(1);
      await temporal.workflow.getHandle(workflowIds.eventDeliveries(event.id)).result();
      await dispatcher.dispatch([{ id: event.id, dispatched_at: null }]);
      await new Promise((r) => setTimeout(r, 500));
      const posts = healthy.received.filter((r) => r.headers['x-service-event-id'] === event.id);
      expect(posts.map((r) => r.headers['x-service-delivery'])).to.deep.equal([deliveries[0].id]);
    });

    it("a first attempt failing beside a receiver slow to answer counts its retry's wait from its own failure", async () => {
      const { db, temporal } = testServers();
      const event = await organizationEvent('document.sent', 'doc_beside_slow');
      const slow = await startWebhookReceiver(() => ({ status: 200, afterMs: 4_000 }));
      const failing = await startWebhookReceiver(() => 500);
      try {
        await addWebhook({ organizationId: event.organization_id }, slow.url, { livemode: false });
        await addWebhook({ organizationId: event.organization_id }, failing.url, { livemode: false });
        await createEventDispatcher(temporal, db).dispatch([event]);
        const [failure] = await failing.waitFor(1);
        const handle = temporal.workflow.getHandle(workflowIds.eventDeliveries(event.id));
        // The run's first task ends when the slow receiver answers, 4 s after the failure; the retry
        // is still due 30 s after the failure, so its wait is what is left of the 30 s.
        const retryWait = await waitUntil(async () => {
          const timers = ((await handle.fetchHistory()).events ?? [])
            .map((e) => e.timerStartedEventAttributes?.startToFireTimeout)
            .filter((timeout) => timeout)
            .map((timeout) => Number(timeout!.seconds ?? 0) * 1000 + Math.round((timeout!.nanos ?? 0) / 1e6));
          return timers.find((ms) => ms > 1_000);
        }, 15_000);
        const [answered] = await slow.waitFor(1);
        expect(answered.receivedAt - failure.receivedAt).to.be.below(1_000);
        expect(retryWait).to.be.within(30_000 - 10_000, 30_000 - 3_000);
        await handle.terminate('test done');
      } finally {
        await slow.close();
        await failing.close();
      }
    });

    it('an event to more webhooks than one run takes: the first in the event run, the others in runs of their own, each posted once', async () => {
      const { db, temporal } = testServers();
      const event = await organizationEvent('document.sent', 'doc_wide_fan_out');
      // The organization's first webhook is the healthy receiver; the others post to it too.
      for (let i = 1; i <= MAX_DELIVERIES_PER_EVENT_RUN; i++)
        await addWebhook({ organizationId: event.organization_id }, `${healthy.url}?n=${i}`, { livemode: false });
      await createEventDispatcher(temporal, db).dispatch([event]);
      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('event_id', '=', event.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(deliveries).to.have.length(MAX_DELIVERIES_PER_EVENT_RUN + 1);
      const { deliveries: inRun } = await temporal.workflow
        .getHandle<typeof eventDeliveriesWorkflow>(workflowIds.eventDeliveries(event.id))
        .result();
      expect(inRun).to.have.length(MAX_DELIVERIES_PER_EVENT_RUN);
      const inRunIds = new Set(inRun.map((d) => d.deliveryId));
      const [outside] = deliveries.filter((d) => !inRunIds.has(d.id));
      expect(
        await temporal.workflow.getHandle<typeof deliveryWorkflow>(workflowIds.delivery(outside.id)).result(),
      ).to.deep.equal({ deliveryId: outside.id, outcome: 'succeeded', attempts: 1 });
      const posted = healthy.received
        .filter((r) => r.headers['x-service-event-id'] === event.id)
        .map((r) => String(r.headers['x-service-delivery']));
      expect(posted.sort()).to.deep.equal(deliveries.map((d) => d.id).sort());
    });

    it('a fan-out repeated after a webhook subscribed gives only the new delivery a run of its own', async () => {
      const { db, temporal } = testServers();
      const event = await organizationEvent('document.sent', 'doc_late_subscriber');
      const dispatcher = createEventDispatcher(temporal, db);
      await dispatcher.dispatch([event]);
      const [first] = await db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', event.id).execute();
      await temporal.workflow.getHandle(workflowIds.eventDeliveries(event.id)).result();

      // The fan-out is repeated (the sweeper, after a dispatch that did not mark the event) once a
      // second webhook subscribed: the event's run has finished with the first delivery.
      const late = await startWebhookReceiver(() => 200);
      try {
        await addWebhook({ organizationId: event.organization_id }, late.url, { livemode: false });
        await db.updateTable('events').set({ dispatched_at: null }).where('id', '=', event.id).execute();
        await dispatcher.dispatch([{ id: event.id, dispatched_at: null }]);
        const deliveries = await db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('event_id', '=', event.id)
          .execute();
        const added = deliveries.find((d) => d.id !== first.id)!;
        expect(deliveries).to.have.length(2);
        expect(
          await temporal.workflow.getHandle<typeof deliveryWorkflow>(workflowIds.delivery(added.id)).result(),
        ).to.deep.equal({ deliveryId: added.id, outcome: 'succeeded', attempts: 1 });
        const own = await temporal.workflow
          .getHandle(workflowIds.delivery(first.id))
          .describe()
          .catch(() => null);
        expect(own, 'the first delivery stays with the event run').to.equal(null);
        expect((await late.waitFor(1)).map((r) => r.headers['x-service-delivery'])).to.deep.equal([added.id]);
        const posts = healthy.received.filter((r) => r.headers['x-service-event-id'] === event.id);
        expect(posts.map((r) => r.headers['x-service-delivery'])).to.deep.equal([first.id]);
        expect((await findEvent(db, event.id))?.dispatched_at).to.be.instanceOf(Date);
      } finally {
        await late.close();
      }
    });

    it("in the worker's process, a delivery run starts eagerly on its own worker; a repeated eager dispatch runs it once", async () => {
      const { db, temporal } = testServers();
      const event = await organizationEvent('document.delivered', 'doc_eager');
      const [delivery] = await createFanOutDeliveries(db, event);
      const handle = await startDeliveryRun(testWorkerClient(), event, delivery.id, 0, { eagerStart: true });
      expect(handle.eagerlyStarted, 'the first workflow task came back with the start').to.equal(true);
      expect(await handle.result()).to.deep.equal({ deliveryId: delivery.id, outcome: 'succeeded', attempts: 1 });

      // Through the dispatcher as the worker process builds it: another event's fan-out runs eagerly
      // too, and a repeated eager dispatch of it runs its delivery once.
      const fannedOut = await organizationEvent('document.delivered', 'doc_eager_fan_out');
      const dispatcher = createEventDispatcher(testWorkerClient(), db, { eagerStart: true });
      await Promise.all([dispatcher.dispatch([fannedOut]), dispatcher.dispatch([fannedOut])]);
      expect((await findEvent(db, fannedOut.id))?.dispatched_at).to.be.instanceOf(Date);
      const run = temporal.workflow.getHandle(workflowIds.eventDeliveries(fannedOut.id));
      await run.result();
      const history = (await run.fetchHistory()).events ?? [];
      const started = history.find((e) => e.workflowExecutionStartedEventAttributes)!;
      expect(started.workflowExecutionStartedEventAttributes!.eagerExecutionAccepted, 'started eagerly').to.equal(true);
      const posts = healthy.received.filter((r) => r.headers['x-service-event-id'] === fannedOut.id);
      expect(posts).to.have.length(1);
    });

    it('an event workflow (runs in flight from before the direct fan-out) fans out; a repeated fan-out creates no second delivery', async () => {
      const { db, temporal } = testServers();
      const event = await organizationEvent('document.sent', 'doc_1');
      const first = await createFanOutDeliveries(db, event);
      const { deliveryIds } = await startEventWorkflow(temporal, event.id).then((run) => run.result());
      expect(deliveryIds).to.deep.equal(first.map((d) => d.id));
      expect(
        await db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', event.id).execute(),
      ).to.have.length(1);
    });

    it('a worker stopped mid-retry: a new worker repeats the attempt with the same event id and completes the delivery', async function () {
      this.timeout(60_000);
      const { db, temporalAddress, temporal } = testServers();
      const { NativeConnection } = await import('@temporalio/worker');
      const taskQueue = `webhook-kill-${newId('probe').slice(6, 14)}`;
      // The first attempt fails; the second never gets an answer: the worker handling it is stopped
      // meanwhile. (A first attempt runs in its workflow task: a stopping worker finishes it first.)
      const slow = await startWebhookReceiver((i) => (i === 0 ? 500 : i === 1 ? 'hang' : 200));
      const connection = await NativeConnection.connect({ address: temporalAddress });
      const makeWorker = async () =>
        Worker.create({
          connection,
          taskQueue,
          workflowBundle: await workflowBundle(),
          activities: {
            ...createEventActivities({ db }),
            ...createWebhookActivities({ db, senders: createWebhookSenders({ allowLoopback: true }) }),
          },
        });
      try {
        const tenant = await createTenant({ livemode: false });
        await addWebhook(tenant, slow.url, { livemode: false });
        const event = await insertEvent(db, {
          organizationId: tenant.organizationId,
          livemode: false,
          companyId: tenant.companyId,
          type: 'document.delivered',
          data: { documentId: 'doc_k' },
        });
        const [delivery] = await createFanOutDeliveries(db, event);
        const first = await makeWorker();
        const firstRun = first.run();
        const handle = await temporal.workflow.start<typeof deliveryWorkflow>('deliveryWorkflow', {
          taskQueue,
          workflowId: workflowIds.delivery(delivery.id),
          args: [{ deliveryId: delivery.id, livemode: false, clockOffsetMs: 0 }],
          typedSearchAttributes: searchAttributesFor({
            organizationId: tenant.organizationId,
            livemode: false,
            companyId: tenant.companyId,
          }),
        });
        await slow.waitFor(1);
        // The 30 s wait is on the company's clock: moving it brings the second attempt at once.
        await waitUntil(async () => {
          await handle.signal(clockChangedSignal, { offsetMs: 60_000 });
          return slow.received.length >= 2;
        });
        first.shutdown();
        await firstRun;

        const second = await makeWorker();
        const secondRun = second.run();
        try {
          const result = await handle.result();
          expect(result).to.deep.equal({ deliveryId: delivery.id, outcome: 'succeeded', attempts: 2 });
        } finally {
          second.shutdown();
          await secondRun;
        }
        expect(slow.received).to.have.length(3);
        expect(new Set(slow.received.map((r) => r.headers['x-service-event-id']))).to.deep.equal(new Set([event.id]));
        expect(new Set(slow.received.map((r) => r.headers['x-service-delivery']))).to.deep.equal(
          new Set([delivery.id]),
        );
        // The interrupted attempt was not the receiver's failure: it is the same attempt, repeated.
        expect(slow.received.map((r) => r.headers['x-service-attempt'])).to.deep.equal(['1', '2', '2']);
        expect(await findDelivery(db, delivery.id)).to.deep.include({ status: 'succeeded', attempt_count: 2 });
        expect((await findWebhookById(db, delivery.webhook_id))?.failure_count).to.equal(0);
      } finally {
        await slow.close();
        await connection.close();
      }
    });
  });

  describe('one attempt (activity), live mode', () => {
    it('refuses at delivery time a live URL that points at loopback, by IP or by name (DNS rebinding)', async () => {
      const { db } = testServers();
      const receiver = await startWebhookReceiver(() => 200);
      try {
        const tenant = await createTenant();
        const port = new URL(receiver.url).port;
        for (const url of [`http://127.0.0.1:${port}/hooks`, `http://localhost:${port}/hooks`]) {
          const webhook = await addWebhook(tenant, url, { livemode: true });
          const event = await insertEvent(db, {
            organizationId: tenant.organizationId,
            livemode: true,
            companyId: null,
            type: 'document.sent',
            data: {},
          });
          const [delivery] = (await createFanOutDeliveries(db, event)).filter((d) => d.webhook_id === webhook.id);
          const outcome = await createWebhookActivities({ db, senders: createWebhookSenders() }).attemptDelivery({
            deliveryId: delivery.id,
            attempt: 1,
            nextDelayMs: 30_000,
            clockOffsetMs: 0,
          });
          expect(outcome.outcome, url).to.equal('failed');
          expect(outcome.error, url).to.match(/loopback address/);
          await updateWebhook(db, tenantScope(tenant.organizationId, true), webhook.id, { status: 'paused' });
        }
        expect(receiver.received).to.have.length(0);
      } finally {
        await receiver.close();
      }
    });

    it('a redirect is a failure (not followed); so is no answer within the timeout', async () => {
      const { db } = testServers();
      const receiver = await startWebhookReceiver((i) =>
        i === 0 ? { status: 302, headers: { location: 'https://example.com/elsewhere' } } : 'hang',
      );
      try {
        const tenant = await createTenant();
        await addWebhook(tenant, receiver.url, { livemode: true });
        const event = await insertEvent(db, {
          organizationId: tenant.organizationId,
          livemode: true,
          companyId: null,
          type: 'document.sent',
          data: {},
        });
        const [delivery] = await createFanOutDeliveries(db, event);
        const activities = createWebhookActivities({
          db,
          senders: createWebhookSenders({ allowPrivateTargets: true, timeoutMs: 300 }),
        });
        const redirected = await activities.attemptDelivery({
          deliveryId: delivery.id,
          attempt: 1,
          nextDelayMs: 30_000,
          clockOffsetMs: 0,
        });
        expect(redirected).to.deep.include({ outcome: 'failed', statusCode: 302 });
        expect(redirected.error).to.match(/redirect to https:\/\/example\.com\/elsewhere not followed/);
        const slow = await activities.attemptDelivery({
          deliveryId: delivery.id,
          attempt: 2,
          nextDelayMs: 120_000,
          clockOffsetMs: 0,
        });
        expect(slow).to.deep.include({ outcome: 'failed', statusCode: null, error: 'no answer within 0.3 s' });
        expect(slow.answeredAfterMs).to.be.at.least(300);
        expect(receiver.received).to.have.length(2);
        const row = await findDelivery(db, delivery.id);
        expect(row).to.deep.include({ status: 'pending', attempt_count: 2 });
        expect(row!.next_attempt_at!.getTime() - Date.now()).to.be.within(110_000, 120_001);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('the 8-attempt schedule under time skipping (live mode), fanned out as the service does', () => {
    let env: TestWorkflowEnvironment;
    let worker: Worker;
    let running: Promise<void>;
    // A fresh server per test: each one skips its own timers from a clean clock.
    beforeEach(async () => {
      env = await createTimeSkippingEnv();
      const { db } = testServers();
      worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue: TASK_QUEUES.webhooks,
        workflowBundle: await workflowBundle(),
        activities: {
          ...createEventActivities({ db }),
          ...createWebhookActivities({
            db,
            senders: createWebhookSenders({ allowPrivateTargets: true }),
            events: createEventDispatcher(env.client, db),
          }),
        },
      });
      running = worker.run();
    });
    afterEach(async () => {
      worker.shutdown();
      await running;
      await env.teardown();
    });

    const timerSeconds = async (workflowId: string) => {
      const events = (await env.client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
      return events
        .filter((e) => e.timerStartedEventAttributes)
        .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
    };

    /** Commits an event and dispatches it: its deliveries, and the handle of its run if any. */
    async function fanOut(tenant: Tenant) {
      const { db } = testServers();
      const event = await insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: true,
        companyId: tenant.companyId,
        type: 'document.received',
        data: { documentId: 'doc_s' },
      });
      await createEventDispatcher(env.client, db).dispatch([event]);
      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('event_id', '=', event.id)
        .execute();
      const run = env.client.workflow.getHandle<typeof eventDeliveriesWorkflow>(workflowIds.eventDeliveries(event.id));
      return { event, deliveryIds: deliveries.map((d) => d.id), run };
    }

    it('a receiver failing 3 times gets attempts 2-4 exactly 30 s, 2 min and 10 min after each failure', async () => {
      const receiver = await startWebhookReceiver((i) => (i < 3 ? 503 : 200));
      try {
        const tenant = await createTenant();
        await addWebhook(tenant, receiver.url, { livemode: true });
        const { deliveryIds, run } = await fanOut(tenant);
        const { deliveries } = await run.result();
        expect(deliveries).to.deep.equal([{ deliveryId: deliveryIds[0], outcome: 'succeeded', attempts: 4 }]);
        expect(await timerSeconds(run.workflowId)).to.deep.equal([30, 120, 600]);
        expect(receiver.received.map((r) => r.headers['x-service-attempt'])).to.deep.equal(['1', '2', '3', '4']);
        receiver.received.forEach((r) => expectValidSignature(r));
      } finally {
        await receiver.close();
      }
    });

    it('8 failures follow the full schedule, then pause the webhook with an owner notice; no new deliveries until re-activated', async () => {
      const receiver = await startWebhookReceiver(() => 500);
      const { db } = testServers();
      try {
        const tenant = await createTenant();
        const webhook = await addWebhook(tenant, receiver.url, { livemode: true });
        const { event, deliveryIds, run } = await fanOut(tenant);
        const { deliveries } = await run.result();
        expect(deliveries).to.deep.equal([{ deliveryId: deliveryIds[0], outcome: 'failed', attempts: 8 }]);
        expect(await timerSeconds(run.workflowId)).to.deep.equal([30, 120, 600, 1800, 7200, 21600, 43200]);
        expect(receiver.received.map((r) => r.headers['x-service-attempt'])).to.deep.equal([
          '1',
          '2',
          '3',
          '4',
          '5',
          '6',
          '7',
          '8',
        ]);
        expect(new Set(receiver.received.map((r) => r.headers['x-service-event-id']))).to.deep.equal(
          new Set([event.id]),
        );

        const paused = await findWebhookById(db, webhook.id);
        expect(paused).to.deep.include({ status: 'paused', failure_count: 8 });
        expect(paused!.paused_at).to.be.instanceOf(Date);
        expect(paused!.paused_reason).to.contain(`delivery ${deliveryIds[0]}`).and.contain('HTTP 500');
        expect(await findDelivery(db, deliveryIds[0])).to.deep.include({
          status: 'failed',
          attempt_count: 8,
          next_attempt_at: null,
        });

        // Paused: a new event creates no delivery for it.
        expect((await fanOut(tenant)).deliveryIds).to.deep.equal([]);
        // Re-activated: deliveries resume, the counters start again.
        const scope = tenantScope(tenant.organizationId, true);
        const active = await updateWebhook(db, scope, webhook.id, { status: 'active' });
        expect(active).to.deep.include({ status: 'active', failure_count: 0, paused_at: null, paused_reason: null });
        expect((await fanOut(tenant)).deliveryIds).to.have.length(1);
      } finally {
        await receiver.close();
      }
    });

    it("the pause writes a webhook.paused event that goes to the organization's other webhooks only", async () => {
      const failing = await startWebhookReceiver(() => 500);
      const watching = await startWebhookReceiver(() => 200);
      const { db } = testServers();
      try {
        const tenant = await createTenant();
        const webhook = await addWebhook(tenant, failing.url, { livemode: true, events: ['document.received'] });
        const watcher = await addWebhook(tenant, watching.url, { livemode: true, events: ['webhook.paused'] });
        const { event, deliveryIds, run } = await fanOut(tenant);
        await run.result();
        const notices = await db
          .selectFrom('events')
          .selectAll()
          .where('organization_id', '=', tenant.organizationId)
          .where('type', '=', 'webhook.paused')
          .execute();
        expect(notices).to.have.length(1);
        const paused = await findWebhookById(db, webhook.id);
        expect(notices[0].data).to.deep.equal({
          webhookId: webhook.id,
          url: failing.url,
          pausedAt: paused!.paused_at!.toISOString(),
          reason: paused!.paused_reason,
          deliveryId: deliveryIds[0],
          eventId: event.id,
        });
        // The pause dispatched its notice itself: one delivery, to the watcher, in the notice's run.
        expect(notices[0].dispatched_at).to.be.instanceOf(Date);
        const { deliveries: toWatcher } = await env.client.workflow
          .getHandle<typeof eventDeliveriesWorkflow>(workflowIds.eventDeliveries(notices[0].id))
          .result();
        expect(toWatcher).to.have.length(1);
        expect(toWatcher[0]).to.deep.include({ outcome: 'succeeded', attempts: 1 });
        expect((await findDelivery(db, toWatcher[0].deliveryId))!.webhook_id).to.equal(watcher.id);
        const [received] = await watching.waitFor(1);
        expect(received.headers['x-service-event']).to.equal('webhook.paused');
        expect(JSON.parse(received.body)).to.deep.include({ id: notices[0].id, type: 'webhook.paused' });
        expectValidSignature(received);
        expect(failing.received).to.have.length(8);
      } finally {
        await failing.close();
        await watching.close();
      }
    });

    it('a webhook paused while a delivery waits cancels that delivery at its next attempt', async () => {
      const receiver = await startWebhookReceiver(() => 500);
      const { db } = testServers();
      try {
        const tenant = await createTenant();
        const webhook = await addWebhook(tenant, receiver.url, { livemode: true });
        const { deliveryIds, run } = await fanOut(tenant);
        await waitUntil(async () => receiver.received.length >= 1);
        await updateWebhook(db, tenantScope(tenant.organizationId, true), webhook.id, { status: 'paused' });
        const { deliveries } = await run.result();
        expect(deliveries).to.deep.equal([{ deliveryId: deliveryIds[0], outcome: 'cancelled', attempts: 2 }]);
        expect(receiver.received).to.have.length(1);
        expect(await findDelivery(db, deliveryIds[0])).to.deep.include({ status: 'cancelled' });
      } finally {
        await receiver.close();
      }
    });
  });
});
