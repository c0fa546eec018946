import { sql } from 'kysely';
import type { Db } from './database.ts';
import { newestFirst, type NewestFirstPage } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

/**
 * Active keys of the platform's organization and mode, the platform's own and its tenants', newest
 * first; narrowed to the scope's company when it acts for one, else to `companyId` when asked.
 */
export async function findPlatformKeys(
  db: Db,
  scope: Scope,
  q: { companyId?: string | undefined; page: NewestFirstPage },
) {
  let query = db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('revoked_at', 'is', null);
  const companyId = scope.companyId ?? q.companyId;
  if (companyId) query = query.where('company_id', '=', companyId);
  return query.$call(newestFirst(q.page)).execute();
}

/**
 * API requests of the organization and mode in `[start, end)` per company they acted for (null:
 * organization-wide), narrowed to the scope's company when it has one. One aggregate over the
 * `request_logs_org_created` index.
 */
export async function countRequestsByCompany(db: Db, scope: Scope, period: { start: Date; end: Date }) {
  let query = db
    .selectFrom('request_logs')
    .leftJoin('companies', 'companies.id', 'request_logs.company_id')
    .select(['request_logs.company_id', 'companies.country', sql<number>`count(*)::int`.as('n')])
    .where('request_logs.organization_id', '=', scope.organizationId)
    .where('request_logs.livemode', '=', scope.livemode)
    .where('request_logs.created_at', '>=', period.start)
    .where('request_logs.created_at', '<', period.end);
  if (scope.companyId) query = query.where('request_logs.company_id', '=', scope.companyId);
  return query.groupBy(['request_logs.company_id', 'companies.country']).execute();
}
