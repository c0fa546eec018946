import type { Db } from '../../db/database.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import { deleteWebhook, findWebhook, insertWebhook, updateWebhook, type WebhookChanges, type WebhookScope } from '../../db/webhooks.ts';
import { newId, randomToken } from '../../core/ids.ts';
import { checkWebhookUrl } from '../../core/webhook-targets.ts';
import type { Principal } from '../context.ts';
import { ApiError } from '../errors.ts';
import { toWebhook } from './mapper.ts';
import { assertEndpointAnswers } from './test-event.ts';

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

export function webhookScope(p: Principal): WebhookScope {
  return { organizationId: p.organizationId, livemode: p.livemode, boundCompanyId: p.boundCompanyId };
}

export function generateWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

/** Refuses URLs that are not https (live) or that resolve to internal addresses (SSRF). */
async function assertDeliverableUrl(url: string, livemode: boolean): Promise<void> {
  const problem = await checkWebhookUrl(url, { livemode });
  if (problem) throw new ApiError('INVALID_REQUEST', `The webhook url ${problem.message}.`, { details: [{ field: 'url', rule: problem.rule, message: problem.message }] });
}

/** The company a new webhook is scoped to: the one asked for, else the one the caller acts for. */
async function scopeCompany(db: Db, p: Principal, requested: string | undefined): Promise<string | null> {
  const companyId = requested ?? p.actingCompanyId ?? null;
  if (p.boundCompanyId && companyId !== p.boundCompanyId) {
    throw new ApiError('COMPANY_FORBIDDEN', `This key is scoped to company ${p.boundCompanyId} and can only subscribe to its events.`);
  }
  if (!companyId) return null;
  const company = await findCompanyByRef(db, p.organizationId, p.livemode, companyId);
  if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No company ${companyId} in this organization${p.livemode ? '' : ' (sandbox)'}.`);
  return company.id;
}

export async function createWebhook(db: Db, p: Principal, input: CreateWebhookInput) {
  const companyId = await scopeCompany(db, p, input.companyId);
  await assertDeliverableUrl(input.url, p.livemode);
  const secret = input.secret ?? generateWebhookSecret();
  const row = await insertWebhook(db, { id: newId('wh'), organizationId: p.organizationId, livemode: p.livemode, companyId, url: input.url, events: input.events, secret });
  return { ...toWebhook(row), secret };
}

export async function changeWebhook(db: Db, p: Principal, id: string, input: UpdateWebhookInput) {
  const scope = webhookScope(p);
  const found = await findWebhook(db, scope, id);
  if (!found) throw notFound(id);
  if (input.url !== undefined) await assertDeliverableUrl(input.url, p.livemode);
  const secret = input.rotateSecret ? generateWebhookSecret() : undefined;
  if (input.status === 'active' && found.status === 'paused') {
    // Probed with what will be in force once re-activated: the new URL and secret if they change too.
    await assertEndpointAnswers({ webhookId: found.id, url: input.url ?? found.url, secret: secret ?? found.secret, livemode: found.livemode });
  }
  const changes: WebhookChanges = {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(secret ? { secret } : {}),
  };
  const row = await updateWebhook(db, scope, id, changes);
  if (!row) throw notFound(id);
  return secret ? { ...toWebhook(row), secret } : toWebhook(row);
}

export async function getWebhook(db: Db, p: Principal, id: string) {
  const row = await findWebhook(db, webhookScope(p), id);
  if (!row) throw notFound(id);
  return row;
}

export async function removeWebhook(db: Db, p: Principal, id: string): Promise<void> {
  if (!(await deleteWebhook(db, webhookScope(p), id))) throw notFound(id);
}

export function notFound(id: string): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `No webhook ${id} in this organization.`);
}
