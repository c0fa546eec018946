import { NativeConnection, Runtime } from '@temporalio/worker';
import { loadConfig } from '../core/config.ts';
import { isPortFree } from '../core/ports.ts';
import { logStartupFailure, requireServers, StartupError } from '../core/startup-error.ts';
import { TASK_QUEUES } from '../core/temporal.ts';
import { createLogger, log, useLogger } from '../core/log.ts';
import { coreLogForwarding, temporalLogger } from '../core/temporal-logger.ts';
import { registry } from '../core/metrics.ts';
import { startMetricsServer } from '../core/metrics-server.ts';
import { startTracing } from '../core/telemetry.ts';
import { Client } from '@temporalio/client';
import { createEventDispatcher } from '../core/event-dispatcher.ts';
import { createDb, pingDb } from '../db/database.ts';
import { ensureSchedules } from './schedules.ts';
import { createUpstreams } from '../upstreams/index.ts';
import { createWorkers, runWorkers } from './create-workers.ts';

/** Entry point of the worker process (`npm run worker`). WORKER_TASK_QUEUES limits it to some queues. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { databaseUrl, temporalAddress } = requireServers(config);

  useLogger(createLogger({ level: config.logLevel, base: { service: 'docex-worker' } }));
  // A taken metrics port would otherwise surface late, as a stack trace, after the pollers started.
  for (const [variable, port] of [
    ['WORKER_METRICS_PORT', config.workerMetricsPort],
    ['WORKER_TEMPORAL_METRICS_PORT', config.workerTemporalMetricsPort],
  ] as const) {
    if (port && !(await isPortFree(port, config.metricsHost)))
      throw new StartupError(
        'worker',
        `port ${port} (${variable}) on ${config.metricsHost} is already in use`,
        `set ${variable} to a free port, or stop what listens there`,
      );
  }
  // Core's own lines are forwarded to pino too, so the process writes JSON lines only.
  Runtime.install({
    logger: temporalLogger(),
    telemetryOptions: {
      logging: coreLogForwarding(config.logLevel === 'debug'),
      // The SDK's own worker metrics (task latencies, slots, pollers), next to our /metrics.
      ...(config.workerTemporalMetricsPort
        ? { metrics: { prometheus: { bindAddress: `${config.metricsHost}:${config.workerTemporalMetricsPort}` } } }
        : {}),
    },
  });
  const tracing = startTracing({ serviceName: 'docex-worker' });
  const db = createDb(databaseUrl, { max: config.databasePoolSize, applicationName: 'docex-worker' });
  await pingDb(db).catch((err) => {
    throw new StartupError(
      'postgres',
      `cannot connect with DATABASE_URL: ${(err as Error).message}`,
      'check that the server runs and the URL is right',
      err,
    );
  });
  const connection = await NativeConnection.connect({ address: temporalAddress }).catch((err) => {
    throw new StartupError(
      'temporal',
      `cannot connect to ${temporalAddress}: ${(err as Error).message}`,
      'check TEMPORAL_ADDRESS and that the server runs',
      err,
    );
  });

  const requested = process.env.WORKER_TASK_QUEUES?.split(',')
    .map((q) => q.trim())
    .filter(Boolean);
  const known = Object.values(TASK_QUEUES) as string[];
  const unknown = requested?.filter((q) => !known.includes(q)) ?? [];
  if (unknown.length)
    throw new StartupError('worker', `unknown task queue(s) ${unknown.join(', ')}`, `use some of ${known.join(', ')}`);

  // On the workers' own connection, so that delivery runs this process starts can start eagerly on it.
  const client = new Client({
    connection,
    namespace: config.temporalNamespace,
    interceptors: tracing?.clientInterceptors,
  });
  const pollsWebhooks = !requested?.length || requested.includes(TASK_QUEUES.webhooks);
  await ensureSchedules(client);
  const workers = await createWorkers({
    connection,
    namespace: config.temporalNamespace,
    db,
    events: createEventDispatcher(client, db, { eagerStart: pollsWebhooks }),
    upstreams: createUpstreams(config, db),
    tracing,
    ...(requested?.length ? { taskQueues: requested } : {}),
  });
  const stop = new AbortController();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => stop.abort());
  const metrics = config.workerMetricsPort
    ? await startMetricsServer(registry, { port: config.workerMetricsPort, host: config.metricsHost })
    : undefined;
  log.info('worker running', {
    taskQueues: requested ?? known,
    namespace: config.temporalNamespace,
    metrics: metrics?.url,
  });
  await runWorkers(workers, stop.signal);
  await connection.close();
  await db.destroy();
  await metrics?.close();
  await tracing?.shutdown();
}

main().catch((err) => {
  logStartupFailure('worker', err);
  process.exit(1);
});
