import type { Client } from '@temporalio/client';
import { log } from '../../core/log.ts';
import type { Db } from '../../db/database.ts';
import { setForcedRateLimit } from '../../db/organizations.ts';
import {
  deleteSandboxDocuments,
  deleteSandboxEvents,
  deleteSandboxIdempotency,
  sandboxDocumentWorkflowIds,
} from '../../db/sandbox.ts';

export type ResetScope = 'all' | 'documents' | 'events' | 'idempotency';
type Part = Exclude<ResetScope, 'all'>;

/** Workflow ids (by their business-key prefix) that belong to each scope. */
const WORKFLOW_PREFIXES: Record<Part, string[]> = {
  documents: ['document:', 'inbound:', 'compliance:', 'sandboxAccessPoint:'],
  events: ['event:', 'deliveries:', 'delivery:'],
  idempotency: [],
};

/**
 * How each scope's runs stop. Document runs are terminated: their rows are deleted right after,
 * and a cancelled run would still run its clean-up against them. Event fan-outs and deliveries
 * only read their rows, so they are cancelled and end on their own.
 */
const STOP: Record<Part, 'terminate' | 'cancel'> = { documents: 'terminate', events: 'cancel', idempotency: 'cancel' };

/** Data of each scope, counted under the names of the response's `deleted`. */
const DATA_WIPES: Record<Part, (db: Db, organizationId: string) => Promise<Record<string, number>>> = {
  documents: (db, organizationId) => deleteSandboxDocuments(db, organizationId),
  events: async (db, organizationId) => ({ events: await deleteSandboxEvents(db, organizationId) }),
  idempotency: async (db, organizationId) => ({ idempotencyKeys: await deleteSandboxIdempotency(db, organizationId) }),
};

/**
 * The running sandbox runs of the scope: those visibility lists, and those the database names
 * (visibility can lag a run that has just started).
 */
async function runningWorkflowIds(db: Db, temporal: Client, organizationId: string, part: Part): Promise<string[]> {
  const prefixes = WORKFLOW_PREFIXES[part];
  if (prefixes.length === 0) return [];
  const ids = new Set<string>(part === 'documents' ? await sandboxDocumentWorkflowIds(db, organizationId) : []);
  const query = `OrganizationId = '${organizationId}' AND Livemode = false AND ExecutionStatus = 'Running'`;
  for await (const run of temporal.workflow.list({ query })) {
    if (prefixes.some((p) => run.workflowId.startsWith(p))) ids.add(run.workflowId);
  }
  return [...ids];
}

/** Stops each run that is still open; one already closed (or never started) is skipped. */
async function stopWorkflows(temporal: Client, ids: string[], how: 'terminate' | 'cancel'): Promise<number> {
  let stopped = 0;
  for (const id of ids) {
    try {
      const handle = temporal.workflow.getHandle(id);
      if (how === 'terminate') await handle.terminate('sandbox reset');
      else await handle.cancel();
      stopped += 1;
    } catch (err) {
      log.debug('sandbox reset: run already closed', { workflowId: id, error: String(err) });
    }
  }
  return stopped;
}

/** Stops the scope's running work first, so nothing writes into what is being wiped. */
export async function resetSandbox(db: Db, temporal: Client, organizationId: string, scope: ResetScope) {
  const parts: Part[] = scope === 'all' ? ['documents', 'events', 'idempotency'] : [scope];
  let cancelledWorkflows = 0;
  let terminatedWorkflows = 0;
  for (const part of parts) {
    const stopped = await stopWorkflows(
      temporal,
      await runningWorkflowIds(db, temporal, organizationId, part),
      STOP[part],
    );
    if (STOP[part] === 'terminate') terminatedWorkflows += stopped;
    else cancelledWorkflows += stopped;
  }
  const deleted: Record<string, number> = {};
  for (const part of parts) {
    for (const [name, count] of Object.entries(await DATA_WIPES[part](db, organizationId)))
      deleted[name] = (deleted[name] ?? 0) + count;
  }
  if (scope === 'all') await setForcedRateLimit(db, organizationId, null);
  return { scope, deleted, cancelledWorkflows, terminatedWorkflows };
}
