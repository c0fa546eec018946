import { proxyActivities } from '@temporalio/workflow';
import type { MaintenanceActivities } from '../../activities/maintenance.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

const { pruneExpiredRecords, sweepUndispatchedEvents } = proxyActivities<MaintenanceActivities>(
  ACTIVITY_PRESETS.database,
);

export interface MaintenanceResult {
  pruned: Record<string, number>;
  redispatchedEvents: number;
}

/** Run by the `maintenance` schedule: prunes expired records and re-dispatches stranded events. */
export async function maintenanceWorkflow(): Promise<MaintenanceResult> {
  const pruned = await pruneExpiredRecords();
  const redispatchedEvents = await sweepUndispatchedEvents();
  return { pruned, redispatchedEvents };
}
