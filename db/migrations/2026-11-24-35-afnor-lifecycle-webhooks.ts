import type { Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// A flow that is not an invoice (a CDAR lifecycle message, an FRR e-reporting file) names its type
// itself: a CDAR about an invoice the company received is a SupplierInvoiceLC whichever way it
// travels. A webhook of the AFNOR facade keeps the standard's subscription (callback headers,
// authentication, signature, and the metadata filter) beside the delivery columns of /v1 webhooks,
// so both go through the same delivery workflow.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_flows').addColumn('flow_type', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('afnor', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('afnor').execute();
  await db.schema.alterTable('document_flows').dropColumn('flow_type').execute();
}
