import type { Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The request inspector answers a caller acting for one company (a bound key, or X-Service-Company)
// only about requests made for that company, so each request records the company it acted for.
// Earlier rows keep null: they stay visible to organization-wide callers only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('request_logs').addColumn('company_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('request_logs').dropColumn('company_id').execute();
}
