import type { Db } from '../../db/database.ts';
import { findApiKeyBySecret, findApiKeyCountingRequest, touchApiKey } from '../../db/api-keys.ts';
import { rateLimitDecision } from '../../db/rate-limits.ts';
import { RATE_LIMIT_WINDOW_MS } from '../middleware/rate-limit.ts';
import { ensureOrganization, ensureUser, findOrganization } from '../../db/organizations.ts';
import { isPlan, PLANS, type KeyType } from '../../core/plans.ts';
import type { Principal } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { JwtVerifier } from './jwt.ts';

export interface Authenticator {
  /**
   * `countRequest`: the request is one the caller's window counts; an API key's look-up then counts
   * it in the same statement (the principal's `counted`).
   */
  (token: string, organizationHeader: string | undefined, options?: { countRequest?: boolean }): Promise<Principal>;
}

function planLimit(plan: string): number {
  return isPlan(plan) ? PLANS[plan].requestsPerMinute : PLANS.free.requestsPerMinute;
}

const LAST_USED_PRECISION_MS = 60_000;

const PLAN_LIMITS = JSON.stringify(Object.fromEntries(Object.entries(PLANS).map(([p, v]) => [p, v.requestsPerMinute])));

/** The key, and with `countRequest` its request counted; `now` is the instant it was judged at. */
async function findKey(db: Db, token: string, countRequest: boolean) {
  const now = Date.now();
  if (!countRequest) return { key: await findApiKeyBySecret(db, token), counted: undefined, now };
  const key = await findApiKeyCountingRequest(db, token, {
    planLimits: PLAN_LIMITS,
    defaultLimit: PLANS.free.requestsPerMinute,
    at: new Date(now),
    windowStart: new Date(now - RATE_LIMIT_WINDOW_MS),
  });
  const counted = key?.counted
    ? rateLimitDecision(key.counted, key.rate_limit ?? planLimit(key.plan), now, RATE_LIMIT_WINDOW_MS)
    : undefined;
  return { key, counted, now };
}

/**
 * Part 5: `svc_…` tokens are API keys looked up by hash on every request (so a revocation takes
 * effect on the very next one); anything else is a JWT of the identity provider.
 */
export function createAuthenticator(db: Db, verifyJwt: JwtVerifier): Authenticator {
  return async (token, organizationHeader, options = {}) => {
    if (token.startsWith('svc_')) {
      const { key, counted, now } = await findKey(db, token, options.countRequest ?? false);
      if (!key) throw new ApiError('INVALID_TOKEN', 'The API key is not valid.');
      if (key.revoked_at) throw new ApiError('REVOKED_KEY', `The API key ${key.key_prefix}… was revoked.`);
      // Judged at the instant the statement counted at, so an expired key is never counted.
      if (key.expires_at && key.expires_at.getTime() <= now)
        throw new ApiError(
          'EXPIRED_TOKEN',
          `The API key ${key.key_prefix}… expired at ${key.expires_at.toISOString()}.`,
        );
      // Last use is informational, kept to the minute: a busy key writes it once a minute, not on
      // every request, and a failed write must not fail the request.
      if (!key.last_used_at || now - key.last_used_at.getTime() >= LAST_USED_PRECISION_MS)
        void touchApiKey(db, key.id).catch(() => undefined);
      return {
        authMethod: 'api_key',
        organizationId: key.organization_id,
        apiKeyId: key.id,
        userId: undefined,
        email: undefined,
        keyType: key.key_type as KeyType,
        livemode: key.livemode,
        scopes: key.scopes,
        boundCompanyId: key.company_id ?? undefined,
        organizationIds: [key.organization_id],
        rateLimitPerMinute: key.rate_limit ?? planLimit(key.plan),
        plan: key.plan,
        forcedRateLimitUntil: key.forced_rate_limit_until ?? undefined,
        counted,
      };
    }

    const jwt = await verifyJwt(token);
    const granted = jwt.permissions.map((p) => p.organizationId);
    const organizationId = organizationHeader ?? granted[0];
    if (!granted.includes(organizationId)) {
      throw new ApiError(
        'ORGANIZATION_FORBIDDEN',
        `The token does not grant access to organization ${organizationId}.`,
      );
    }
    for (const id of granted) await ensureOrganization(db, id);
    const userId = await ensureUser(
      db,
      jwt.subject,
      jwt.email,
      jwt.permissions.map((p) => ({
        organizationId: p.organizationId,
        role: p.permissions.includes('admin') ? 'admin' : 'member',
      })),
    );
    const org = await findOrganization(db, organizationId);
    const plan = org?.plan ?? 'free';
    return {
      authMethod: 'jwt',
      organizationId,
      apiKeyId: undefined,
      userId,
      email: jwt.email,
      keyType: 'user',
      livemode: true,
      scopes: ['*'],
      boundCompanyId: undefined,
      organizationIds: granted,
      rateLimitPerMinute: planLimit(plan),
      plan,
      forcedRateLimitUntil: org?.forced_rate_limit_until ?? undefined,
      counted: undefined,
    };
  };
}
