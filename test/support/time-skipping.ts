import { TestWorkflowEnvironment } from '@temporalio/testing';
import { findTemporalTestServer } from '../../core/temporal-dev-server.ts';

/** Temporal's time-skipping test server from the project venv (never downloaded). */
export function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: findTemporalTestServer() } },
  });
}
