import { Router } from 'express';
import { randomToken } from '../../core/ids.ts';
import { parseLogo } from '../../core/logos.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/database.ts';
import {
  findPlatformSettings,
  recordDomainCheck,
  savePlatformSettings,
  type PlatformSettingsChanges,
  type SectionChanges,
} from '../../db/platform-settings.ts';
import { verificationRecordName, type DomainVerifier } from '../../upstreams/domains/index.ts';
import { forMode, type PerMode } from '../../upstreams/modes.ts';
import type { Principal } from '../context.ts';
import { ApiError } from '../errors.ts';
import { onUniqueViolation } from '../foreign-errors.ts';
import { companyForbidden } from '../scope.ts';
import { assertDeliverableUrl } from '../webhooks/service.ts';
import { platformCaller } from './access.ts';
import type { WebhookSender } from '../../upstreams/webhooks/index.ts';

type SettingsRow = NonNullable<Awaited<ReturnType<typeof findPlatformSettings>>>;

interface SettingsUpdate {
  branding?: SectionChanges;
  defaults?: SectionChanges;
  customDomain?: string | null;
  quotas?: SectionChanges;
}

/** The PlatformSettings resource; `quotas` is null for a platform (non-white-label) caller. */
export function toPlatformSettings(row: SettingsRow | undefined, principal: Principal) {
  const domain = row?.custom_domain;
  return {
    branding: row?.branding ?? {},
    defaults: row?.defaults ?? {},
    customDomain: domain
      ? {
          domain,
          status: row.custom_domain_status ?? 'pending',
          verification: { type: 'TXT', name: verificationRecordName(domain), value: row.custom_domain_token ?? '' },
          checkedAt: row.custom_domain_checked_at?.toISOString() ?? null,
          verifiedAt: row.custom_domain_verified_at?.toISOString() ?? null,
          failureReason: row.custom_domain_failure,
        }
      : null,
    quotas: principal.keyType === 'white_label' ? (row?.quotas ?? {}) : null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

function invalid(field: string, rule: string, message: string): ApiError {
  return new ApiError('INVALID_REQUEST', `${field} ${message}.`, {
    details: [{ field, rule, message }],
    type: 'validation_error',
  });
}

/** The checks the contract cannot express: the logo's bytes, the default webhook's target, who may set quotas. */
async function checkUpdate(
  senders: PerMode<WebhookSender>,
  principal: Principal,
  scope: Scope,
  body: SettingsUpdate,
): Promise<void> {
  if (scope.companyId) throw companyForbidden(scope, 'the platform settings');
  if (body.quotas !== undefined && principal.keyType !== 'white_label') {
    throw new ApiError(
      'KEY_TYPE_FORBIDDEN',
      'quotas per tenant are a white-label feature: set them with a white-label key (svc_wl_…).',
    );
  }
  const logo = body.branding?.logo;
  if (typeof logo === 'string') {
    const parsed = parseLogo(logo);
    if ('problem' in parsed) throw invalid('branding.logo', 'image', parsed.problem);
  }
  const webhook = body.defaults?.webhook as { url: string } | null | undefined;
  if (webhook) await assertDeliverableUrl(senders, webhook.url, scope.livemode, 'defaults.webhook.url');
}

export async function updatePlatformSettings(
  db: Db,
  senders: PerMode<WebhookSender>,
  principal: Principal,
  scope: Scope,
  body: SettingsUpdate,
) {
  await checkUpdate(senders, principal, scope, body);
  const changes: PlatformSettingsChanges = {
    branding: body.branding,
    defaults: body.defaults,
    quotas: body.quotas,
  };
  if (body.customDomain !== undefined) {
    changes.customDomain =
      body.customDomain === null
        ? null
        : { domain: body.customDomain.toLowerCase(), token: `docex-verify=${randomToken(24)}` };
  }
  return savePlatformSettings(db, scope, changes);
}

/**
 * Checks the TXT record of the custom domain through the mode's verifier (DNS live, the simulator in
 * the sandbox) and records the outcome. A domain another platform verified first is 409.
 */
export async function verifyCustomDomain(db: Db, verifiers: PerMode<DomainVerifier>, scope: Scope) {
  if (scope.companyId) throw companyForbidden(scope, 'the platform settings');
  const current = await findPlatformSettings(db, scope);
  const domain = current?.custom_domain;
  if (!domain || !current.custom_domain_token) {
    throw new ApiError(
      'RESOURCE_NOT_FOUND',
      'This platform has no custom domain to verify: set one with PATCH /v1/platform/settings {"customDomain": "docs.example.com"}.',
    );
  }
  const outcome = await forMode(verifiers, scope.livemode).verify(domain, current.custom_domain_token);
  const row = await onUniqueViolation(
    recordDomainCheck(db, scope, domain, outcome),
    async () =>
      new ApiError('DOMAIN_TAKEN', `The domain ${domain} is already verified by another platform.`, {
        details: [{ field: 'customDomain', rule: 'unique', message: 'verified by another platform' }],
      }),
  );
  // The domain was changed while the lookup ran: the answer shows the settings as they are now.
  return row ?? (await findPlatformSettings(db, scope));
}

export function platformSettingsRoutes(
  db: Db,
  verifiers: PerMode<DomainVerifier>,
  senders: PerMode<WebhookSender>,
): Router {
  const router = Router();

  router.get('/v1/platform/settings', async (req, res) => {
    const { principal, scope } = platformCaller(req);
    res.json(toPlatformSettings(await findPlatformSettings(db, scope), principal));
  });

  router.patch('/v1/platform/settings', async (req, res) => {
    const { principal, scope } = platformCaller(req);
    const row = await updatePlatformSettings(db, senders, principal, scope, req.body as SettingsUpdate);
    res.json(toPlatformSettings(row, principal));
  });

  router.post('/v1/platform/settings/custom-domain/verify', async (req, res) => {
    const { principal, scope } = platformCaller(req);
    res.json(toPlatformSettings(await verifyCustomDomain(db, verifiers, scope), principal));
  });

  return router;
}
