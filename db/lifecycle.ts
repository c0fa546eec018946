import type { Insertable, Selectable } from 'kysely';
import { randomToken } from '../core/ids.ts';
import type { Db } from './database.ts';
import type { DocumentLifecycleStatus, LifecycleEventsTable } from './schema.ts';

export type LifecycleEventRow = Selectable<LifecycleEventsTable>;

export function newLifecycleEventId(): string {
  return `lce_${randomToken(20)}`;
}

/**
 * The guarded lifecycle move: applies only from the status the workflow expects, so a repeated
 * activity or a stale command changes nothing. Returns the row when this call made the move.
 */
export async function moveLifecycle(
  db: Db,
  documentId: string,
  expected: DocumentLifecycleStatus,
  to: DocumentLifecycleStatus,
  at: Date,
) {
  return db
    .updateTable('documents')
    .set({ lifecycle_status: to, updated_at: at })
    .where('id', '=', documentId)
    .where('lifecycle_status', '=', expected)
    .returningAll()
    .executeTakeFirst();
}

export async function insertLifecycleEvent(db: Db, row: Insertable<LifecycleEventsTable>): Promise<LifecycleEventRow> {
  return db.insertInto('lifecycle_events').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Oldest first: the history reads as the chain it records. */
export async function listLifecycleEvents(db: Db, documentId: string): Promise<LifecycleEventRow[]> {
  return db.selectFrom('lifecycle_events').selectAll().where('document_id', '=', documentId).orderBy('seq').execute();
}

/** The amount one lifecycle move booked (a payment), or null. */
export async function paymentAmountOfMove(db: Db, lifecycleEventId: string): Promise<string | null> {
  const row = await db
    .selectFrom('lifecycle_events')
    .select('payment_amount')
    .where('id', '=', lifecycleEventId)
    .executeTakeFirst();
  return row?.payment_amount ?? null;
}
