import { sirenOf } from '../../../core/cdar.ts';
import { reportingDecision } from '../../../core/compliance-reporting.ts';
import type { Scope } from '../../../core/scope.ts';
import { claimTrackingId, insertStoredFlow, type StoredFlow } from '../../../db/flows.ts';
import type { Db } from '../../../db/database.ts';
import { findScopeCompanies } from '../../../db/companies.ts';
import { FRR_FLOW_TYPES, parseFrr } from '../../../peppol/frr.ts';
import type { WorkflowStart } from '../../../db/workflow-starts.ts';
import { queueIssuedReport } from '../../compliance/issued-report.ts';
import { ApiError } from '../../errors.ts';
import { startRun, type SendDeps } from '../../documents/send.ts';
import type { Upload } from '../multipart.ts';
import type { FlowInfo } from './service.ts';
import { submitted } from './stored.ts';

/** The French administration receives e-reporting through the PPF, whatever the company's country. */
const FRR_COUNTRY = 'FR';

/** The caller's company the report is about: the key's own, or the organization's with the issuer's SIREN. */
async function issuingCompany(db: Db, scope: Scope, siren: string) {
  const companies = await findScopeCompanies(db, scope);
  return companies.find((c) => sirenOf({ peppolId: c.peppol_id, vatNumber: c.vat_number }) === siren);
}

/**
 * An FRR e-reporting file: checked for shape (peppol/frr.ts), kept as a stored flow of the company
 * it reports for, and filed with the PPF as a compliance report (part 4.11) unless the company
 * switched reporting off: the `compliance:<doc_id>:FR` workflow submits it and follows its status,
 * and `GET /v1/compliance/reports` lists it.
 */
export async function submitFrrFlow(deps: SendDeps, scope: Scope, info: FlowInfo, upload: Upload): Promise<StoredFlow> {
  const parsed = parseFrr(upload.bytes.toString('utf8'));
  if (!parsed.ok)
    throw new ApiError('INVALID_REQUEST', `The file is not an FRR e-reporting file: ${parsed.errors[0].message}.`, {
      details: parsed.errors.slice(0, 20).map((e) => ({ field: e.path, rule: 'InvalidSchema', message: e.message })),
    });
  const report = parsed.report;
  const company = await issuingCompany(deps.db, scope, report.issuerSiren);
  if (!company)
    throw new ApiError(
      'COMPANY_NOT_FOUND',
      `The report ${report.id} is issued by SIREN ${report.issuerSiren}, which is none of this caller's companies.`,
      {
        details: [
          {
            field: '/Report/ReportDocument/Issuer/Id',
            rule: 'UnknownIssuer',
            message: `no company ${report.issuerSiren}`,
          },
        ],
      },
    );
  const decision = reportingDecision({ ...company, country: FRR_COUNTRY });
  // The report's run is owed with the flow and started after the commit: a flow stored is accepted,
  // and a run Temporal does not take now is left to the maintenance sweep.
  let run: WorkflowStart | undefined;
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (info.trackingId) await claimTrackingId(trx, scope, info.trackingId);
    const flow = await insertStoredFlow(trx, {
      ...submitted(scope, info, upload),
      companyId: company.id,
      direction: 'outgoing',
      number: report.id,
      flowType: FRR_FLOW_TYPES[report.typeCode],
      flowSyntax: 'FRR',
    });
    if (decision.report) {
      run = await queueIssuedReport(trx, {
        organizationId: scope.organizationId,
        livemode: scope.livemode,
        companyId: company.id,
        documentId: flow.id,
        country: FRR_COUNTRY,
        platform: decision.platform!,
        offsetMs: company.clock_offset_ms,
      });
    }
    return flow;
  });
  if (run) await startRun(deps, run);
  return stored;
}
