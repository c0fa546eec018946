import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { TASK_QUEUES, workflowIds } from './temporal.ts';

/** Schedules the fan-out of committed events to their webhook subscriptions. */
export interface EventDispatcher {
  dispatch(eventIds: string[]): Promise<void>;
}

/**
 * One `event:<evt_id>` workflow per event. The id makes a repeated dispatch (a retried activity,
 * the sweeper racing a late dispatch) land on the same run instead of fanning out twice.
 */
export function createEventDispatcher(client: Client): EventDispatcher {
  return {
    async dispatch(eventIds) {
      await Promise.all(
        eventIds.map((eventId) =>
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
