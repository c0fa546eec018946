import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('api_version', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('dispatched_at', 'timestamptz')
    .execute();
  // The events API lists unacknowledged events newest first.
  await sql`create index events_unacknowledged on events (organization_id, livemode, created_at desc, id desc) where acknowledged_at is null`.execute(
    db,
  );
  // The sweeper finds events whose fan-out was never scheduled.
  await sql`create index events_undispatched on events (created_at) where dispatched_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
}
