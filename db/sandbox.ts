import { sql } from 'kysely';
import { workflowIds } from '../core/temporal.ts';
import type { Db } from './database.ts';
import type { Scope } from '../core/scope.ts';

function sandboxCompanyClock(db: Db, scope: Scope, companyId: string) {
  let query = db.updateTable('companies').where('id', '=', companyId).where('organization_id', '=', scope.organizationId).where('livemode', '=', false);
  if (scope.companyId) query = query.where('id', '=', scope.companyId);
  return query;
}

/** Moves a sandbox company's clock by `deltaMs` (atomically, so concurrent advances add up). */
export async function shiftCompanyClock(db: Db, scope: Scope, companyId: string, deltaMs: number): Promise<number | undefined> {
  const row = await sandboxCompanyClock(db, scope, companyId)
    .set((eb) => ({ clock_offset_ms: eb('clock_offset_ms', '+', deltaMs) }))
    .returning('clock_offset_ms')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.clock_offset_ms);
}

export async function resetCompanyClock(db: Db, scope: Scope, companyId: string): Promise<void> {
  await sandboxCompanyClock(db, scope, companyId).set({ clock_offset_ms: 0 }).execute();
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

/**
 * Runs that may wait on a sandbox company's clock, as the database knows them: its registration,
 * documents still in delivery or touched in the last two hours (lifecycle runs stay open an hour
 * after their last update), open compliance reports and pending webhook deliveries of its events.
 * The clock helpers signal these by id as well as what visibility lists, which can lag a new run.
 */
export async function companyClockWorkflowIds(db: Db, companyId: string): Promise<string[]> {
  const [documents, reports, deliveries] = await Promise.all([
    db.selectFrom('documents').select('id').where('company_id', '=', companyId).where('livemode', '=', false)
      .where((eb) => eb.or([eb('delivery_status', '=', 'pending'), eb('updated_at', '>', sql<Date>`now() - interval '2 hours'`)]))
      .execute(),
    db.selectFrom('compliance_reports').select(['document_id', 'country']).distinct().where('company_id', '=', companyId).where('livemode', '=', false).where('status', 'in', ['pending', 'submitted']).execute(),
    db.selectFrom('webhook_deliveries').innerJoin('events', 'events.id', 'webhook_deliveries.event_id').select('webhook_deliveries.id')
      .where('events.company_id', '=', companyId).where('webhook_deliveries.livemode', '=', false).where('webhook_deliveries.status', '=', 'pending')
      .execute(),
  ]);
  return [
    workflowIds.company(companyId),
    ...documents.map((d) => workflowIds.document(d.id)),
    ...reports.map((r) => workflowIds.compliance(r.document_id, r.country)),
    ...deliveries.map((d) => workflowIds.delivery(d.id)),
  ];
}
