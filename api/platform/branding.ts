import type { Request } from 'express';
import type { Db } from '../../db/database.ts';
import { findBranding, findBrandingByDomain } from '../../db/platform-settings.ts';
import type { Branding } from '../../db/tables/platform.ts';
import { findOrganization } from '../../db/organizations.ts';
import type { Authenticator } from '../access/authenticate.ts';
import type { DocsBranding } from '../docs.ts';
import { ApiError } from '../errors.ts';

/** Branding reaches tenants only for white-label organizations (part 1); integrators serve their own users. */
export const brandsTenants = (plan: string) => plan === 'white_label';

async function toDocsBranding(db: Db, organizationId: string, branding: Branding | null | undefined) {
  const displayName = branding?.displayName ?? (await findOrganization(db, organizationId))?.name ?? organizationId;
  return {
    displayName,
    ...(branding?.logo ? { logo: branding.logo } : {}),
    ...(branding?.primaryColor ? { primaryColor: branding.primaryColor } : {}),
  };
}

/**
 * The brand of the reference page `/docs`: the white-label whose verified custom domain is the
 * request's host, or, with `?brand=<organization id>`, a preview for the platform's own key
 * (`Authorization: Bearer svc_wl_…`/`svc_plat_…` of that organization, its mode's settings).
 */
export function docsBranding(db: Db, authenticate: Authenticator): (req: Request) => Promise<DocsBranding | undefined> {
  return async (req) => {
    const brand = req.query.brand;
    if (typeof brand === 'string' && brand !== '') {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
      if (!token) {
        throw new ApiError('MISSING_AUTH', 'A brand preview (?brand=) needs "Authorization: Bearer <platform key>".');
      }
      const principal = await authenticate(token, undefined);
      if (principal.keyType !== 'platform' && principal.keyType !== 'white_label') {
        throw new ApiError(
          'KEY_TYPE_FORBIDDEN',
          'A brand preview needs a platform (svc_plat_…) or white-label (svc_wl_…) key.',
        );
      }
      if (principal.organizationId !== brand) {
        throw new ApiError('RESOURCE_NOT_FOUND', `No brand ${brand} for this key: preview your own organization's.`);
      }
      const row = await findBranding(db, principal.organizationId, principal.livemode);
      return toDocsBranding(db, principal.organizationId, row?.branding);
    }
    const row = await findBrandingByDomain(db, req.hostname.toLowerCase());
    if (!row || !brandsTenants(row.plan)) return undefined;
    return toDocsBranding(db, row.organization_id, row.branding);
  };
}
