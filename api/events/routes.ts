import { Router } from 'express';
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { acknowledgeEvents, findVisibleEvent, listEvents } from '../../db/events.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page, type CursorPosition } from '../pagination.ts';
import { companyFilter, scopeOf } from '../scope.ts';
import { toEvent } from './mapper.ts';
import { replayEvent } from './replay.ts';

function notFound(id: string): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `No event ${id} in this organization.`);
}

/**
 * Where `after` points: an event the caller can see (404 otherwise, as for its other event routes,
 * so a receiver learns at once that its bookmark is wrong rather than replaying from nowhere), or a
 * cursor this list returned.
 */
async function startingPoint(db: Db, scope: Scope, after: string): Promise<CursorPosition> {
  if (/^evt_[0-9A-Za-z]+$/.test(after)) {
    const event = await findVisibleEvent(db, scope, after);
    if (!event) throw notFound(after);
    return { createdAt: event.created_at, id: event.id };
  }
  try {
    return decodeCursor(after)!;
  } catch {
    throw new ApiError('INVALID_REQUEST', '`after` is neither an event id nor a cursor this list returned.', {
      details: [{ field: 'after', rule: 'cursor', message: 'is not an event id or a cursor' }],
    });
  }
}

export function eventRoutes(db: Db, temporal: Client): Router {
  const router = Router();

  router.get('/v1/events', async (req, res) => {
    const scope = scopeOf(req);
    const limit = Number(req.query.limit ?? 20);
    const companyId = companyFilter(scope, req.query.companyId as string | undefined);
    const after = req.query.after as string | undefined;
    // With `after`, the next page's cursor may come back as `cursor` or as `after`: both are positions.
    const position =
      decodeCursor(req.query.cursor as string | undefined) ??
      (after ? await startingPoint(db, scope, after) : undefined);
    const rows = await listEvents(db, scope, {
      limit,
      companyId,
      type: req.query.type as string | undefined,
      after: position,
      order: after ? 'oldest' : 'newest',
      includeAcknowledged: String(req.query.includeAcknowledged) === 'true',
    });
    res.json(page(rows, limit, toEvent));
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
