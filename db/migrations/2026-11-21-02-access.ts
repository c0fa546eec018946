import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('country', 'text')
    .addColumn('vat_number', 'text')
    // Platform and white-label tenants point at the organization that manages them.
    .addColumn('parent_organization_id', 'text', (c) => c.references('organizations.id'))
    // Throwaway organizations made by the public sandbox bootstrap.
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('forced_rate_limit_until', 'timestamptz')
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('organizations_plan', sql`plan in ('free', 'starter', 'pro', 'platform', 'white_label')`)
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The identity provider's subject, for users who sign in with a JWT.
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memberships_pk', ['organization_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('peppol_id', 'text')
    .addColumn('additional_identifiers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('address', 'jsonb')
    .addColumn('capabilities', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('smp_registered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('smp_registered_at', 'timestamptz')
    .addColumn('compliance', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('stats', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"sent": 0, "received": 0}'::jsonb`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Sandbox virtual clock: virtual time minus wall-clock time.
    .addColumn('clock_offset_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('companies_status', sql`status in ('active', 'inactive', 'suspended')`)
    .execute();
  await db.schema
    .createIndex('companies_org_vat')
    .unique()
    .on('companies')
    .columns(['organization_id', 'livemode', 'vat_number'])
    .execute();
  await db.schema
    .createIndex('companies_org_created')
    .on('companies')
    .columns(['organization_id', 'livemode', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('companies_peppol')
    .on('companies')
    .columns(['organization_id', 'livemode', 'peppol_id'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_type', 'text', (c) => c.notNull())
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    // SHA-256 of the secret; the secret itself is never stored.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('rate_limit', 'integer')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addCheckConstraint('api_keys_type', sql`key_type in ('personal', 'platform', 'white_label')`)
    .execute();
  await db.schema
    .createIndex('api_keys_org_created')
    .on('api_keys')
    .columns(['organization_id', 'created_at', 'id'])
    .execute();

  // One row per accepted request in the last window; exact counts under concurrency (see db/rate-limits.ts).
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('hit_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_bucket').on('rate_limit_hits').columns(['bucket', 'hit_at']).execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('documents', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pk', ['organization_id', 'period'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    // The key id, or `user:<id>` for a JWT: a key is scoped to the organization and the caller.
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'jsonb')
    .addColumn('response_body', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['organization_id', 'principal', 'idempotency_key'])
    .addCheckConstraint('idempotency_keys_state', sql`state in ('in_progress', 'completed')`)
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('request_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text')
    .addColumn('livemode', 'boolean')
    .addColumn('api_key_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('idempotent_replay', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error_code', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('request_logs_org_created')
    .on('request_logs')
    .columns(['organization_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'request_logs',
    'idempotency_keys',
    'usage_counters',
    'rate_limit_hits',
    'api_keys',
    'companies',
    'memberships',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
