import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { columnsOf, compiledOnce, type Db } from './database.ts';
import type { ApiKeysTable } from './schema.ts';
import type { RateLimitCount } from './rate-limits.ts';
import { newestFirst } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

export function hashKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const API_KEY_COLUMNS = columnsOf<ApiKeysTable>()([
  'id',
  'organization_id',
  'company_id',
  'name',
  'key_type',
  'livemode',
  'key_prefix',
  'key_hash',
  'scopes',
  'rate_limit',
  'expires_at',
  'created_by',
  'created_at',
  'revoked_at',
  'last_used_at',
]);

function apiKeyRow(db: Db, hash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('organizations', 'organizations.id', 'api_keys.organization_id')
    .select(API_KEY_COLUMNS.map((column) => `api_keys.${column}` as const))
    .select(['organizations.plan as plan', 'organizations.forced_rate_limit_until as forced_rate_limit_until'])
    .where('api_keys.key_hash', '=', hash);
}

/** The key alone, for a look-up that counts no request (a brand preview of /docs). */
const apiKeyByHash = compiledOnce((db, params: { hash: string }) => apiKeyRow(db, params.hash));

export async function findApiKeyBySecret(db: Db, secret: string) {
  return (await db.executeQuery(apiKeyByHash(db, { hash: hashKeySecret(secret) }))).rows[0];
}

/** Where a key's request is counted: its limit (the key's own, else its plan's) over a window ending `at`. */
export interface KeyWindow {
  /** Requests per minute by plan, as JSON (`{"free": 60, …}`); a plan it lacks takes `defaultLimit`. */
  planLimits: string;
  defaultLimit: number;
  at: Date;
  windowStart: Date;
}

/**
 * Every request's first statement: the key, and its request counted in its window
 * (`consume_rate_limit` on `key:<id>`), one round trip instead of two. A revoked or expired key, or
 * one of an organization under a forced limit, counts nothing (`counted` is null): a CASE runs the
 * function only when its condition holds.
 */
const apiKeyCountingRequest = compiledOnce((db, params: KeyWindow & { hash: string }) =>
  apiKeyRow(db, params.hash).select(
    sql<RateLimitCount | null>`case
      when api_keys.revoked_at is null
       and (api_keys.expires_at is null or api_keys.expires_at > ${params.at})
       and (organizations.forced_rate_limit_until is null or organizations.forced_rate_limit_until <= ${params.at})
      then (select to_json(counted) from consume_rate_limit(
        'key:' || api_keys.id,
        coalesce(api_keys.rate_limit, (${params.planLimits}::jsonb ->> organizations.plan)::integer, ${params.defaultLimit}::integer),
        ${params.at},
        ${params.windowStart}) as counted)
    end`.as('counted'),
  ),
);

export async function findApiKeyCountingRequest(db: Db, secret: string, window: KeyWindow) {
  return (await db.executeQuery(apiKeyCountingRequest(db, { ...window, hash: hashKeySecret(secret) }))).rows[0];
}

export interface NewApiKey {
  id: string;
  organizationId: string;
  companyId: string | null;
  name: string;
  keyType: string;
  livemode: boolean;
  keyPrefix: string;
  secret: string;
  scopes: string[];
  rateLimit: number | null;
  expiresAt: Date | null;
  createdBy: string | null;
}

export async function insertApiKey(db: Db, key: NewApiKey) {
  return db
    .insertInto('api_keys')
    .values({
      id: key.id,
      organization_id: key.organizationId,
      company_id: key.companyId,
      name: key.name,
      key_type: key.keyType,
      livemode: key.livemode,
      key_prefix: key.keyPrefix,
      key_hash: hashKeySecret(key.secret),
      scopes: key.scopes,
      rate_limit: key.rateLimit,
      expires_at: key.expiresAt,
      created_by: key.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts the key unless its organization already has `cap` active (neither revoked nor expired)
 * keys; undefined then. The count and the insert are serialised per organization, so concurrent
 * creations cannot pass the cap together.
 */
export async function insertApiKeyUnderCap(db: Db, key: NewApiKey, cap: number) {
  const run = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${key.organizationId}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('organization_id', '=', key.organizationId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirstOrThrow();
    return Number(count) >= cap ? undefined : insertApiKey(trx, key);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

export interface KeyPage {
  limit: number;
  after?: { createdAt: Date; id: string } | undefined;
}

/**
 * The keys a scope sees: its organization's keys of its own mode (a test key never lists or revokes
 * a live one), and only those bound to its company when it has one.
 */
function visibleKeys(db: Db, scope: Scope) {
  let query = db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  return query;
}

/** Active keys the scope sees, newest first, keyset-paginated. */
export async function findApiKeys(db: Db, scope: Scope, page: KeyPage) {
  return visibleKeys(db, scope).where('revoked_at', 'is', null).$call(newestFirst(page)).execute();
}

export async function findApiKey(db: Db, scope: Scope, id: string) {
  return visibleKeys(db, scope).where('id', '=', id).executeTakeFirst();
}

/** Revokes at once; a key already revoked keeps its first revocation time. */
export async function revokeApiKey(db: Db, scope: Scope, id: string): Promise<boolean> {
  const found = await findApiKey(db, scope, id);
  if (!found) return false;
  await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', found.id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/**
 * Records when a key was last used, to the minute: a busy key would otherwise rewrite its row on
 * every request and make concurrent requests queue on the row lock.
 */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]),
    )
    .execute();
}
