import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lifecycle_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('implied', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('actor', 'text')
    .addColumn('reason', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('note', 'text')
    .addColumn('payment_date', 'date')
    .addColumn('payment_amount', sql`numeric(18,2)`)
    .addColumn('payment_currency', 'text')
    .addColumn('payment_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lifecycle_events_document')
    .on('lifecycle_events')
    .columns(['document_id', 'seq'])
    .execute();

  await db.schema
    .createTable('document_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('amount', sql`numeric(18,2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_date', 'date', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('document_payments_document').on('document_payments').column('document_id').execute();

  await db.schema
    .createTable('compliance_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('lifecycle_event_id', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('lifecycle_status', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'text')
    .addColumn('platform_response', 'jsonb')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('compliance_reports_scope')
    .on('compliance_reports')
    .columns(['organization_id', 'livemode', 'created_at'])
    .execute();
  await db.schema
    .createIndex('compliance_reports_document')
    .on('compliance_reports')
    .columns(['document_id', 'country'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('compliance_reports').execute();
  await db.schema.dropTable('document_payments').execute();
  await db.schema.dropTable('lifecycle_events').execute();
}
