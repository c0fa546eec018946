import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  // Trigram indexes serve the substring searches on names (`q`) without a sequential scan.
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('directory_participants')
    .addColumn('peppol_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('siren', 'text')
    .addColumn('siret', 'text')
    .addColumn('identifiers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('nace_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('document_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('parent_peppol_id', 'text')
    .addColumn('website', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('access_point', 'jsonb', (c) => c.notNull())
    .addColumn('smp', 'jsonb', (c) => c.notNull())
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index directory_peppol_lower on directory_participants (lower(peppol_id))`.execute(db);
  await sql`create index directory_name_trgm on directory_participants using gin (lower(name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index directory_country_name on directory_participants (country, name, peppol_id)`.execute(db);
  await sql`create index directory_city on directory_participants (country, lower(city))`.execute(db);
  await sql`create index directory_postal on directory_participants (postal_code text_pattern_ops)`.execute(db);
  await sql`create index directory_vat on directory_participants (vat_number)`.execute(db);
  await sql`create index directory_siren on directory_participants (siren)`.execute(db);
  await sql`create index directory_siret on directory_participants (siret)`.execute(db);
  await sql`create index directory_parent on directory_participants (parent_peppol_id)`.execute(db);
  await sql`create index directory_nace on directory_participants using gin (nace_codes)`.execute(db);
  await sql`create index directory_doctypes on directory_participants using gin (document_types)`.execute(db);

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('peppol_id', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('both'))
    .addColumn('contact_name', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('peppol_status', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('defaults', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('identifiers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('enrichment', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('documents_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('documents_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity_at', 'timestamptz')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('partners_role', sql`role in ('supplier', 'buyer', 'both')`)
    .addCheckConstraint('partners_peppol_status', sql`peppol_status in ('registered', 'not_registered', 'unknown')`)
    .addCheckConstraint('partners_identified', sql`peppol_id is not null or vat_number is not null`)
    .execute();
  // One partner per Peppol id and per VAT number in an organization and mode (409 PARTNER_EXISTS).
  await sql`create unique index partners_org_peppol on partners (organization_id, livemode, lower(peppol_id)) where peppol_id is not null`.execute(
    db,
  );
  await sql`create unique index partners_org_vat on partners (organization_id, livemode, vat_number) where vat_number is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('partners_org_created')
    .on('partners')
    .columns(['organization_id', 'livemode', 'created_at', 'id'])
    .execute();
  await sql`create index partners_org_name on partners (organization_id, livemode, lower(name), id)`.execute(db);
  await sql`create index partners_tags on partners using gin (tags)`.execute(db);
  await sql`create index partners_identifiers on partners using gin (identifiers jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('partners').ifExists().execute();
  await db.schema.dropTable('directory_participants').ifExists().execute();
}
