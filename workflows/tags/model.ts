import { defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { TagActivities } from '../../activities/tags.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

const { learnTagAssignments } = proxyActivities<TagActivities>(ACTIVITY_PRESETS.database);

export interface TagModelInput {
  organizationId: string;
  livemode: boolean;
}

/** Sent (with start) after every committed tag change of the organization and mode. */
export const tagsChangedSignal = defineSignal('tagsChanged');

/**
 * `tag-model:<org_id>:<live|test>`: keeps the organization's tag recommender up to date with its
 * assignments, off the request path. It drains the queue of changes the API wrote with them, and
 * drains again while signals keep arriving, so a change committed during a run is never left for
 * a run that has already ended (a signal that arrives as the run completes is delivered first).
 */
export async function tagModelWorkflow(input: TagModelInput): Promise<{ learned: number }> {
  let pending = true;
  setHandler(tagsChangedSignal, () => {
    pending = true;
  });
  let learned = 0;
  while (pending) {
    pending = false;
    const step = await learnTagAssignments(input);
    learned += step.learned;
    if (step.more) pending = true;
  }
  return { learned };
}
