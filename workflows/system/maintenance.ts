import { ParentClosePolicy, patched, proxyActivities, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { MaintenanceActivities } from '../../activities/maintenance.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { tagModelWorkflow } from '../tags/model.ts';

const { pruneExpiredRecords, sweepUndispatchedEvents, findStaleTagModels } = proxyActivities<MaintenanceActivities>(
  ACTIVITY_PRESETS.database,
);

export interface MaintenanceResult {
  pruned: Record<string, number>;
  redispatchedEvents: number;
  /** Organizations whose queued tag changes waited over a minute (their learning trigger was lost). */
  restartedTagModels?: number;
}

/**
 * Run by the `maintenance` schedule: prunes expired records, re-dispatches stranded events and
 * starts the `tag-model:` run of organizations whose tag changes wait unlearned.
 */
export async function maintenanceWorkflow(): Promise<MaintenanceResult> {
  const pruned = await pruneExpiredRecords();
  const redispatchedEvents = await sweepUndispatchedEvents();
  if (!patched('tag-model-sweep')) return { pruned, redispatchedEvents };
  let restartedTagModels = 0;
  for (const owner of await findStaleTagModels()) {
    try {
      await startChild(tagModelWorkflow, {
        workflowId: workflowIds.tagModel(owner.organizationId, owner.livemode),
        taskQueue: TASK_QUEUES.documents,
        args: [owner],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: searchAttributesFor(owner),
      });
      restartedTagModels++;
    } catch (err) {
      // Running already: that run drains the queue.
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  return { pruned, redispatchedEvents, restartedTagModels };
}
