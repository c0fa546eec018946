import type { RequestHandler } from 'express';
import { newId } from '../../core/ids.ts';
import '../context.ts';

/** First middleware: every response, errors included, carries its `req_` id. */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const requestId = newId('req');
    req.context = {
      requestId,
      startedAt: performance.now(),
      operation: undefined,
      principal: undefined,
      scope: undefined,
      idempotencyKey: undefined,
      errorCode: undefined,
    };
    res.setHeader('X-Request-Id', requestId);
    next();
  };
}
