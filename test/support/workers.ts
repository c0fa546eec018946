import { Client } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import { testServers } from './servers.ts';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { loopbackWebhookSenders, testUpstreams } from './upstreams.ts';

interface WorkerState {
  running?: { stop: AbortController; done: Promise<void>; connection: NativeConnection; client: Client };
}

// Shared across module copies, like the servers (see servers.ts).
const state: WorkerState = ((globalThis as { __docexTestWorkers?: WorkerState }).__docexTestWorkers ??= {});

/** Real workers for every task queue on the dev server, shared by the suites that need them. */
export async function ensureTestWorkers(): Promise<void> {
  if (state.running) return;
  const { temporalAddress, db } = testServers();
  const connection = await NativeConnection.connect({ address: temporalAddress });
  // As in the worker process: what the activities dispatch starts its delivery runs eagerly here.
  const client = new Client({ connection, namespace: 'default' });
  const workers: Worker[] = await createWorkers({
    connection,
    namespace: 'default',
    db,
    events: createEventDispatcher(client, db, { eagerStart: true }),
    // Suites deliver to receivers on 127.0.0.1; the refusal without the switch is tested on the door itself.
    upstreams: testUpstreams({ webhooks: loopbackWebhookSenders() }),
  });
  const stop = new AbortController();
  state.running = { stop, connection, client, done: runWorkers(workers, stop.signal) };
}

/** A client on the test workers' own connection (see {@link ensureTestWorkers}): it can start runs eagerly. */
export function testWorkerClient(): Client {
  if (!state.running) throw new Error('call ensureTestWorkers() first');
  return state.running.client;
}

export async function stopTestWorkers(): Promise<void> {
  const running = state.running;
  if (!running) return;
  running.stop.abort();
  await running.done.catch(() => undefined);
  await running.connection.close();
  delete state.running;
}
