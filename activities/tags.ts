import type { Db } from '../db/database.ts';
import { learnQueuedAssignments, readObjectFeatures } from '../db/tag-model.ts';
import type { TagModelInput } from '../workflows/tags/model.ts';

export interface TagActivities {
  /** Learns a batch of the organization's queued tag changes; `more` when the queue holds further ones. */
  learnTagAssignments(input: TagModelInput): Promise<{ learned: number; more: boolean }>;
}

export function createTagActivities({ db }: { db: Db }): TagActivities {
  return {
    async learnTagAssignments(input) {
      return learnQueuedAssignments(db, input, readObjectFeatures);
    },
  };
}
