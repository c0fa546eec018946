import type { AsyncLocalStorage } from 'node:async_hooks';
import { Client, ServiceError, type CallContext } from '@temporalio/client';
import { NativeConnection, Runtime } from '@temporalio/worker';
import { StartupError } from './startup-error.ts';
import { currentTracing } from './telemetry.ts';
import { coreLogForwarding, temporalLogger } from './temporal-logger.ts';

export interface TemporalClientHandle {
  client: Client;
  connection: NativeConnection;
  close(): Promise<void>;
}

/**
 * Core's runtime for a process that only acts as a client (the API): its lines go to pino like the
 * worker's, and it leaves SIGINT/SIGTERM to the process (it has no worker to drain). Call it before the
 * first connection; a process that runs workers installs its own runtime instead.
 */
export function installClientRuntime(options: { debug?: boolean } = {}): void {
  Runtime.install({
    logger: temporalLogger(),
    shutdownSignals: [],
    telemetryOptions: { logging: coreLogForwarding(options.debug ?? false) },
  });
}

/**
 * Connects eagerly so that an unreachable server fails the start with a clear message.
 *
 * The connection is Core's (Rust) gRPC client, as the worker's: HTTP/2 runs in Core's threads instead
 * of on the event loop, which halves the process CPU of a workflow start against the pure-JS
 * `Connection` (about 0.45 ms against 1.0 ms, whole process, Core's threads included).
 *
 * `timeoutMs` bounds the namespace check and every attempt of every call made on the connection.
 */
export async function connectTemporal(
  address: string,
  namespace: string,
  timeoutMs = 10_000,
): Promise<TemporalClientHandle> {
  const unreachable = (err: unknown) =>
    new StartupError(
      'temporal',
      `cannot reach namespace "${namespace}" at ${address}: ${err instanceof Error ? err.message : String(err)}`,
      'check TEMPORAL_ADDRESS / TEMPORAL_NAMESPACE, or unset TEMPORAL_ADDRESS to let `npm start` run a dev server',
      err,
    );
  const connection = await NativeConnection.connect({ address }).catch((err: unknown) => {
    throw unreachable(err);
  });
  deadlineEveryAttempt(connection, timeoutMs);
  boundDeadlines(connection);
  try {
    await connection.withDeadline(Date.now() + timeoutMs, () =>
      connection.workflowService.describeNamespace({ namespace }),
    );
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw unreachable(err);
  }
  const client = new Client({ connection, namespace, interceptors: currentTracing()?.clientInterceptors });
  return { client, connection, close: () => connection.close() };
}

/**
 * Every attempt Core sends on this connection carries a deadline `attemptMs` from its sending, so a
 * server that accepts a call and never answers ends it, whether or not its caller set a deadline.
 *
 * The SDK would carry a deadline per call in an AsyncLocalStorage; on Node 20 the first entry into one
 * turns on V8's promise hooks for the rest of the process, after which every promise of every request
 * runs the hooks' JavaScript. One deadline for all attempts, read when each is sent, needs no
 * call context: the API spends ~0.3 ms less CPU per sent document (5.5–5.9 against 5.7–6.6 ms, four
 * alternated pairs of `bench:documents`). The caller's own, shorter deadline still ends its wait
 * (`boundDeadlines`). Metadata and abort signals per call would need that context, so asking for them
 * fails loudly instead of being dropped.
 */
function deadlineEveryAttempt(connection: NativeConnection, attemptMs: number): void {
  const noCallContext = (): never => {
    throw new Error(
      "the API's Temporal connection carries no per-call context: set metadata on the connection (core/temporal-client.ts)",
    );
  };
  const storage: Pick<AsyncLocalStorage<CallContext>, 'getStore' | 'run'> = {
    getStore: () => ({ deadline: Date.now() + attemptMs }),
    run: noCallContext,
  };
  Object.defineProperty(connection, 'callContextStorage', { value: storage });
}

/** gRPC's DEADLINE_EXCEEDED, which `toOutageError` and the lifecycle update's caller recognise. */
const DEADLINE_EXCEEDED = 4;

/**
 * The caller's wait ends at its deadline. Core's attempt keeps the connection's own deadline
 * (`deadlineEveryAttempt`) and Core retries a server it cannot reach for several seconds more, so an
 * attempt may outlive its caller: a start or update the caller was told may not have happened, which
 * the workflow ids and the outbox already make safe to repeat.
 */
function boundDeadlines(connection: NativeConnection): void {
  connection.withDeadline = <R>(deadline: number | Date, fn: () => Promise<R>): Promise<R> => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ServiceError('Temporal did not answer before the deadline', {
              cause: Object.assign(new Error('deadline exceeded'), { code: DEADLINE_EXCEEDED }),
            }),
          ),
        Math.max(0, new Date(deadline).getTime() - Date.now()),
      );
    });
    return Promise.race([fn(), expired]).finally(() => clearTimeout(timer));
  };
}
