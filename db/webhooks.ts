import type { Selectable } from 'kysely';
import type { Db } from './database.ts';
import type { AfnorSubscription, WebhookSecretFormat, WebhooksTable, WebhookStatus } from './schema.ts';
import { insertEvent } from './events.ts';
import { eventTerms, subscribes, type EventOwner } from './webhook-subscriptions.ts';
import { newestFirst } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

export type WebhookRow = Selectable<WebhooksTable>;

export interface NewWebhook {
  id: string;
  organizationId: string;
  livemode: boolean;
  companyId: string | null;
  url: string;
  events: string[];
  secret: string;
  /** How the secret gives the HMAC key (`whsec` for every secret issued now); `text` when left out. */
  secretFormat?: WebhookSecretFormat;
  /** The AFNOR subscription a facade webhook serves; none for a `/v1` one. */
  afnor?: AfnorSubscription;
}

export async function insertWebhook(db: Db, webhook: NewWebhook): Promise<WebhookRow> {
  const now = new Date();
  return db
    .insertInto('webhooks')
    .values({
      id: webhook.id,
      organization_id: webhook.organizationId,
      livemode: webhook.livemode,
      company_id: webhook.companyId,
      url: webhook.url,
      events: webhook.events,
      secret: webhook.secret,
      secret_format: webhook.secretFormat ?? 'text',
      ...(webhook.afnor ? { afnor: JSON.stringify(webhook.afnor) } : {}),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The webhooks a scope sees: its organization and mode, and only its company's when it has one;
 * the /v1 webhooks or, with `afnor`, the subscriptions of the AFNOR flow service.
 */
function scoped(db: Db, scope: Scope, { afnor = false }: { afnor?: boolean } = {}) {
  let query = db
    .selectFrom('webhooks')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('afnor', afnor ? 'is not' : 'is', null);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  return query;
}

export async function findWebhook(db: Db, scope: Scope, id: string): Promise<WebhookRow | undefined> {
  return scoped(db, scope).where('id', '=', id).executeTakeFirst();
}

/** Events whose flow can change: a flow received, handed off, delivered or failed, or stored as a record. */
export const AFNOR_WEBHOOK_EVENTS = [
  'document.received',
  'document.sent',
  'document.delivered',
  'document.failed',
  'flow.stored',
];

export async function insertAfnorWebhook(
  db: Db,
  webhook: Omit<NewWebhook, 'events' | 'afnor'>,
  subscription: AfnorSubscription,
): Promise<WebhookRow> {
  return insertWebhook(db, { ...webhook, events: AFNOR_WEBHOOK_EVENTS, afnor: subscription });
}

export async function findAfnorWebhook(db: Db, scope: Scope, id: string): Promise<WebhookRow | undefined> {
  return scoped(db, scope, { afnor: true }).where('id', '=', id).executeTakeFirst();
}

export async function listAfnorWebhooks(db: Db, scope: Scope): Promise<WebhookRow[]> {
  return scoped(db, scope, { afnor: true }).orderBy('created_at').orderBy('id').execute();
}

/** Replaces the technical part of a subscription; the url and metadata stay. */
export async function updateAfnorWebhook(
  db: Db,
  scope: Scope,
  id: string,
  change: (current: AfnorSubscription) => AfnorSubscription,
): Promise<boolean> {
  const found = await findAfnorWebhook(db, scope, id);
  if (!found?.afnor) return false;
  await db
    .updateTable('webhooks')
    .set({ afnor: JSON.stringify(change(found.afnor)), updated_at: new Date() })
    .where('id', '=', found.id)
    .execute();
  return true;
}

export async function deleteAfnorWebhook(db: Db, scope: Scope, id: string): Promise<boolean> {
  const found = await findAfnorWebhook(db, scope, id);
  if (!found) return false;
  await db.deleteFrom('webhooks').where('id', '=', found.id).execute();
  return true;
}

export async function findWebhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface WebhookPage {
  limit: number;
  after?: { createdAt: Date; id: string } | undefined;
  companyId?: string | undefined;
}

/** Newest first, keyset-paginated. */
export async function listWebhooks(db: Db, scope: Scope, page: WebhookPage): Promise<WebhookRow[]> {
  let query = scoped(db, scope).$call(newestFirst(page));
  if (page.companyId) query = query.where('company_id', '=', page.companyId);
  return query.execute();
}

export interface WebhookChanges {
  url?: string;
  events?: string[];
  secret?: string;
  secretFormat?: WebhookSecretFormat;
  status?: WebhookStatus;
}

/**
 * Applies a PATCH. Moving to `active` is a re-activation: the failure count starts again and the
 * pause notice is cleared.
 */
export async function updateWebhook(
  db: Db,
  scope: Scope,
  id: string,
  changes: WebhookChanges,
): Promise<WebhookRow | undefined> {
  const found = await findWebhook(db, scope, id);
  if (!found) return undefined;
  const reactivated = changes.status === 'active' && found.status !== 'active';
  return db
    .updateTable('webhooks')
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined ? { events: changes.events } : {}),
      ...(changes.secret !== undefined ? { secret: changes.secret } : {}),
      ...(changes.secretFormat !== undefined ? { secret_format: changes.secretFormat } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(reactivated ? { failure_count: 0, paused_at: null, paused_reason: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', found.id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhook(db: Db, scope: Scope, id: string): Promise<boolean> {
  const found = await findWebhook(db, scope, id);
  if (!found) return false;
  await db.deleteFrom('webhooks').where('id', '=', found.id).execute();
  return true;
}

/** Active subscriptions an event goes to (the rule of {@link subscribes}), oldest first. */
export async function findMatchingWebhooks(db: Db, event: EventOwner): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where(subscribes(eventTerms(event)))
    .orderBy('created_at')
    .execute();
}

/**
 * A 2xx answer: the failure streak ends. Every delivery of a webhook writes the same row, so a
 * success with nothing to reset moves `last_delivered_at` at most once a second: the row lock is
 * then not a queue that every attempt's commit waits in.
 */
export async function recordWebhookSuccess(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failure_count: 0, last_delivered_at: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('failure_count', '<>', 0),
        eb('last_delivered_at', 'is', null),
        eb('last_delivered_at', '<', new Date(at.getTime() - 1_000)),
      ]),
    )
    .execute();
}

export async function recordWebhookFailure(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set((eb) => ({ failure_count: eb('failure_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The owner notice of part 6.4: the webhook stops receiving deliveries until re-activated, and a
 * `webhook.paused` event (written in the same transaction) tells the organization's other
 * webhooks and the events API. Undefined when it was not active (paused already, or gone).
 */
export async function pauseWebhook(db: Db, id: string, reason: string, cause: { deliveryId: string; eventId: string }) {
  return db.transaction().execute(async (trx) => {
    const paused = await trx
      .updateTable('webhooks')
      .set({ status: 'paused', paused_at: new Date(), paused_reason: reason, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (!paused) return undefined;
    // The paused webhook itself is no longer active, so the event never goes to it.
    return insertEvent(trx, {
      organizationId: paused.organization_id,
      livemode: paused.livemode,
      companyId: paused.company_id,
      type: 'webhook.paused',
      data: {
        webhookId: paused.id,
        url: paused.url,
        pausedAt: paused.paused_at!.toISOString(),
        reason,
        deliveryId: cause.deliveryId,
        eventId: cause.eventId,
      },
    });
  });
}
