import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { TASK_QUEUES, workflowIds } from './temporal.ts';
import type { Db } from '../db/database.ts';
import { markEventsWithoutSubscribers } from '../db/webhooks.ts';

/** Schedules the fan-out of committed events to their webhook subscriptions. */
export interface EventDispatcher {
  dispatch(eventIds: string[]): Promise<void>;
}

/**
 * One `event:<evt_id>` workflow per event with subscribers; events no active webhook subscribes to
 * are marked dispatched at once (the events API lists them all the same), which spares a workflow per
 * event in the common case. The id makes a repeated dispatch (a retried activity, the sweeper
 * racing a late dispatch) land on the same run instead of fanning out twice. Without `db` every
 * event gets its workflow.
 */
export function createEventDispatcher(client: Client, db?: Db): EventDispatcher {
  return {
    async dispatch(eventIds) {
      const quiet = db ? new Set(await markEventsWithoutSubscribers(db, eventIds)) : new Set<string>();
      await Promise.all(
        eventIds.filter((id) => !quiet.has(id)).map((eventId) =>
          client.workflow
            .start('eventWorkflow', {
              taskQueue: TASK_QUEUES.webhooks,
              workflowId: workflowIds.event(eventId),
              args: [{ eventId }],
              workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
            })
            .catch((err: unknown) => {
              if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
            }),
        ),
      );
    },
  };
}
