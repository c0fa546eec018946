import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import { log } from '../../core/log.ts';
import { receiveForwardedMessage, type InboundDeps } from '../../core/inbound-door.ts';
import { ApiError } from '../errors.ts';
import { toApiError } from '../foreign-errors.ts';

export interface AccessPointSettings {
  /** ACCESS_POINT_FORWARD_TOKEN; without it the internal endpoint is closed (503). */
  forwardToken: string | undefined;
}

/** An SBD may wrap a 5 MiB document plus its envelope. */
const SBD_LIMIT_BYTES = 6 * 1024 * 1024;
/**
 * Read beyond the limit, so that a larger message is refused for good by the handler (`retry: none`)
 * rather than by the body parser, whose 413 the access point would take as temporary and forward again.
 */
const SBD_READ_LIMIT = '32mb';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The access point's own check on `/internal/access-point/*` (public operations of the internal
 * contract, so no rate limit or idempotency applies): `X-Token: <ACCESS_POINT_FORWARD_TOKEN>`, the
 * header phoss-ap's forwarder is configured to send, compared in constant time. Runs before
 * validation, so a caller without the token learns nothing else.
 */
function requireForwardToken(settings: AccessPointSettings): RequestHandler {
  const expected = settings.forwardToken ? digest(settings.forwardToken) : undefined;
  return (req, _res, next) => {
    if (!expected)
      return next(
        new ApiError(
          'UPSTREAM_UNAVAILABLE',
          'The access point endpoint is disabled: ACCESS_POINT_FORWARD_TOKEN is not configured.',
          { headers: { 'Retry-After': '60' } },
        ),
      );
    const token = req.get('x-token');
    if (!token)
      return next(new ApiError('MISSING_AUTH', 'The access point must send X-Token: <ACCESS_POINT_FORWARD_TOKEN>.'));
    // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
    if (!timingSafeEqual(digest(token), expected))
      return next(new ApiError('INVALID_TOKEN', 'The access point forward token is not valid.'));
    next();
  };
}

/** Mounted before validation of the internal API (under `/internal`): the token check, then the XML body. */
export function accessPointGate(settings: AccessPointSettings): Router {
  const router = Router();
  router.use(
    '/access-point',
    requireForwardToken(settings),
    express.text({ type: ['application/xml', 'text/xml', 'application/*+xml'], limit: SBD_READ_LIMIT }),
  );
  return router;
}

/**
 * Refusals that forwarding the same message again cannot change: the message itself is at fault,
 * or nobody here receives it. phoss-ap's synchronous forwarder reads them from a 200 answer with
 * `retry: none` (any other status is retried), and the access point answers the sender with them.
 */
const PERMANENT_STATUSES = new Set([400, 413, 415, 422]);

export function inboundRoutes(deps: InboundDeps): Router {
  const router = Router();

  router.post('/access-point/inbound', async (req, res) => {
    try {
      const sbd = req.body as string;
      if (Buffer.byteLength(sbd, 'utf8') > SBD_LIMIT_BYTES)
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          `The message is larger than ${SBD_LIMIT_BYTES} bytes, the most a document and its envelope may take here.`,
        );
      res.json(await receiveForwardedMessage(deps, sbd, { instanceId: req.get('x-sbdh-instance-id') }));
    } catch (thrown) {
      const err = toApiError(thrown);
      if (!err || !PERMANENT_STATUSES.has(err.status)) throw thrown;
      const requestId = req.context?.requestId ?? 'req_unknown';
      log.warn('forwarded message refused', {
        code: err.code,
        reason: err.message,
        instanceId: req.get('x-sbdh-instance-id'),
        requestId,
      });
      res.json({
        retry: 'none',
        errorMessage: `${err.code}: ${err.message}`,
        error: {
          type: err.type,
          code: err.code,
          message: err.message,
          ...(err.details ? { details: err.details } : {}),
          requestId,
        },
      });
    }
  });

  return router;
}
