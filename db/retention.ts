import { sql } from 'kysely';
import type { Db } from './database.ts';

/** Tables whose rows expire: housekeeping, not tenant data, so pruned across every organization. */
export type ExpiringTable = 'idempotency_keys' | 'rate_limit_hits' | 'probes' | 'request_logs';

/** Deletes the rows of `table` whose `column` is older than `interval` (a Postgres interval); returns how many. */
export async function deleteOlderThan(db: Db, table: ExpiringTable, column: string, interval: string): Promise<number> {
  const result =
    await sql`delete from ${sql.table(table)} where ${sql.ref(column)} < now() - ${interval}::interval`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
