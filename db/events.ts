import type { Db } from './database.ts';
import { newId } from '../core/ids.ts';
import { EVENTS_API_VERSION, type EventType } from '../core/events.ts';

export interface NewEvent {
  organizationId: string;
  livemode: boolean;
  companyId: string | null;
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * Writes an event row. Call it with the transaction that makes the state change it reports, then,
 * after commit, hand the id to the EventDispatcher; the sweeper catches what a crash in between
 * left undispatched.
 */
export async function insertEvent(db: Db, event: NewEvent) {
  return db
    .insertInto('events')
    .values({
      id: newId('evt'),
      organization_id: event.organizationId,
      livemode: event.livemode,
      company_id: event.companyId,
      type: event.type,
      data: JSON.stringify(event.data),
      api_version: EVENTS_API_VERSION,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findEvent(db: Db, id: string) {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markEventDispatched(db: Db, id: string): Promise<void> {
  await db.updateTable('events').set({ dispatched_at: new Date() }).where('id', '=', id).where('dispatched_at', 'is', null).execute();
}

/** Events older than `olderThan` whose fan-out was never scheduled (the process died after commit). */
export async function findUndispatchedEvents(db: Db, olderThan: Date, limit = 500) {
  return db.selectFrom('events').select('id').where('dispatched_at', 'is', null).where('created_at', '<', olderThan).orderBy('created_at').limit(limit).execute();
}
