import { Context } from '@temporalio/activity';
import { startOwedWorkflow } from '../core/workflow-starts.ts';
import type { Db } from '../db/database.ts';
import { findPendingWorkflowStarts } from '../db/workflow-starts.ts';
import { findUndispatchedEvents } from '../db/events.ts';
import { deleteOlderThan, type ExpiringTable } from '../db/retention.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { findStaleModelOwners, type ModelOwner } from '../db/tag-model.ts';

/** How long request traces stay inspectable. */
export const REQUEST_LOG_RETENTION_DAYS = 30;

export interface MaintenanceActivities {
  pruneExpiredRecords(): Promise<Record<string, number>>;
  sweepUndispatchedEvents(): Promise<number>;
  /** Starts the runs that committed writes still owe (`workflow_starts`); the number started. */
  startOwedWorkflows(): Promise<number>;
  findStaleTagModels(): Promise<ModelOwner[]>;
}

/** An owed run younger than this may still be started by its request (which waits 2 s for Temporal). */
const OWED_START_GRACE_MS = 10_000;

export function createMaintenanceActivities({
  db,
  events,
}: {
  db: Db;
  events: EventDispatcher;
}): MaintenanceActivities {
  const prune = (table: ExpiringTable, column: string, interval: string) =>
    deleteOlderThan(db, table, column, interval);
  return {
    async pruneExpiredRecords() {
      return {
        idempotencyKeys: await prune('idempotency_keys', 'created_at', '24 hours'),
        // The longest window (the hourly bootstrap limit) bounds what is still needed.
        rateLimitHits: await prune('rate_limit_hits', 'hit_at', '1 hour'),
        probes: await prune('probes', 'created_at', '1 day'),
        requestLogs: await prune('request_logs', 'created_at', `${REQUEST_LOG_RETENTION_DAYS} days`),
      };
    },
    async sweepUndispatchedEvents() {
      const stale = await findUndispatchedEvents(db, new Date(Date.now() - 60_000));
      await events.dispatch(stale);
      return stale.length;
    },
    async startOwedWorkflows() {
      const owed = await findPendingWorkflowStarts(db, new Date(Date.now() - OWED_START_GRACE_MS));
      const client = Context.current().client;
      for (const start of owed) await startOwedWorkflow(db, client, start);
      return owed.length;
    },
    async findStaleTagModels() {
      return findStaleModelOwners(db, new Date(Date.now() - 60_000));
    },
  };
}
