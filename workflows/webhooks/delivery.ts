import { patched, proxyActivities, proxyLocalActivities, type RetryPolicy } from '@temporalio/workflow';
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
  const firstInPlace = Boolean(input.firstAttemptInPlace) || patched(FIRST_ATTEMPT_IN_PLACE);
  return deliver(input.deliveryId, clock, firstInPlace);
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
  const deliveries = await Promise.all(input.deliveryIds.map((deliveryId) => deliver(deliveryId, clock.lane(), true)));
  return { eventId: input.eventId, deliveries };
}

async function deliver(deliveryId: string, clock: WorkflowClock, firstInPlace: boolean): Promise<DeliveryResult> {
  for (let index = 0; index < DELIVERY_SCHEDULE_MS.length; index++) {
    if (index > 0) await clock.sleep(DELIVERY_SCHEDULE_MS[index]);
    const attempt = index + 1;
    const attemptNow = index === 0 && firstInPlace ? attemptInPlace : attemptDelivery;
    const { outcome } = await attemptNow({
      deliveryId,
      attempt,
      nextDelayMs: DELIVERY_SCHEDULE_MS[index + 1] ?? null,
      clockOffsetMs: clock.now() - Date.now(),
    });
    if (outcome !== 'failed') return { deliveryId, outcome, attempts: attempt };
  }
  await exhaustDelivery({ deliveryId });
  return { deliveryId, outcome: 'failed', attempts: DELIVERY_SCHEDULE_MS.length };
}
