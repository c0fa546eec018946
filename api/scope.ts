import type { Request } from 'express';
import type { Scope } from '../core/scope.ts';
import type { Db } from '../db/database.ts';
import { findActiveCompanies } from '../db/companies.ts';
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

/** A Peppol participant id without its `peppol:` prefix: `0208:0477472701`. */
export const BARE_PEPPOL_ID = /^\d{4}:.+$/;

/**
 * A company reference as `findCompanyByRef` reads it: `comp_…`, `vat:…` and `peppol:…` as given, a
 * bare Peppol participant id (`0208:0477472701`) as `peppol:` it.
 */
export function companyRef(ref: string): string {
  return BARE_PEPPOL_ID.test(ref) ? `peppol:${ref}` : ref;
}

/** How an operation that takes `companyId` can be told which company, when it names none. */
export const GIVE_COMPANY_ID =
  'Give companyId (comp_…, vat:…, peppol:… or a Peppol id), send X-Service-Company, or use a key bound to one company.';

/**
 * The company a request that names none is about: the one the scope acts for, else the
 * organization's only active company in this mode. None is 404 `COMPANY_NOT_FOUND`; several are
 * 400 `MISSING_FIELD` on `field`, with `give` saying how to name one.
 */
export async function impliedCompanyId(db: Db, scope: Scope, field: string, give: string): Promise<string> {
  if (scope.companyId) return scope.companyId;
  const companies = await findActiveCompanies(db, scope, 2);
  if (companies.length === 0)
    throw new ApiError(
      'COMPANY_NOT_FOUND',
      `The organization has no active company${scope.livemode ? '' : ' in the sandbox'}: create one first (POST /v1/companies).`,
      { details: [{ field, rule: 'exists', message: 'no active company' }] },
    );
  if (companies.length > 1)
    throw new ApiError(
      'MISSING_FIELD',
      `${field} is needed: the organization has several companies and the request names none. ${give}`,
      {
        details: [{ field, rule: 'required', message: 'name the company: several companies and no acting company' }],
      },
    );
  return companies[0].id;
}
