import type { Insertable } from 'kysely';
import type { Db } from './database.ts';
import type { RequestLogsTable } from './schema.ts';

export async function insertRequestLog(db: Db, row: Insertable<RequestLogsTable>): Promise<void> {
  await db.insertInto('request_logs').values(row).execute();
}

/** A request of the organization, in the caller's mode; another tenant's id finds nothing. */
export async function findRequestLog(db: Db, organizationId: string, livemode: boolean, id: string) {
  return db.selectFrom('request_logs').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('livemode', '=', livemode).executeTakeFirst();
}
