import { ParentClosePolicy, proxyActivities, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { EventActivities } from '../../activities/events.ts';
import { workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { deliveryWorkflow } from '../webhooks/delivery.ts';

const { fanOutEvent, markEventDispatched } = proxyActivities<EventActivities>(ACTIVITY_PRESETS.database);

export interface EventInput {
  eventId: string;
}

export interface EventResult {
  eventId: string;
  deliveryIds: string[];
}

/**
 * `event:<evt_id>`: creates the event's deliveries, starts one `delivery:<dlv_id>` workflow per
 * delivery, then marks the event dispatched. Deliveries are children with ParentClosePolicy
 * ABANDON: their start is recorded in this history exactly once (no client needed in an activity),
 * and they outlive this short run, which ends as soon as all have started.
 */
export async function eventWorkflow(input: EventInput): Promise<EventResult> {
  const plan = await fanOutEvent(input);
  await Promise.all(
    plan.deliveryIds.map(async (deliveryId) => {
      try {
        await startChild(deliveryWorkflow, {
          workflowId: workflowIds.delivery(deliveryId),
          args: [{ deliveryId, livemode: plan.livemode, clockOffsetMs: plan.clockOffsetMs, firstAttemptInPlace: true }],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          typedSearchAttributes: searchAttributesFor({
            organizationId: plan.organizationId,
            livemode: plan.livemode,
            companyId: plan.companyId,
          }),
        });
      } catch (err) {
        // Already running (a replayed fan-out of the same delivery): that run owns it.
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
  await markEventDispatched(input);
  return { eventId: input.eventId, deliveryIds: plan.deliveryIds };
}
