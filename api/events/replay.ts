import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { clockOffsetOf, createReplayDeliveries, deleteDeliveries, type EventForDelivery } from '../../db/deliveries.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import type { deliveryWorkflow } from '../../workflows/webhooks/delivery.ts';

/**
 * New deliveries of the event to every active webhook that matches it now, each with its own
 * `delivery:<dlv_id>` run (fresh ids, so nothing collides with the first deliveries).
 */
export async function replayEvent(db: Db, temporal: Client, event: EventForDelivery): Promise<number> {
  const deliveries = await createReplayDeliveries(db, event);
  const clockOffsetMs = event.livemode ? 0 : await clockOffsetOf(db, event.company_id);
  const started = await Promise.allSettled(
    deliveries.map((d) =>
      temporal.workflow.start<typeof deliveryWorkflow>('deliveryWorkflow', {
        taskQueue: TASK_QUEUES.webhooks,
        workflowId: workflowIds.delivery(d.id),
        args: [{ deliveryId: d.id, livemode: event.livemode, clockOffsetMs }],
        typedSearchAttributes: searchAttributesFor({
          organizationId: event.organization_id,
          livemode: event.livemode,
          companyId: event.company_id,
        }),
      }),
    ),
  );
  // A delivery whose run could not start would stay pending forever: take it back, and let the
  // caller retry (the error answers 503 with Retry-After; receivers dedupe on the event id).
  const failed = deliveries.filter((_, i) => started[i].status === 'rejected');
  if (failed.length) {
    await deleteDeliveries(
      db,
      failed.map((d) => d.id),
    );
    throw (started.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
  }
  return deliveries.length;
}
