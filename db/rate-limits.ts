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
 * Sliding-window limiter over the `rate_limit_hits` log, in one statement (`consume_rate_limit_hits`,
 * migration 92): a transaction-scoped advisory lock per bucket serialises concurrent counts of one
 * caller across every API process, so the count is exact: at most `limit` requests are admitted in
 * any `windowMs`. Within a process, the requests of a bucket that arrive while its count runs are
 * counted together by the next call, in their order of arrival, instead of each queueing for the
 * lock and a commit of its own.
 */
export function consumeRateLimit(db: Db, bucket: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
  let batches = batchesOf.get(db);
  if (!batches) {
    batches = new Map();
    batchesOf.set(db, batches);
  }
  const key = `${limit}\n${windowMs}\n${bucket}`;
  let batch = batches.get(key);
  if (!batch) {
    batch = { waiting: [], running: false };
    batches.set(key, batch);
  }
  const decision = new Promise<RateLimitDecision>((resolve, reject) => batch.waiting.push({ resolve, reject }));
  if (!batch.running) void drain(db, batches, key, batch, { bucket, limit, windowMs });
  return decision;
}

interface Batch {
  waiting: Array<{ resolve: (decision: RateLimitDecision) => void; reject: (err: unknown) => void }>;
  running: boolean;
}

const batchesOf = new WeakMap<Db, Map<string, Batch>>();

async function drain(
  db: Db,
  batches: Map<string, Batch>,
  key: string,
  batch: Batch,
  { bucket, limit, windowMs }: { bucket: string; limit: number; windowMs: number },
): Promise<void> {
  batch.running = true;
  while (batch.waiting.length > 0) {
    const callers = batch.waiting;
    batch.waiting = [];
    try {
      const now = Date.now();
      const { rows } = await sql<{ admitted: number; used: number; oldest: Date | null }>`
        select admitted, used, oldest
        from consume_rate_limit_hits(${bucket}, ${limit}, ${callers.length}, ${new Date(now)}, ${new Date(now - windowMs)})
      `.execute(db);
      const { admitted, used, oldest } = rows[0];
      const oldestMs = oldest ? new Date(oldest).getTime() : now;
      callers.forEach(({ resolve }, i) => {
        // The i-th caller of the batch is counted as if it came alone after the ones before it.
        const before = Number(used) + i;
        resolve(
          i < admitted
            ? {
                allowed: true,
                limit,
                remaining: limit - before - 1,
                resetAt: (before === 0 ? now : oldestMs) + windowMs,
              }
            : { allowed: false, limit, remaining: 0, resetAt: (Number(used) === 0 ? now : oldestMs) + windowMs },
        );
      });
    } catch (err) {
      for (const { reject } of callers) reject(err);
    }
  }
  batch.running = false;
  batches.delete(key);
}

export async function clearRateLimit(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}
