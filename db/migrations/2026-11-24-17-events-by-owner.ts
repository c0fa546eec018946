import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The platform's event stream lists acknowledged events too (a tenant acknowledging its queue does
// not hide its events from the platform), which the partial `events_unacknowledged` index cannot
// serve: pages of it would sort the organization's whole history.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index events_by_owner on events (organization_id, livemode, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_by_owner`.execute(db);
}
