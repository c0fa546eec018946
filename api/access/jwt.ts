import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { ApiError } from '../errors.ts';

export interface JwtSettings {
  jwksUrl: string | undefined;
  audience: string;
  issuer: string | undefined;
}

export interface VerifiedJwt {
  subject: string;
  email: string | undefined;
  /** Organization id → permissions, in the order the token lists them. */
  permissions: Array<{ organizationId: string; permissions: string[] }>;
}

export type JwtVerifier = (token: string) => Promise<VerifiedJwt>;

/** Verifies bearer JWTs against the identity provider's key set (fetched and cached by jose). */
export function createJwtVerifier(settings: JwtSettings): JwtVerifier {
  const keySet = settings.jwksUrl
    ? createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    : undefined;
  return async (token) => {
    if (!keySet)
      throw new ApiError(
        'INVALID_TOKEN',
        'JWT bearer tokens are not accepted here (no identity provider key set is configured); use an API key.',
      );
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        audience: settings.audience,
        ...(settings.issuer ? { issuer: settings.issuer } : {}),
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired)
        throw new ApiError('EXPIRED_TOKEN', 'The JWT has expired (exp is in the past); get a new token.');
      if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud')
        throw new ApiError('INVALID_TOKEN', `The JWT audience does not match ${settings.audience}.`);
      if (err instanceof errors.JWKSTimeout || (err as { code?: string }).code === 'ERR_JOSE_GENERIC') {
        throw new ApiError(
          'UPSTREAM_UNAVAILABLE',
          'The identity provider key set could not be fetched; retry shortly.',
          { headers: { 'Retry-After': '5' }, cause: err },
        );
      }
      throw new ApiError('INVALID_TOKEN', 'The bearer token is not a valid JWT for this service.', { cause: err });
    }
    if (!payload.sub) throw new ApiError('INVALID_TOKEN', 'The JWT has no subject (sub).');
    const raw = payload._permissions;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length === 0) {
      throw new ApiError('INVALID_TOKEN', 'The JWT grants no organization (_permissions claim missing or empty).');
    }
    const permissions = Object.entries(raw as Record<string, unknown>).map(([organizationId, value]) => ({
      organizationId,
      permissions: Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
    }));
    return { subject: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined, permissions };
  };
}
