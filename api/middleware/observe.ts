import type { RequestHandler } from 'express';
import { countIdempotentReplay, countRateLimited, observeHttpRequest } from '../../core/metrics.ts';
import { logRequest } from './http-log.ts';

/**
 * Registered right after the request context: whatever happens later (404, auth failure, handler),
 * the request is logged and measured once, when its response ends or its connection drops.
 */
export function observeRequests(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let done = false;
    const end = (aborted: boolean) => {
      if (done) return;
      done = true;
      const durationMs = performance.now() - started;
      logRequest(req, res, durationMs, aborted);
      // Unmatched paths share one label so that scanners cannot grow the series without bound.
      const route = req.context?.operation?.pathTemplate ?? 'unmatched';
      observeHttpRequest(req.method, route, res.statusCode, durationMs / 1000);
      if (res.getHeader('idempotent-replayed') === 'true') countIdempotentReplay(route);
      if (res.statusCode === 429) countRateLimited(route);
    };
    res.once('finish', () => end(false));
    res.once('close', () => end(!res.writableFinished));
    next();
  };
}
