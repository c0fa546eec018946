import { sql } from 'kysely';
import { compiledOnce, type Db } from './database.ts';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the oldest counted request leaves the window (epoch ms): a slot frees then. */
  resetAt: number;
}

/** What `consume_rate_limit` answers (`oldest` is the ISO text when it comes through JSON). */
export interface RateLimitCount {
  allowed: boolean;
  used: number;
  oldest: Date | string | null;
}

// Prepared: every request runs it.
const consume = compiledOnce(
  (_db, params: { bucket: string; limit: number; at: Date; windowStart: Date }) =>
    sql<RateLimitCount>`
      select allowed, used, oldest from consume_rate_limit(${params.bucket}, ${params.limit}, ${params.at}, ${params.windowStart})
    `,
);

/**
 * Sliding-window limiter over the `rate_limit_hits` log, in one statement (`consume_rate_limit`,
 * migrations 12, 95 and 96): a transaction-scoped advisory lock per bucket serialises concurrent
 * requests of one caller across every API process, so the count is exact: at most `limit` requests
 * are admitted in any `windowMs`. The hits are numbered in their bucket, so the count costs two index
 * look-ups however many hits the window holds.
 */
export async function consumeRateLimit(
  db: Db,
  bucket: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitDecision> {
  const now = Date.now();
  const { rows } = await db.executeQuery(
    consume(db, { bucket, limit, at: new Date(now), windowStart: new Date(now - windowMs) }),
  );
  return rateLimitDecision(rows[0], limit, now, windowMs);
}

/** The decision on a request counted at `now` (epoch ms) in a window of `windowMs`. */
export function rateLimitDecision(
  { allowed, used, oldest }: RateLimitCount,
  limit: number,
  now: number,
  windowMs: number,
): RateLimitDecision {
  const oldestMs = oldest ? new Date(oldest).getTime() : now;
  if (!allowed) return { allowed: false, limit, remaining: 0, resetAt: oldestMs + windowMs };
  return { allowed: true, limit, remaining: limit - used - 1, resetAt: (used === 0 ? now : oldestMs) + windowMs };
}

export async function clearRateLimit(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}
