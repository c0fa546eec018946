import type { Db } from '../db/database.ts';
import { findEvent, markEventDispatched } from '../db/events.ts';
import { failure } from '../core/failures.ts';
import type { EventInput } from '../workflows/events/event.ts';

export interface EventActivities {
  fanOutEvent(input: EventInput): Promise<{ deliveryIds: string[] }>;
}

/**
 * Matching webhooks get one delivery each (created idempotently); the event is then marked
 * dispatched. Webhook subscriptions plug in through `planDeliveries`.
 */
export function createEventActivities({ db, planDeliveries }: { db: Db; planDeliveries?: (eventId: string) => Promise<string[]> }): EventActivities {
  return {
    async fanOutEvent({ eventId }) {
      const event = await findEvent(db, eventId);
      if (!event) throw failure('NOT_FOUND', `event ${eventId} does not exist`);
      const deliveryIds = planDeliveries ? await planDeliveries(eventId) : [];
      await markEventDispatched(db, eventId);
      return { deliveryIds };
    },
  };
}
