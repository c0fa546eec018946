import type { RequestHandler, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { consumeRateLimit, type RateLimitDecision } from '../../db/rate-limits.ts';
import { ApiError } from '../errors.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export function setRateLimitHeaders(res: Response, decision: Pick<RateLimitDecision, 'limit' | 'remaining' | 'resetAt'>): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(decision.resetAt / 1000)));
}

export function rateLimited(resetAt: number, what: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new ApiError('RATE_LIMITED', `${what}; retry after ${retryAfter} s.`, { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * The per-key sliding window of part 8, counted in Postgres so every API process shares it. The
 * sandbox helper's forced limit answers 429 for the whole organization until it lapses.
 */
export function rateLimit(db: Db): RequestHandler {
  return async (req, res, next) => {
    const principal = req.context.principal;
    if (!principal) return next();
    try {
      const limit = principal.rateLimitPerMinute;
      if (principal.forcedRateLimitUntil && principal.forcedRateLimitUntil.getTime() > Date.now()) {
        const resetAt = principal.forcedRateLimitUntil.getTime();
        setRateLimitHeaders(res, { limit, remaining: 0, resetAt });
        return next(rateLimited(resetAt, 'The organization is rate-limited by a sandbox test helper'));
      }
      const bucket = principal.apiKeyId ? `key:${principal.apiKeyId}` : `user:${principal.userId}:${principal.organizationId}`;
      const decision = await consumeRateLimit(db, bucket, limit, RATE_LIMIT_WINDOW_MS);
      setRateLimitHeaders(res, decision);
      if (!decision.allowed) return next(rateLimited(decision.resetAt, `Rate limit of ${limit} requests per minute exceeded`));
      next();
    } catch (err) {
      next(err);
    }
  };
}
