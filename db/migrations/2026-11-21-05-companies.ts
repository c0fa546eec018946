import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  // Which SMP registration the company's row reflects: the registration workflow bumps it once per
  // live registration, so a retried "mark registered" step writes its event only once.
  await db.schema
    .alterTable('companies')
    .addColumn('smp_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Full-text search of the company list and autocomplete: name, legal name, VAT and Peppol id.
  // The 'simple' configuration keeps identifiers intact (no stemming, no stop words).
  await sql`create index companies_search on companies using gin (
    to_tsvector('simple', name || ' ' || legal_name || ' ' || vat_number || ' ' || coalesce(peppol_id, ''))
  )`.execute(db);
  // Join requests find a company of another organization by VAT or Peppol id, in one mode.
  await db.schema.createIndex('companies_vat_any_org').on('companies').columns(['vat_number', 'livemode']).execute();
  await db.schema.createIndex('companies_peppol_any_org').on('companies').columns(['peppol_id', 'livemode']).execute();

  await db.schema
    .createTable('join_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('requester_organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('requester_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requester_api_key_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('join_requests_status', sql`status in ('pending', 'accepted', 'rejected')`)
    .execute();
  // At most one open request per (company, requesting organization).
  await sql`create unique index join_requests_pending on join_requests (company_id, requester_organization_id) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('join_requests_owner')
    .on('join_requests')
    .columns(['organization_id', 'livemode', 'status'])
    .execute();
  await db.schema
    .createIndex('join_requests_requester')
    .on('join_requests')
    .columns(['requester_organization_id', 'livemode', 'status'])
    .execute();

  // The sandbox SMP: what the simulator has registered, per participant (live registrations live in the real SMP).
  await db.schema
    .createTable('sandbox_smp_participants')
    .addColumn('participant_id', 'text', (c) => c.primaryKey())
    .addColumn('document_types', 'jsonb', (c) => c.notNull())
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_smp_participants').execute();
  await db.schema.dropTable('join_requests').execute();
  await sql`drop index companies_search`.execute(db);
  await db.schema.dropIndex('companies_vat_any_org').execute();
  await db.schema.dropIndex('companies_peppol_any_org').execute();
  await db.schema.alterTable('companies').dropColumn('smp_generation').execute();
}
