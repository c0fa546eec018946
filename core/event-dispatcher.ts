import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { TASK_QUEUES, workflowIds } from './temporal.ts';

/** A committed event as the dispatcher needs it: written dispatched already when nobody subscribes. */
export interface DispatchableEvent {
  id: string;
  dispatched_at: Date | null;
}

/** Schedules the fan-out of committed events to their webhook subscriptions. */
export interface EventDispatcher {
  dispatch(events: DispatchableEvent[]): Promise<void>;
}

/**
 * One `event:<evt_id>` workflow per event with subscribers when it was written (`insertEvent`
 * marks the others dispatched in the same statement, which spares a workflow per event in the
 * common case). The id makes a repeated dispatch (a retried activity, the sweeper racing a late
 * dispatch) land on the same run instead of fanning out twice.
 */
export function createEventDispatcher(client: Client): EventDispatcher {
  return {
    async dispatch(events) {
      await Promise.all(
        events
          .filter((event) => event.dispatched_at === null)
          .map((event) =>
            client.workflow
              .start('eventWorkflow', {
                taskQueue: TASK_QUEUES.webhooks,
                workflowId: workflowIds.event(event.id),
                args: [{ eventId: event.id }],
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
