import type { Request } from 'express';
import type { Scope } from '../core/scope.ts';
import { ApiError } from './errors.ts';

/** The tenancy scope of a non-public operation, derived once by the access middleware. */
export function scopeOf(req: Request): Scope {
  const scope = req.context.scope;
  if (!scope) throw new ApiError('MISSING_AUTH', 'This operation needs a bearer token.');
  return scope;
}

/** 403 for a company the caller cannot act for in this request (part 5, item 4). */
export function companyForbidden(scope: Scope, companyId: string): ApiError {
  const why = scope.actingCompanyId
    ? `This request acts for company ${scope.actingCompanyId} (X-Service-Company)`
    : `This key is scoped to company ${scope.boundCompanyId}`;
  return new ApiError('COMPANY_FORBIDDEN', `${why} and cannot act for ${companyId}.`);
}

/**
 * The company a list or a write is narrowed to: the scope's own company, or the one the request
 * names when the scope has none. Naming another company than the scope's is 403.
 */
export function companyFilter(scope: Scope, requested: string | undefined): string | undefined {
  if (scope.companyId && requested && requested !== scope.companyId) throw companyForbidden(scope, requested);
  return scope.companyId ?? requested;
}
