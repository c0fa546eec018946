import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  // Rows written by the probe workflow: proof that API → Temporal → worker → Postgres works end to end.
  await db.schema
    .createTable('probes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('probes').execute();
}
