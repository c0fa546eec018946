import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { listDeliveries } from '../../db/deliveries.ts';
import { listWebhooks } from '../../db/webhooks.ts';
import { decodeCursor, page } from '../pagination.ts';
import { companyFilter, scopeOf } from '../scope.ts';
import { toDelivery, toWebhook } from './mapper.ts';
import type { PerMode } from '../../upstreams/modes.ts';
import type { WebhookSender } from '../../upstreams/webhooks/index.ts';
import { changeWebhook, createWebhook, getWebhook, removeWebhook } from './service.ts';

export function webhookRoutes(db: Db, senders: PerMode<WebhookSender>): Router {
  const router = Router();

  router.post('/v1/webhooks', async (req, res) => {
    res.status(201).json(await createWebhook(db, senders, scopeOf(req), req.body));
  });

  router.get('/v1/webhooks', async (req, res) => {
    const scope = scopeOf(req);
    const limit = Number(req.query.limit ?? 20);
    const companyId = companyFilter(scope, req.query.companyId as string | undefined);
    const rows = await listWebhooks(db, scope, {
      limit,
      companyId,
      after: decodeCursor(req.query.cursor as string | undefined),
    });
    res.json(page(rows, limit, toWebhook));
  });

  router.get('/v1/webhooks/:webhook_id', async (req, res) => {
    res.json(toWebhook(await getWebhook(db, scopeOf(req), String(req.params.webhook_id))));
  });

  router.patch('/v1/webhooks/:webhook_id', async (req, res) => {
    res.json(await changeWebhook(db, senders, scopeOf(req), String(req.params.webhook_id), req.body));
  });

  router.delete('/v1/webhooks/:webhook_id', async (req, res) => {
    await removeWebhook(db, scopeOf(req), String(req.params.webhook_id));
    res.status(204).end();
  });

  router.get('/v1/webhooks/:webhook_id/deliveries', async (req, res) => {
    const webhook = await getWebhook(db, scopeOf(req), String(req.params.webhook_id));
    const limit = Number(req.query.limit ?? 20);
    const rows = await listDeliveries(db, webhook.id, {
      limit,
      status: req.query.status as string | undefined,
      after: decodeCursor(req.query.cursor as string | undefined),
    });
    res.json(page(rows, limit, toDelivery));
  });

  return router;
}
