import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { Scope } from '../core/scope.ts';
import type { Period } from '../core/periods.ts';

/** One group of a period's documents; every statistic is a sum over these rows. */
export interface DocumentCountRow {
  company_id: string;
  country: string;
  type: string;
  direction: string;
  delivery_status: string;
  n: number;
}

export interface PeriodQuery {
  /** UTC-day aligned, as every period of core/periods.ts is. */
  period: Period;
  /** Narrows to one company; the scope's own company always applies. */
  companyId?: string | undefined;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Month rows when the period is whole months (a month, a year), else day rows (a day, a week). */
function grainOf(period: Period): 'day' | 'month' {
  return period.start.getUTCDate() === 1 &&
    period.end.getUTCDate() === 1 &&
    period.end.getTime() - period.start.getTime() >= 28 * 86_400_000
    ? 'month'
    : 'day';
}

/**
 * The period's documents counted per (company, type, direction, delivery status), summed from the
 * day or month counts the `documents_counted` trigger keeps: at most 12 rows per group for a year
 * whatever the volume, and exact, since each count moves in the transaction of its document. `country` is the
 * country of the organization's company on the document (the sender of outgoing, the receiver of
 * incoming documents).
 */
export async function countDocumentsByGroup(db: Db, scope: Scope, q: PeriodQuery): Promise<DocumentCountRow[]> {
  let query = db
    .selectFrom('document_counts as c')
    .innerJoin('companies', 'companies.id', 'c.company_id')
    .select([
      'c.company_id',
      'companies.country',
      'c.type',
      'c.direction',
      'c.delivery_status',
      sql<number>`sum(c.n)::int`.as('n'),
    ])
    .where('c.organization_id', '=', scope.organizationId)
    .where('c.livemode', '=', scope.livemode)
    .where('c.grain', '=', grainOf(q.period))
    .where('c.period_start', '>=', day(q.period.start))
    .where('c.period_start', '<', day(q.period.end));
  const companyId = scope.companyId ?? q.companyId;
  if (companyId) query = query.where('c.company_id', '=', companyId);
  return query
    .groupBy(['c.company_id', 'companies.country', 'c.type', 'c.direction', 'c.delivery_status'])
    .having(sql<number>`sum(c.n)`, '<>', 0)
    .execute();
}

/**
 * Partners of the organization, and those with a document exchanged in the period (their last
 * activity falls in it: periods are current ones). Partners belong to the whole organization, so a
 * company-narrowed request counts the same partners.
 */
export async function countPartners(db: Db, scope: Scope, q: PeriodQuery): Promise<{ total: number; active: number }> {
  const row = await db
    .selectFrom('partners')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where last_activity_at >= ${q.period.start} and last_activity_at < ${q.period.end}))::int`.as(
        'active',
      ),
    ])
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirstOrThrow();
  return row;
}
