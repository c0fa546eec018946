import { Client, ServiceError } from '@temporalio/client';
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
  try {
    await connection.withDeadline(Date.now() + timeoutMs, () =>
      connection.workflowService.describeNamespace({ namespace }),
    );
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw unreachable(err);
  }
  boundDeadlines(connection);
  const client = new Client({ connection, namespace, interceptors: currentTracing()?.clientInterceptors });
  return { client, connection, close: () => connection.close() };
}

/** gRPC's DEADLINE_EXCEEDED, which `toOutageError` and the lifecycle update's caller recognise. */
const DEADLINE_EXCEEDED = 4;

/**
 * Core applies a `withDeadline` deadline to each attempt of a call and retries a server it cannot
 * reach for several seconds more, so a request bounded at 2 s would wait 5–10 s during an outage.
 * The caller's wait ends at the deadline, as with the JS connection; an attempt Core still completes
 * afterwards is a start or update the caller was told may not have happened, which the workflow ids
 * and the outbox already make safe to repeat.
 */
function boundDeadlines(connection: NativeConnection): void {
  const perAttempt = connection.withDeadline.bind(connection);
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
    return Promise.race([perAttempt(deadline, fn), expired]).finally(() => clearTimeout(timer));
  };
}
