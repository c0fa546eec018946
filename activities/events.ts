import type { Db } from '../db/database.ts';
import { findEvent, markEventDispatched } from '../db/events.ts';
import { clockOffsetOf, createFanOutDeliveries } from '../db/deliveries.ts';
import { failure } from '../core/failures.ts';
import type { EventInput } from '../workflows/events/event.ts';

/** What the event workflow needs to start one delivery workflow per delivery. */
export interface FanOutPlan {
  deliveryIds: string[];
  organizationId: string;
  livemode: boolean;
  companyId: string | null;
  /** The event company's virtual clock offset (sandbox); 0 otherwise. */
  clockOffsetMs: number;
}

export interface EventActivities {
  fanOutEvent(input: EventInput): Promise<FanOutPlan>;
  markEventDispatched(input: EventInput): Promise<void>;
}

/**
 * The fan-out creates one delivery per matching active webhook, idempotently (one per (event,
 * webhook)), so a retried activity or a re-run workflow finds the same deliveries.
 */
export function createEventActivities({ db }: { db: Db }): EventActivities {
  return {
    async fanOutEvent({ eventId }) {
      const event = await findEvent(db, eventId);
      if (!event) throw failure('NOT_FOUND', `event ${eventId} does not exist`);
      const deliveries = await createFanOutDeliveries(db, event);
      return {
        deliveryIds: deliveries.map((d) => d.id),
        organizationId: event.organization_id,
        livemode: event.livemode,
        companyId: event.company_id,
        clockOffsetMs: event.livemode ? 0 : await clockOffsetOf(db, event.company_id),
      };
    },
    async markEventDispatched({ eventId }) {
      await markEventDispatched(db, eventId);
    },
  };
}
