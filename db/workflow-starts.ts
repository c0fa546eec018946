import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database.ts';
import type { WorkflowStartsTable } from './schema.ts';

export type WorkflowStartRow = Selectable<WorkflowStartsTable>;

export interface WorkflowStart {
  workflowId: string;
  workflowType: string;
  taskQueue: string;
  args: unknown[];
  owner: WorkflowStartRow['owner'];
}

/** The outbox row of a run (inserted with the write that owes it, e.g. `insertOutgoingDocument`). */
export function workflowStartValues(start: WorkflowStart): Insertable<WorkflowStartsTable> {
  return {
    workflow_id: start.workflowId,
    workflow_type: start.workflowType,
    task_queue: start.taskQueue,
    args: JSON.stringify(start.args),
    owner: JSON.stringify(start.owner),
  };
}

/** A run owed by the write in the same transaction, for a write that is no outgoing document. */
export async function insertWorkflowStart(db: Db, start: WorkflowStart): Promise<void> {
  await db.insertInto('workflow_starts').values(workflowStartValues(start)).execute();
}

/** The runs exist now: nothing is owed for them any more. */
export async function deleteWorkflowStarts(db: Db, workflowIds: string[]): Promise<void> {
  if (workflowIds.length === 0) return;
  await db.deleteFrom('workflow_starts').where('workflow_id', 'in', workflowIds).execute();
}

/** Runs still owed since before `olderThan`: their request died (or lost Temporal) before starting them. */
export async function findPendingWorkflowStarts(db: Db, olderThan: Date, limit = 500): Promise<WorkflowStart[]> {
  const rows = await db
    .selectFrom('workflow_starts')
    .selectAll()
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    workflowId: row.workflow_id,
    workflowType: row.workflow_type,
    taskQueue: row.task_queue,
    args: row.args,
    owner: row.owner,
  }));
}
