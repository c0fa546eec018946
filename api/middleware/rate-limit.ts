import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { findTenantQuotas } from '../../db/platform-settings.ts';
import { consumeRateLimit, type RateLimitDecision } from '../../db/rate-limits.ts';
import type { Authenticator } from '../access/authenticate.ts';
import type { Principal } from '../context.ts';
import { ApiError } from '../errors.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The windows of callers the service does not identify, per client address. */
export interface AnonymousLimits {
  /** Requests per minute of one address: public operations, refused credentials, unknown routes. */
  perMinute: number;
  /** Sandbox keys one address may bootstrap per hour (its own window, counted instead of the minute one). */
  bootstrapPerHour: number;
}

/** Liveness, readiness and the facades' health checks: counted and shown, never refused (an orchestrator's probes). */
function isProbe(req: Request): boolean {
  const template = req.context?.operation?.pathTemplate ?? '';
  return template.startsWith('/health/') || template.endsWith('/healthcheck');
}

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
 * Counts a request of a caller the service does not identify in its client address's window: the
 * hourly one of the sandbox key bootstrap for that operation, else the per-minute one. Probes are
 * never refused; a window that cannot be counted (its database is down) leaves the answer without
 * headers rather than failing it.
 */
async function countAnonymousRequest(
  db: Db,
  limits: AnonymousLimits,
  req: Request,
  res: Response,
): Promise<ApiError | undefined> {
  const bootstrap = req.context?.operation?.operationId === 'bootstrapSandboxKey';
  const [bucket, limit, windowMs] = bootstrap
    ? [`bootstrap:${req.ip}`, limits.bootstrapPerHour, HOUR_MS]
    : [`address:${req.ip}`, limits.perMinute, RATE_LIMIT_WINDOW_MS];
  let decision: RateLimitDecision;
  try {
    decision = await consumeRateLimit(db, bucket, limit, windowMs);
  } catch {
    return undefined;
  }
  setRateLimitHeaders(res, decision);
  if (decision.allowed || isProbe(req)) return undefined;
  return rateLimited(
    decision.resetAt,
    bootstrap
      ? `At most ${limit} sandbox keys per hour from one address`
      : `Rate limit of ${limit} requests per minute from one address without credentials exceeded`,
  );
}

/**
 * The per-key sliding window of part 8, counted in Postgres so every API process shares it. The
 * sandbox helper's forced limit answers 429 for the whole organization until it lapses. Public
 * operations count in the client address's window.
 */
export function rateLimit(db: Db, anonymous: AnonymousLimits): RequestHandler {
  return async (req, res, next) => {
    const principal = req.context.principal;
    try {
      if (principal) next(await countRequest(db, principal, res));
      else if (req.context.operation?.public) next(await countAnonymousRequest(db, anonymous, req, res));
      else next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * A request refused before the window was counted (unknown route or method, unreadable body,
 * missing scope or company, refused credentials) still counts and carries the headers, so every
 * answer shows where its window stands. Credentials the pipeline never looked at (the route did
 * not match) are checked here; a caller they do not identify, or whose credentials were refused,
 * counts in its client address's window. The refusal itself is what the response reports.
 */
export function countRefusedRequests(
  db: Db,
  authenticate: Authenticator,
  anonymous: AnonymousLimits,
): ErrorRequestHandler {
  return async (err, req, res, next) => {
    if (res.headersSent || res.hasHeader('X-RateLimit-Limit')) return next(err);
    try {
      const refused = err instanceof ApiError && err.status === 401;
      const principal =
        refused || req.context?.operation?.public
          ? undefined
          : (req.context?.principal ?? (await identify(req, authenticate)));
      if (principal) await countRequest(db, principal, res);
      else await countAnonymousRequest(db, anonymous, req, res);
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
