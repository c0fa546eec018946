import type { Client } from '@temporalio/client';
import { newId } from '../../core/ids.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { pingDb, type Db } from '../../db/database.ts';
import { findProbe } from '../../db/probes.ts';
import type { probeWorkflow } from '../../workflows/system/probe.ts';

/** One upstream's contract check for /health/contracts; resolves with a detail line or throws. */
export interface ContractProbe {
  name: string;
  run(): Promise<string | void>;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function postgresProbe(db: Db): ContractProbe {
  return {
    name: 'postgres',
    run: async () => {
      await withTimeout(pingDb(db), 3000, 'postgres');
    },
  };
}

/**
 * Runs the probe workflow on the system queue and checks the row its activity wrote: the API, the
 * Temporal server, a worker and Postgres all have to work for this to pass.
 */
export function temporalProbe(db: Db, temporal: Client): ContractProbe {
  return {
    name: 'temporal',
    async run() {
      const probeId = newId('probe');
      const result = await withTimeout(
        temporal.workflow.execute<typeof probeWorkflow>('probeWorkflow', {
          taskQueue: TASK_QUEUES.system,
          workflowId: workflowIds.probe(probeId),
          args: [{ probeId, requestedBy: 'health/contracts' }],
          workflowExecutionTimeout: '30 seconds',
        }),
        15_000,
        'the probe workflow (is a worker running?)',
      );
      const row = await findProbe(db, result.probeId);
      if (!row) throw new Error(`the probe workflow finished but row ${probeId} is missing`);
      return `${workflowIds.probe(probeId)} recorded`;
    },
  };
}
