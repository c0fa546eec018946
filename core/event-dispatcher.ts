import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Db } from '../db/database.ts';
import { clockOffsetOf, createFanOutDeliveries } from '../db/deliveries.ts';
import { findEvent, markEventDispatched } from '../db/events.ts';
import { forEachConcurrently } from './concurrency.ts';
import { TASK_QUEUES, workflowIds } from './temporal.ts';
import { searchAttributesFor } from './workflow-context.ts';
import type { deliveryWorkflow, eventDeliveriesWorkflow } from '../workflows/webhooks/delivery.ts';

/** A committed event as the dispatcher needs it: written dispatched already when nobody subscribes. */
export interface DispatchableEvent {
  id: string;
  dispatched_at: Date | null;
}

/** Schedules the fan-out of committed events to their webhook subscriptions. */
export interface EventDispatcher {
  dispatch(events: DispatchableEvent[]): Promise<void>;
}

export interface EventDispatcherOptions {
  /**
   * The client shares its NativeConnection with a worker of the webhooks queue (the worker process):
   * each delivery run then asks for an eager start, and the server hands its first workflow task
   * back in the start's answer to that worker, which makes the first POST at once instead of after
   * a trip through the task queue (and the server has less to do per run). Without a free slot
   * there, the run starts as usual.
   */
  eagerStart?: boolean;
}

/** Fan-outs of one dispatch call in flight at once (the sweeper hands over up to 500 events). */
const FAN_OUT_CONCURRENCY = 16;

/**
 * Deliveries one event's run takes on. Its first task makes their first attempts together and ends
 * when the slowest has its answer, so past this many subscribers the others get runs of their own:
 * the task's width, and what a lost worker's successor makes again, stay bounded.
 */
export const MAX_DELIVERIES_PER_EVENT_RUN = 32;

/**
 * The fan-out happens here, in the process that committed the events (the API, the worker): the
 * event's deliveries are written and its `deliveries:<evt_id>` run starts at once, so the first POSTs
 * are the first workflow task of that run. (Runs in flight from before, started by an
 * `event:<evt_id>` workflow, finish there.)
 *
 * Only events with subscribers when they were written are dispatched (`insertEvent` marks the
 * others dispatched in the same statement). A dispatch is idempotent: one delivery per (event,
 * webhook), and workflow ids that refuse a second run, so a repeated dispatch (a retried activity,
 * the sweeper racing a late dispatch) fans out once. The event is marked dispatched only after its
 * run started; what a failure leaves undispatched the maintenance sweeper dispatches again.
 */
export function createEventDispatcher(client: Client, db: Db, options: EventDispatcherOptions = {}): EventDispatcher {
  return {
    async dispatch(events) {
      const pending = events.filter((event) => event.dispatched_at === null);
      await forEachConcurrently(pending, FAN_OUT_CONCURRENCY, (event) => fanOut(client, db, event.id, options));
    },
  };
}

async function fanOut(client: Client, db: Db, eventId: string, options: EventDispatcherOptions): Promise<void> {
  const event = await findEvent(db, eventId);
  if (!event || event.dispatched_at) return;
  const deliveries = await createFanOutDeliveries(db, event);
  if (deliveries.length > 0) {
    const clockOffsetMs = event.livemode ? 0 : await clockOffsetOf(db, event.company_id);
    const deliveryIds = deliveries.map((delivery) => delivery.id);
    const toRun = deliveryIds.slice(0, MAX_DELIVERIES_PER_EVENT_RUN);
    // A repeated fan-out: the event's run owns the deliveries it started with; one a webhook
    // subscribed since then adds gets a run of its own, as do those past the run's width.
    const owned = new Set(
      (await startEventDeliveries(client, event, toRun, clockOffsetMs, options))
        ? toRun
        : await deliveriesOwnedBy(client, eventId),
    );
    await Promise.all(
      deliveryIds
        .filter((id) => !owned.has(id))
        .map((id) => ignoreAlreadyStarted(startDeliveryRun(client, event, id, clockOffsetMs, options))),
    );
  }
  await markEventDispatched(db, eventId);
}

/** The memo naming the deliveries a `deliveries:<evt_id>` run owns, read by a repeated fan-out. */
interface EventDeliveriesMemo {
  deliveryIds: string[];
}

/** Starts the event's `deliveries:<evt_id>` run; false when it exists already (a repeated fan-out). */
async function startEventDeliveries(
  client: Client,
  event: { id: string; organization_id: string; livemode: boolean; company_id: string | null },
  deliveryIds: string[],
  clockOffsetMs: number,
  options: EventDispatcherOptions,
): Promise<boolean> {
  try {
    await client.workflow.start<typeof eventDeliveriesWorkflow>('eventDeliveriesWorkflow', {
      taskQueue: TASK_QUEUES.webhooks,
      workflowId: workflowIds.eventDeliveries(event.id),
      args: [{ eventId: event.id, deliveryIds, livemode: event.livemode, clockOffsetMs }],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      memo: { deliveryIds } satisfies EventDeliveriesMemo,
      ...(options.eagerStart ? { requestEagerStart: true } : {}),
      typedSearchAttributes: searchAttributesFor({
        organizationId: event.organization_id,
        livemode: event.livemode,
        companyId: event.company_id,
      }),
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}

async function deliveriesOwnedBy(client: Client, eventId: string): Promise<string[]> {
  const run = await client.workflow.getHandle(workflowIds.eventDeliveries(eventId)).describe();
  return (run.memo as Partial<EventDeliveriesMemo> | undefined)?.deliveryIds ?? [];
}

/**
 * The `delivery:<dlv_id>` run that owns a delivery's attempts, searchable by its event's owner. A
 * second start of one id is refused, so a repeated fan-out cannot run a delivery twice.
 */
export function startDeliveryRun(
  client: Client,
  event: { organization_id: string; livemode: boolean; company_id: string | null },
  deliveryId: string,
  clockOffsetMs: number,
  options: EventDispatcherOptions = {},
) {
  return client.workflow.start<typeof deliveryWorkflow>('deliveryWorkflow', {
    taskQueue: TASK_QUEUES.webhooks,
    workflowId: workflowIds.delivery(deliveryId),
    args: [{ deliveryId, livemode: event.livemode, clockOffsetMs, firstAttemptInPlace: true }],
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    ...(options.eagerStart ? { requestEagerStart: true } : {}),
    typedSearchAttributes: searchAttributesFor({
      organizationId: event.organization_id,
      livemode: event.livemode,
      companyId: event.company_id,
    }),
  });
}

/** Already running or done (a repeated dispatch): that run owns it. */
async function ignoreAlreadyStarted(start: Promise<unknown>): Promise<void> {
  await start.catch((err: unknown) => {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  });
}
