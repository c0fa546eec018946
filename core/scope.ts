/**
 * Who a query is for. The API derives one per request (api/access/middleware.ts) and repositories
 * take it second (`fn(db, scope, …)`), so every read and write of tenant data is narrowed to the
 * organization, the mode and, when there is one, the company, by the same rule everywhere.
 */

/** `user` is a JWT; `system` is a worker acting for the tenant of a row it loaded. */
export type CallerKind = 'personal' | 'platform' | 'white_label' | 'user' | 'system';

export interface Scope {
  readonly organizationId: string;
  /** false for sandbox keys: live and test data never meet. */
  readonly livemode: boolean;
  /** The company named by `X-Service-Company`. */
  readonly actingCompanyId: string | undefined;
  /** The company the API key is bound to. */
  readonly boundCompanyId: string | undefined;
  /**
   * The one company whose data the caller sees (acting, else bound); undefined: every company of
   * the organization. Another company's rows are invisible, so their ids answer 404.
   */
  readonly companyId: string | undefined;
  readonly callerKind: CallerKind;
  /**
   * The caller's own organization. It differs from `organizationId` only while acting for a joined
   * company: the request then works in the owning organization's data, narrowed to that company.
   */
  readonly callerOrganizationId: string;
}

export interface ScopeInput {
  organizationId: string;
  livemode: boolean;
  callerKind: CallerKind;
  boundCompanyId?: string | undefined;
  actingCompanyId?: string | undefined;
  callerOrganizationId?: string | undefined;
}

export function createScope(input: ScopeInput): Scope {
  return {
    organizationId: input.organizationId,
    livemode: input.livemode,
    actingCompanyId: input.actingCompanyId,
    boundCompanyId: input.boundCompanyId,
    companyId: input.actingCompanyId ?? input.boundCompanyId,
    callerKind: input.callerKind,
    callerOrganizationId: input.callerOrganizationId ?? input.organizationId,
  };
}

/**
 * The same caller over the whole organization, optionally in another mode. Only for the few checks
 * that must see past the company on purpose: resolving `X-Service-Company` itself, telling
 * "another company" (403 COMPANY_FORBIDDEN) from "no such company" (404), a VAT number unique in
 * the organization, a JWT creating keys of the other mode.
 */
export function organizationWide(scope: Scope, livemode = scope.livemode): Scope {
  return createScope({
    organizationId: scope.organizationId,
    livemode,
    callerKind: scope.callerKind,
    callerOrganizationId: scope.callerOrganizationId,
  });
}

/** For activities: the company itself, as the tenant acting for it. */
export function scopeOfCompany(company: { id: string; organization_id: string; livemode: boolean }): Scope {
  return createScope({
    organizationId: company.organization_id,
    livemode: company.livemode,
    callerKind: 'system',
    actingCompanyId: company.id,
  });
}

/** For activities: the tenant of a row they loaded by the id their workflow was given. */
export function scopeOfRow(row: {
  organization_id: string;
  livemode: boolean;
  company_id?: string | null | undefined;
}): Scope {
  return createScope({
    organizationId: row.organization_id,
    livemode: row.livemode,
    callerKind: 'system',
    actingCompanyId: row.company_id ?? undefined,
  });
}
