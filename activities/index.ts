import type { Db } from '../db/database.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { createEventActivities } from './events.ts';
import { createMaintenanceActivities } from './maintenance.ts';
import { createSystemActivities } from './system.ts';

export interface ActivityDeps {
  db: Db;
  /** Schedules the webhook fan-out of committed events. */
  events: EventDispatcher;
}

/** Every activity, built from its dependencies; the worker registers the result on each task queue. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSystemActivities(deps),
    ...createEventActivities(deps),
    ...createMaintenanceActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
