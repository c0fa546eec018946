import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { findCompanyByRef, findJoinableCompany } from '../../db/companies.ts';
import {
  addMembership,
  decideJoinRequest,
  findJoinRequest,
  findPendingJoinRequests,
  openJoinRequest,
} from '../../db/join-requests.ts';
import type { JoinRequestRow } from '../../db/schema.ts';
import type { Principal } from '../context.ts';
import type { Scope } from '../../core/scope.ts';
import { findMembershipRole } from '../../db/organizations.ts';
import { ApiError } from '../errors.ts';

export function toJoinRequest(row: JoinRequestRow, viewerOrganizationId: string) {
  return {
    id: row.id,
    object: 'join_request' as const,
    companyId: row.company_id,
    status: row.status,
    direction: row.organization_id === viewerOrganizationId ? ('incoming' as const) : ('outgoing' as const),
    requesterOrganizationId: row.requester_organization_id,
    requesterUserId: row.requester_user_id,
    requesterApiKeyId: row.requester_api_key_id,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * A request of the caller's organization to join a company managed by another organization. The
 * company is found across organizations (same mode) by id, `vat:` or `peppol:`; inactive companies
 * cannot be joined.
 */
export async function requestToJoin(db: Db, principal: Principal, ref: string) {
  const company = await findJoinableCompany(db, principal.livemode, ref);
  if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No active company ${ref}.`);
  if (company.organization_id === principal.organizationId) {
    throw new ApiError('INVALID_REQUEST', `Company ${company.id} already belongs to your organization.`, {
      details: [{ field: 'company_id', rule: 'own_company', message: 'is a company of your organization' }],
    });
  }
  const { row } = await openJoinRequest(db, {
    id: newId('jr'),
    companyId: company.id,
    organizationId: company.organization_id,
    livemode: principal.livemode,
    requesterOrganizationId: principal.organizationId,
    requesterUserId: principal.userId ?? null,
    requesterApiKeyId: principal.apiKeyId ?? null,
  });
  return row;
}

export async function listJoinRequests(db: Db, scope: Scope) {
  return findPendingJoinRequests(db, scope);
}

async function isOrganizationAdmin(db: Db, principal: Principal): Promise<boolean> {
  // API keys act for the whole organization; a user must hold the admin role in it.
  if (principal.authMethod === 'api_key') return true;
  if (!principal.userId) return false;
  return (await findMembershipRole(db, principal.organizationId, principal.userId)) === 'admin';
}

/** Accept or reject, by the organization that owns the company; recorded with who and when. */
export async function decideJoin(
  db: Db,
  principal: Principal,
  scope: Scope,
  companyRef: string,
  requestId: string,
  decision: 'accepted' | 'rejected',
) {
  const company = await findCompanyByRef(db, scope, companyRef);
  if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No company ${companyRef} in this organization.`);
  const request = await findJoinRequest(db, scope, company.id, requestId);
  if (!request) throw new ApiError('RESOURCE_NOT_FOUND', `No join request ${requestId} for company ${company.id}.`);
  if (!(await isOrganizationAdmin(db, principal))) {
    throw new ApiError('INSUFFICIENT_SCOPE', 'Only an admin of the organization can decide join requests.', {
      details: [{ field: 'role', rule: 'organization_admin', message: 'requires the admin role' }],
    });
  }
  const decidedBy = principal.apiKeyId ? `key:${principal.apiKeyId}` : `user:${principal.userId}`;
  const decided = await db.transaction().execute(async (trx) => {
    const row = await decideJoinRequest(trx, request.id, decision, decidedBy);
    if (row && decision === 'accepted' && row.requester_user_id)
      await addMembership(trx, row.organization_id, row.requester_user_id);
    return row;
  });
  if (!decided) {
    throw new ApiError('INVALID_TRANSITION', `Join request ${request.id} is already ${request.status}.`, {
      extra: { allowedTransitions: [] },
    });
  }
  return decided;
}
