import { startTestServers, stopTestServers } from './servers.ts';
import { stopTestWorkers } from './workers.ts';
import { freePort } from '../../core/ports.ts';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { createLogger, useLogger } from '../../core/log.ts';
import { temporalLogger } from '../../core/temporal-logger.ts';

// Mocha global fixtures: one set of real servers for the whole run.
export async function mochaGlobalSetup(): Promise<void> {
  // Live adapters built from configuration point at a closed loopback port: no test reaches outside
  // this machine; the suites that exercise an adapter give it a stub server of their own.
  const closed = `http://127.0.0.1:${await freePort()}`;
  for (const name of [
    'REGISTRY_BASE_URL',
    'SMP_BASE_URL',
    'DIRECTORY_BASE_URL',
    'ACCESS_POINT_URL',
    'FRENCH_PA_FLOW_SERVICE_URL',
    'SDI_BASE_URL',
    'FRENCH_DIRECTORY_BASE_URL',
  ])
    process.env[name] ??= closed;
  process.env.DNS_RESOLVERS ??= '127.0.0.1:9';
  // Activity failures are the point of many tests; the suites assert them, the log need not repeat them.
  // Request lines of thousands of test requests would bury the reporter; LOG_LEVEL=info shows them.
  useLogger(createLogger({ level: process.env.LOG_LEVEL ?? 'error' }));
  Runtime.install({
    logger: temporalLogger({ sdkFloor: 'ERROR' }),
    telemetryOptions: { logging: { forward: {}, filter: makeTelemetryFilterString({ core: 'ERROR' }) } },
  });
  await startTestServers();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopTestWorkers();
  await stopTestServers();
}
