import { Client, Connection } from '@temporalio/client';
import { StartupError } from './startup-error.ts';
import { currentTracing } from './telemetry.ts';

export interface TemporalClientHandle {
  client: Client;
  connection: Connection;
  close(): Promise<void>;
}

/** Connects eagerly so that an unreachable server fails the start with a clear message. */
export async function connectTemporal(
  address: string,
  namespace: string,
  timeoutMs = 10_000,
): Promise<TemporalClientHandle> {
  let connection: Connection;
  try {
    connection = await Connection.connect({ address, connectTimeout: timeoutMs });
    await connection.workflowService.describeNamespace({ namespace });
  } catch (err) {
    throw new StartupError(
      'temporal',
      `cannot reach namespace "${namespace}" at ${address}: ${err instanceof Error ? err.message : String(err)}`,
      'check TEMPORAL_ADDRESS / TEMPORAL_NAMESPACE, or unset TEMPORAL_ADDRESS to let `npm start` run a dev server',
      err,
    );
  }
  const client = new Client({ connection, namespace, interceptors: currentTracing()?.clientInterceptors });
  return { client, connection, close: () => connection.close() };
}
