import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import { ApiError } from '../errors.ts';
import { receiveAs4Message, recordAs4Receipt, type As4Receipt, type InboundDeps } from './service.ts';

export interface As4Settings {
  /** AS4_INBOUND_SECRET; without it the internal endpoints are closed (503). */
  inboundSecret: string | undefined;
}

/** An SBD may wrap a 5 MiB document plus its envelope. */
const SBD_BODY_LIMIT = '6mb';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The AS4 gateway's own check on `/internal/as4/*` (public operations of the internal contract, so
 * no rate limit or idempotency applies): `Authorization: Bearer <AS4_INBOUND_SECRET>`, compared in
 * constant time. Runs before validation, so a caller without the secret learns nothing else.
 */
function requireGatewaySecret(settings: As4Settings): RequestHandler {
  const expected = settings.inboundSecret ? digest(settings.inboundSecret) : undefined;
  return (req, _res, next) => {
    if (!expected)
      return next(
        new ApiError(
          'UPSTREAM_UNAVAILABLE',
          'The AS4 gateway endpoints are disabled: AS4_INBOUND_SECRET is not configured.',
          { headers: { 'Retry-After': '60' } },
        ),
      );
    const header = req.get('authorization');
    if (!header)
      return next(
        new ApiError('MISSING_AUTH', 'The AS4 gateway must send Authorization: Bearer <AS4_INBOUND_SECRET>.'),
      );
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
    if (!match || !timingSafeEqual(digest(match[1]), expected))
      return next(new ApiError('INVALID_TOKEN', 'The AS4 gateway secret is not valid.'));
    next();
  };
}

/** Mounted before validation of the internal API (under `/internal`): the secret check, then the XML body. */
export function as4Gate(settings: As4Settings): Router {
  const router = Router();
  router.use(
    '/as4',
    requireGatewaySecret(settings),
    express.text({ type: ['application/xml', 'text/xml', 'application/*+xml'], limit: SBD_BODY_LIMIT }),
  );
  return router;
}

export function inboundRoutes(deps: InboundDeps): Router {
  const router = Router();

  router.post('/as4/inbound', async (req, res) => {
    const { documentId } = await receiveAs4Message(deps, req.body as string);
    res.status(202).json({ documentId });
  });

  router.post('/as4/receipts', async (req, res) => {
    res.status(202).json(await recordAs4Receipt(deps, req.body as As4Receipt));
  });

  return router;
}
