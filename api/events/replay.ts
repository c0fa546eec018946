import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { clockOffsetOf, createReplayDeliveries, deleteDeliveries, type EventForDelivery } from '../../db/deliveries.ts';
import { startDeliveryRun } from '../../core/event-dispatcher.ts';

/**
 * New deliveries of the event to every active webhook that matches it now, each with its own
 * `delivery:<dlv_id>` run (fresh ids, so nothing collides with the first deliveries).
 */
export async function replayEvent(db: Db, temporal: Client, event: EventForDelivery): Promise<number> {
  const deliveries = await createReplayDeliveries(db, event);
  const clockOffsetMs = event.livemode ? 0 : await clockOffsetOf(db, event.company_id);
  const started = await Promise.allSettled(
    deliveries.map((d) => startDeliveryRun(temporal, event, d.id, clockOffsetMs)),
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
