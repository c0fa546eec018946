import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { Scope } from '../core/scope.ts';

export interface NewJoinRequest {
  id: string;
  companyId: string;
  organizationId: string;
  livemode: boolean;
  requesterOrganizationId: string;
  requesterUserId: string | null;
  requesterApiKeyId: string | null;
}

/**
 * Opens a request, or returns the pending one the requesting organization already has for this
 * company (`created` false): asking twice is one request.
 */
export async function openJoinRequest(db: Db, request: NewJoinRequest) {
  const inserted = await db
    .insertInto('join_requests')
    .values({
      id: request.id,
      company_id: request.companyId,
      organization_id: request.organizationId,
      livemode: request.livemode,
      requester_organization_id: request.requesterOrganizationId,
      requester_user_id: request.requesterUserId,
      requester_api_key_id: request.requesterApiKeyId,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'requester_organization_id']).where('status', '=', 'pending').doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const existing = await db
    .selectFrom('join_requests')
    .selectAll()
    .where('company_id', '=', request.companyId)
    .where('requester_organization_id', '=', request.requesterOrganizationId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { row: existing, created: false };
}

/** Pending requests the organization made (outgoing) or received for its companies (incoming), newest first. */
export async function findPendingJoinRequests(db: Db, scope: Scope) {
  return db
    .selectFrom('join_requests')
    .selectAll()
    .where('livemode', '=', scope.livemode)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('organization_id', '=', scope.organizationId),
        eb('requester_organization_id', '=', scope.organizationId),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export async function findJoinRequest(db: Db, scope: Scope, companyId: string, id: string) {
  return db
    .selectFrom('join_requests')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Decides a pending request once; undefined when it was no longer pending. */
export async function decideJoinRequest(db: Db, id: string, decision: 'accepted' | 'rejected', decidedBy: string) {
  return db
    .updateTable('join_requests')
    .set({ status: decision, decided_by: decidedBy, decided_at: sql`now()` as any })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** An accepted user becomes a member of the owning organization (keeping a higher role they may hold). */
export async function addMembership(db: Db, organizationId: string, userId: string, role = 'member'): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .execute();
}
