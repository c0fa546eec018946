import { Router } from 'express';
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { findCompanies, type CompanyRecord } from '../../db/companies.ts';
import { findPlatformSettings } from '../../db/platform-settings.ts';
import type { Address, CompanyStatus } from '../../db/tables/companies.ts';
import { DOCUMENT_TYPES } from '../../core/plans.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import type { CompanyUpstreams } from '../../upstreams/companies.ts';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import type { Principal } from '../context.ts';
import { createApiKey } from '../api-keys/service.ts';
import { toCompany } from '../companies/mapper.ts';
import { createCompany } from '../companies/service.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { createWebhook, type CreateWebhookInput } from '../webhooks/service.ts';
import type { PerMode } from '../../upstreams/modes.ts';
import type { WebhookSender } from '../../upstreams/webhooks/index.ts';
import { companyForbidden } from '../scope.ts';
import { platformCaller } from './access.ts';

export interface PlatformCompanyDeps {
  db: Db;
  temporal: Client;
  upstreams: CompanyUpstreams;
  directory?: DirectoryServices | undefined;
  /** The webhook doors, whose target policy a new company's webhook URL is checked against. */
  webhookSenders: PerMode<WebhookSender>;
}

export interface PlatformCompanyCreate {
  vatNumber: string;
  name?: string;
  address?: Address;
  metadata?: Record<string, string>;
  settings?: Record<string, unknown>;
  receiveDocuments?: boolean;
  autoVerify?: boolean;
  webhook?: Omit<CreateWebhookInput, 'companyId'> & { companyId?: string };
  apiKey?: { name: string; scopes?: string[] };
}

export interface PlatformCompanyCreated {
  company: CompanyRecord;
  apiKey: { id: string; key: string; keyPrefix: string } | null;
  webhook: { id: string; status: string; secret: string } | null;
}

/**
 * Onboards a managed company with, optionally, its webhook and its tenant key, all or nothing: the
 * three rows are written in one transaction, and the SMP registration (unless send-only) is started
 * last, so a refused webhook URL or key leaves neither a company nor a running registration.
 */
export async function createPlatformCompany(
  deps: PlatformCompanyDeps,
  principal: Principal,
  scope: Scope,
  input: PlatformCompanyCreate,
): Promise<PlatformCompanyCreated> {
  if (scope.companyId) throw companyForbidden(scope, 'a new company');
  if (input.autoVerify === false) {
    throw new ApiError(
      'INVALID_REQUEST',
      'autoVerify false is not supported: every company is verified against its national registry when it is created.',
      {
        details: [{ field: 'autoVerify', rule: 'unsupported', message: 'only true is supported' }],
      },
    );
  }
  if (input.webhook?.companyId !== undefined) {
    throw new ApiError(
      'INVALID_REQUEST',
      'webhook.companyId cannot be given: the webhook belongs to the company being created.',
      {
        details: [{ field: 'webhook.companyId', rule: 'implied', message: 'is the new company' }],
      },
    );
  }
  // The platform's defaults (settings, capabilities, a webhook) under what the request says.
  const defaults = (await findPlatformSettings(deps.db, scope))?.defaults ?? {};
  const capabilities = defaults.capabilities ?? { send: [...DOCUMENT_TYPES], receive: [...DOCUMENT_TYPES] };
  const receive = (input.receiveDocuments ?? true) && capabilities.receive.length > 0;
  const webhookInput = input.webhook ?? defaults.webhook;
  let apiKey: PlatformCompanyCreated['apiKey'] = null;
  let webhook: PlatformCompanyCreated['webhook'] = null;
  const company = await createCompany(
    deps,
    scope,
    {
      vatNumber: input.vatNumber,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      settings: { ...defaults.settings, ...input.settings },
      capabilities: { send: capabilities.send, receive: receive ? capabilities.receive : [] },
    },
    {
      register: receive,
      alongside: async (trx, row) => {
        const tenantScope = organizationWide(scope);
        if (webhookInput) {
          const created = await createWebhook(trx, deps.webhookSenders, tenantScope, {
            ...webhookInput,
            companyId: row.id,
          });
          webhook = { id: created.id, status: created.status, secret: created.secret };
        }
        if (input.apiKey) {
          const created = await createApiKey(trx, principal, tenantScope, {
            name: input.apiKey.name,
            companyId: row.id,
            ...(input.apiKey.scopes ? { scopes: input.apiKey.scopes } : {}),
          });
          apiKey = { id: created.id, key: created.key, keyPrefix: created.keyPrefix };
        }
      },
    },
  );
  return { company, apiKey, webhook };
}

export function platformCompanyRoutes(deps: PlatformCompanyDeps): Router {
  const router = Router();

  router.post('/v1/platform/companies', async (req, res) => {
    const { principal, scope } = platformCaller(req);
    const created = await createPlatformCompany(deps, principal, scope, req.body as PlatformCompanyCreate);
    res
      .status(201)
      .location(`/v1/companies/${created.company.id}`)
      .json({ company: toCompany(created.company), apiKey: created.apiKey, webhook: created.webhook });
  });

  router.get('/v1/platform/companies', async (req, res) => {
    const { scope } = platformCaller(req);
    const q = req.query as Record<string, string | undefined>;
    const limit = Number(q.limit ?? 20);
    const rows = await findCompanies(deps.db, scope, {
      country: q.country,
      status: q.status as CompanyStatus | undefined,
      search: q.search,
      limit,
      after: decodeCursor(q.cursor),
    });
    res.json(page(rows, limit, toCompany));
  });

  return router;
}
