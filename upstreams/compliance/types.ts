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
  /** `outgoing` (the company sells) or `incoming` (it buys). */
  direction?: string | undefined;
  seller?: ComplianceParty | null | undefined;
  buyer?: ComplianceParty | null | undefined;
  /** The file of a stored flow reported as such (an e-reporting FRR file received through the facade). */
  flowFile?:
    | { flowSyntax: string; name: string | null; processingRule: string | null; content: Buffer; contentType: string }
    | undefined;
  /** The amount a payment move booked (decimal text), when the move is one. */
  paymentAmount?: string | null | undefined;
  /** The document itself, for a platform that takes it (the SdI: the FatturaPA of an `issued` report). */
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

/** A party of the document as the platforms name it. */
export interface ComplianceParty {
  peppolId?: string | null | undefined;
  vatNumber?: string | null | undefined;
  name?: string | null | undefined;
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
  /** Where the report went, when not the country's platform itself (France: the PA, or the PPF it transmitted to). */
  reportedTo?: string | undefined;
  /** The platform that took the report, when it is an intermediary (France: the partner PA). */
  platform?: string | undefined;
}

export interface CompliancePlatform {
  readonly name: CompliancePlatformName;
  submit(submission: ComplianceSubmission): Promise<ComplianceAnswer>;
  status(submissionId: string, submission: ComplianceSubmission): Promise<ComplianceAnswer>;
}
