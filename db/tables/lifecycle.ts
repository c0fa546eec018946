import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns.ts';

/** `pending` (not yet submitted), `submitted` (awaiting the platform), `accepted`, `failed`. */
export type ComplianceReportStatus = 'pending' | 'submitted' | 'accepted' | 'failed';

/** One lifecycle move of a document: the history of part 4.6, newest last. */
export interface LifecycleEventsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  company_id: string;
  document_id: string;
  from_status: string;
  to_status: string;
  /** `api` (a caller), `payment` (a recorded payment), `recipient` (an Invoice Response) or `system`. */
  source: string;
  /** True for a step the service recorded on the caller's behalf (e.g. `approved` before a payment). */
  implied: ColumnType<boolean, boolean | undefined, boolean>;
  actor: string | null;
  reason: string | null;
  reason_code: string | null;
  note: string | null;
  payment_date: string | null;
  /** numeric(18,2) */
  payment_amount: string | null;
  payment_currency: string | null;
  payment_reference: string | null;
  created_at: Timestamp;
  /** Insertion order: steps written in one transaction share a timestamp. */
  seq: Generated<string>;
}

/** Money received against a document; the sum is the amount paid. */
export interface DocumentPaymentsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  document_id: string;
  /** numeric(18,2) */
  amount: string;
  currency: string;
  payment_date: string;
  reference: string | null;
  created_at: Timestamp;
}

/** One report of a lifecycle change to a national platform (PPF, SDI). */
export interface ComplianceReportsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  company_id: string;
  document_id: string;
  lifecycle_event_id: string | null;
  country: string;
  platform: string;
  lifecycle_status: string;
  status: ComplianceReportStatus;
  submission_id: string | null;
  platform_response: Json<Record<string, unknown> | null>;
  error_code: string | null;
  error_message: string | null;
  next_check_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Insertion order: the reports of one move share a timestamp. */
  seq: Generated<string>;
}

export interface LifecycleTables {
  lifecycle_events: LifecycleEventsTable;
  document_payments: DocumentPaymentsTable;
  compliance_reports: ComplianceReportsTable;
}
