import type { RequestHandler } from 'express';
import { logRequest } from './http-log.ts';

/**
 * Registered right after the request context: whatever happens later (404, auth failure, handler),
 * the request is logged once when its response ends or its connection drops.
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
    };
    res.once('finish', () => end(false));
    res.once('close', () => end(!res.writableFinished));
    next();
  };
}
