import type { RequestHandler } from 'express';
import { isPlan, PLANS } from '../../core/plans.ts';
import type { Db } from '../../db/database.ts';
import { findTenantQuotas } from '../../db/platform-settings.ts';
import {
  consumeCompanyDocumentQuota,
  consumeDocumentQuota,
  refundCompanyDocumentQuota,
  refundDocumentQuota,
} from '../../db/usage.ts';
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
      // A white-label's tenant keys also count against their company's monthly quota (`quotas`).
      const tenantLimit =
        principal.plan === 'white_label' && principal.boundCompanyId
          ? (await findTenantQuotas(db, principal.organizationId, true)).documentsPerMonth
          : undefined;
      const companyId = principal.boundCompanyId;
      if (tenantLimit !== undefined && companyId) {
        if ((await consumeCompanyDocumentQuota(db, companyId, tenantLimit)) === undefined) {
          await refundDocumentQuota(db, principal.organizationId);
          return next(
            new ApiError(
              'QUOTA_EXCEEDED',
              `The monthly quota of ${tenantLimit} documents of company ${companyId}, set by its platform, is used up; it renews on the 1st (UTC).`,
            ),
          );
        }
      }
      onResponseEnd(res, async ({ status }) => {
        if (status < 300) return;
        await refundDocumentQuota(db, principal.organizationId);
        if (tenantLimit !== undefined && companyId) await refundCompanyDocumentQuota(db, companyId);
      });
      next();
    } catch (err) {
      next(err);
    }
  };
}
