import { patched, proxyActivities } from '@temporalio/workflow';
import type { MaintenanceActivities } from '../../activities/maintenance.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

const { pruneExpiredRecords, sweepUndispatchedEvents, startOwedWorkflows } = proxyActivities<MaintenanceActivities>(
  ACTIVITY_PRESETS.database,
);

export interface MaintenanceResult {
  pruned: Record<string, number>;
  redispatchedEvents: number;
  /** Runs a crash (or an unreachable Temporal) left owed by accepted documents, started now. */
  startedRuns?: number;
}

/**
 * Run by the `maintenance` schedule: prunes expired records, re-dispatches stranded events and starts
 * the runs accepted documents still owe.
 */
export async function maintenanceWorkflow(): Promise<MaintenanceResult> {
  const pruned = await pruneExpiredRecords();
  const redispatchedEvents = await sweepUndispatchedEvents();
  // Runs begun before the outbox existed end without its sweep.
  if (!patched('owed-workflow-starts')) return { pruned, redispatchedEvents };
  const startedRuns = await startOwedWorkflows();
  return { pruned, redispatchedEvents, startedRuns };
}
