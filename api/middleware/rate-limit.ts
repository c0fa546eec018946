import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { findTenantQuotas } from '../../db/platform-settings.ts';
import { consumeRateLimit, type RateLimitDecision } from '../../db/rate-limits.ts';
import type { Authenticator } from '../access/authenticate.ts';
import type { Principal } from '../context.ts';
import { ApiError } from '../errors.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export function setRateLimitHeaders(
  res: Response,
  decision: Pick<RateLimitDecision, 'limit' | 'remaining' | 'resetAt'>,
): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(decision.resetAt / 1000)));
}

export function rateLimited(resetAt: number, what: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new ApiError('RATE_LIMITED', `${what}; retry after ${retryAfter} s.`, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Counts one request in the caller's window: 429 while a forced limit lasts or past the limit. */
async function countRequest(db: Db, principal: Principal, res: Response): Promise<ApiError | undefined> {
  const limit = principal.rateLimitPerMinute;
  if (principal.forcedRateLimitUntil && principal.forcedRateLimitUntil.getTime() > Date.now()) {
    const resetAt = principal.forcedRateLimitUntil.getTime();
    setRateLimitHeaders(res, { limit, remaining: 0, resetAt });
    return rateLimited(resetAt, 'The organization is rate-limited by a sandbox test helper');
  }
  const decision = principal.counted ?? (await consumeRateLimit(db, bucketOf(principal), limit, RATE_LIMIT_WINDOW_MS));
  // Taken once: counting this principal again would be a count of its own.
  principal.counted = undefined;
  if (!decision.allowed) {
    setRateLimitHeaders(res, decision);
    return rateLimited(decision.resetAt, `Rate limit of ${limit} requests per minute exceeded`);
  }
  const tenant = await countTenantRequest(db, principal);
  // The headers show the window that runs out first.
  setRateLimitHeaders(res, tenant && tenant.remaining < decision.remaining ? tenant : decision);
  return tenant && !tenant.allowed
    ? rateLimited(
        tenant.resetAt,
        `The tenant's rate limit of ${tenant.limit} requests per minute (white-label quotas) is exceeded`,
      )
    : undefined;
}

function bucketOf(principal: Principal): string {
  return principal.apiKeyId ? `key:${principal.apiKeyId}` : `user:${principal.userId}:${principal.organizationId}`;
}

/**
 * A white-label's `quotas.requestsPerMinute`: one window per managed company, shared by every key
 * bound to it (the tenant's keys), in both modes. The white-label's own keys, even acting for the
 * company, are not the tenant and stay unlimited by it.
 */
async function countTenantRequest(db: Db, principal: Principal): Promise<RateLimitDecision | undefined> {
  if (principal.plan !== 'white_label' || !principal.boundCompanyId) return undefined;
  const quotas = await findTenantQuotas(db, principal.organizationId, principal.livemode);
  if (quotas.requestsPerMinute === undefined) return undefined;
  return consumeRateLimit(db, `company:${principal.boundCompanyId}`, quotas.requestsPerMinute, RATE_LIMIT_WINDOW_MS);
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
      next(await countRequest(db, principal, res));
    } catch (err) {
      next(err);
    }
  };
}

/**
 * A request refused before the window was counted (unknown route or method, unreadable body,
 * missing scope or company) still counts against the caller's key and carries its headers, so
 * every answer to an authenticated caller shows where the window stands. Credentials the
 * pipeline never looked at (the route did not match) are checked here; a caller they do not
 * identify stays anonymous, and the refusal itself is what the response reports.
 */
export function countRefusedRequests(db: Db, authenticate: Authenticator): ErrorRequestHandler {
  return async (err, req, res, next) => {
    if (res.headersSent || res.hasHeader('X-RateLimit-Limit') || req.context?.operation?.public) return next(err);
    if (err instanceof ApiError && err.status === 401) return next(err);
    try {
      const principal = req.context?.principal ?? (await identify(req, authenticate));
      if (principal) await countRequest(db, principal, res);
    } catch {
      // Counting is best effort here: the refusal is answered whatever happens to the count.
    }
    next(err);
  };
}

async function identify(req: Request, authenticate: Authenticator): Promise<Principal | undefined> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
  if (!token) return undefined;
  const organization = req.get('x-service-organization-id') ?? req.get('organization-id');
  return authenticate(token, organization || undefined, { countRequest: true }).catch(() => undefined);
}
