import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { findUndispatchedEvents } from '../db/events.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';

/** How long request traces stay inspectable. */
export const REQUEST_LOG_RETENTION_DAYS = 30;

export interface MaintenanceActivities {
  pruneExpiredRecords(): Promise<Record<string, number>>;
  sweepUndispatchedEvents(): Promise<number>;
}

export function createMaintenanceActivities({ db, events }: { db: Db; events: EventDispatcher }): MaintenanceActivities {
  const prune = async (table: 'idempotency_keys' | 'rate_limit_hits' | 'probes' | 'request_logs', column: string, interval: string) => {
    const result = await sql`delete from ${sql.table(table)} where ${sql.ref(column)} < now() - ${interval}::interval`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  };
  return {
    async pruneExpiredRecords() {
      return {
        idempotencyKeys: await prune('idempotency_keys', 'created_at', '24 hours'),
        // The longest window (the hourly bootstrap limit) bounds what is still needed.
        rateLimitHits: await prune('rate_limit_hits', 'hit_at', '1 hour'),
        probes: await prune('probes', 'created_at', '1 day'),
        requestLogs: await prune('request_logs', 'created_at', `${REQUEST_LOG_RETENTION_DAYS} days`),
      };
    },
    async sweepUndispatchedEvents() {
      const stale = await findUndispatchedEvents(db, new Date(Date.now() - 60_000));
      await events.dispatch(stale);
      return stale.length;
    },
  };
}
