import type { Client } from '@temporalio/client';
import { TASK_QUEUES, workflowIds } from './temporal.ts';
import { searchAttributesFor } from './workflow-context.ts';

export interface ModelOwner {
  organizationId: string;
  livemode: boolean;
}

/** Tells an organization's `tag-model:` workflow that tag changes are queued for it. */
export interface TagLearning {
  changed(owner: ModelOwner): Promise<void>;
}

/**
 * Signal-with-start: a running model workflow drains once more, a finished one is started anew.
 * The changes themselves are already committed in the queue, so a failed signal only delays them
 * to the next change of the organization or to the maintenance schedule, which starts a run
 * for changes queued over a minute.
 */
export function createTagLearning(client: Client): TagLearning {
  return {
    async changed(owner) {
      await client.workflow.signalWithStart('tagModelWorkflow', {
        taskQueue: TASK_QUEUES.documents,
        workflowId: workflowIds.tagModel(owner.organizationId, owner.livemode),
        args: [owner],
        signal: 'tagsChanged',
        signalArgs: [],
        typedSearchAttributes: searchAttributesFor(owner),
      });
    },
  };
}
