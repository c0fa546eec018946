import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { findApiKeys, revokeApiKey } from '../../db/api-keys.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import { toApiKey } from './mapper.ts';
import { createApiKey } from './service.ts';

export function apiKeyRoutes(db: Db): Router {
  const router = Router();

  router.post('/v1/api-keys', async (req, res) => {
    const created = await createApiKey(db, principalOf(req), scopeOf(req), req.body);
    res.status(201).json(created);
  });

  router.get('/v1/api-keys', async (req, res) => {
    const limit = Number(req.query.limit ?? 20);
    const rows = await findApiKeys(db, scopeOf(req), {
      limit,
      after: decodeCursor(req.query.cursor as string | undefined),
    });
    res.json(page(rows, limit, toApiKey));
  });

  router.delete('/v1/api-keys/:key_id', async (req, res) => {
    const found = await revokeApiKey(db, scopeOf(req), String(req.params.key_id));
    if (!found) throw new ApiError('RESOURCE_NOT_FOUND', `No API key ${req.params.key_id} in this organization.`);
    res.status(204).end();
  });

  return router;
}
