import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { revokeApiKey } from '../../db/api-keys.ts';
import { findPlatformKeys } from '../../db/platform.ts';
import { toApiKey } from '../api-keys/mapper.ts';
import { createApiKey } from '../api-keys/service.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { managedCompanyId, platformCaller } from './access.ts';

interface TenantKeyCreate {
  name: string;
  companyId?: string;
  scopes?: string[];
  expiresAt?: string;
  rateLimit?: { perMinute: number };
}

/** Tenant keys (part 4.12): personal keys bound to a managed company, or further platform keys. */
export function platformKeyRoutes(db: Db): Router {
  const router = Router();

  router.post('/v1/platform/api-keys', async (req, res) => {
    const { principal, scope } = platformCaller(req);
    const body = req.body as TenantKeyCreate;
    const companyId = await managedCompanyId(db, scope, body.companyId);
    // Bound to a company, the key is that tenant's own (personal); unbound, it is the platform's.
    const keyType = companyId || scope.companyId ? 'personal' : (principal.keyType as 'platform' | 'white_label');
    const created = await createApiKey(
      db,
      principal,
      scope,
      {
        name: body.name,
        companyId,
        scopes: body.scopes,
        expiresAt: body.expiresAt,
        rateLimit: body.rateLimit?.perMinute,
      },
      keyType,
    );
    res.status(201).json(created);
  });

  router.get('/v1/platform/api-keys', async (req, res) => {
    const { scope } = platformCaller(req);
    const q = req.query as Record<string, string | undefined>;
    const companyId = await managedCompanyId(db, scope, q.companyId);
    const limit = Number(q.limit ?? 20);
    const rows = await findPlatformKeys(db, scope, { companyId, page: { limit, after: decodeCursor(q.cursor) } });
    res.json(page(rows, limit, toApiKey));
  });

  router.delete('/v1/platform/api-keys/:key_id', async (req, res) => {
    const { scope } = platformCaller(req);
    const found = await revokeApiKey(db, scope, String(req.params.key_id));
    if (!found) throw new ApiError('RESOURCE_NOT_FOUND', `No API key ${req.params.key_id} of this platform.`);
    res.status(204).end();
  });

  return router;
}
