import type { Client } from '@temporalio/client';
import { log } from '../../core/log.ts';
import type { Db } from '../../db/database.ts';
import { setForcedRateLimit } from '../../db/organizations.ts';
import { deleteSandboxEvents, deleteSandboxIdempotency } from '../../db/sandbox.ts';

export type ResetScope = 'all' | 'documents' | 'events' | 'idempotency';

/** Workflow ids (by their business-key prefix) that belong to each scope. */
const WORKFLOW_PREFIXES: Record<Exclude<ResetScope, 'all'>, string[]> = {
  documents: ['document:', 'inbound:', 'compliance:'],
  events: ['event:', 'delivery:'],
  idempotency: [],
};

/** Data of each scope; later domains (documents …) add their deletions here. */
const DATA_WIPES: Record<Exclude<ResetScope, 'all'>, Array<{ name: string; wipe: (db: Db, organizationId: string) => Promise<number> }>> = {
  documents: [],
  events: [{ name: 'events', wipe: deleteSandboxEvents }],
  idempotency: [{ name: 'idempotencyKeys', wipe: deleteSandboxIdempotency }],
};

async function cancelSandboxWorkflows(temporal: Client, organizationId: string, prefixes: string[]): Promise<number> {
  if (prefixes.length === 0) return 0;
  let cancelled = 0;
  const query = `OrganizationId = '${organizationId}' AND Livemode = false AND ExecutionStatus = 'Running'`;
  for await (const run of temporal.workflow.list({ query })) {
    if (!prefixes.some((p) => run.workflowId.startsWith(p))) continue;
    try {
      await temporal.workflow.getHandle(run.workflowId, run.runId).cancel();
      cancelled += 1;
    } catch (err) {
      log.debug('sandbox reset: run already closed', { workflowId: run.workflowId, error: String(err) });
    }
  }
  return cancelled;
}

/** Cancels the scope's running work first, so nothing writes into what is being wiped. */
export async function resetSandbox(db: Db, temporal: Client, organizationId: string, scope: ResetScope) {
  const scopes = scope === 'all' ? (['documents', 'events', 'idempotency'] as const) : [scope];
  const cancelledWorkflows = await cancelSandboxWorkflows(temporal, organizationId, scopes.flatMap((s) => WORKFLOW_PREFIXES[s]));
  const deleted: Record<string, number> = {};
  for (const s of scopes) for (const { name, wipe } of DATA_WIPES[s]) deleted[name] = await wipe(db, organizationId);
  if (scope === 'all') await setForcedRateLimit(db, organizationId, null);
  return { scope, deleted, cancelledWorkflows };
}
