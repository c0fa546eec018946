import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { randomToken } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from '../../db/idempotency.ts';
import { ApiError } from '../errors.ts';
import { onResponseEnd } from './response-capture.ts';

const REPLAYED_HEADERS = ['content-type', 'location'];

/** This process, as the holder of the keys it claims. */
const HOLDER = `api_${randomToken(12)}`;
/** Requests of this process that hold a claim: a claim of ours outside this set has been orphaned. */
const running = new Set<string>();
const isRunning = (claim: { holder: string | null; requestId: string }) =>
  claim.holder !== HOLDER || running.has(claim.requestId);

/**
 * Completes the request's key with its response inside `trx`, the transaction of its effect, so that
 * the effect and the answer to a retry commit together: a crash after the commit replays the answer,
 * a crash before it leaves neither. A request without a key has nothing to complete.
 */
export async function completeIdempotencyWith(req: Request, trx: Db, status: number, body: unknown): Promise<void> {
  const claim = req.context.idempotencyClaim;
  if (!claim) return;
  await completeIdempotencyKey(trx, claim.scope, claim.requestId, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(body)),
  });
}

/**
 * Outcomes worth replaying are those of a request that was actually carried out: success, and the
 * domain answers 404/409/422. Validation failures, auth failures, 429 and 5xx free the key so a
 * corrected or later retry runs for real.
 */
function isReplayable(status: number, code: string | undefined): boolean {
  if (status >= 200 && status < 300) return true;
  if (code === 'IDEMPOTENCY_IN_PROGRESS' || code === 'IDEMPOTENCY_BODY_MISMATCH') return false;
  return status === 404 || status === 409 || status === 422;
}

/** Secrets (an API key's `key`) are never stored: a replay shows the object without them. */
function redact(body: Buffer, fields: string[]): Buffer {
  if (fields.length === 0 || body.length === 0) return body;
  try {
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    // `apiKey.key` reaches into a nested object: secrets of what a request created alongside.
    for (const field of fields) {
      const path = field.split('.');
      const parent = path
        .slice(0, -1)
        .reduce<any>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), json);
      if (parent && typeof parent === 'object') delete parent[path[path.length - 1]];
    }
    return Buffer.from(JSON.stringify(json));
  } catch {
    return body;
  }
}

/** `Idempotency-Key` on every authenticated POST (part 8), scoped to the organization and the caller. */
export function idempotency(db: Db): RequestHandler {
  return async (req, res, next) => {
    const principal = req.context.principal;
    const key = req.get('idempotency-key');
    if (req.method !== 'POST' || !principal || key === undefined) return next();
    if (key.length === 0 || key.length > 255) {
      return next(
        new ApiError('INVALID_REQUEST', 'Idempotency-Key must be 1 to 255 characters.', {
          details: [{ field: 'Idempotency-Key', rule: 'length', message: 'must be 1 to 255 characters' }],
        }),
      );
    }
    req.context.idempotencyKey = key;
    const scope: IdempotencyScope = {
      organizationId: principal.organizationId,
      principal: principal.apiKeyId ?? `user:${principal.userId}`,
      key,
    };
    const raw: Buffer = (req as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    const hash = createHash('sha256').update(`${req.method} ${req.path}\n`).update(raw).digest('hex');
    const requestId = req.context.requestId;
    // Marked running before the claim exists: a concurrent request of this process that reads the
    // fresh claim must not take it for an orphan in the moment before this one learns it won.
    running.add(requestId);
    try {
      const claim = await claimIdempotencyKey(
        db,
        scope,
        { hash, method: req.method, path: req.path, requestId, holder: HOLDER },
        isRunning,
      );
      if (claim.outcome !== 'claimed') running.delete(requestId);
      switch (claim.outcome) {
        case 'in_progress':
          return next(
            new ApiError(
              'IDEMPOTENCY_IN_PROGRESS',
              'A request with this Idempotency-Key is still being processed; retry when it has finished.',
              { headers: { 'Retry-After': '1' } },
            ),
          );
        case 'mismatch':
          return next(
            new ApiError(
              'IDEMPOTENCY_BODY_MISMATCH',
              `This Idempotency-Key was used with a different request (${claim.method} ${claim.path} with another body); use a new key.`,
            ),
          );
        case 'replay':
          for (const [name, value] of Object.entries(claim.headers)) res.setHeader(name, value);
          res.setHeader('Idempotent-Replayed', 'true');
          res.setHeader('Original-Request-Id', claim.requestId);
          res.status(claim.status).end(claim.body);
          return;
        case 'claimed':
          req.context.idempotencyClaim = { scope, requestId };
          onResponseEnd(res, async ({ status, headers, body }) => {
            try {
              if (isReplayable(status, req.context.errorCode)) {
                const kept = Object.fromEntries(
                  REPLAYED_HEADERS.filter((h) => headers[h] !== undefined).map((h) => [h, headers[h]]),
                );
                await completeIdempotencyKey(db, scope, requestId, {
                  status,
                  headers: kept,
                  body: redact(body, req.context.operation?.idempotencyRedact ?? []),
                });
              } else {
                await releaseIdempotencyKey(db, scope, requestId);
              }
            } finally {
              // Even when the write failed (the database is away), the claim is no longer running: a
              // retry takes it over at once instead of waiting for the lock to expire.
              running.delete(requestId);
            }
          });
          return next();
      }
    } catch (err) {
      running.delete(requestId);
      next(err);
    }
  };
}
