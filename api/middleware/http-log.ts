import type { Request, Response } from 'express';
import { trace } from '@opentelemetry/api';
import { logger, redactUrl } from '../../core/log.ts';

/** The fields of a request's log line, taken once the response is written. */
export function requestFields(req: Request, res: Response, durationMs: number): Record<string, unknown> {
  const ctx = req.context;
  return {
    requestId: ctx?.requestId,
    method: req.method,
    // The contract path (`/v1/documents/{documentId}`) groups requests; the raw path is kept apart.
    route: ctx?.operation?.pathTemplate ?? null,
    url: redactUrl(req.originalUrl),
    status: res.statusCode,
    durationMs: Math.round(durationMs * 10) / 10,
    organizationId: ctx?.principal?.organizationId ?? null,
    livemode: ctx?.principal?.livemode ?? null,
    apiKeyId: ctx?.principal?.apiKeyId ?? null,
    idempotentReplay: res.getHeader('idempotent-replayed') === 'true',
    errorCode: ctx?.errorCode ?? null,
    // Joins the line to its trace; absent when tracing is off.
    traceId: traceIdOf(trace.getActiveSpan()?.spanContext().traceId),
  };
}

/**
 * One line per request: 5xx at warn, since the error handler already writes the failure with its
 * stack at error level under the same request id; the rest at info.
 */
export function logRequest(req: Request, res: Response, durationMs: number, aborted: boolean): void {
  const fields = requestFields(req, res, durationMs);
  if (aborted) fields.aborted = true;
  const log = logger();
  if (res.statusCode >= 500) log.warn(fields, 'request');
  else log.info(fields, 'request');
}

function traceIdOf(id: string | undefined): string | undefined {
  return id && id !== '00000000000000000000000000000000' ? id : undefined;
}
