import { sql } from 'kysely';
import type { Db } from './database.ts';
import { newId } from '../core/ids.ts';
import { EVENTS_API_VERSION, type EventType } from '../core/events.ts';
import { anyWebhookSubscribes } from './webhook-subscriptions.ts';
import { newestFirst, oldestFirst } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

export interface NewEvent {
  organizationId: string;
  livemode: boolean;
  companyId: string | null;
  type: EventType;
  data: Record<string, unknown>;
}

/** The values of a new event row, derived once per event (its id, its data as JSON text). */
export function newEventValues(event: NewEvent) {
  return {
    id: newId('evt'),
    organization_id: event.organizationId,
    livemode: event.livemode,
    company_id: event.companyId,
    type: event.type,
    data: JSON.stringify(event.data),
    api_version: EVENTS_API_VERSION,
  };
}

export type NewEventValues = ReturnType<typeof newEventValues>;

/**
 * The columns of a new event row; one no webhook subscribes to is written dispatched already. The
 * values pass through as the statement's parameters only, so a statement compiled once may hold them.
 */
function newEventColumns(values: NewEventValues) {
  // Named one by one: a larger statement's parameters may carry more than the event's.
  const { id, organization_id, livemode, company_id, type, data, api_version } = values;
  return {
    id,
    organization_id,
    livemode,
    company_id,
    type,
    data,
    api_version,
    dispatched_at: sql<Date | null>`case when ${anyWebhookSubscribes(values)} then null else now() end`,
  };
}

/**
 * Writes an event row. Call it with the transaction that makes the state change it reports, then,
 * after commit, hand the row to the EventDispatcher; the sweeper catches what a crash in between
 * left undispatched. An event no webhook subscribes to needs no fan-out: the events API lists it
 * all the same.
 */
export async function insertEvent(db: Db, event: NewEvent) {
  return db
    .insertInto('events')
    .values(newEventColumns(newEventValues(event)))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The same insert as a part of a larger statement: it happens only when the statement's CTE
 * `guard` yields a row, so a guarded state change and its event are one statement.
 */
export function insertEventWhen(guard: string, values: NewEventValues) {
  const columns = newEventColumns(values);
  const names = Object.keys(columns) as (keyof typeof columns)[];
  const row = sql.join(names.map((name) => (name === 'data' ? sql`${columns.data}::jsonb` : sql`${columns[name]}`)));
  return sql`insert into events (${sql.join(names.map((name) => sql.ref(name)))}) select ${row} where exists (select 1 from ${sql.table(guard)}) returning id, dispatched_at`;
}

export async function findEvent(db: Db, id: string) {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markEventDispatched(db: Db, id: string): Promise<void> {
  await db
    .updateTable('events')
    .set({ dispatched_at: new Date() })
    .where('id', '=', id)
    .where('dispatched_at', 'is', null)
    .execute();
}

/** Events older than `olderThan` whose fan-out was never scheduled (the process died after commit). */
export async function findUndispatchedEvents(db: Db, olderThan: Date, limit = 500) {
  return db
    .selectFrom('events')
    .select(['id', 'dispatched_at'])
    .where('dispatched_at', 'is', null)
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The events a scope sees: its organization and mode, and only its company's when it has one. */
function visibleEvents(db: Db, scope: Scope) {
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  return query;
}

/** The `document.received` event of a document the scope sees (a repeated inbound run re-dispatches it). */
export async function findReceivedEvent(db: Db, scope: Scope, documentId: string) {
  return visibleEvents(db, scope)
    .clearSelect()
    .select(['id', 'dispatched_at'])
    .where('type', '=', 'document.received')
    .where(sql<boolean>`data->>'documentId' = ${documentId}`)
    .executeTakeFirst();
}

export async function findVisibleEvent(db: Db, scope: Scope, id: string) {
  return visibleEvents(db, scope).where('id', '=', id).executeTakeFirst();
}

export interface EventPage {
  limit: number;
  after?: { createdAt: Date; id: string } | undefined;
  type?: string | undefined;
  companyId?: string | undefined;
  /** Acknowledged events too; the queue itself shows only unacknowledged ones. */
  includeAcknowledged?: boolean | undefined;
  /** `oldest`: creation order from `after` on, for a receiver catching up on what it missed. */
  order?: 'newest' | 'oldest' | undefined;
}

/** The caller's events, newest first (or oldest first from a point), keyset-paginated. */
export async function listEvents(db: Db, scope: Scope, page: EventPage) {
  let query = visibleEvents(db, scope).$call(page.order === 'oldest' ? oldestFirst(page) : newestFirst(page));
  if (!page.includeAcknowledged) query = query.where('acknowledged_at', 'is', null);
  if (page.type) query = query.where('type', '=', page.type);
  if (page.companyId) query = query.where('company_id', '=', page.companyId);
  return query.execute();
}

/** Acknowledges the visible ones among `ids`; returns how many were newly acknowledged. */
export async function acknowledgeEvents(db: Db, scope: Scope, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  let query = db
    .updateTable('events')
    .set({ acknowledged_at: new Date() })
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('id', 'in', ids)
    .where('acknowledged_at', 'is', null);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
