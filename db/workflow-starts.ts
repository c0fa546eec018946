import type { Selectable } from 'kysely';
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

/** Records a run the caller's transaction owes; a second record of the same run is no-op. */
export async function insertWorkflowStart(db: Db, start: WorkflowStart): Promise<void> {
  await db
    .insertInto('workflow_starts')
    .values({
      workflow_id: start.workflowId,
      workflow_type: start.workflowType,
      task_queue: start.taskQueue,
      args: JSON.stringify(start.args),
      owner: JSON.stringify(start.owner),
    })
    .onConflict((oc) => oc.column('workflow_id').doNothing())
    .execute();
}

/** The run exists now: nothing is owed any more. */
export async function deleteWorkflowStart(db: Db, workflowId: string): Promise<void> {
  await db.deleteFrom('workflow_starts').where('workflow_id', '=', workflowId).execute();
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
