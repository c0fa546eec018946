import type { Db } from '../db/database.ts';
import { createSystemActivities } from './system.ts';

export interface ActivityDeps {
  db: Db;
}

/** Every activity, built from its dependencies; the worker registers the result on each task queue. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSystemActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
