import type { DocumentType } from '../peppol/index.ts';

/** A received business document, as the API recorded it before starting `inbound:<doc_id>`. */
export interface InboundMessage {
  /** Allocated when the message arrived; the workflow id carries it. */
  documentId: string;
  organizationId: string;
  livemode: boolean;
  /** The receiving company. */
  companyId: string;
  /** The business document (UBL or CII) exactly as received, kept in `files`. */
  fileId: string;
  /** SBDH InstanceIdentifier: the sender's id for this transmission. */
  messageId: string;
  /** Sender and receiver participant ids from the envelope. */
  senderId: string;
  receiverId: string;
  documentTypeId?: string | undefined;
  /** `peppol`: the AS4 gateway; `sandbox`: POST /v1/sandbox/inbound, or a sandbox company's document to another of its organization. */
  source: 'peppol' | 'sandbox';
  /** The type the envelope announces, kept for a payload that cannot be read. */
  typeHint?: DocumentType | undefined;
  /** A sandbox delivery between two companies of one organization: the sender's outgoing document. */
  linkedDocumentIds?: string[] | undefined;
}
