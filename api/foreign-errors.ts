import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { CircuitBreaker } from '../core/circuit-breaker.ts';
import { isLifecycleRefusal, type FailureType } from '../core/failures.ts';
import { SearchInputError, type SearchProblem } from '../db/document-search.ts';
import { TrackingIdTaken } from '../db/flows.ts';
import { InvalidCursorError, UpstreamError } from '../upstreams/directory/types.ts';
import { RegistryError } from '../upstreams/registry/index.ts';
import { CircuitOpenError } from '../upstreams/smp-lookup/breaker.ts';
import { ApiError, type ErrorCode, type ErrorDetail } from './errors.ts';

/*
 * The one place where errors of other layers (upstream adapters, repositories, Temporal, Postgres)
 * become API errors. Services let them propagate; the error handler, and batch operations that
 * report per item, ask here what each one means to the caller.
 */

/** What a search filter the database cannot apply means in the error catalog. */
const SEARCH_ERROR_CODES: Record<SearchProblem, ErrorCode> = {
  invalid: 'INVALID_REQUEST',
  not_in_list: 'INVALID_ENUM',
  not_a_date: 'INVALID_DATE',
};

/**
 * The API error `err` stands for, or undefined when it means nothing to the caller (an internal
 * error). Outages of Postgres and Temporal are {@link toOutageError}: they also count on a circuit.
 */
export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof RegistryError) return registryError(err);
  if (err instanceof UpstreamError) return upstreamError(err);
  if (err instanceof InvalidCursorError) {
    return new ApiError('INVALID_REQUEST', err.message, {
      details: [{ field: 'cursor', rule: 'cursor', message: 'is not valid' }],
    });
  }
  if (err instanceof SearchInputError) {
    return new ApiError(SEARCH_ERROR_CODES[err.problem], err.message, {
      details: [{ field: err.field, rule: 'filter', message: err.detail }],
    });
  }
  if (err instanceof WorkflowUpdateFailedError) return workflowRefusal(err);
  if (err instanceof ApplicationFailure) return domainFailure(err);
  if (err instanceof TrackingIdTaken) return trackingIdTaken(err);
  return undefined;
}

/** The failures the shared use cases of core/ raise (the inbound door, lifecycle commands), as API errors. */
const FAILURE_ERROR_CODES: Partial<Record<FailureType, ErrorCode>> = {
  INVALID_INPUT: 'INVALID_REQUEST',
  RECIPIENT_NOT_FOUND: 'RECIPIENT_NOT_FOUND',
  RECIPIENT_CANNOT_RECEIVE: 'RECIPIENT_CANNOT_RECEIVE',
  DOCUMENT_NOT_FOUND: 'DOCUMENT_NOT_FOUND',
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
};

/**
 * A failure raised in this process by a use case of core/: its details (`{ details, retryAfterSeconds }`)
 * carry the fields at fault and, for an unavailable dependency, when to try again. Invalid input
 * whose every fault is a missing field is MISSING_FIELD.
 */
function domainFailure(err: ApplicationFailure): ApiError | undefined {
  const code = FAILURE_ERROR_CODES[err.type as FailureType];
  if (!code) return undefined;
  const info = (err.details?.[0] ?? {}) as { details?: ErrorDetail[]; retryAfterSeconds?: number };
  const details = info.details?.length ? info.details : undefined;
  const missing = code === 'INVALID_REQUEST' && details?.every((d) => d.rule === 'required');
  return new ApiError(missing ? 'MISSING_FIELD' : code, err.message, {
    ...(details ? { details } : {}),
    ...(info.retryAfterSeconds !== undefined ? { headers: { 'Retry-After': String(info.retryAfterSeconds) } } : {}),
    cause: err,
  });
}

/** The AFNOR standard's `AlreadyExistingFlow`, naming the flow that holds the tracking id. */
function trackingIdTaken(err: TrackingIdTaken): ApiError {
  return new ApiError('DOCUMENT_EXISTS', err.message, {
    details: [
      {
        field: 'flowInfo.trackingId',
        rule: 'AlreadyExistingFlow',
        message: 'already names another flow',
        value: err.trackingId,
        existingId: err.existingId,
      },
    ],
  });
}

/** Registry answers: 422 for the number looked up, 503/504 with Retry-After for the registry itself. */
function registryError(err: RegistryError): ApiError {
  const headers = err.retryAfterSeconds !== undefined ? { 'Retry-After': String(err.retryAfterSeconds) } : undefined;
  const hint = err.code.startsWith('UPSTREAM') ? ' Retry later with the same Idempotency-Key.' : '';
  return new ApiError(err.code, `${err.message}${hint}`, {
    ...(headers ? { headers } : {}),
    details: [{ field: 'vatNumber', rule: err.code.toLowerCase(), message: err.message }],
  });
}

/** The Peppol Directory, SML or SMP failing: 504 for a timeout, 503 otherwise (both safe to retry). */
function upstreamError(err: UpstreamError): ApiError {
  const names: Record<string, string> = {
    'peppol-directory': 'The Peppol Directory',
    'french-directory': 'The French directory',
    sml: 'The SML',
    dns: 'The DNS',
  };
  const what = names[err.upstream] ?? 'The SMP';
  // An open circuit knows when it will try again; otherwise a short wait.
  const retryAfter = err instanceof CircuitOpenError ? String(err.retryAfterSeconds) : '5';
  return err.kind === 'timeout'
    ? new ApiError('UPSTREAM_TIMEOUT', `${what} timed out; retry shortly.`, {
        headers: { 'Retry-After': retryAfter },
        cause: err,
      })
    : new ApiError(
        'UPSTREAM_UNAVAILABLE',
        `${what} is unavailable or answered something unusable; retry after ${retryAfter} s.`,
        { headers: { 'Retry-After': retryAfter }, cause: err },
      );
}

/** A workflow Update its validator refused; `allowedTransitions` rides in the failure's details. */
function workflowRefusal(err: WorkflowUpdateFailedError): ApiError | undefined {
  const cause = err.cause;
  if (!(cause instanceof ApplicationFailure) || !isLifecycleRefusal(cause.type)) return undefined;
  const detail = (cause.details?.[0] ?? {}) as { allowedTransitions?: string[] };
  return new ApiError(cause.type, cause.message, { extra: { allowedTransitions: detail.allowedTransitions ?? [] } });
}

/**
 * Runs a write that a unique index may refuse because a concurrent request stored the same key
 * first. `conflict` then names the row that won, as the API error the caller gets; when it finds
 * none (the winner is gone again) the database's error propagates.
 */
export async function onUniqueViolation<T>(
  write: Promise<T>,
  conflict: () => Promise<ApiError | undefined>,
): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if ((err as { code?: string } | undefined)?.code === '23505') throw (await conflict()) ?? err;
    throw err;
  }
}

const PG_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

function isPostgresDown(err: any): boolean {
  if (PG_CONNECTION_CODES.has(err?.code)) return true;
  const message = String(err?.message ?? '');
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/** gRPC status of a Temporal client error: 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED. */
function temporalStatus(err: any): number | undefined {
  const code = err?.code ?? err?.cause?.code;
  if (err?.name === 'ServiceError' || err?.name === 'ConnectionError' || err?.cause?.name === 'ServiceError')
    return typeof code === 'number' ? code : 14;
  return undefined;
}

export interface Breakers {
  postgres: CircuitBreaker;
  temporal: CircuitBreaker;
}

/** Maps a dependency outage to 503/504 in the envelope and counts it on that dependency's circuit. */
export function toOutageError(err: unknown, breakers: Breakers): ApiError | undefined {
  if (isPostgresDown(err)) {
    breakers.postgres.recordFailure();
    const retryAfter = String(breakers.postgres.retryAfterSeconds());
    return new ApiError(
      'UPSTREAM_UNAVAILABLE',
      'The database is unavailable; retry shortly (with the same Idempotency-Key for a POST).',
      { headers: { 'Retry-After': retryAfter }, cause: err },
    );
  }
  const grpc = temporalStatus(err);
  if (grpc === 14 || grpc === 4) {
    breakers.temporal.recordFailure();
    const retryAfter = String(breakers.temporal.retryAfterSeconds());
    return grpc === 4
      ? new ApiError('UPSTREAM_TIMEOUT', 'The workflow service timed out; retry with the same Idempotency-Key.', {
          headers: { 'Retry-After': retryAfter },
          cause: err,
        })
      : new ApiError('UPSTREAM_UNAVAILABLE', 'The workflow service is unavailable; retry shortly.', {
          headers: { 'Retry-After': retryAfter },
          cause: err,
        });
  }
  return undefined;
}
