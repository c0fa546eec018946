import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { Scope } from '../core/scope.ts';

/** A shallow JSON merge of one section: keys with null are removed, the others set. */
export type SectionChanges = Record<string, unknown>;

export interface PlatformSettingsChanges {
  branding?: SectionChanges;
  defaults?: SectionChanges;
  quotas?: SectionChanges;
  /** A new domain (with its verification token), null to remove it, undefined to leave it. */
  customDomain?: { domain: string; token: string } | null;
}

/** The settings of the scope's organization and mode; undefined before the first change. */
export async function findPlatformSettings(db: Db, scope: Scope) {
  return db
    .selectFrom('platform_settings')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirst();
}

const merge = (column: string, changes: SectionChanges | undefined) => {
  if (!changes) return sql.ref(`platform_settings.${column}`);
  const removals = Object.keys(changes).filter((k) => changes[k] === null);
  const upserts = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  return sql`(${sql.ref(`platform_settings.${column}`)} - ${sql.val(removals)}::text[]) || ${JSON.stringify(upserts)}::jsonb`;
};

/**
 * Applies a PATCH in one statement, merged in SQL so that two concurrent changes of different
 * fields both survive. A new custom domain starts over as `pending` with a new token; the same
 * domain again keeps its state.
 */
export async function savePlatformSettings(db: Db, scope: Scope, changes: PlatformSettingsChanges) {
  const initial = (section: SectionChanges | undefined) =>
    JSON.stringify(Object.fromEntries(Object.entries(section ?? {}).filter(([, v]) => v !== null)));
  const domain = changes.customDomain;
  const domainChanged = sql<boolean>`platform_settings.custom_domain is distinct from ${domain?.domain ?? null}`;
  const keep = domain === undefined;
  return db
    .insertInto('platform_settings')
    .values({
      organization_id: scope.organizationId,
      livemode: scope.livemode,
      branding: initial(changes.branding),
      defaults: initial(changes.defaults),
      quotas: initial(changes.quotas),
      custom_domain: domain?.domain ?? null,
      custom_domain_token: domain?.token ?? null,
      custom_domain_status: domain ? 'pending' : null,
    })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'livemode']).doUpdateSet({
        branding: merge('branding', changes.branding) as any,
        defaults: merge('defaults', changes.defaults) as any,
        quotas: merge('quotas', changes.quotas) as any,
        ...(keep
          ? {}
          : {
              custom_domain: domain?.domain ?? null,
              custom_domain_token: sql`case when ${domainChanged} then ${domain?.token ?? null} else platform_settings.custom_domain_token end`,
              custom_domain_status: sql`case when ${domainChanged} then ${domain ? 'pending' : null} else platform_settings.custom_domain_status end`,
              custom_domain_checked_at: sql`case when ${domainChanged} then null else platform_settings.custom_domain_checked_at end`,
              custom_domain_verified_at: sql`case when ${domainChanged} then null else platform_settings.custom_domain_verified_at end`,
              custom_domain_failure: sql`case when ${domainChanged} then null else platform_settings.custom_domain_failure end`,
            }),
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records the outcome of a verification of `domain`, unless the domain changed meanwhile. A domain
 * stays verified once it was: a later failed check records why, and the status stays.
 */
export async function recordDomainCheck(
  db: Db,
  scope: Scope,
  domain: string,
  outcome: { verified: boolean; failure: string | null },
) {
  return db
    .updateTable('platform_settings')
    .set({
      custom_domain_checked_at: sql`now()`,
      custom_domain_failure: outcome.failure,
      ...(outcome.verified
        ? {
            custom_domain_status: 'verified',
            custom_domain_verified_at: sql`coalesce(custom_domain_verified_at, now())`,
          }
        : {}),
    })
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('custom_domain', '=', domain)
    .returningAll()
    .executeTakeFirst();
}

/** The platform whose verified custom domain `host` is, live before sandbox, with its organization's plan. */
export async function findBrandingByDomain(db: Db, host: string) {
  return db
    .selectFrom('platform_settings')
    .innerJoin('organizations', 'organizations.id', 'platform_settings.organization_id')
    .select([
      'platform_settings.organization_id',
      'platform_settings.livemode',
      'platform_settings.branding',
      'organizations.plan',
    ])
    .where('platform_settings.custom_domain', '=', host)
    .where('platform_settings.custom_domain_status', '=', 'verified')
    .orderBy('platform_settings.livemode', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The branding of an organization and mode, with the organization's plan (white-label or not). */
export async function findBranding(db: Db, organizationId: string, livemode: boolean) {
  return db
    .selectFrom('organizations')
    .leftJoin('platform_settings', (join) =>
      join
        .onRef('platform_settings.organization_id', '=', 'organizations.id')
        .on('platform_settings.livemode', '=', livemode),
    )
    .select(['organizations.plan', 'platform_settings.branding'])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirst();
}

/** The tenant quotas of an organization and mode (empty: none). */
export async function findTenantQuotas(db: Db, organizationId: string, livemode: boolean) {
  const row = await db
    .selectFrom('platform_settings')
    .select('quotas')
    .where('organization_id', '=', organizationId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row?.quotas ?? {};
}
