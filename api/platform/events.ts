import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { listEvents } from '../../db/events.ts';
import { toEvent } from '../events/mapper.ts';
import { decodeCursor, page } from '../pagination.ts';
import { managedCompanyId, platformCaller } from './access.ts';

export function platformEventRoutes(db: Db): Router {
  const router = Router();

  router.get('/v1/platform/events', async (req, res) => {
    const { scope } = platformCaller(req);
    const q = req.query as Record<string, string | undefined>;
    const companyId = await managedCompanyId(db, scope, q.companyId);
    const limit = Number(q.limit ?? 20);
    // The platform's stream keeps what a tenant acknowledged in its own queue.
    const rows = await listEvents(db, scope, {
      limit,
      after: decodeCursor(q.cursor),
      type: q.type,
      companyId,
      includeAcknowledged: true,
    });
    res.json(
      page(rows, limit, (row) => ({ ...toEvent(row), acknowledgedAt: row.acknowledged_at?.toISOString() ?? null })),
    );
  });

  return router;
}
