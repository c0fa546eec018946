import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// A document is written three times: sent, handed off, delivered. An update that changes an indexed
// column writes a new entry into every index of the table; one that changes none stays on its page
// (a HOT update) and touches no index. `documents_org_updated` (migration 30) put `updated_at`,
// which every update changes, into an index, yet no query can use it: the flow search compares and
// orders by `updated_at` truncated to milliseconds, which a plain `updated_at` key does not serve,
// and the (organization, mode) prefix is `documents_org_created`'s as well. Dropped, the delivery
// update becomes HOT.
//
// `documents_transport_message` only ever serves a look-up by a given message id: a document not yet
// handed off (every new one) need not be in it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists documents_org_updated`.execute(db);
  await sql`drop index if exists documents_transport_message`.execute(db);
  await sql`create index documents_transport_message on documents (transport_message_id)
    where transport_message_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists documents_transport_message`.execute(db);
  await sql`create index documents_transport_message on documents (transport_message_id)`.execute(db);
  await sql`create index documents_org_updated on documents (organization_id, livemode, updated_at, id)`.execute(db);
}
