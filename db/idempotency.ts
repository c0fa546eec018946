import { sql } from 'kysely';
import type { Db } from './database.ts';

/** How long a stored response answers repeats of its key (part 8). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A request still `in_progress` after this long is taken to have died with its process. */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;

export interface IdempotencyScope {
  organizationId: string;
  principal: string;
  key: string;
}

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch'; method: string; path: string }
  | { outcome: 'replay'; status: number; headers: Record<string, string>; body: Buffer; requestId: string };

/**
 * Claims the key for this request, or tells why not. The primary key makes the insert the single
 * point of decision under concurrency: of N simultaneous requests exactly one claims. An expired
 * record, or one abandoned mid-flight, is replaced by a guarded update that again only one wins.
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  request: { hash: string; method: string; path: string; requestId: string; holder?: string },
  /** False for a claim known to be orphaned (its holder's request has ended) before its lock expires. */
  isRunning: (claim: { holder: string | null; requestId: string }) => boolean = () => true,
): Promise<ClaimResult> {
  const now = Date.now();
  const lockedUntil = new Date(now + IDEMPOTENCY_LOCK_MS);
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      organization_id: scope.organizationId,
      principal: scope.principal,
      idempotency_key: scope.key,
      request_hash: request.hash,
      method: request.method,
      path: request.path,
      state: 'in_progress',
      request_id: request.requestId,
      holder: request.holder ?? null,
      locked_until: lockedUntil,
      created_at: new Date(now),
    })
    .onConflict((oc) => oc.columns(['organization_id', 'principal', 'idempotency_key']).doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  if (inserted) return { outcome: 'claimed' };

  const existing = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('principal', '=', scope.principal)
    .where('idempotency_key', '=', scope.key)
    .executeTakeFirst();
  if (!existing) return claimIdempotencyKey(db, scope, request, isRunning);

  const expired = existing.created_at.getTime() + IDEMPOTENCY_TTL_MS <= now;
  const abandoned =
    existing.state === 'in_progress' &&
    (existing.locked_until.getTime() <= now || !isRunning({ holder: existing.holder, requestId: existing.request_id }));
  if (expired || abandoned) {
    const taken = await db
      .updateTable('idempotency_keys')
      .set({
        request_hash: request.hash,
        method: request.method,
        path: request.path,
        state: 'in_progress',
        request_id: request.requestId,
        holder: request.holder ?? null,
        response_status: null,
        response_headers: null,
        response_body: null,
        created_at: new Date(now),
        locked_until: lockedUntil,
        completed_at: null,
      })
      .where('organization_id', '=', scope.organizationId)
      .where('principal', '=', scope.principal)
      .where('idempotency_key', '=', scope.key)
      // Only the claim as read: one that completed since (its request ended between our read and
      // now) is answered as a replay by the next round, never run a second time.
      .where('request_id', '=', existing.request_id)
      .where('state', '=', existing.state)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { outcome: 'claimed' };
    return claimIdempotencyKey(db, scope, request, isRunning);
  }
  if (existing.request_hash !== request.hash)
    return { outcome: 'mismatch', method: existing.method, path: existing.path };
  if (existing.state === 'in_progress') return { outcome: 'in_progress' };
  return {
    outcome: 'replay',
    status: existing.response_status!,
    headers: existing.response_headers ?? {},
    body: existing.response_body ?? Buffer.alloc(0),
    requestId: existing.request_id,
  };
}

export async function completeIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  requestId: string,
  response: { status: number; headers: Record<string, string>; body: Buffer },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'completed',
      response_status: response.status,
      response_headers: JSON.stringify(response.headers),
      response_body: response.body,
      completed_at: new Date(),
    })
    .where('organization_id', '=', scope.organizationId)
    .where('principal', '=', scope.principal)
    .where('idempotency_key', '=', scope.key)
    .where('request_id', '=', requestId)
    .execute();
}

/**
 * Frees the key of a request whose outcome must not be replayed (validation failure, 5xx, 429). A
 * key its request completed in the transaction of its effect stays: that effect happened.
 */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope, requestId: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('organization_id', '=', scope.organizationId)
    .where('principal', '=', scope.principal)
    .where('idempotency_key', '=', scope.key)
    .where('request_id', '=', requestId)
    .where('state', '=', 'in_progress')
    .execute();
}

/** Drops the cache of one caller (sandbox helper) or, without principal, of the whole organization. */
export async function flushIdempotencyKeys(db: Db, organizationId: string, principal?: string): Promise<number> {
  let query = db.deleteFrom('idempotency_keys').where('organization_id', '=', organizationId);
  if (principal) query = query.where('principal', '=', principal);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`${now}::timestamptz - interval '24 hours'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
