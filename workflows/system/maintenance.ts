import { ParentClosePolicy, patched, proxyActivities, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { MaintenanceActivities } from '../../activities/maintenance.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { tagModelWorkflow } from '../tags/model.ts';

const { pruneExpiredRecords, sweepUndispatchedEvents, startOwedWorkflows, findStaleTagModels } =
  proxyActivities<MaintenanceActivities>(ACTIVITY_PRESETS.database);

export interface MaintenanceResult {
  pruned: Record<string, number>;
  redispatchedEvents: number;
  /** Runs a crash (or an unreachable Temporal) left owed by accepted documents, started now. */
  startedRuns?: number;
  /** Organizations whose queued tag changes waited over a minute (their learning trigger was lost). */
  restartedTagModels?: number;
}

/**
 * Run by the `maintenance` schedule: prunes expired records, re-dispatches stranded events, starts
 * the runs accepted documents still owe and the `tag-model:` run of organizations whose tag changes
 * wait unlearned.
 */
export async function maintenanceWorkflow(): Promise<MaintenanceResult> {
  const pruned = await pruneExpiredRecords();
  const redispatchedEvents = await sweepUndispatchedEvents();
  const result: MaintenanceResult = { pruned, redispatchedEvents };
  // Runs begun before a step existed end without it.
  if (patched('owed-workflow-starts')) result.startedRuns = await startOwedWorkflows();
  if (!patched('tag-model-sweep')) return result;
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
  return { ...result, restartedTagModels };
}
