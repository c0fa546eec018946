import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Db } from '../../../db/database.ts';
import type { AfnorSubscription } from '../../../db/schema.ts';
import {
  deleteAfnorWebhook,
  findAfnorWebhook,
  insertAfnorWebhook,
  listAfnorWebhooks,
  updateAfnorWebhook,
  type WebhookRow,
} from '../../../db/webhooks.ts';
import { ApiError } from '../../errors.ts';
import { scopeOf } from '../../scope.ts';
import { assertDeliverableUrl, generateWebhookSecret } from '../../webhooks/service.ts';
import type { PerMode } from '../../../upstreams/modes.ts';
import type { WebhookSender } from '../../../upstreams/webhooks/index.ts';

type Technical = Pick<AfnorSubscription, 'headers' | 'authentication' | 'signature'>;

interface WebhookParams {
  callback: { url: string } & Partial<{ [K in keyof Technical]: NonNullable<Technical[K]> }>;
  metadata: AfnorSubscription['metadata'];
}

/**
 * What the delivery can honour, refused clearly otherwise: a `Signature` is an HMAC (HS256) of the
 * body keyed with the subscriber's base64 key (the other algorithms would need a key pair the
 * standard does not say who holds), and the authentication is Basic.
 */
function checkTechnical(part: Partial<Technical>, prefix: string): void {
  if (part.signature && part.signature.algo !== 'HS256')
    throw new ApiError('INVALID_REQUEST', `Signature algorithm ${part.signature.algo} is not offered: use HS256.`, {
      details: [{ field: `${prefix}signature.algo`, rule: 'supported', message: 'HS256' }],
    });
  if (part.signature && Buffer.from(part.signature.key, 'base64').length === 0)
    throw new ApiError('INVALID_REQUEST', 'The signature key must be base64 and not empty.', {
      details: [{ field: `${prefix}signature.key`, rule: 'base64', message: 'a non-empty base64 key' }],
    });
  if (part.authentication && part.authentication.authType !== 'BASIC')
    throw new ApiError(
      'INVALID_REQUEST',
      'OAuth2 client credentials towards the callback are not offered: use BASIC.',
      {
        details: [{ field: `${prefix}authentication.authType`, rule: 'supported', message: 'BASIC' }],
      },
    );
}

/** The `Webhook` of the standard without its secrets (passwords, client secrets, signature keys). */
function toAfnorWebhook(row: WebhookRow) {
  const sub = row.afnor!;
  const auth = sub.authentication;
  return {
    webhookId: row.id,
    callback: {
      url: row.url,
      ...(sub.headers.length ? { headers: sub.headers } : {}),
      ...(auth
        ? {
            authentication:
              auth.authType === 'BASIC'
                ? { authType: auth.authType, userId: auth.userId }
                : { authType: auth.authType, tokenUrl: auth.tokenUrl, clientId: auth.clientId },
          }
        : {}),
      ...(sub.signature ? { signature: { algo: sub.signature.algo } } : {}),
    },
    metadata: sub.metadata,
  };
}

/**
 * Webhooks of the flow service (part 4.15): subscriptions whose deliveries are the `Flow` of each
 * matching flow, through the delivery workflow of /v1 webhooks.
 */
export function afnorWebhookRoutes(db: Db, senders: PerMode<WebhookSender>): Router {
  const router = Router();
  const found = async (scope: ReturnType<typeof scopeOf>, id: string) => {
    const row = await findAfnorWebhook(db, scope, id);
    if (!row) throw new ApiError('RESOURCE_NOT_FOUND', `No webhook ${id} for this caller.`);
    return row;
  };

  router.post('/webhooks', async (req, res) => {
    const scope = scopeOf(req);
    const { callback, metadata } = req.body as WebhookParams;
    checkTechnical(callback, 'callback.');
    await assertDeliverableUrl(senders, callback.url, scope.livemode, 'callback.url');
    const row = await insertAfnorWebhook(
      db,
      {
        id: randomUUID(),
        organizationId: scope.organizationId,
        livemode: scope.livemode,
        companyId: scope.companyId ?? null,
        url: callback.url,
        secret: generateWebhookSecret(),
      },
      {
        headers: callback.headers ?? [],
        authentication: callback.authentication ?? null,
        signature: callback.signature ?? null,
        metadata,
      },
    );
    res.status(201).json({ webhookId: row.id });
  });

  router.get('/webhooks', async (req, res) => {
    const rows = await listAfnorWebhooks(db, scopeOf(req));
    res.json({ webhookIds: rows.map((r) => r.id) });
  });

  router.get('/webhooks/:webhookUid', async (req, res) => {
    res.json(toAfnorWebhook(await found(scopeOf(req), String(req.params.webhookUid))));
  });

  router.patch('/webhooks/:webhookUid', async (req, res) => {
    const scope = scopeOf(req);
    const change = req.body as Partial<Technical>;
    checkTechnical(change, '');
    await found(scope, String(req.params.webhookUid));
    await updateAfnorWebhook(db, scope, String(req.params.webhookUid), (current) => ({
      ...current,
      headers: change.headers ?? [],
      authentication: change.authentication ?? null,
      signature: change.signature ?? null,
    }));
    res.status(204).end();
  });

  router.delete('/webhooks/:webhookUid', async (req, res) => {
    const scope = scopeOf(req);
    if (!(await deleteAfnorWebhook(db, scope, String(req.params.webhookUid))))
      throw new ApiError('RESOURCE_NOT_FOUND', `No webhook ${String(req.params.webhookUid)} for this caller.`);
    res.status(204).end();
  });

  return router;
}
