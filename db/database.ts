import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { watchPool } from '../core/metrics.ts';

// Counts and bigint ids fit in a double here; `numeric` stays a string so money never becomes a float.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));
// A `date` is a calendar day, not an instant: kept as the `YYYY-MM-DD` text Postgres sends, so no
// time zone of the process can move it to the day before.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type Db = Kysely<Database>;

export interface DbOptions {
  /** Pool size; the API and the worker each hold one pool. */
  max?: number;
  applicationName?: string;
}

export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'docex',
  });
  // An idle client dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // pg-pool listens for errors of idle clients only: a checked-out client between two statements of
  // a transaction emits its connection loss with no listener, which would crash the process. The
  // statement that uses it next fails instead, and the pool discards the broken client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  watchPool(options.applicationName ?? 'docex', pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
