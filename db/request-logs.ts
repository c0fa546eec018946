import type { Insertable } from 'kysely';
import type { Db } from './database.ts';
import type { RequestLogsTable } from './schema.ts';
import type { Scope } from '../core/scope.ts';

export async function insertRequestLogs(db: Db, rows: Insertable<RequestLogsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('request_logs').values(rows).execute();
}

/** A request the scope sees (made for its company when it has one); another tenant's id finds nothing. */
export async function findRequestLog(db: Db, scope: Scope, id: string) {
  let query = db
    .selectFrom('request_logs')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  return query.executeTakeFirst();
}
