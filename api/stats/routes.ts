import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import { countDocumentsByGroup, countPartners } from '../../db/stats.ts';
import { findDocumentUsage } from '../../db/usage.ts';
import { currentPeriod, type PeriodKind } from '../../core/periods.ts';
import { isPlan, PLANS } from '../../core/plans.ts';
import { ApiError } from '../errors.ts';
import { principalOf } from '../principal.ts';
import { companyFilter, scopeOf } from '../scope.ts';
import { foldDocumentCounts } from './statistics.ts';

export function statsRoutes(db: Db): Router {
  const router = Router();

  router.get('/v1/stats', async (req, res) => {
    const scope = scopeOf(req);
    const principal = principalOf(req);
    const q = req.query as { period?: PeriodKind; companyId?: string };
    let companyId = companyFilter(scope, q.companyId);
    if (companyId) {
      const company = await findCompanyByRef(db, scope, companyId);
      if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No company ${companyId} in this organization.`);
      companyId = company.id;
    }
    const period = currentPeriod(q.period ?? 'month');
    const [groups, partners, used] = await Promise.all([
      countDocumentsByGroup(db, scope, { period, companyId }),
      countPartners(db, scope, { period, companyId }),
      scope.livemode ? findDocumentUsage(db, scope.organizationId) : Promise.resolve(0),
    ]);
    // The quota is the organization's, per calendar month, and live only (part 8: none in the sandbox).
    const monthly = isPlan(principal.plan) ? PLANS[principal.plan].documentsPerMonth : PLANS.free.documentsPerMonth;
    const limit = scope.livemode && Number.isFinite(monthly) ? monthly : null;
    res.json({
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      companyId: companyId ?? null,
      quota: { limit, used, remaining: limit === null ? null : Math.max(limit - used, 0) },
      rateLimit: { perMinute: principal.rateLimitPerMinute },
      ...foldDocumentCounts(groups),
      partners,
    });
  });

  return router;
}
