import type { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { ApiError } from '../errors.ts';

const PG_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);

function isPostgresDown(err: any): boolean {
  if (PG_CONNECTION_CODES.has(err?.code)) return true;
  const message = String(err?.message ?? '');
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

/** gRPC status of a Temporal client error: 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED. */
function temporalStatus(err: any): number | undefined {
  const code = err?.code ?? err?.cause?.code;
  if (err?.name === 'ServiceError' || err?.name === 'ConnectionError' || err?.cause?.name === 'ServiceError') return typeof code === 'number' ? code : 14;
  return undefined;
}

export interface Breakers {
  postgres: CircuitBreaker;
  temporal: CircuitBreaker;
}

/** Maps a dependency failure to 503/504 in the envelope and counts it on that dependency's circuit. */
export function toUpstreamError(err: unknown, breakers: Breakers): ApiError | undefined {
  if (isPostgresDown(err)) {
    breakers.postgres.recordFailure();
    const retryAfter = String(breakers.postgres.retryAfterSeconds());
    return new ApiError('UPSTREAM_UNAVAILABLE', 'The database is unavailable; retry shortly (with the same Idempotency-Key for a POST).', { headers: { 'Retry-After': retryAfter }, cause: err });
  }
  const grpc = temporalStatus(err);
  if (grpc === 14 || grpc === 4) {
    breakers.temporal.recordFailure();
    const retryAfter = String(breakers.temporal.retryAfterSeconds());
    return grpc === 4
      ? new ApiError('UPSTREAM_TIMEOUT', 'The workflow service timed out; retry with the same Idempotency-Key.', { headers: { 'Retry-After': retryAfter }, cause: err })
      : new ApiError('UPSTREAM_UNAVAILABLE', 'The workflow service is unavailable; retry shortly.', { headers: { 'Retry-After': retryAfter }, cause: err });
  }
  return undefined;
}
