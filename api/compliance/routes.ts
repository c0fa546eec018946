import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { complianceCounts, findComplianceReports, type ComplianceReportRow } from '../../db/compliance.ts';
import type { ComplianceReportStatus } from '../../db/schema.ts';
import { COMPLIANCE_PLATFORMS, reportingDecision } from '../../core/compliance-reporting.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { findCompanyById, findCompanyByRef } from '../../db/companies.ts';
import type { Scope } from '../../core/scope.ts';
import { companyFilter, scopeOf } from '../scope.ts';

/** The Compliance report record of part 2.10, with the fields a dashboard needs besides. */
export function toComplianceReport(row: ComplianceReportRow) {
  return {
    id: row.id,
    documentId: row.document_id,
    companyId: row.company_id,
    country: row.country,
    reportedTo: row.platform,
    lifecycleStatus: row.lifecycle_status,
    status: row.status,
    platformResponse: row.platform_response,
    ...(row.status === 'failed' ? { error: { code: row.error_code, message: row.error_message } } : {}),
    nextCheckAt: row.next_check_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The company a query looks at: the scope's own, or the one asked for, which must exist. */
async function companyScope(db: Db, scope: Scope, requested: string | undefined): Promise<string | undefined> {
  const companyId = companyFilter(scope, requested);
  if (companyId && !(await findCompanyByRef(db, scope, companyId)))
    throw new ApiError('COMPANY_NOT_FOUND', `No company ${companyId} in this organization.`);
  return companyId;
}

export function complianceRoutes(db: Db): Router {
  const router = Router();

  router.get('/v1/compliance/status', async (req, res) => {
    const scope = scopeOf(req);
    const q = req.query as Record<string, string | undefined>;
    const companyId = await companyScope(db, scope, q.companyId);
    const rows = await complianceCounts(db, scope, { companyId, country: q.country });
    const company = companyId ? await findCompanyById(db, companyId) : undefined;
    const decision = company && reportingDecision(company);
    const countries = (q.country ? [q.country] : Object.keys(COMPLIANCE_PLATFORMS)).map((country) => {
      const mine = rows.filter((r) => r.country === country);
      const count = (status: string) => Number(mine.find((r) => r.status === status)?.n ?? 0);
      const last = mine
        .map((r) => r.last as Date | null)
        .filter((d): d is Date => d !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      const next = mine
        .map((r) => r.next)
        .filter((d): d is Date => d !== null)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      return {
        country,
        platform: COMPLIANCE_PLATFORMS[country] ?? null,
        reportingRequired: COMPLIANCE_PLATFORMS[country] !== undefined,
        autoReport: decision?.platform && decision.country === country ? decision.report : null,
        decision: decision?.platform && decision.country === country ? decision.reason : null,
        reports: {
          pending: count('pending'),
          submitted: count('submitted'),
          accepted: count('accepted'),
          failed: count('failed'),
        },
        lastReportedAt: last ? new Date(last).toISOString() : null,
        nextCheckAt: next ? new Date(next).toISOString() : null,
      };
    });
    res.json({ companyId: companyId ?? null, countries });
  });

  router.get('/v1/compliance/reports', async (req, res) => {
    const scope = scopeOf(req);
    const q = req.query as Record<string, string | undefined>;
    const companyId = await companyScope(db, scope, q.companyId);
    const limit = Number(q.limit ?? 20);
    const rows = await findComplianceReports(
      db,
      scope,
      { companyId, country: q.country, status: q.status as ComplianceReportStatus | undefined, from: q.from, to: q.to },
      { limit, after: decodeCursor(q.cursor) },
    );
    res.json(page(rows, limit, toComplianceReport));
  });

  return router;
}
