import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
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
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    namePreparedStatements(client);
  });
  watchPool(options.applicationName ?? 'docex', pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Postgres parses and plans every statement it is sent anew; for the few statements every document
 * runs, with plain keys, that costs more of its CPU than executing them. A statement marked by
 * {@link prepared} is prepared once per connection under a name derived from its text and then only
 * executed (Postgres keeps a generic plan once it costs no more than planning each time). Only
 * statements with explicit column lists are marked: a prepared `select *` fails once a migration
 * adds a column while the process runs.
 */
const PREPARED = '/* prepared */ ';
const statementNames = new Map<string, string>();

function namePreparedStatements(client: pg.PoolClient): void {
  // The class's `query` is looked up at each call: tracing patches it after clients exist.
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  const query = (...args: unknown[]) => proto.query.apply(client, args);
  (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !text.startsWith(PREPARED) || typeof rest[0] === 'function')
      return query(text, ...rest);
    let name = statementNames.get(text);
    if (!name) {
      name = `docex_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
      statementNames.set(text, name);
    }
    return query({ name, text, values: rest[0] });
  };
}

/**
 * Every column of a table, named: the compiler refuses a list that misses one, so a statement that
 * names its columns (as a prepared one must) still reads the whole row. `columnsOf<T>()([...])`.
 */
export function columnsOf<T>() {
  return <const C extends readonly (keyof T & string)[]>(
    columns: C & ([Exclude<keyof T & string, C[number]>] extends [never] ? unknown : never),
  ): C => columns;
}

/** The query, marked to be prepared once per connection (see {@link PREPARED}). */
export function prepared<R>(db: Db, query: Compilable<R> | RawBuilder<R>): CompiledQuery<R> {
  // A query builder compiles by itself; a raw `sql` template needs the database's compiler.
  const compiled = (query as RawBuilder<R>).compile(db);
  return { ...compiled, sql: PREPARED + compiled.sql };
}

/** Stands in for a call's parameter while its statement is compiled once; replaced at each call. */
class Slot {
  constructor(readonly key: string) {}

  // A statement that reads a placeholder as a value (compares, formats it) would be compiled for
  // the first call's shape only: refuse it when the statement is built.
  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: "${this.key}" was read while building the statement; derive it in the caller`);
  }
}

/**
 * A prepared statement (see {@link prepared}) built and compiled once per shape instead of at each
 * call: building and compiling the send's Kysely queries at each call took a tenth of the API's CPU
 * per send, for a text that does not change. `build` receives, instead of the call's values, placeholders
 * that it may only pass on as values of the statement (no method calls, no decisions on them);
 * whatever varies the statement's text goes into the `shape` key, which `build` decides from.
 * Values the statement needs derived (a hash, a lower-cased id) are derived by the caller.
 */
export function compiledOnce<P extends object, R>(
  build: (db: Db, params: P, shape: string) => Compilable<R> | RawBuilder<R>,
  shapeOf: (params: P) => string = () => '',
): (db: Db, params: P) => CompiledQuery<R> {
  const slots = new Proxy({} as P, { get: (_, key) => new Slot(String(key)) });
  const compiled = new Map<string, CompiledQuery<R>>();
  return (db, params) => {
    const shape = shapeOf(params);
    let template = compiled.get(shape);
    if (!template) {
      template = prepared(db, build(db, slots, shape));
      compiled.set(shape, template);
    }
    const values = params as Record<string, unknown>;
    return {
      ...template,
      parameters: template.parameters.map((value) => (value instanceof Slot ? values[value.key] : value)),
    };
  };
}
