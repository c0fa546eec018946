import type { Db } from '../db/database.ts';
import { insertProbe, findProbe } from '../db/probes.ts';
import type { ProbeInput, ProbeResult } from '../workflows/system/probe.ts';

export interface SystemActivities {
  recordProbe(input: ProbeInput): Promise<ProbeResult>;
}

export function createSystemActivities({ db }: { db: Db }): SystemActivities {
  return {
    async recordProbe({ probeId, requestedBy }) {
      await insertProbe(db, probeId, requestedBy);
      const row = await findProbe(db, probeId);
      return { probeId, recordedAt: (row?.created_at ?? new Date()).toISOString() };
    },
  };
}
