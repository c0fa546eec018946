import type { RequestHandler } from 'express';
import { log } from '../../core/log.ts';
import type { Db } from '../../db/database.ts';
import { insertRequestLogs } from '../../db/request-logs.ts';
import { coalesce } from '../../core/concurrency.ts';
import { onResponseEnd } from './response-capture.ts';

/** The versioned APIs: /v1 and the AFNOR facade's services (health, docs and the like are left out). */
const LOGGED_PATHS = /^\/(v1|afnor)\//;

/**
 * Records every request of the versioned APIs for the request inspector: who, what, outcome and
 * timing, never bodies nor query strings (the facade's `token` parameter is a credential).
 */
export function requestLog(db: Db): RequestHandler {
  // Lines of requests that end while one insert runs are written together by the next.
  const insertRequestLog = coalesce((rows: Parameters<typeof insertRequestLogs>[1]) => insertRequestLogs(db, rows));
  return (req, res, next) => {
    // Inside an API mounted under its own path, `req.path` is relative to that mount.
    const path = req.baseUrl + req.path;
    if (!LOGGED_PATHS.test(path)) return next();
    onResponseEnd(res, async ({ status, headers }) => {
      const ctx = req.context;
      await insertRequestLog({
        id: ctx.requestId,
        organization_id: ctx.principal?.organizationId ?? null,
        livemode: ctx.principal?.livemode ?? null,
        api_key_id: ctx.principal?.apiKeyId ?? null,
        user_id: ctx.principal?.userId ?? null,
        company_id: ctx.scope?.companyId ?? null,
        method: req.method,
        path,
        operation_id: ctx.operation?.operationId ?? null,
        status,
        duration_ms: Math.round(performance.now() - ctx.startedAt),
        idempotency_key: ctx.idempotencyKey ?? null,
        idempotent_replay: headers['idempotent-replayed'] === 'true',
        error_code: ctx.errorCode ?? null,
        user_agent: req.get('user-agent')?.slice(0, 500) ?? null,
      }).catch((err: unknown) => log.warn('request log not written', { requestId: ctx.requestId, error: String(err) }));
    });
    next();
  };
}
