import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { consumeRateLimit } from '../../db/rate-limits.ts';
import { rateLimited, setRateLimitHeaders } from '../middleware/rate-limit.ts';
import { bootstrapSandbox } from './bootstrap.ts';

export interface SandboxRouteOptions {
  bootstrapPerHour: number;
}

const HOUR_MS = 3_600_000;

export function sandboxRoutes(db: Db, options: SandboxRouteOptions): Router {
  const router = Router();

  // Public: the per-IP hourly window stands in for the per-key limit.
  router.post('/v1/sandbox/keys', async (req, res, next) => {
    const decision = await consumeRateLimit(db, `bootstrap:${req.ip}`, options.bootstrapPerHour, HOUR_MS);
    setRateLimitHeaders(res, decision);
    if (!decision.allowed) return next(rateLimited(decision.resetAt, `At most ${options.bootstrapPerHour} sandbox keys per hour from one address`));
    res.status(201).json(await bootstrapSandbox(db, req.body ?? {}));
  });

  return router;
}
