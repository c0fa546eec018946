import type { RequestHandler } from 'express';
import { isPlan, PLANS } from '../../core/plans.ts';
import type { Db } from '../../db/database.ts';
import { consumeDocumentQuota, refundDocumentQuota } from '../../db/usage.ts';
import { ApiError } from '../errors.ts';
import { onResponseEnd } from './response-capture.ts';

/**
 * The monthly document quota of part 8 for operations marked `x-quota: documents`: one document is
 * counted before the handler runs (atomically, so concurrent requests cannot overshoot) and given
 * back if the request does not succeed. Sandbox keys have no quota.
 */
export function documentQuota(db: Db): RequestHandler {
  return async (req, res, next) => {
    const { operation, principal } = req.context;
    if (operation?.quota !== 'documents' || !principal || !principal.livemode) return next();
    try {
      const limit = isPlan(principal.plan) ? PLANS[principal.plan].documentsPerMonth : PLANS.free.documentsPerMonth;
      const used = await consumeDocumentQuota(db, principal.organizationId, limit);
      if (used === undefined) {
        return next(
          new ApiError(
            'QUOTA_EXCEEDED',
            `The monthly quota of ${limit} documents of the ${principal.plan} plan is used up; it renews on the 1st (UTC) or with a plan upgrade.`,
          ),
        );
      }
      onResponseEnd(res, async ({ status }) => {
        if (status >= 300) await refundDocumentQuota(db, principal.organizationId);
      });
      next();
    } catch (err) {
      next(err);
    }
  };
}
