import type { Db } from './database.ts';
import { newestFirst, type NewestFirstPage } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

/**
 * Active keys of the platform's organization and mode, the platform's own and its tenants', newest
 * first; narrowed to the scope's company when it acts for one, else to `companyId` when asked.
 */
export async function findPlatformKeys(db: Db, scope: Scope, q: { companyId?: string | undefined; page: NewestFirstPage }) {
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
