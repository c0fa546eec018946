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
  /** What a platform that takes the document itself needs (the SdI: the FatturaPA of an `issued` report). */
  direction?: string | undefined;
  body?: Record<string, unknown> | null | undefined;
  /** The report's insertion number: the SdI file name's progressivo is made from it. */
  reportSeq?: string | undefined;
  /** The activity attempt that files it: above 1, an earlier attempt may have reached the platform. */
  attempt?: number | undefined;
  /** The SdI's identifiers of an invoice received through it (the outcome EC01/EC02 names them). */
  sdi?: { identificativoSdI: string; nomeFile: string } | undefined;
  /** The reason given with a refusal. */
  reason?: string | undefined;
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
