import { Router } from 'express';
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { acknowledgeEvents, findVisibleEvent, listUnacknowledgedEvents } from '../../db/events.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { companyFilter, scopeOf } from '../scope.ts';
import { replayEvent } from './replay.ts';

function notFound(id: string): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `No event ${id} in this organization.`);
}

export function eventRoutes(db: Db, temporal: Client): Router {
  const router = Router();

  router.get('/v1/events', async (req, res) => {
    const scope = scopeOf(req);
    const limit = Number(req.query.limit ?? 20);
    const companyId = companyFilter(scope, req.query.companyId as string | undefined);
    const rows = await listUnacknowledgedEvents(db, scope, { limit, companyId, type: req.query.type as string | undefined, after: decodeCursor(req.query.cursor as string | undefined) });
    res.json(page(rows, limit, (row) => ({ id: row.id, type: row.type, createdAt: row.created_at.toISOString(), livemode: row.livemode, companyId: row.company_id, data: row.data })));
  });

  router.post('/v1/events/ack', async (req, res) => {
    const acknowledged = await acknowledgeEvents(db, scopeOf(req), req.body.eventIds as string[]);
    res.json({ acknowledged });
  });

  router.post('/v1/events/:event_id/ack', async (req, res) => {
    const scope = scopeOf(req);
    const id = String(req.params.event_id);
    if (!(await findVisibleEvent(db, scope, id))) throw notFound(id);
    await acknowledgeEvents(db, scope, [id]);
    res.status(204).end();
  });

  router.post('/v1/events/:event_id/replay', async (req, res) => {
    const id = String(req.params.event_id);
    const event = await findVisibleEvent(db, scopeOf(req), id);
    if (!event) throw notFound(id);
    res.json({ replayed: await replayEvent(db, temporal, event) });
  });

  return router;
}
