/** The national e-invoicing platforms lifecycle changes are reported to. */
import type { CompliancePlatformName } from '../../core/compliance-reporting.ts';

export type { CompliancePlatformName };

/** One lifecycle change of one document, as the platforms need it. */
export interface ComplianceSubmission {
  /** Our report id: platforms deduplicate on it, so a retried submission is not filed twice. */
  reportId: string;
  documentId: string;
  documentNumber: string;
  documentType: string;
  issueDate: string | null;
  lifecycleStatus: string;
  sellerVat: string | null;
  buyerVat: string | null;
  grossAmount: string | null;
  currency: string | null;
}

/** What a platform says about a submission. `submitted`: not decided yet, check again later. */
export interface ComplianceAnswer {
  submissionId: string;
  status: 'submitted' | 'accepted' | 'failed';
  /** Platform failure code (PPF 00025 / 00058, SDI 00200 / 00306 …) when failed. */
  errorCode?: string | undefined;
  errorMessage?: string | undefined;
  /** The platform's own answer, kept on the report record. */
  platformResponse: Record<string, unknown>;
}

export interface CompliancePlatform {
  readonly name: CompliancePlatformName;
  submit(submission: ComplianceSubmission): Promise<ComplianceAnswer>;
  status(submissionId: string, submission: ComplianceSubmission): Promise<ComplianceAnswer>;
}
