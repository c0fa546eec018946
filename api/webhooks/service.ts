import type { Db } from '../../db/database.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import { deleteWebhook, findWebhook, insertWebhook, updateWebhook, type WebhookChanges } from '../../db/webhooks.ts';
import { newId } from '../../core/ids.ts';
import { generateWebhookSecret, webhookSecretFormat } from '../../core/webhook-signature.ts';
import { checkWebhookUrl } from '../../core/webhook-targets.ts';
import type { Scope } from '../../core/scope.ts';
import { companyFilter } from '../scope.ts';
import { ApiError } from '../errors.ts';
import { toWebhook } from './mapper.ts';
import { assertEndpointAnswers } from './test-event.ts';
import { forMode, type PerMode } from '../../upstreams/modes.ts';
import type { WebhookSender } from '../../upstreams/webhooks/index.ts';

export interface CreateWebhookInput {
  url: string;
  events: string[];
  secret?: string;
  companyId?: string;
}

export interface UpdateWebhookInput {
  url?: string;
  events?: string[];
  status?: 'active' | 'paused';
  rotateSecret?: boolean;
}

export { generateWebhookSecret };

/** Refuses URLs that are not https (live) or that resolve to internal addresses (SSRF). */
export async function assertDeliverableUrl(
  senders: PerMode<WebhookSender>,
  url: string,
  livemode: boolean,
  field = 'url',
): Promise<void> {
  const problem = await checkWebhookUrl(url, forMode(senders, livemode).policy);
  if (problem)
    throw new ApiError('INVALID_REQUEST', `The webhook url ${problem.message}.`, {
      details: [{ field, rule: problem.rule, message: problem.message }],
    });
}

/** The company a new webhook is scoped to: the one the caller acts for, else the one asked for. */
async function scopeCompany(db: Db, scope: Scope, requested: string | undefined): Promise<string | null> {
  const companyId = companyFilter(scope, requested);
  if (!companyId) return null;
  const company = await findCompanyByRef(db, scope, companyId);
  if (!company)
    throw new ApiError(
      'COMPANY_NOT_FOUND',
      `No company ${companyId} in this organization${scope.livemode ? '' : ' (sandbox)'}.`,
    );
  return company.id;
}

export async function createWebhook(db: Db, senders: PerMode<WebhookSender>, scope: Scope, input: CreateWebhookInput) {
  const companyId = await scopeCompany(db, scope, input.companyId);
  await assertDeliverableUrl(senders, input.url, scope.livemode);
  const secret = input.secret ?? generateWebhookSecret();
  const row = await insertWebhook(db, {
    id: newId('wh'),
    organizationId: scope.organizationId,
    livemode: scope.livemode,
    companyId,
    url: input.url,
    events: input.events,
    secret,
    // A chosen `whsec_<base64>` secret signs with its decoded bytes, as Standard Webhooks reads it.
    secretFormat: webhookSecretFormat(secret),
  });
  return { ...toWebhook(row), secret };
}

export async function changeWebhook(
  db: Db,
  senders: PerMode<WebhookSender>,
  scope: Scope,
  id: string,
  input: UpdateWebhookInput,
) {
  const found = await findWebhook(db, scope, id);
  if (!found) throw notFound(id);
  if (input.url !== undefined) await assertDeliverableUrl(senders, input.url, scope.livemode);
  const secret = input.rotateSecret ? generateWebhookSecret() : undefined;
  if (input.status === 'active' && found.status === 'paused') {
    // Probed with what will be in force once re-activated: the new URL and secret if they change too.
    await assertEndpointAnswers(senders, {
      webhookId: found.id,
      url: input.url ?? found.url,
      secret: secret ?? found.secret,
      secretFormat: secret ? 'whsec' : found.secret_format,
      livemode: found.livemode,
    });
  }
  const changes: WebhookChanges = {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(secret ? { secret, secretFormat: 'whsec' as const } : {}),
  };
  const row = await updateWebhook(db, scope, id, changes);
  if (!row) throw notFound(id);
  return secret ? { ...toWebhook(row), secret } : toWebhook(row);
}

export async function getWebhook(db: Db, scope: Scope, id: string) {
  const row = await findWebhook(db, scope, id);
  if (!row) throw notFound(id);
  return row;
}

export async function removeWebhook(db: Db, scope: Scope, id: string): Promise<void> {
  if (!(await deleteWebhook(db, scope, id))) throw notFound(id);
}

export function notFound(id: string): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `No webhook ${id} in this organization.`);
}
