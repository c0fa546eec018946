import { NativeConnection, Runtime, DefaultLogger, type Worker } from '@temporalio/worker';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import { testServers } from './servers.ts';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';

let running: { stop: AbortController; done: Promise<void>; connection: NativeConnection } | undefined;
let runtimeInstalled = false;

/** Real workers for every task queue on the dev server, shared by the suites that need them. */
export async function ensureTestWorkers(): Promise<void> {
  if (running) return;
  if (!runtimeInstalled) {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    runtimeInstalled = true;
  }
  const { temporalAddress, db, temporal } = testServers();
  const connection = await NativeConnection.connect({ address: temporalAddress });
  const workers: Worker[] = await createWorkers({ connection, namespace: 'default', db, events: createEventDispatcher(temporal) });
  const stop = new AbortController();
  running = { stop, connection, done: runWorkers(workers, stop.signal) };
}

export async function stopTestWorkers(): Promise<void> {
  if (!running) return;
  running.stop.abort();
  await running.done.catch(() => undefined);
  await running.connection.close();
  running = undefined;
}
