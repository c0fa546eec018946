import { TestWorkflowEnvironment } from '@temporalio/testing';
import { temporal } from '@temporalio/proto';
import { findTemporalTestServer } from '../../core/temporal-dev-server.ts';
import { SEARCH_ATTRIBUTES } from '../../core/temporal.ts';

const INDEXED_TYPES = {
  Keyword: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  Bool: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
};

/**
 * Temporal's time-skipping test server from the project venv (never downloaded), with the search
 * attributes every workflow start carries registered, as on the dev server.
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const env = await startTimeSkippingServer().catch((err: unknown) => {
    // On a loaded machine a fresh server can take longer than the client's fixed 10 s to accept a
    // connection (the SDK does not let the test environment raise it): start it once more.
    if (!String((err as Error)?.message).includes('Failed to connect before the deadline')) throw err;
    return startTimeSkippingServer();
  });
  const searchAttributes = Object.fromEntries(
    Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => [name, INDEXED_TYPES[type]]),
  );
  await env.connection.operatorService.addSearchAttributes({ namespace: env.namespace ?? 'default', searchAttributes });
  return env;
}

function startTimeSkippingServer(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createTimeSkipping({
    server: {
      executable: { type: 'existing-path', path: findTemporalTestServer(process.env.TEMPORAL_TEST_SERVER_PATH) },
    },
  });
}
