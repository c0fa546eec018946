import type { Insertable, Selectable, Updateable } from 'kysely';
import { randomToken } from '../core/ids.ts';
import type { Db } from './database.ts';
import type { ComplianceReportStatus, ComplianceReportsTable } from './schema.ts';
import { newestFirst } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

export type ComplianceReportRow = Selectable<ComplianceReportsTable>;

export function newComplianceReportId(): string {
  return `cr_${randomToken(20)}`;
}

export async function insertComplianceReport(
  db: Db,
  row: Insertable<ComplianceReportsTable>,
): Promise<ComplianceReportRow> {
  return db.insertInto('compliance_reports').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The latest report per country of one document (a document the caller found through its scope). */
export async function latestComplianceReports(db: Db, documentId: string): Promise<ComplianceReportRow[]> {
  const rows = await db
    .selectFrom('compliance_reports')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('seq', 'desc')
    .execute();
  const latest = new Map<string, ComplianceReportRow>();
  for (const row of rows) if (!latest.has(row.country)) latest.set(row.country, row);
  return [...latest.values()];
}

export async function findComplianceReport(db: Db, id: string): Promise<ComplianceReportRow | undefined> {
  return db.selectFrom('compliance_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Reports of one (document, country) are filed in the order the lifecycle moved. */
export async function nextOpenReport(
  db: Db,
  documentId: string,
  country: string,
): Promise<ComplianceReportRow | undefined> {
  return db
    .selectFrom('compliance_reports')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('country', '=', country)
    .where('status', 'in', ['pending', 'submitted'])
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

/** Moves only an undecided report: a decided one is never overwritten by a late retry. */
export async function updateComplianceReport(
  db: Db,
  id: string,
  values: Updateable<ComplianceReportsTable>,
): Promise<ComplianceReportRow | undefined> {
  return db
    .updateTable('compliance_reports')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'submitted'])
    .returningAll()
    .executeTakeFirst();
}

export interface ComplianceReportFilters {
  companyId?: string | undefined;
  country?: string | undefined;
  status?: ComplianceReportStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The reports a scope sees: its organization and mode, and only its company's when it has one. */
function visibleReports(db: Db, scope: Scope) {
  let query = db
    .selectFrom('compliance_reports')
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  return query;
}

export async function findComplianceReports(
  db: Db,
  scope: Scope,
  filters: ComplianceReportFilters,
  page: { limit: number; after?: { createdAt: Date; id: string } | undefined },
) {
  let query = visibleReports(db, scope).selectAll().$call(newestFirst(page));
  if (filters.companyId) query = query.where('company_id', '=', filters.companyId);
  if (filters.country) query = query.where('country', '=', filters.country);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.from) query = query.where('created_at', '>=', new Date(filters.from));
  if (filters.to)
    query = query.where(
      'created_at',
      '<',
      new Date(new Date(filters.to).getTime() + (filters.to.length === 10 ? 86_400_000 : 0)),
    );
  return query.execute();
}

/** Report counts per country and status, for the compliance dashboard. */
export async function complianceCounts(
  db: Db,
  scope: Scope,
  filters: { companyId?: string | undefined; country?: string | undefined },
) {
  let query = visibleReports(db, scope)
    .select((eb) => [
      'country',
      'platform',
      'status',
      eb.fn.countAll<string>().as('n'),
      eb.fn.max('updated_at').as('last'),
      eb.fn.min('next_check_at').as('next'),
    ])
    .groupBy(['country', 'platform', 'status']);
  if (filters.companyId) query = query.where('company_id', '=', filters.companyId);
  if (filters.country) query = query.where('country', '=', filters.country);
  return query.execute();
}

/**
 * The live SdI transmission report (`issued`, platform SDI) with this IdentificativoSdI, or else with
 * this insertion number, locked for the caller's transaction.
 */
export async function findSdiTransmissionForUpdate(
  db: Db,
  by: { identificativoSdI: string } | { seq: string },
): Promise<ComplianceReportRow | undefined> {
  const base = db
    .selectFrom('compliance_reports')
    .selectAll()
    .where('platform', '=', 'SDI')
    .where('livemode', '=', true)
    .where('lifecycle_status', '=', 'issued')
    .forUpdate();
  return 'seq' in by
    ? base.where('seq', '=', by.seq).executeTakeFirst()
    : base.where('submission_id', '=', by.identificativoSdI).executeTakeFirst();
}

/** Any move of one report, decided or not (the caller holds its lock and decides what may change). */
export async function setComplianceReport(
  db: Db,
  id: string,
  values: Updateable<ComplianceReportsTable>,
): Promise<void> {
  await db.updateTable('compliance_reports').set(values).where('id', '=', id).execute();
}
