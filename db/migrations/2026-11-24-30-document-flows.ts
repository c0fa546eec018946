import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The AFNOR flow service (part 4.15) sees every document as a flow. A document submitted as a flow
// keeps here what the flow said of itself (name, syntax, profile, processing rule, tracking id) and the
// bytes received; a document without a row is a flow whose values are derived from the document.
// Flow searches page on `updated_at` (strict `updatedAfter`), hence the index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_flows')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('flow_syntax', 'text', (c) => c.notNull())
    .addColumn('flow_profile', 'text')
    .addColumn('processing_rule', 'text')
    .addColumn('tracking_id', 'text')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('original_file_id', 'text', (c) => c.references('files.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
  await db.schema
    .createIndex('documents_org_updated')
    .on('documents')
    .columns(['organization_id', 'livemode', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('documents_org_updated').ifExists().execute();
  await db.schema.dropTable('document_flows').ifExists().execute();
}
