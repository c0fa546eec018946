import { reportingDecision } from '../../core/compliance-reporting.ts';
import type { Db } from '../../db/database.ts';
import type { WorkflowStart } from '../../db/workflow-starts.ts';
import { isBillingType } from '../../peppol/document-types.ts';
import { queueIssuedReport } from '../compliance/issued-report.ts';

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
export function queueSdiTransmission(trx: Db, doc: Sent, sender: Sender): Promise<WorkflowStart> {
  return queueIssuedReport(trx, {
    organizationId: doc.organization_id,
    livemode: doc.livemode,
    companyId: doc.company_id,
    documentId: doc.id,
    country: 'IT',
    platform: 'SDI',
    offsetMs: Number(sender.clock_offset_ms ?? 0),
  });
}
