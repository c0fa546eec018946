import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { findPlatformEvents } from '../../db/platform.ts';
import { decodeCursor, page } from '../pagination.ts';
import { managedCompanyId, platformCaller } from './access.ts';

export function platformEventRoutes(db: Db): Router {
  const router = Router();

  router.get('/v1/platform/events', async (req, res) => {
    const { scope } = platformCaller(req);
    const q = req.query as Record<string, string | undefined>;
    const companyId = await managedCompanyId(db, scope, q.companyId);
    const limit = Number(q.limit ?? 20);
    const rows = await findPlatformEvents(db, scope, {
      type: q.type,
      companyId,
      page: { limit, after: decodeCursor(q.cursor) },
    });
    res.json(
      page(rows, limit, (row) => ({
        id: row.id,
        type: row.type,
        createdAt: row.created_at.toISOString(),
        livemode: row.livemode,
        companyId: row.company_id,
        data: row.data,
        acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
      })),
    );
  });

  return router;
}
