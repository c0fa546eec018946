import { createHash } from 'node:crypto';
import { Router } from 'express';
import { forEachConcurrently } from '../../core/concurrency.ts';
import { log } from '../../core/log.ts';
import { isPlan, PLANS } from '../../core/plans.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from '../../db/idempotency.ts';
import { consumeDocumentQuota, findDocumentUsage, refundDocumentQuota } from '../../db/usage.ts';
import type { DocumentBody, DocumentType } from '../../peppol/index.ts';
import type { Principal } from '../context.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError, ERROR_CATALOG, type ErrorCode } from '../errors.ts';
import { toApiError } from '../foreign-errors.ts';
import type { BatchItems, ItemError } from '../middleware/item-validation.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import { decodeBase64File } from './payload.ts';
import { sendDocument, type SendDeps, type SendFormat } from './send.ts';

export const MAX_BATCH_ITEMS = 100;
/** Items sent at once: enough to overlap database and workflow-start round trips, few enough to leave the pool to other requests. */
const CONCURRENCY = 8;

export interface BatchItem {
  type: DocumentType;
  format?: SendFormat;
  from?: string;
  to?: string;
  document?: DocumentBody;
  xml?: string;
  file?: { content: string; contentType?: string; filename?: string };
  metadata?: Record<string, string>;
  idempotencyKey?: string;
  allowDuplicateNumber?: boolean;
}

export type BatchResult =
  { ok: true; id: string; status: string; deliveryStatus: string } | { ok: false; error: ItemError };

/** The same outcomes a request-level key replays: work that was carried out (success, 404/409/422). */
function replayable(result: BatchResult): boolean {
  if (result.ok) return true;
  const status = (ERROR_CATALOG as Record<string, { status: number }>)[result.error.code]?.status;
  return status === 404 || status === 422 || (status === 409 && !result.error.code.startsWith('IDEMPOTENCY_'));
}

/** What a batch needs besides sending: the per-item validator and error shape. */
export interface BatchDeps extends SendDeps {
  items: BatchItems;
}

function failure(deps: BatchDeps, err: ApiError): BatchResult;
function failure(deps: BatchDeps, code: ErrorCode, message: string): BatchResult;
function failure(deps: BatchDeps, err: ApiError | ErrorCode, message?: string): BatchResult {
  return { ok: false, error: deps.items.error(err instanceof ApiError ? err : new ApiError(err, message ?? err)) };
}

const INTERNAL = 'This item could not be sent because of an internal error; retry it.';

const quotaLimit = (principal: Principal) =>
  isPlan(principal.plan) ? PLANS[principal.plan].documentsPerMonth : PLANS.free.documentsPerMonth;

async function sendOne(deps: BatchDeps, principal: Principal, tenant: Scope, item: BatchItem): Promise<BatchResult> {
  let counted = false;
  try {
    if (principal.livemode) {
      const limit = quotaLimit(principal);
      if ((await consumeDocumentQuota(deps.db, principal.organizationId, limit)) === undefined) {
        return failure(
          deps,
          'QUOTA_EXCEEDED',
          `The monthly quota of ${limit} documents of the ${principal.plan} plan is used up; it renews on the 1st (UTC) or with a plan upgrade.`,
        );
      }
      counted = true;
    }
    const row = await sendDocument(deps, tenant, {
      type: item.type,
      format: item.format ?? 'json',
      from: item.from,
      to: item.to,
      document: item.document,
      xml: item.xml,
      file: item.file
        ? {
            bytes: decodeBase64File(item.file.content),
            contentType: item.file.contentType,
            filename: item.file.filename,
          }
        : undefined,
      metadata: item.metadata,
      idempotencyKey: item.idempotencyKey,
      allowDuplicateNumber: item.allowDuplicateNumber,
    });
    counted = false;
    return { ok: true, id: row.id, status: row.status, deliveryStatus: row.delivery_status };
  } catch (err) {
    const apiError = toApiError(err);
    if (apiError) return failure(deps, apiError);
    log.error('batch item failed', { error: err instanceof Error ? err.stack : String(err) });
    return failure(deps, 'INTERNAL_ERROR', INTERNAL);
  } finally {
    if (counted) await refundDocumentQuota(deps.db, principal.organizationId).catch(() => undefined);
  }
}

/**
 * An item with its own `idempotencyKey` claims `batch:<key>` in the caller's idempotency records,
 * so a retried batch (or a later one) replays that item's outcome instead of sending it again.
 */
async function sendKeyed(
  deps: BatchDeps,
  principal: Principal,
  tenant: Scope,
  item: BatchItem,
  requestId: string,
): Promise<BatchResult> {
  const { idempotencyKey: key, ...body } = item;
  if (key === undefined) return sendOne(deps, principal, tenant, item);
  const scope: IdempotencyScope = {
    organizationId: principal.organizationId,
    principal: principal.apiKeyId ?? `user:${principal.userId}`,
    key: `batch:${key}`,
  };
  const hash = createHash('sha256')
    .update('POST /v1/documents/send/batch item\n')
    .update(JSON.stringify(body))
    .digest('hex');
  const claim = await claimIdempotencyKey(deps.db, scope, {
    hash,
    method: 'POST',
    path: '/v1/documents/send/batch',
    requestId,
  });
  switch (claim.outcome) {
    case 'in_progress':
      return failure(
        deps,
        'IDEMPOTENCY_IN_PROGRESS',
        `An item with idempotencyKey ${key} is still being sent; retry when it has finished.`,
      );
    case 'mismatch':
      return failure(
        deps,
        'IDEMPOTENCY_BODY_MISMATCH',
        `idempotencyKey ${key} was used for a different item; use a new key.`,
      );
    case 'replay':
      return JSON.parse(claim.body.toString('utf8')) as BatchResult;
    case 'claimed': {
      const result = await sendOne(deps, principal, tenant, item).catch((): BatchResult =>
        failure(deps, 'INTERNAL_ERROR', INTERNAL),
      );
      if (replayable(result))
        await completeIdempotencyKey(deps.db, scope, requestId, {
          status: 200,
          headers: {},
          body: Buffer.from(JSON.stringify(result)),
        });
      else await releaseIdempotencyKey(deps.db, scope, requestId);
      return result;
    }
  }
}

/**
 * Part 4.6 batch send: every item on its own, results in input order. The contract checks only the
 * envelope; each item is checked here against `SendBatchItem`, so a malformed item fails alone with
 * the 400 a single send of it would get.
 */
export async function sendBatch(
  deps: BatchDeps,
  principal: Principal,
  tenant: Scope,
  items: unknown[],
  requestId: string,
) {
  if (items.length > MAX_BATCH_ITEMS) {
    throw new ApiError(
      'INVALID_REQUEST',
      `A batch holds at most ${MAX_BATCH_ITEMS} documents (got ${items.length}); split it.`,
      { details: [{ field: 'documents', rule: 'maxItems', message: `at most ${MAX_BATCH_ITEMS}` }] },
    );
  }
  const results: BatchResult[] = new Array(items.length);
  // A key repeated inside the batch waits for its first use, then replays it like a later batch would.
  const byKey = new Map<string, Promise<unknown>>();
  // Each item takes its quota before it is checked and gives it back if it fails: near the limit,
  // items in flight together could refuse one another, so they go one at a time there.
  const roomy =
    !principal.livemode ||
    quotaLimit(principal) - (await findDocumentUsage(deps.db, principal.organizationId)) >= items.length;
  await forEachConcurrently(items, roomy ? CONCURRENCY : 1, async (candidate, index) => {
    const invalid = deps.items.check('SendBatchItem', candidate);
    if (invalid) {
      results[index] = failure(deps, invalid);
      return;
    }
    const item = candidate as BatchItem;
    const prior = item.idempotencyKey === undefined ? undefined : byKey.get(item.idempotencyKey);
    const run = (async () => {
      if (prior) await prior.catch(() => undefined);
      return sendKeyed(deps, principal, tenant, item, `${requestId}.${index}`);
    })();
    if (item.idempotencyKey !== undefined) byKey.set(item.idempotencyKey, run);
    results[index] = await run.catch((): BatchResult => failure(deps, 'INTERNAL_ERROR', INTERNAL));
  });
  const sent = results.filter((r) => r.ok).length;
  return { results, sent, failed: results.length - sent };
}

export function documentBatchRoutes(deps: BatchDeps): Router {
  const router = Router();
  router.post('/v1/documents/send/batch', async (req, res) => {
    res.json(
      await sendBatch(
        deps,
        principalOf(req),
        scopeOf(req),
        (req.body as { documents: unknown[] }).documents,
        req.context.requestId,
      ),
    );
  });
  return router;
}
