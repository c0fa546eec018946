import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { countRequestsByCompany } from '../../db/platform.ts';
import { countDocumentsByGroup, type DocumentCountRow } from '../../db/stats.ts';
import { currentPeriod, parsePeriod } from '../../core/periods.ts';
import { ApiError } from '../errors.ts';
import { addToTotals, emptyTotals, type DocumentTotals } from '../stats/statistics.ts';
import { platformCaller } from './access.ts';

type GroupBy = 'company' | 'country' | 'type';

interface UsageCounters extends DocumentTotals {
  apiRequests: number | null;
}

const groupKey: Record<GroupBy, (row: DocumentCountRow) => string> = {
  company: (row) => row.company_id,
  country: (row) => row.country,
  type: (row) => row.type,
};

/**
 * Usage of the platform's companies over a named period: document totals from the trigger-kept
 * counts, API requests from the request log, both aggregated in SQL, and one row per group.
 * Requests have no document type, so grouped by type their count is null.
 */
export function platformUsageRoutes(db: Db): Router {
  const router = Router();

  router.get('/v1/platform/usage', async (req, res) => {
    const { scope } = platformCaller(req);
    const q = req.query as { period?: string; groupBy?: GroupBy };
    const groupBy = q.groupBy ?? 'company';
    const period = q.period === undefined ? currentPeriod('month') : parsePeriod(q.period);
    if (!period) {
      throw new ApiError(
        'INVALID_REQUEST',
        `period ${q.period} names no calendar period: use 2026, 2026-11, 2026-W47 or 2026-11-23.`,
        {
          details: [{ field: 'period', rule: 'calendar_period', message: 'no such year, month, ISO week or day' }],
          type: 'validation_error',
        },
      );
    }
    const [documents, requests] = await Promise.all([
      countDocumentsByGroup(db, scope, { period }),
      countRequestsByCompany(db, scope, period),
    ]);

    const totals: UsageCounters = { ...emptyTotals(), apiRequests: requests.reduce((n, r) => n + r.n, 0) };
    const groups = new Map<string, UsageCounters>();
    const group = (key: string) => {
      let counters = groups.get(key);
      if (!counters) groups.set(key, (counters = { ...emptyTotals(), apiRequests: groupBy === 'type' ? null : 0 }));
      return counters;
    };
    for (const row of documents) {
      addToTotals(totals, row);
      addToTotals(group(groupKey[groupBy](row)), row);
    }
    if (groupBy !== 'type') {
      // Organization-wide requests (no company) count in the totals only.
      for (const row of requests) {
        const key = groupBy === 'company' ? row.company_id : row.country;
        if (key) group(key).apiRequests! += row.n;
      }
    }
    res.json({
      period: {
        name: q.period ?? period.start.toISOString().slice(0, 7),
        start: period.start.toISOString(),
        end: period.end.toISOString(),
      },
      groupBy,
      totals,
      groups: [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, counters]) => ({ key, ...counters })),
    });
  });

  return router;
}
