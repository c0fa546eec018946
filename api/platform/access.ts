import type { Request } from 'express';
import type { Db } from '../../db/database.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import type { Scope } from '../../core/scope.ts';
import type { Principal } from '../context.ts';
import { ApiError } from '../errors.ts';
import { principalOf } from '../principal.ts';
import { companyFilter, scopeOf } from '../scope.ts';

/**
 * The caller of a `/v1/platform/…` operation: a platform or white-label key. The `platform` scope
 * alone is not enough: a personal key or a JWT with `*` holds it too, but manages no tenants.
 */
export function platformCaller(req: Request): { principal: Principal; scope: Scope } {
  const principal = principalOf(req);
  if (principal.keyType !== 'platform' && principal.keyType !== 'white_label') {
    const what = principal.keyType === 'user' ? 'A user token (JWT)' : 'A personal key';
    throw new ApiError(
      'KEY_TYPE_FORBIDDEN',
      `${what} cannot use ${req.context.operation?.pathTemplate ?? 'the platform area'}: it needs a platform (svc_plat_…) or white-label (svc_wl_…) key.`,
    );
  }
  return { principal, scope: scopeOf(req) };
}

/**
 * The managed company a filter or a body names, by any reference form: 403 COMPANY_FORBIDDEN when
 * the request acts for another one, 404 when the platform does not manage it.
 */
export async function managedCompanyId(
  db: Db,
  scope: Scope,
  requested: string | undefined,
): Promise<string | undefined> {
  const ref = companyFilter(scope, requested);
  if (!ref) return undefined;
  const company = await findCompanyByRef(db, scope, ref);
  if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No company ${ref} managed by this platform.`);
  return company.id;
}
