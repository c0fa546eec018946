import type { RequestHandler } from 'express';
import { trace } from '@opentelemetry/api';
import { countIdempotentReplay, countRateLimited, observeHttpRequest } from '../../core/metrics.ts';
import { logRequest } from './http-log.ts';

/**
 * Registered right after the request context: whatever happens later (404, auth failure, handler),
 * the request is logged and measured once, when its response ends or its connection drops.
 */
export function observeRequests(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // The HTTP server span (when tracing is on) is named by the contract route once it is known.
    const span = trace.getActiveSpan();
    span?.setAttribute('docex.request_id', req.context.requestId);
    let done = false;
    const end = (aborted: boolean) => {
      if (done) return;
      done = true;
      const durationMs = performance.now() - started;
      logRequest(req, res, durationMs, aborted);
      // Unmatched paths share one label so that scanners cannot grow the series without bound.
      const route = req.context?.operation?.pathTemplate ?? 'unmatched';
      if (route !== 'unmatched') span?.setAttribute('http.route', route).updateName(`${req.method} ${route}`);
      observeHttpRequest(req.method, route, res.statusCode, durationMs / 1000);
      if (res.getHeader('idempotent-replayed') === 'true') countIdempotentReplay(route);
      if (res.statusCode === 429) countRateLimited(route);
    };
    res.once('finish', () => end(false));
    res.once('close', () => end(!res.writableFinished));
    next();
  };
}
