import { startTestServers, stopTestServers } from './servers.ts';
import { stopTestWorkers } from './workers.ts';

// Mocha global fixtures: one set of real servers for the whole run.
export async function mochaGlobalSetup(): Promise<void> {
  await startTestServers();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopTestWorkers();
  await stopTestServers();
}
