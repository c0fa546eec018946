import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Db } from '../db/database.ts';
import { deleteWorkflowStarts, type WorkflowStart } from '../db/workflow-starts.ts';
import { coalesce } from './concurrency.ts';
import { log } from './log.ts';
import { searchAttributesFor } from './workflow-context.ts';

/**
 * Starts a run the outbox owes (`workflow_starts`) and clears the debt. The workflow id carries the
 * business key and a closed run of it is never started again, so the request and the sweeper racing,
 * or a sweep repeated after a crash, end with one run. `deadlineMs` bounds how long a caller waits
 * for an unreachable Temporal (the run stays owed, for the sweeper, unless the start still succeeds
 * after the caller gave up, which clears the debt then). With `clearInBackground` the
 * caller has its answer once the run exists, without waiting for the debt's delete: a delete that
 * fails only leaves the sweeper a start to repeat, which finds the run and clears the debt then.
 */
export async function startOwedWorkflow(
  db: Db,
  client: Client,
  start: WorkflowStart,
  options: { deadlineMs?: number; clearInBackground?: boolean } = {},
): Promise<void> {
  const { deadlineMs } = options;
  // The attempt itself, which may outlive the caller's wait.
  let attempt: Promise<void> | undefined;
  const call = () =>
    (attempt = client.workflow
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
      ));
  try {
    await (deadlineMs === undefined ? call() : client.connection.withDeadline(Date.now() + deadlineMs, call));
  } catch (err) {
    // The connection may still complete a start its caller stopped waiting for (core/temporal-client.ts):
    // the debt is cleared then, rather than left for the sweeper to find a run that already exists.
    attempt?.then(() => clearerOf(db)(start.workflowId)).catch(() => undefined);
    throw err;
  }
  const cleared = clearerOf(db)(start.workflowId);
  if (!options.clearInBackground) return cleared;
  cleared.catch((err: unknown) =>
    log.warn('owed run started, its debt left to the sweeper', {
      workflowId: start.workflowId,
      error: err instanceof Error ? err.message : String(err),
    }),
  );
}

/** Per database: the debts of runs started meanwhile are cleared together, one statement for many requests. */
const clearers = new WeakMap<Db, (workflowId: string) => Promise<void>>();

function clearerOf(db: Db): (workflowId: string) => Promise<void> {
  let clear = clearers.get(db);
  if (!clear) {
    clear = coalesce((ids: string[]) => deleteWorkflowStarts(db, ids));
    clearers.set(db, clear);
  }
  return clear;
}
