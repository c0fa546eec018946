import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Db } from '../db/database.ts';
import { deleteWorkflowStart, type WorkflowStart } from '../db/workflow-starts.ts';
import { searchAttributesFor } from './workflow-context.ts';

/**
 * Starts a run the outbox owes (`workflow_starts`) and clears the debt. The workflow id carries the
 * business key and a closed run of it is never started again, so the request and the sweeper racing,
 * or a sweep repeated after a crash, end with one run. `deadlineMs` bounds how long a caller waits
 * for an unreachable Temporal (the run stays owed, for the sweeper).
 */
export async function startOwedWorkflow(
  db: Db,
  client: Client,
  start: WorkflowStart,
  deadlineMs?: number,
): Promise<void> {
  const call = () =>
    client.workflow
      .start(start.workflowType, {
        taskQueue: start.taskQueue,
        workflowId: start.workflowId,
        args: start.args,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: searchAttributesFor(start.owner),
      })
      .then(
        () => undefined,
        (err: unknown) => {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        },
      );
  await (deadlineMs === undefined ? call() : client.connection.withDeadline(Date.now() + deadlineMs, call));
  await deleteWorkflowStart(db, start.workflowId);
}
