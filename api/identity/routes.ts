import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { findOrganizations } from '../../db/organizations.ts';
import { findRequestLog } from '../../db/request-logs.ts';
import { ApiError } from '../errors.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';

export function identityRoutes(db: Db): Router {
  const router = Router();

  router.get('/v1/me', async (req, res) => {
    const p = principalOf(req);
    const orgs = await findOrganizations(db, p.organizationIds);
    res.json({
      authMethod: p.authMethod,
      userId: p.userId ?? null,
      email: p.email ?? null,
      keyType: p.keyType,
      keyId: p.apiKeyId ?? null,
      organizationId: p.organizationId,
      organizationIds: p.organizationIds,
      organizations: p.organizationIds
        .map((id) => orgs.find((o) => o.id === id))
        .filter((o) => o !== undefined)
        .map((o) => ({ id: o.id, name: o.name, slug: o.slug, country: o.country, vatNumber: o.vat_number })),
      scopes: p.scopes,
      companyId: scopeOf(req).companyId ?? null,
      isTestMode: !p.livemode,
    });
  });

  router.get('/v1/requests/:request_id', async (req, res) => {
    const row = await findRequestLog(db, scopeOf(req), String(req.params.request_id));
    if (!row) throw new ApiError('RESOURCE_NOT_FOUND', `No request ${req.params.request_id} in this organization.`);
    res.json({
      id: row.id,
      method: row.method,
      path: row.path,
      operationId: row.operation_id,
      status: row.status,
      durationMs: row.duration_ms,
      livemode: row.livemode ?? false,
      apiKeyId: row.api_key_id,
      userId: row.user_id,
      idempotencyKey: row.idempotency_key,
      idempotentReplay: row.idempotent_replay,
      errorCode: row.error_code,
      userAgent: row.user_agent,
      createdAt: row.created_at.toISOString(),
    });
  });

  return router;
}
