import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { insertComplianceReport, newComplianceReportId } from '../../db/compliance.ts';
import type { Db } from '../../db/database.ts';
import { insertWorkflowStart, type WorkflowStart } from '../../db/workflow-starts.ts';
import type { ComplianceInput } from '../../workflows/compliance/report.ts';

export interface IssuedReport {
  organizationId: string;
  livemode: boolean;
  companyId: string;
  documentId: string;
  country: string;
  platform: string;
  /** The company's clock offset, which the run's waits follow. */
  offsetMs: number;
}

/**
 * In the transaction that stores the document: its `issued` report to the country's platform, and
 * the compliance run that files it, owed in `workflow_starts` so a crash after the commit still
 * starts it. Returns the run to start once committed.
 */
export async function queueIssuedReport(trx: Db, report: IssuedReport): Promise<WorkflowStart> {
  await insertComplianceReport(trx, {
    id: newComplianceReportId(),
    organization_id: report.organizationId,
    livemode: report.livemode,
    company_id: report.companyId,
    document_id: report.documentId,
    lifecycle_event_id: null,
    country: report.country,
    platform: report.platform,
    lifecycle_status: 'issued',
    status: 'pending',
  });
  const run: WorkflowStart = {
    workflowId: workflowIds.compliance(report.documentId, report.country),
    workflowType: 'complianceWorkflow',
    taskQueue: TASK_QUEUES.documents,
    args: [
      {
        documentId: report.documentId,
        country: report.country,
        livemode: report.livemode,
        offsetMs: report.offsetMs,
      },
    ] satisfies [ComplianceInput],
    owner: {
      organizationId: report.organizationId,
      livemode: report.livemode,
      companyId: report.companyId,
      documentId: report.documentId,
    },
  };
  await insertWorkflowStart(trx, run);
  return run;
}
