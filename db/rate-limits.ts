import { sql } from 'kysely';
import type { Db } from './database.ts';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the oldest counted request leaves the window (epoch ms): a slot frees then. */
  resetAt: number;
}

/**
 * Sliding-window limiter over the `rate_limit_hits` log. A transaction-scoped advisory lock per
 * bucket serialises concurrent requests of one caller across every API process, so the count is
 * exact: at most `limit` requests are admitted in any `windowMs`.
 */
export async function consumeRateLimit(db: Db, bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(trx);
    const now = Date.now();
    const windowStart = new Date(now - windowMs);
    await trx.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).where('hit_at', '<=', windowStart).execute();
    const { count, oldest } = await trx
      .selectFrom('rate_limit_hits')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('hit_at').as('oldest')])
      .where('bucket', '=', bucket)
      .executeTakeFirstOrThrow();
    const used = Number(count);
    const oldestMs = oldest ? new Date(oldest as unknown as string).getTime() : now;
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetAt: oldestMs + windowMs };
    await trx.insertInto('rate_limit_hits').values({ bucket, hit_at: new Date(now) }).execute();
    return { allowed: true, limit, remaining: limit - used - 1, resetAt: (used === 0 ? now : oldestMs) + windowMs };
  });
}

export async function clearRateLimit(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}
