import type { Db } from './database.ts';

/** Moves a sandbox company's clock by `deltaMs` (atomically, so concurrent advances add up). */
export async function shiftCompanyClock(db: Db, organizationId: string, companyId: string, deltaMs: number): Promise<number | undefined> {
  const row = await db
    .updateTable('companies')
    .set((eb) => ({ clock_offset_ms: eb('clock_offset_ms', '+', deltaMs) }))
    .where('id', '=', companyId)
    .where('organization_id', '=', organizationId)
    .where('livemode', '=', false)
    .returning('clock_offset_ms')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.clock_offset_ms);
}

export async function resetCompanyClock(db: Db, organizationId: string, companyId: string): Promise<void> {
  await db.updateTable('companies').set({ clock_offset_ms: 0 }).where('id', '=', companyId).where('organization_id', '=', organizationId).where('livemode', '=', false).execute();
}

/** Sandbox events of the organization; rows that hang off an event go with it (foreign keys cascade). */
export async function deleteSandboxEvents(db: Db, organizationId: string): Promise<number> {
  const result = await db.deleteFrom('events').where('organization_id', '=', organizationId).where('livemode', '=', false).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Idempotency records of the organization's sandbox keys (live keys keep theirs). */
export async function deleteSandboxIdempotency(db: Db, organizationId: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('organization_id', '=', organizationId)
    .where('principal', 'in', (eb) => eb.selectFrom('api_keys').select('id').where('organization_id', '=', organizationId).where('livemode', '=', false))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
