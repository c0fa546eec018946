import type { DocumentRow } from '../../db/documents.ts';
import { toStructuredView, type DocumentBody, type DocumentType } from '../../peppol/index.ts';

import { showPeriodNames } from './periods.ts';

const amount = (value: string | null) => (value === null ? null : Number(value));
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The one JSON shape of a document (part 2.4). */
export function toDocument(row: DocumentRow) {
  return {
    id: row.id,
    type: row.type,
    direction: row.direction,
    companyId: row.company_id,
    number: row.number,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency,
    grossAmount: amount(row.gross_amount),
    netAmount: amount(row.net_amount),
    vatAmount: amount(row.vat_amount),
    sender: row.sender,
    receiver: row.receiver,
    status: row.status,
    deliveryStatus: row.delivery_status,
    lifecycleStatus: row.lifecycle_status,
    document: showPeriodNames(row.body),
    xml: row.xml,
    metadata: row.metadata,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    mls: row.mls,
    fileId: row.file_id,
    storedFormat: row.stored_format,
    receivedAt: iso(row.received_at),
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    read: row.read_at !== null,
    archived: row.archived_at !== null,
    tags: row.tags,
    assignedUserId: row.assigned_user_id,
    notes: row.notes,
    linkedDocumentIds: row.linked_document_ids,
  };
}

/** The flat scalar view (part 2.4), from the peppol library so every layer derives it the same way. */
export function toStructured(row: DocumentRow) {
  const view = toStructuredView({
    id: row.id,
    type: row.type as DocumentType,
    direction: row.direction as 'incoming' | 'outgoing',
    status: row.status,
    lifecycleStatus: row.lifecycle_status,
    deliveryStatus: row.delivery_status,
    sender: {
      peppolId: row.sender.peppolId ?? undefined,
      name: row.sender.name ?? undefined,
      vatNumber: row.sender.vatNumber ?? undefined,
    },
    receiver: row.receiver
      ? {
          peppolId: row.receiver.peppolId ?? undefined,
          name: row.receiver.name ?? undefined,
          vatNumber: row.receiver.vatNumber ?? undefined,
        }
      : undefined,
    receivedAt: iso(row.received_at),
    sentAt: iso(row.sent_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(row.body ? { document: row.body as unknown as DocumentBody } : {}),
  });
  // Stored amounts are authoritative (they may come from XML totals rather than the body).
  return {
    ...view,
    number: row.number ?? view.number,
    grossAmount: amount(row.gross_amount),
    netAmount: amount(row.net_amount),
    vatAmount: amount(row.vat_amount),
  };
}
