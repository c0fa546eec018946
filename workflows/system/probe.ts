import { proxyActivities } from '@temporalio/workflow';
import type { SystemActivities } from '../../activities/system.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

const { recordProbe } = proxyActivities<SystemActivities>(ACTIVITY_PRESETS.database);

export interface ProbeInput {
  probeId: string;
  requestedBy: string;
}

export interface ProbeResult {
  probeId: string;
  recordedAt: string;
}

/** The smallest durable round trip: used by /health/contracts to prove the worker reaches Postgres. */
export async function probeWorkflow(input: ProbeInput): Promise<ProbeResult> {
  return recordProbe(input);
}
