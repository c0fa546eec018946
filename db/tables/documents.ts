import type { ColumnType } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns.ts';

export interface DocumentPartyColumn {
  peppolId: string | null;
  name: string | null;
  vatNumber: string | null;
}

export interface DocumentMlsColumn {
  code: 'AP' | 'AB' | 'RE';
  reason?: string;
  receivedAt: string;
}

/** The state sets of part 3.1, as the columns hold them. */
export type DocumentStatus = 'draft' | 'sent' | 'delivered' | 'rejected';
export type DocumentDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'rejected' | 'stored';
export type DocumentLifecycleStatus =
  'issued' | 'under_review' | 'approved' | 'partially_paid' | 'paid' | 'rejected' | 'disputed';

export interface DocumentsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  /** The organization's company on this document: the sender of outgoing ones, the receiver of incoming ones. */
  company_id: string;
  partner_id: string | null;
  type: string;
  direction: string;
  number: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  /** numeric(18,2): strings in and out, never floats. */
  gross_amount: string | null;
  net_amount: string | null;
  vat_amount: string | null;
  sender: Json<DocumentPartyColumn>;
  receiver: Json<DocumentPartyColumn | null>;
  sender_peppol_id: string | null;
  receiver_peppol_id: string | null;
  status: DocumentStatus;
  delivery_status: DocumentDeliveryStatus;
  lifecycle_status: DocumentLifecycleStatus;
  body: Json<Record<string, unknown> | null>;
  xml: string | null;
  source_format: string;
  file_id: string | null;
  stored_format: string | null;
  metadata: Json<Record<string, unknown>>;
  error_code: string | null;
  error_message: string | null;
  transport_message_id: string | null;
  /** The receiving access point's Message Level Status (outgoing live documents). */
  mls: ColumnType<DocumentMlsColumn | null, string | null | undefined, string | null>;
  read_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  assigned_user_id: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  notes: Json<Array<{ note: string; at: string; by: string | null }>>;
  linked_document_ids: ColumnType<string[], string[] | undefined, string[]>;
  received_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FilesTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  content: Buffer;
  content_type: string;
  filename: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** The message of a sandbox transmission while its `sandboxAccessPoint:` run works on it (never a user's file). */
export interface SandboxTransmissionsTable {
  instance_id: string;
  organization_id: string;
  sbd: Buffer;
  created_at: Timestamp;
}

export interface DocumentTables {
  documents: DocumentsTable;
  files: FilesTable;
  sandbox_transmissions: SandboxTransmissionsTable;
}
