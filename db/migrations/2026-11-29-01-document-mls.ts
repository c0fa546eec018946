import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The receiving access point's Message Level Status for an outgoing document: {code, reason?, receivedAt}.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column mls jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table documents drop column mls`.execute(db);
}
