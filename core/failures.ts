import { ApplicationFailure } from '@temporalio/common';

/**
 * The one list of failure types that activities and workflows raise, and that workflows and the
 * API inspect. Permanent ones are decided here, where permanence is known, so retry policies never
 * retry them.
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
  DOCUMENT_NOT_FOUND: { retryable: false },
  CONFLICT: { retryable: false },
  // Refusals of a lifecycle command, raised by the document workflow's `lifecycle` update (its
  // validator or its handler) and answered by the API with the error code of the same name.
  INVALID_TRANSITION: { retryable: false },
  OVERPAYMENT: { retryable: false },
  AMOUNT_MISMATCH: { retryable: false },
} as const;

export type FailureType = keyof typeof FAILURE_TYPES;

/** The failure type names as constants, for code that compares a failure's `type` with one of them. */
export const FailureType = Object.fromEntries(Object.keys(FAILURE_TYPES).map((type) => [type, type])) as {
  readonly [T in FailureType]: T;
};

export const LIFECYCLE_REFUSALS = [
  'INVALID_TRANSITION',
  'OVERPAYMENT',
  'AMOUNT_MISMATCH',
] as const satisfies readonly FailureType[];
export type LifecycleRefusal = (typeof LIFECYCLE_REFUSALS)[number];

export function isLifecycleRefusal(type: string | null | undefined): type is LifecycleRefusal {
  return (LIFECYCLE_REFUSALS as readonly string[]).includes(type ?? '');
}

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
