import { sql } from 'kysely';
import { transmissionId } from '../core/ids.ts';
import { workflowIds } from '../core/temporal.ts';
import type { Db } from './database.ts';
import type { Scope } from '../core/scope.ts';

function sandboxCompanyClock(db: Db, scope: Scope, companyId: string) {
  let query = db
    .updateTable('companies')
    .where('id', '=', companyId)
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', false);
  if (scope.companyId) query = query.where('id', '=', scope.companyId);
  return query;
}

/** Moves a sandbox company's clock by `deltaMs` (atomically, so concurrent advances add up). */
export async function shiftCompanyClock(
  db: Db,
  scope: Scope,
  companyId: string,
  deltaMs: number,
): Promise<number | undefined> {
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
  const result = await db
    .deleteFrom('events')
    .where('organization_id', '=', organizationId)
    .where('livemode', '=', false)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Sandbox documents that may still have a run working on them, and their open compliance reports,
 * of one organization or one company: documents in delivery or touched in the last two hours
 * (lifecycle runs stay open an hour after their last update) and reports pending or submitted.
 */
function liveSandboxDocuments(db: Db, column: 'organization_id' | 'company_id', value: string) {
  return Promise.all([
    db
      .selectFrom('documents')
      .select(['id', 'delivery_status'])
      .where(column, '=', value)
      .where('livemode', '=', false)
      .where((eb) =>
        eb.or([eb('delivery_status', '=', 'pending'), eb('updated_at', '>', sql<Date>`now() - interval '2 hours'`)]),
      )
      .execute(),
    db
      .selectFrom('compliance_reports')
      .select(['document_id', 'country'])
      .distinct()
      .where(column, '=', value)
      .where('livemode', '=', false)
      .where('status', 'in', ['pending', 'submitted'])
      .execute(),
  ]);
}

/** The runs that may still work on the organization's sandbox documents, by their business ids. */
export async function sandboxDocumentWorkflowIds(db: Db, organizationId: string): Promise<string[]> {
  const [documents, reports] = await liveSandboxDocuments(db, 'organization_id', organizationId);
  return [
    ...documents.flatMap((d) => [workflowIds.document(d.id), workflowIds.inbound(d.id)]),
    ...reports.map((r) => workflowIds.compliance(r.document_id, r.country)),
  ];
}

/**
 * The organization's sandbox documents with everything that hangs off them: their files, the
 * events that report on them (their webhook deliveries cascade), and their lifecycle history,
 * payments and compliance reports (foreign keys cascade). Sandbox files no document refers to
 * any more (a send that stopped half-way) go too. One transaction: a reset is all or nothing.
 */
export async function deleteSandboxDocuments(
  db: Db,
  organizationId: string,
): Promise<{ documents: number; files: number; events: number }> {
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom('documents')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('livemode', '=', false)
        .execute()
    ).map((d) => d.id);
    let events = 0;
    if (ids.length > 0) {
      const deleted = await trx
        .deleteFrom('events')
        .where('organization_id', '=', organizationId)
        .where('livemode', '=', false)
        .where(sql<string>`data->>'documentId'`, 'in', ids)
        .executeTakeFirst();
      events = Number(deleted.numDeletedRows);
      await trx.deleteFrom('documents').where('id', 'in', ids).execute();
    }
    // The messages sandbox transmissions carry are the network's, not the organization's files: they go uncounted.
    await trx.deleteFrom('sandbox_transmissions').where('organization_id', '=', organizationId).execute();
    const files = await trx
      .deleteFrom('files')
      .where('organization_id', '=', organizationId)
      .where('livemode', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('documents').select('documents.id').whereRef('documents.file_id', '=', 'files.id'))),
      )
      .executeTakeFirst();
    return { documents: ids.length, files: Number(files.numDeletedRows), events };
  });
}

/** Idempotency records of the organization's sandbox keys (live keys keep theirs). */
export async function deleteSandboxIdempotency(db: Db, organizationId: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('organization_id', '=', organizationId)
    .where('principal', 'in', (eb) =>
      eb
        .selectFrom('api_keys')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('livemode', '=', false),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Runs that may wait on a sandbox company's clock, as the database knows them: its registration,
 * its documents' runs and open compliance reports (as {@link liveSandboxDocuments} finds them) and
 * pending webhook deliveries of its events.
 * The clock helpers signal these by id as well as what visibility lists, which can lag a new run.
 */
export async function companyClockWorkflowIds(db: Db, companyId: string): Promise<string[]> {
  const [[documents, reports], deliveries] = await Promise.all([
    liveSandboxDocuments(db, 'company_id', companyId),
    db
      .selectFrom('webhook_deliveries')
      .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
      .select(['webhook_deliveries.id', 'webhook_deliveries.event_id', 'webhook_deliveries.replay'])
      .where('events.company_id', '=', companyId)
      .where('webhook_deliveries.livemode', '=', false)
      .where('webhook_deliveries.status', '=', 'pending')
      .execute(),
  ]);
  return [
    workflowIds.company(companyId),
    ...documents.map((d) => workflowIds.document(d.id)),
    // The sandbox access point's run of a transmission the delivery still waits for.
    ...documents
      .filter((d) => d.delivery_status === 'pending')
      .map((d) => workflowIds.sandboxAccessPoint(transmissionId(d.id))),
    ...reports.map((r) => workflowIds.compliance(r.document_id, r.country)),
    // A fan-out's deliveries wait in their event's run; replays, and a delivery a repeated fan-out
    // added, in their own.
    ...new Set(deliveries.filter((d) => !d.replay).map((d) => workflowIds.eventDeliveries(d.event_id))),
    ...deliveries.map((d) => workflowIds.delivery(d.id)),
  ];
}

/** Keeps the message of a sandbox transmission for its `sandboxAccessPoint:` run; false if it is kept already. */
export async function keepSandboxTransmission(
  db: Db,
  transmission: { instanceId: string; organizationId: string; sbd: Buffer },
): Promise<boolean> {
  const row = await db
    .insertInto('sandbox_transmissions')
    .values({
      instance_id: transmission.instanceId,
      organization_id: transmission.organizationId,
      sbd: transmission.sbd,
    })
    .onConflict((oc) => oc.column('instance_id').doNothing())
    .returning('instance_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The message of a sandbox transmission of the organization, while its run works on it. */
export async function findSandboxTransmission(
  db: Db,
  organizationId: string,
  instanceId: string,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('sandbox_transmissions')
    .select('sbd')
    .where('instance_id', '=', instanceId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.sbd;
}

/** The transmission's run is over (or was never started): its message goes. */
export async function dropSandboxTransmission(db: Db, organizationId: string, instanceId: string): Promise<void> {
  await db
    .deleteFrom('sandbox_transmissions')
    .where('instance_id', '=', instanceId)
    .where('organization_id', '=', organizationId)
    .execute();
}
