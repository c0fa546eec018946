import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { TASK_QUEUES, workflowIds } from './temporal.ts';
import type { Db } from '../db/database.ts';
import { findMatchingWebhooks } from '../db/webhooks.ts';

/** Schedules the fan-out of committed events to their webhook subscriptions. */
export interface EventDispatcher {
  dispatch(eventIds: string[]): Promise<void>;
}

/**
 * Events no active webhook subscribes to need no fan-out: they are marked dispatched at once (the
 * events API lists them all the same), which spares a workflow per event in the common case.
 */
async function withoutSubscribers(db: Db, eventIds: string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const events = await db.selectFrom('events').select(['id', 'organization_id', 'livemode', 'company_id', 'type']).where('id', 'in', eventIds).execute();
  const quiet: string[] = [];
  for (const event of events) if ((await findMatchingWebhooks(db, event)).length === 0) quiet.push(event.id);
  if (quiet.length) await db.updateTable('events').set({ dispatched_at: new Date() }).where('id', 'in', quiet).where('dispatched_at', 'is', null).execute();
  return quiet;
}

/**
 * One `event:<evt_id>` workflow per event with subscribers. The id makes a repeated dispatch (a
 * retried activity, the sweeper racing a late dispatch) land on the same run instead of fanning
 * out twice. Without `db` every event gets its workflow.
 */
export function createEventDispatcher(client: Client, db?: Db): EventDispatcher {
  return {
    async dispatch(eventIds) {
      const quiet = db ? new Set(await withoutSubscribers(db, eventIds)) : new Set<string>();
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
