import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Listing events after a point (GET /v1/events?after=…) may include acknowledged ones, which the
// partial index of the queue leaves out; this one serves that walk in either direction.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index events_creation_order on events (organization_id, livemode, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index events_creation_order`.execute(db);
}
