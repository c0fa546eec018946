import { createCompany, createKey, createTenant } from '../../support/access.ts';

export interface Platform {
  organizationId: string;
  key: string;
  keyId: string;
  /** Two managed companies of the platform's organization. */
  companyA: string;
  companyB: string;
  /** A personal key bound to companyA (a tenant key). */
  tenantKeyA: string;
}

/** A platform (or white-label) organization with two managed companies and a tenant key for the first. */
export async function createPlatform(
  options: { keyType?: 'platform' | 'white_label'; livemode?: boolean; scopes?: string[] } = {},
): Promise<Platform> {
  const keyType = options.keyType ?? 'platform';
  const livemode = options.livemode ?? false;
  const tenant = await createTenant({ plan: keyType, keyType, livemode, scopes: options.scopes ?? ['*'] });
  const companyB = await createCompany(tenant.organizationId, livemode);
  const tenantKey = await createKey(tenant.organizationId, { livemode, companyId: tenant.companyId });
  return {
    organizationId: tenant.organizationId,
    key: tenant.key,
    keyId: tenant.keyId,
    companyA: tenant.companyId,
    companyB,
    tenantKeyA: tenantKey.secret,
  };
}
