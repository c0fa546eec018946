import type { Db } from '../../db/database.ts';
import { insertApiKey } from '../../db/api-keys.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import { newId } from '../../core/ids.ts';
import { isPlan, PLANS } from '../../core/plans.ts';
import type { Principal } from '../context.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import { companyFilter } from '../scope.ts';
import { ApiError } from '../errors.ts';
import { generateKeySecret } from './secrets.ts';
import { toApiKey } from './mapper.ts';

export interface CreateApiKeyInput {
  name: string;
  companyId?: string;
  scopes?: string[];
  expiresAt?: string;
  rateLimit?: number;
  mode?: 'live' | 'test';
}

/** Creates a personal key for the caller's organization; a key never gets more than its creator has. */
export async function createApiKey(db: Db, creator: Principal, scope: Scope, input: CreateApiKeyInput) {
  if (creator.keyType === 'platform' || creator.keyType === 'white_label') {
    throw new ApiError('KEY_TYPE_FORBIDDEN', 'Platform and white-label keys create tenant keys through /v1/platform/api-keys.');
  }
  if (input.mode && creator.authMethod !== 'jwt') {
    throw new ApiError('INVALID_REQUEST', 'mode can only be chosen with a JWT; a key creates keys of its own mode.', { details: [{ field: 'mode', rule: 'jwt_only', message: 'allowed with a JWT only' }] });
  }
  const livemode = input.mode ? input.mode === 'live' : creator.livemode;

  let companyId = companyFilter(scope, input.companyId) ?? null;
  if (companyId) {
    // A JWT may create keys of the other mode: the company is looked up in the new key's mode.
    const company = await findCompanyByRef(db, livemode === scope.livemode ? scope : organizationWide(scope, livemode), companyId);
    if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No company ${companyId} in this organization${livemode ? '' : ' (sandbox)'}.`);
    companyId = company.id;
  }

  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new ApiError('INVALID_DATE', 'expiresAt must be in the future.', { details: [{ field: 'expiresAt', rule: 'future', message: 'must be in the future' }] });
  }
  const planLimit = isPlan(creator.plan) ? PLANS[creator.plan].requestsPerMinute : PLANS.free.requestsPerMinute;
  if (input.rateLimit !== undefined && input.rateLimit > planLimit) {
    throw new ApiError('INVALID_REQUEST', `rateLimit ${input.rateLimit} exceeds the plan's ${planLimit} requests per minute.`, { details: [{ field: 'rateLimit', rule: 'maximum', message: `must be at most ${planLimit}` }] });
  }

  const { secret, keyPrefix } = generateKeySecret('personal', livemode);
  const row = await insertApiKey(db, {
    id: newId('key'),
    organizationId: creator.organizationId,
    companyId,
    name: input.name,
    keyType: 'personal',
    livemode,
    keyPrefix,
    secret,
    scopes: input.scopes ?? ['*'],
    rateLimit: input.rateLimit ?? null,
    expiresAt,
    createdBy: creator.apiKeyId ?? (creator.userId ? `user:${creator.userId}` : null),
  });
  return { ...toApiKey(row), key: secret };
}
