import { Router } from 'express';
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { pingDb } from '../../db/database.ts';
import type { Breakers } from '../foreign-errors.ts';
import { withTimeout, type ContractProbe } from './probes.ts';
import { taskQueueWatch, type TaskQueueWatchOptions } from './task-queues.ts';

export interface HealthDeps {
  db: Db;
  temporal: Client;
  breakers: Breakers;
  contractProbes: ContractProbe[];
  /** The task queues whose pollers readiness checks. */
  readiness: TaskQueueWatchOptions;
}

/** Seconds a client waits before asking again when a queue has no worker. */
const STARVED_RETRY_AFTER_S = 5;

/** False without a call while the circuit is open, so a dead dependency is not hammered. */
async function check(breaker: Breakers[keyof Breakers], ping: () => Promise<unknown>): Promise<boolean> {
  if (breaker.isOpen()) return false;
  return breaker.run(ping).then(
    () => true,
    () => false,
  );
}

export function healthRoutes({ db, temporal, breakers, contractProbes, readiness }: HealthDeps): Router {
  const router = Router();
  const queues = taskQueueWatch(temporal, readiness);

  router.get('/health/liveness', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/health/readiness', async (_req, res) => {
    const answers = await Promise.all([
      check(breakers.postgres, () => withTimeout(pingDb(db), 2000, 'postgres')),
      check(breakers.temporal, () => withTimeout(temporal.workflowService.getSystemInfo({}), 2000, 'temporal')),
    ]);
    const circuits = { postgres: breakers.postgres.snapshot(), temporal: breakers.temporal.snapshot() };
    // Pollers are asked only of a Temporal that answers; a dead one is the circuit's to report.
    const workers = answers[1] ? await queues.check() : undefined;
    const ready = answers.every(Boolean) && (workers?.ready ?? false);
    if (!ready)
      res.setHeader(
        'Retry-After',
        String(
          Math.max(
            breakers.postgres.retryAfterSeconds(),
            breakers.temporal.retryAfterSeconds(),
            workers && !workers.ready ? STARVED_RETRY_AFTER_S : 0,
          ),
        ),
      );
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ok' : 'unavailable',
      circuits,
      ...(workers ? { taskQueues: workers.taskQueues } : {}),
    });
  });

  router.get('/health/contracts', async (_req, res) => {
    const contracts: Record<string, { status: 'ok' | 'failed'; latencyMs: number; detail?: string; error?: string }> =
      {};
    await Promise.all(
      contractProbes.map(async (probe) => {
        const started = performance.now();
        try {
          const detail = await probe.run();
          contracts[probe.name] = {
            status: 'ok',
            latencyMs: Math.round(performance.now() - started),
            ...(detail ? { detail } : {}),
          };
        } catch (err) {
          contracts[probe.name] = {
            status: 'failed',
            latencyMs: Math.round(performance.now() - started),
            error: err instanceof Error ? err.message : String(err),
          };
        }
      }),
    );
    const ok = Object.values(contracts).every((c) => c.status === 'ok');
    if (!ok) res.setHeader('Retry-After', '30');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'failing', checkedAt: new Date().toISOString(), contracts });
  });

  return router;
}
