import { ApplicationFailure } from '@temporalio/common';

/**
 * The one list of failure types that activities raise and workflows inspect. Permanent ones are
 * decided here, where permanence is known, so retry policies never retry them.
 */
export const FAILURE_TYPES = {
  AP_REJECTED: { retryable: false },
  TRANSPORT_FAILURE: { retryable: true },
  SBDH_ERROR: { retryable: false },
  RECIPIENT_NOT_FOUND: { retryable: false },
  RECIPIENT_CANNOT_RECEIVE: { retryable: false },
  VAT_NOT_FOUND: { retryable: false },
  VAT_INACTIVE: { retryable: false },
  UPSTREAM_UNAVAILABLE: { retryable: true },
  UPSTREAM_TIMEOUT: { retryable: true },
  WEBHOOK_ENDPOINT_FAILED: { retryable: false },
  INVALID_INPUT: { retryable: false },
  NOT_FOUND: { retryable: false },
  CONFLICT: { retryable: false },
} as const;

export type FailureType = keyof typeof FAILURE_TYPES;

export const NON_RETRYABLE_FAILURE_TYPES: string[] = Object.entries(FAILURE_TYPES)
  .filter(([, v]) => !v.retryable)
  .map(([k]) => k);

export function failure(type: FailureType, message: string, details?: unknown): ApplicationFailure {
  return ApplicationFailure.create({
    type,
    message,
    nonRetryable: !FAILURE_TYPES[type].retryable,
    details: details === undefined ? [] : [details],
  });
}
