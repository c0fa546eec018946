import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('partner_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('issue_date', 'date')
    .addColumn('due_date', 'date')
    .addColumn('currency', 'text')
    .addColumn('gross_amount', sql`numeric(18,2)`)
    .addColumn('net_amount', sql`numeric(18,2)`)
    .addColumn('vat_amount', sql`numeric(18,2)`)
    .addColumn('sender', 'jsonb', (c) => c.notNull())
    .addColumn('receiver', 'jsonb')
    .addColumn('sender_peppol_id', 'text')
    .addColumn('receiver_peppol_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('delivery_status', 'text', (c) => c.notNull())
    .addColumn('lifecycle_status', 'text', (c) => c.notNull().defaultTo('issued'))
    .addColumn('body', 'jsonb')
    .addColumn('xml', 'text')
    .addColumn('source_format', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.references('files.id'))
    .addColumn('stored_format', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('transport_message_id', 'text')
    .addColumn('read_at', 'timestamptz')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('assigned_user_id', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('notes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('linked_document_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('received_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('documents_direction', sql`direction in ('incoming', 'outgoing')`)
    .addCheckConstraint('documents_status', sql`status in ('draft', 'sent', 'delivered', 'rejected')`)
    .addCheckConstraint(
      'documents_delivery_status',
      sql`delivery_status in ('pending', 'delivered', 'failed', 'rejected', 'stored')`,
    )
    .addCheckConstraint(
      'documents_lifecycle_status',
      sql`lifecycle_status in ('issued', 'under_review', 'approved', 'partially_paid', 'paid', 'rejected', 'disputed')`,
    )
    .execute();

  // Full-text search over number, party names, references and note (part 4.6 `search`).
  await sql`alter table documents add column search tsvector generated always as (
    to_tsvector('simple',
      coalesce(number, '') || ' ' ||
      coalesce(sender->>'name', '') || ' ' || coalesce(receiver->>'name', '') || ' ' ||
      coalesce(body->>'buyerReference', '') || ' ' || coalesce(body->>'orderReference', '') || ' ' ||
      coalesce(body->>'note', ''))
  ) stored`.execute(db);
  await sql`create index documents_search on documents using gin (search)`.execute(db);
  await db.schema
    .createIndex('documents_org_created')
    .on('documents')
    .columns(['organization_id', 'livemode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('documents_org_company')
    .on('documents')
    .columns(['organization_id', 'livemode', 'company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('documents_transport_message').on('documents').column('transport_message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('files').execute();
}
