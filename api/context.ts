import type { IdempotencyScope } from '../db/idempotency.ts';
import type { Scope } from '../core/scope.ts';
import type { RateLimitDecision } from '../db/rate-limits.ts';
import type { OperationInfo } from './openapi.ts';

/** Who is calling, resolved by authentication; filled in by the access-control layer. */
export interface Principal {
  authMethod: 'api_key' | 'jwt';
  organizationId: string;
  /** API key id, or undefined for a JWT. */
  apiKeyId: string | undefined;
  userId: string | undefined;
  email: string | undefined;
  keyType: 'personal' | 'platform' | 'white_label' | 'user';
  /** false for sandbox (`svc_test_…`) keys. */
  livemode: boolean;
  scopes: string[];
  /** The company a key is bound to, if any. */
  boundCompanyId: string | undefined;
  /** Organizations a JWT grants (ids). */
  organizationIds: string[];
  rateLimitPerMinute: number;
  plan: string;
  /** Set by the sandbox helper that forces 429s on the organization. */
  forcedRateLimitUntil: Date | undefined;
  /**
   * The request as the key's look-up counted it in the key's window; taken (once) by the rate
   * limiter, which counts in a statement of its own when there is none.
   */
  counted: RateLimitDecision | undefined;
}

export interface RequestContext {
  requestId: string;
  startedAt: number;
  operation: OperationInfo | undefined;
  principal: Principal | undefined;
  /** Tenancy of the request (organization, mode, company), set with the principal's authorization. */
  scope: Scope | undefined;
  idempotencyKey: string | undefined;
  /** The claimed Idempotency-Key, for a handler that completes it in the transaction of its effect. */
  idempotencyClaim?: { scope: IdempotencyScope; requestId: string } | undefined;
  /** The catalog code of the error this request ended with, for the request log. */
  errorCode: string | undefined;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      context: RequestContext;
    }
  }
}

export {};
