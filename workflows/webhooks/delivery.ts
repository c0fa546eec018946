import { patched, proxyActivities, proxyLocalActivities, sleep, type RetryPolicy } from '@temporalio/workflow';
import type { WebhookActivities } from '../../activities/webhooks.ts';
import { NON_RETRYABLE_FAILURE_TYPES } from '../../core/failures.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { useClock, type WorkflowClock } from '../clock.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Part 6.4: the wait before each of the 8 attempts, counted from the previous failure. */
export const DELIVERY_SCHEDULE_MS = [
  0,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
] as const;

// A receiver's failure comes back as a result; the activity is retried only when the attempt
// itself could not finish (worker lost: noticed by the heartbeat), and then repeats the same
// attempt. It never gives up on infrastructure trouble, so a delivery is never silently dropped.
const ATTEMPT_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  nonRetryableErrorTypes: NON_RETRYABLE_FAILURE_TYPES,
};
const { attemptDelivery } = proxyActivities<WebhookActivities>({
  ...ACTIVITY_PRESETS.webhookAttempt,
  heartbeatTimeout: '10 seconds',
  retry: ATTEMPT_RETRY,
});
// The first attempt runs in the run's first workflow task, on the worker that took it: no activity
// task to schedule, queue and report, so the POST follows the start at once however long the
// activity queue is. A worker lost meanwhile lets the workflow task time out, and the next worker
// repeats the same attempt.
const { attemptDelivery: attemptInPlace } = proxyLocalActivities<WebhookActivities>({
  ...ACTIVITY_PRESETS.webhookAttempt,
  retry: ATTEMPT_RETRY,
});
/**
 * Runs started before the first attempt became local replay it as the activity they scheduled; the
 * runs started next took the local path under this patch. Runs started since say so in their input.
 */
const FIRST_ATTEMPT_IN_PLACE = 'first-webhook-attempt-in-place';
const { exhaustDelivery } = proxyActivities<WebhookActivities>(ACTIVITY_PRESETS.database);

export interface DeliveryInput {
  deliveryId: string;
  livemode: boolean;
  /** The company's virtual clock offset when the delivery started (sandbox). */
  clockOffsetMs: number;
  /**
   * Set by every start: the first attempt runs in the first workflow task. A run without it asks its
   * patch marker instead; asking costs every new run a marker and a search-attribute update.
   */
  firstAttemptInPlace?: true;
}

export interface DeliveryResult {
  deliveryId: string;
  outcome: 'succeeded' | 'failed' | 'cancelled';
  attempts: number;
}

/**
 * `delivery:<dlv_id>`: the 8 attempts of one event to one webhook, then the pause of the webhook
 * if all failed. Sandbox deliveries wait on the company's virtual clock. Replays run here; a fan-out
 * runs its event's deliveries together in {@link eventDeliveriesWorkflow}.
 */
export async function deliveryWorkflow(input: DeliveryInput): Promise<DeliveryResult> {
  const clock = useClock({ livemode: input.livemode, offsetMs: input.clockOffsetMs });
  const inPlace = Boolean(input.firstAttemptInPlace) || patched(FIRST_ATTEMPT_IN_PLACE);
  return deliver(input.deliveryId, clock, { inPlace, besideOthers: false });
}

export interface EventDeliveriesInput {
  eventId: string;
  /** The deliveries this run owns, one per webhook that subscribed to the event at its fan-out. */
  deliveryIds: string[];
  livemode: boolean;
  /** The company's virtual clock offset when the fan-out started (sandbox). */
  clockOffsetMs: number;
}

export interface EventDeliveriesResult {
  eventId: string;
  deliveries: DeliveryResult[];
}

/**
 * `deliveries:<evt_id>`: every delivery of one event's fan-out, each on its own schedule of 8
 * attempts as in {@link deliveryWorkflow}. One run for the event instead of one per webhook: the
 * first attempts go out together in the run's first workflow task, so an event to n webhooks costs
 * Temporal and the worker one run, not n.
 */
export async function eventDeliveriesWorkflow(input: EventDeliveriesInput): Promise<EventDeliveriesResult> {
  const clock = useClock({ livemode: input.livemode, offsetMs: input.clockOffsetMs });
  const first = { inPlace: true, besideOthers: input.deliveryIds.length > 1 };
  const deliveries = await Promise.all(input.deliveryIds.map((deliveryId) => deliver(deliveryId, clock.lane(), first)));
  return { eventId: input.eventId, deliveries };
}

interface FirstAttempt {
  /** Made in the run's first workflow task (a local activity). */
  inPlace: boolean;
  /**
   * Other first attempts run in the same task. The task ends, and a timer started in it begins to
   * count, only when the slowest of them has its answer (or at the task's heartbeat, 8 s): a
   * failure beside a slow receiver must not start its wait that much late.
   */
  besideOthers: boolean;
}

async function deliver(deliveryId: string, clock: WorkflowClock, first: FirstAttempt): Promise<DeliveryResult> {
  let dueAt: number | undefined;
  for (let index = 0; index < DELIVERY_SCHEDULE_MS.length; index++) {
    if (dueAt !== undefined) {
      // Past the first task (a timer of 1 ms starts when it ends), then wait what is left until the
      // retry is due, counted from the failure itself.
      await sleep(1);
      await clock.sleepUntil(dueAt);
      dueAt = undefined;
    } else if (index > 0) await clock.sleep(DELIVERY_SCHEDULE_MS[index]);
    const attempt = index + 1;
    const inPlace = index === 0 && first.inPlace;
    const startedAt = clock.now();
    const result = await (inPlace ? attemptInPlace : attemptDelivery)({
      deliveryId,
      attempt,
      nextDelayMs: DELIVERY_SCHEDULE_MS[index + 1] ?? null,
      clockOffsetMs: startedAt - Date.now(),
    });
    if (result.outcome !== 'failed') return { deliveryId, outcome: result.outcome, attempts: attempt };
    // In the run's own time (the company's, in the sandbox): when the attempt started, plus how
    // long the receiver took to fail it, plus the schedule's wait.
    if (inPlace && first.besideOthers && result.answeredAfterMs !== undefined)
      dueAt = startedAt + result.answeredAfterMs + DELIVERY_SCHEDULE_MS[index + 1];
  }
  await exhaustDelivery({ deliveryId });
  return { deliveryId, outcome: 'failed', attempts: DELIVERY_SCHEDULE_MS.length };
}
