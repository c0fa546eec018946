import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  // One incoming document per received Peppol message (SBDH InstanceIdentifier) and receiving
  // company: a gateway that re-posts a message can never create a second copy.
  await sql`create unique index documents_incoming_message on documents (company_id, transport_message_id)
    where direction = 'incoming' and transport_message_id is not null`.execute(db);
  // The receiving company of an inbound message, found by participant id across organizations
  // (Peppol participant values compare case-insensitively).
  await sql`create index companies_live_peppol_lower on companies (lower(peppol_id)) where livemode`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists companies_live_peppol_lower`.execute(db);
  await sql`drop index if exists documents_incoming_message`.execute(db);
}
