import type { ActivityOptions } from '@temporalio/workflow';
import { NON_RETRYABLE_FAILURE_TYPES } from '../core/failures.ts';

/**
 * Presets for proxyActivities and proxyLocalActivities. Each names the kind of side effect, so a workflow reads as what it
 * waits on; permanent failures are never retried whatever the preset.
 */
export const ACTIVITY_PRESETS = {
  /** A few Postgres statements. */
  database: {
    startToCloseTimeout: '15 seconds',
    retry: {
      initialInterval: '500 ms',
      backoffCoefficient: 2,
      maximumInterval: '30 seconds',
      nonRetryableErrorTypes: NON_RETRYABLE_FAILURE_TYPES,
    },
  },
  /** A call to an upstream (SMP, registry, access point, tax platform) that may be slow or down for a while. */
  upstream: {
    startToCloseTimeout: '60 seconds',
    retry: {
      initialInterval: '5 seconds',
      backoffCoefficient: 2,
      maximumInterval: '10 minutes',
      nonRetryableErrorTypes: NON_RETRYABLE_FAILURE_TYPES,
    },
  },
  /**
   * One hand-off to the Peppol access point. The access point's answers (TRANSPORT_FAILURE, whose
   * re-sends and their backoff the document workflow owns, and the permanent ones) come back to the
   * workflow at once; a failure of our own side (the database, the worker) is no answer of the access
   * point, and is retried here without limit (counted by `docex_infrastructure_failures_total`).
   */
  transportAttempt: {
    startToCloseTimeout: '90 seconds',
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '1 minute',
      nonRetryableErrorTypes: [...NON_RETRYABLE_FAILURE_TYPES, 'TRANSPORT_FAILURE'],
    },
  },
  /** One webhook attempt: the workflow owns the schedule, so the activity itself never retries. */
  webhookAttempt: {
    startToCloseTimeout: '30 seconds',
    retry: { maximumAttempts: 1 },
  },
} satisfies Record<string, ActivityOptions>;
