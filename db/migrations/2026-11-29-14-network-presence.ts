import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// A live company's presence on the Peppol network as last checked: {smp, sml, directory, checkedAt, problem}.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table companies add column network jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table companies drop column network`.execute(db);
}
