import { reportingDecision } from '../../core/compliance-reporting.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import type { Db } from '../../db/database.ts';
import { insertComplianceReport, newComplianceReportId } from '../../db/compliance.ts';
import { insertWorkflowStart, type WorkflowStart } from '../../db/workflow-starts.ts';
import { isBillingType } from '../../peppol/document-types.ts';
import type { complianceWorkflow } from '../../workflows/compliance/report.ts';

interface Sender {
  id: string;
  country: string;
  settings: unknown;
  compliance: unknown;
  clock_offset_ms: string | number | null;
}

interface Sent {
  id: string;
  organization_id: string;
  livemode: boolean;
  company_id: string;
  type: string;
}

/**
 * A live Italian company's invoice or note is cleared through the SdI: it is transmitted before it
 * counts as issued. Honours the company's reporting switches as the lifecycle reports do.
 */
export function sdiTransmissionDue(sender: Sender, type: string, livemode: boolean): boolean {
  return livemode && sender.country === 'IT' && isBillingType(type) && reportingDecision(sender).report;
}

/**
 * In the transaction that stores the document: the `issued` report the compliance workflow files
 * with SdIRiceviFile, and that run, owed in `workflow_starts` so a crash after the commit still
 * starts it. Returns the run to start once committed.
 */
export async function queueSdiTransmission(trx: Db, doc: Sent, sender: Sender): Promise<WorkflowStart> {
  await insertComplianceReport(trx, {
    id: newComplianceReportId(),
    organization_id: doc.organization_id,
    livemode: doc.livemode,
    company_id: doc.company_id,
    document_id: doc.id,
    lifecycle_event_id: null,
    country: 'IT',
    platform: 'SDI',
    lifecycle_status: 'issued',
    status: 'pending',
  });
  const run: WorkflowStart = {
    workflowId: workflowIds.compliance(doc.id, 'IT'),
    workflowType: 'complianceWorkflow',
    taskQueue: TASK_QUEUES.documents,
    args: [
      { documentId: doc.id, country: 'IT', livemode: doc.livemode, offsetMs: Number(sender.clock_offset_ms ?? 0) },
    ] satisfies Parameters<typeof complianceWorkflow>,
    owner: {
      organizationId: doc.organization_id,
      livemode: doc.livemode,
      companyId: doc.company_id,
      documentId: doc.id,
    },
  };
  await insertWorkflowStart(trx, run);
  return run;
}
