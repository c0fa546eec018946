import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// A platform's settings (branding, defaults for the companies it creates, custom domain, tenant
// quotas) per organization and mode: a sandbox key's settings never reach live ones. A verified
// custom domain names one platform per mode, so the reference page can pick the brand by Host.
//
// Tenant quotas count documents per company and calendar month, beside the organization's own
// `usage_counters`, with the same guarded upsert.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table platform_settings (
    organization_id text not null references organizations (id) on delete cascade,
    livemode boolean not null,
    branding jsonb not null default '{}',
    defaults jsonb not null default '{}',
    quotas jsonb not null default '{}',
    custom_domain text,
    custom_domain_token text,
    custom_domain_status text check (custom_domain_status in ('pending', 'verified')),
    custom_domain_checked_at timestamptz(3),
    custom_domain_verified_at timestamptz(3),
    custom_domain_failure text,
    updated_at timestamptz(3) not null default now(),
    primary key (organization_id, livemode)
  )`.execute(db);
  await sql`create unique index platform_settings_verified_domain on platform_settings (livemode, custom_domain)
    where custom_domain_status = 'verified'`.execute(db);

  await sql`create table company_usage_counters (
    company_id text not null references companies (id) on delete cascade,
    period text not null,
    documents integer not null,
    primary key (company_id, period)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists company_usage_counters`.execute(db);
  await sql`drop table if exists platform_settings`.execute(db);
}
