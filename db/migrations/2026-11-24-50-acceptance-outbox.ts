import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// `workflow_starts` is the outbox of workflow runs a committed write owes: the row commits with the
// write that needs the run, and is deleted once the run exists. A request starts the run right
// after its commit; the maintenance sweep starts what a crash left behind.
//
// `idempotency_keys.holder` names the API process that claimed a key, so that process can tell a
// claim of its own whose request has ended without releasing it (the database was away) from one
// still running, and hand the key on at once instead of after the lock expires.
//
// `documents_outgoing_number` serves the check that refuses a second live document of a number.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflow_starts')
    .addColumn('workflow_id', 'text', (c) => c.primaryKey())
    .addColumn('workflow_type', 'text', (c) => c.notNull())
    .addColumn('task_queue', 'text', (c) => c.notNull())
    .addColumn('args', 'jsonb', (c) => c.notNull())
    .addColumn('owner', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index workflow_starts_by_age on workflow_starts (created_at)`.execute(db);
  await sql`alter table idempotency_keys add column holder text`.execute(db);
  // The duplicate-number check of every send.
  await sql`create index documents_outgoing_number on documents (company_id, type, number) where direction = 'outgoing'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists documents_outgoing_number`.execute(db);
  await sql`alter table idempotency_keys drop column if exists holder`.execute(db);
  await db.schema.dropTable('workflow_starts').ifExists().execute();
}
