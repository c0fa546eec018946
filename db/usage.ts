import { sql } from 'kysely';
import type { Db } from './database.ts';

/** Calendar month in UTC, the quota period of part 8. */
export function usagePeriod(at = new Date()): string {
  return at.toISOString().slice(0, 7);
}

/**
 * Counts `count` documents against the organization's monthly quota, atomically: the row lock of the
 * upsert makes concurrent callers queue, and the guard refuses the increment that would pass `limit`.
 * Returns the new total, or undefined when the quota does not allow it (nothing is counted then).
 */
export async function consumeDocumentQuota(
  db: Db,
  organizationId: string,
  limit: number,
  count = 1,
  at = new Date(),
): Promise<number | undefined> {
  if (!Number.isFinite(limit)) {
    const row = await db
      .insertInto('usage_counters')
      .values({ organization_id: organizationId, period: usagePeriod(at), documents: count })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'period']).doUpdateSet({ documents: sql`usage_counters.documents + ${count}` }),
      )
      .returning('documents')
      .executeTakeFirstOrThrow();
    return row.documents;
  }
  if (count > limit) return undefined;
  const row = await db
    .insertInto('usage_counters')
    .values({ organization_id: organizationId, period: usagePeriod(at), documents: count })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'period'])
        .doUpdateSet({ documents: sql`usage_counters.documents + ${count}` })
        .where(sql<boolean>`usage_counters.documents + ${count} <= ${limit}`),
    )
    .returning('documents')
    .executeTakeFirst();
  return row?.documents;
}

/** Gives back documents counted for a request that did not create them. */
export async function refundDocumentQuota(db: Db, organizationId: string, count = 1, at = new Date()): Promise<void> {
  await db
    .updateTable('usage_counters')
    .set({ documents: sql`greatest(documents - ${count}, 0)` })
    .where('organization_id', '=', organizationId)
    .where('period', '=', usagePeriod(at))
    .execute();
}

export async function findDocumentUsage(db: Db, organizationId: string, at = new Date()): Promise<number> {
  const row = await db
    .selectFrom('usage_counters')
    .select('documents')
    .where('organization_id', '=', organizationId)
    .where('period', '=', usagePeriod(at))
    .executeTakeFirst();
  return row?.documents ?? 0;
}

/**
 * Counts one document of a managed company against its tenant quota (white-label `quotas`), with
 * the same guarded upsert as the organization's quota. Undefined when the quota is used up.
 */
export async function consumeCompanyDocumentQuota(
  db: Db,
  companyId: string,
  limit: number,
  at = new Date(),
): Promise<number | undefined> {
  if (limit < 1) return undefined;
  const row = await db
    .insertInto('company_usage_counters')
    .values({ company_id: companyId, period: usagePeriod(at), documents: 1 })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'period'])
        .doUpdateSet({ documents: sql`company_usage_counters.documents + 1` })
        .where(sql<boolean>`company_usage_counters.documents + 1 <= ${limit}`),
    )
    .returning('documents')
    .executeTakeFirst();
  return row?.documents;
}

export async function refundCompanyDocumentQuota(db: Db, companyId: string, at = new Date()): Promise<void> {
  await db
    .updateTable('company_usage_counters')
    .set({ documents: sql`greatest(documents - 1, 0)` })
    .where('company_id', '=', companyId)
    .where('period', '=', usagePeriod(at))
    .execute();
}
