import type { Db } from '../../db/database.ts';
import { insertApiKeyUnderCap } from '../../db/api-keys.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import { newId } from '../../core/ids.ts';
import { isPlan, PLANS, type KeyType } from '../../core/plans.ts';
import type { Principal } from '../context.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import { companyFilter } from '../scope.ts';
import { ApiError } from '../errors.ts';
import { generateKeySecret } from './secrets.ts';
import { toApiKey } from './mapper.ts';

/** Active keys one organization may hold, both modes together. */
export const MAX_ACTIVE_KEYS_PER_ORGANIZATION = 1_000;

export interface CreateApiKeyInput {
  name: string;
  companyId?: string;
  scopes?: string[];
  expiresAt?: string;
  rateLimit?: number;
  mode?: 'live' | 'test';
}

/**
 * Creates a key of the caller's organization, personal unless told (`/v1/platform/api-keys` mints
 * platform and white-label keys too). A key never gets more than its creator has: no scope the
 * creator lacks, no higher rate limit than the creating key's own, and the creator's company when
 * it is bound to one.
 */
export async function createApiKey(
  db: Db,
  creator: Principal,
  scope: Scope,
  input: CreateApiKeyInput,
  keyType: KeyType = 'personal',
) {
  const scopes = grantedScopes(creator, input.scopes);
  if (input.mode && creator.authMethod !== 'jwt') {
    throw new ApiError('INVALID_REQUEST', 'mode can only be chosen with a JWT; a key creates keys of its own mode.', {
      details: [{ field: 'mode', rule: 'jwt_only', message: 'allowed with a JWT only' }],
    });
  }
  const livemode = input.mode ? input.mode === 'live' : creator.livemode;

  let companyId = companyFilter(scope, input.companyId) ?? null;
  if (companyId) {
    // A JWT may create keys of the other mode: the company is looked up in the new key's mode.
    const company = await findCompanyByRef(
      db,
      livemode === scope.livemode ? scope : organizationWide(scope, livemode),
      companyId,
    );
    if (!company)
      throw new ApiError(
        'COMPANY_NOT_FOUND',
        `No company ${companyId} in this organization${livemode ? '' : ' (sandbox)'}.`,
      );
    companyId = company.id;
  }

  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new ApiError('INVALID_DATE', 'expiresAt must be in the future.', {
      details: [{ field: 'expiresAt', rule: 'future', message: 'must be in the future' }],
    });
  }
  const planLimit = isPlan(creator.plan) ? PLANS[creator.plan].requestsPerMinute : PLANS.free.requestsPerMinute;
  // A key lowered below its plan's limit could otherwise mint a key that is not.
  const ownLimit = creator.authMethod === 'api_key' ? Math.min(creator.rateLimitPerMinute, planLimit) : planLimit;
  if (input.rateLimit !== undefined && input.rateLimit > ownLimit) {
    throw new ApiError(
      'INVALID_REQUEST',
      ownLimit < planLimit
        ? `rateLimit ${input.rateLimit} exceeds the creating key's own ${ownLimit} requests per minute.`
        : `rateLimit ${input.rateLimit} exceeds the plan's ${planLimit} requests per minute.`,
      { details: [{ field: 'rateLimit', rule: 'maximum', message: `must be at most ${ownLimit}` }] },
    );
  }

  const { secret, keyPrefix } = generateKeySecret(keyType, livemode);
  const row = await insertApiKeyUnderCap(
    db,
    {
      id: newId('key'),
      organizationId: creator.organizationId,
      companyId,
      name: input.name,
      keyType,
      livemode,
      keyPrefix,
      secret,
      scopes,
      rateLimit: input.rateLimit ?? null,
      expiresAt,
      createdBy: creator.apiKeyId ?? (creator.userId ? `user:${creator.userId}` : null),
    },
    MAX_ACTIVE_KEYS_PER_ORGANIZATION,
  );
  if (!row)
    throw new ApiError(
      'INVALID_REQUEST',
      `The organization already has ${MAX_ACTIVE_KEYS_PER_ORGANIZATION} active keys: revoke unused ones first.`,
      {
        details: [
          {
            field: 'organization',
            rule: 'max_active_keys',
            message: `at most ${MAX_ACTIVE_KEYS_PER_ORGANIZATION} active keys`,
          },
        ],
      },
    );
  return { ...toApiKey(row), key: secret };
}

/** The scopes asked for, or the creator's own; 403 for any the creator does not hold. */
function grantedScopes(creator: Principal, requested: string[] | undefined): string[] {
  if (creator.scopes.includes('*')) return requested ?? ['*'];
  if (!requested) return creator.scopes;
  const beyond = requested.filter((s) => !creator.scopes.includes(s));
  if (beyond.length > 0) {
    throw new ApiError(
      'INSUFFICIENT_SCOPE',
      `A key cannot grant scopes it does not have: ${beyond.map((s) => `"${s}"`).join(', ')}.`,
      {
        details: beyond.map((s) => ({
          field: `scopes[${requested.indexOf(s)}]`,
          rule: 'creator_scope',
          message: `"${s}" is not among the creating key's scopes`,
        })),
      },
    );
  }
  return requested;
}
