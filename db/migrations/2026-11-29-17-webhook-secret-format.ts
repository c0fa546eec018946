import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// How a webhook's secret gives its HMAC key. `whsec`: Standard Webhooks form, the key is the base64
// after `whsec_` (what the service issues from now on). `text`: the UTF-8 bytes of the whole string,
// as every webhook signed until now; those keep it until their secret is rotated.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhooks add column secret_format text not null default 'text'
    constraint webhooks_secret_format check (secret_format in ('text', 'whsec'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhooks drop column secret_format`.execute(db);
}
