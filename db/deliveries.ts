import type { Selectable } from 'kysely';
import type { Db } from './database.ts';
import { newId } from '../core/ids.ts';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable } from './schema.ts';
import { newestFirst } from './keyset.ts';
import { findFlowById, flowMatches } from './flows.ts';
import { findMatchingWebhooks, recordWebhookFailure, recordWebhookSuccess, type WebhookRow } from './webhooks.ts';
import type { EventOwner } from './webhook-subscriptions.ts';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookDeliveryAttemptsTable>;

export interface EventForDelivery extends EventOwner {
  id: string;
  data?: unknown;
}

/**
 * A subscription of the AFNOR flow service takes an event only when the flow it is about (the
 * event's document) matches the subscription's metadata.
 */
async function wantsEvent(db: Db, webhook: WebhookRow, event: EventForDelivery): Promise<boolean> {
  if (!webhook.afnor) return true;
  const documentId = (event.data as { documentId?: unknown } | undefined)?.documentId;
  if (typeof documentId !== 'string') return false;
  const flow = await findFlowById(db, documentId);
  return flow !== undefined && flowMatches(flow, webhook.afnor.metadata);
}

async function subscribedWebhooks(db: Db, event: EventForDelivery): Promise<WebhookRow[]> {
  const webhooks = await findMatchingWebhooks(db, event);
  const wanted = await Promise.all(webhooks.map((w) => wantsEvent(db, w, event)));
  return webhooks.filter((_, i) => wanted[i]);
}

/**
 * One delivery per matching active webhook, at most once per (event, webhook) however often the
 * fan-out runs. Returns every fan-out delivery of the event, new or not.
 */
export async function createFanOutDeliveries(db: Db, event: EventForDelivery): Promise<DeliveryRow[]> {
  const webhooks = await subscribedWebhooks(db, event);
  if (webhooks.length > 0) {
    const now = new Date();
    await db
      .insertInto('webhook_deliveries')
      .values(
        webhooks.map((w) => ({
          id: newId('dlv'),
          organization_id: event.organization_id,
          livemode: event.livemode,
          webhook_id: w.id,
          event_id: event.id,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['event_id', 'webhook_id']).where('replay', '=', false).doNothing())
      .execute();
  }
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('event_id', '=', event.id)
    .where('replay', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** New deliveries of an old event to every currently matching active webhook. */
export async function createReplayDeliveries(db: Db, event: EventForDelivery): Promise<DeliveryRow[]> {
  const webhooks = await subscribedWebhooks(db, event);
  if (webhooks.length === 0) return [];
  const now = new Date();
  return db
    .insertInto('webhook_deliveries')
    .values(
      webhooks.map((w) => ({
        id: newId('dlv'),
        organization_id: event.organization_id,
        livemode: event.livemode,
        webhook_id: w.id,
        event_id: event.id,
        replay: true,
        created_at: now,
      })),
    )
    .returningAll()
    .execute();
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Everything one attempt needs: the delivery, its webhook (current URL and secret) and its event. */
export async function loadDeliveryContext(db: Db, id: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id as delivery_id',
      'd.status as delivery_status',
      'd.livemode as livemode',
      'w.id as webhook_id',
      'w.url as url',
      'w.secret as secret',
      'w.secret_format as secret_format',
      'w.status as webhook_status',
      'w.afnor as afnor',
      'e.id as event_id',
      'e.type as event_type',
      'e.created_at as event_created_at',
      'e.api_version as api_version',
      'e.data as data',
      'e.company_id as company_id',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Starts (or, after a worker died mid-request, restarts) attempt `attempt` of a delivery. */
export async function startAttempt(db: Db, deliveryId: string, attempt: number): Promise<void> {
  await db
    .insertInto('webhook_delivery_attempts')
    .values({ delivery_id: deliveryId, attempt, started_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['delivery_id', 'attempt']).doUpdateSet({
        started_at: new Date(),
        finished_at: null,
        outcome: null,
        status_code: null,
        duration_ms: null,
        error: null,
      }),
    )
    .execute();
}

export interface AttemptResult {
  outcome: 'succeeded' | 'failed';
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Records an attempt's result once: returns false when it was already recorded (a retried
 * activity), so the webhook's counters move exactly once per attempt.
 */
export async function finishAttempt(
  db: Db,
  { deliveryId, webhookId, attempt }: { deliveryId: string; webhookId: string; attempt: number },
  result: AttemptResult,
  nextAttemptAt: Date | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_delivery_attempts')
      .set({
        finished_at: new Date(),
        outcome: result.outcome,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
      })
      .where('delivery_id', '=', deliveryId)
      .where('attempt', '=', attempt)
      .where('outcome', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('webhook_deliveries')
      .set({
        attempt_count: attempt,
        status: result.outcome === 'succeeded' ? 'succeeded' : 'pending',
        next_attempt_at: result.outcome === 'succeeded' ? null : nextAttemptAt,
        completed_at: result.outcome === 'succeeded' ? new Date() : null,
      })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
    if (result.outcome === 'succeeded') await recordWebhookSuccess(trx, webhookId, new Date());
    else await recordWebhookFailure(trx, webhookId);
    return true;
  });
}

/** Ends a pending delivery: `failed` after the last attempt, `cancelled` when its webhook stopped. */
export async function closeDelivery(db: Db, deliveryId: string, status: 'failed' | 'cancelled'): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status, next_attempt_at: null, completed_at: new Date() })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface DeliveryPage {
  limit: number;
  after?: { createdAt: Date; id: string } | undefined;
  status?: string | undefined;
}

/** A webhook's deliveries, newest first, each with its event type and attempts. */
export async function listDeliveries(db: Db, webhookId: string, page: DeliveryPage) {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.webhook_id', '=', webhookId)
    .$call(newestFirst(page, 'd'));
  if (page.status) query = query.where('d.status', '=', page.status as DeliveryRow['status']);
  const rows = await query.execute();
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .selectFrom('webhook_delivery_attempts')
        .selectAll()
        .where('delivery_id', 'in', ids)
        .orderBy('attempt')
        .execute()
    : [];
  return rows.map((row) => ({ ...row, attempts: attempts.filter((a) => a.delivery_id === row.id) }));
}

/** The error of the last attempt of a delivery, for the reason a webhook is paused with. */
export async function lastAttemptError(db: Db, deliveryId: string): Promise<string | null | undefined> {
  const last = await db
    .selectFrom('webhook_delivery_attempts')
    .select(['error'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt', 'desc')
    .executeTakeFirst();
  return last?.error;
}

/** Takes back deliveries whose runs could not start, so none stays pending forever. */
export async function deleteDeliveries(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
}

/** A sandbox company's virtual clock offset (0 for live companies and company-less events). */
export async function clockOffsetOf(db: Db, companyId: string | null): Promise<number> {
  if (!companyId) return 0;
  const row = await db.selectFrom('companies').select('clock_offset_ms').where('id', '=', companyId).executeTakeFirst();
  return Number(row?.clock_offset_ms ?? 0);
}
