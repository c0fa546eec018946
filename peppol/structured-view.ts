import { formatAmount } from './money.ts';
import { computeDocument } from './totals.ts';
import type { DocumentBody, DocumentType } from './types.ts';

/** Party-like object of a stored document (spec 2.4): at least peppolId and name. */
export interface DocumentParty {
  peppolId?: string;
  name?: string;
  vatNumber?: string;
}

/** The stored document fields the structured view needs besides the body. */
export interface DocumentRecord {
  id: string;
  type: DocumentType;
  direction?: 'incoming' | 'outgoing';
  status?: string;
  lifecycleStatus?: string;
  deliveryStatus?: string;
  sender?: DocumentParty;
  receiver?: DocumentParty;
  receivedAt?: string | null;
  sentAt?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  document?: DocumentBody;
}

/** Flat, scalar-only view of a document (spec 2.4); absent values are null so every key is always present. */
export interface StructuredView {
  id: string;
  type: DocumentType;
  direction: string | null;
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  grossAmount: string | null;
  netAmount: string | null;
  vatAmount: string | null;
  status: string | null;
  lifecycleStatus: string | null;
  deliveryStatus: string | null;
  senderPeppolId: string | null;
  senderName: string | null;
  senderVatNumber: string | null;
  receiverPeppolId: string | null;
  receiverName: string | null;
  receiverVatNumber: string | null;
  buyerReference: string | null;
  orderReference: string | null;
  paymentIban: string | null;
  paymentReference: string | null;
  receivedAt: string | null;
  sentAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/**
 * Derives the structured view from a stored document. Amounts are decimal strings computed from the
 * body exactly as they are rendered to UBL; the seller is the sender and the buyer the receiver
 * unless the record names them.
 */
export function toStructuredView(record: DocumentRecord): StructuredView {
  const body = record.document;
  let totals: { gross: string; net: string; vat: string } | undefined;
  if (body && Array.isArray(body.lines)) {
    try {
      const t = computeDocument(body).totals;
      totals = { gross: formatAmount(t.gross), net: formatAmount(t.net), vat: formatAmount(t.vat) };
    } catch {
      // A body too broken to total still has a view; the amounts are simply unknown.
      totals = undefined;
    }
  }
  const sender = { ...pickParty(body?.seller), ...definedOnly(record.sender) };
  const receiver = { ...pickParty(body?.buyer), ...definedOnly(record.receiver) };
  return {
    id: record.id,
    type: record.type,
    direction: record.direction ?? null,
    number: body?.number ?? null,
    issueDate: body?.issueDate ?? null,
    dueDate: body?.dueDate ?? null,
    currency: body ? (body.currency ?? 'EUR') : null,
    grossAmount: totals?.gross ?? null,
    netAmount: totals?.net ?? null,
    vatAmount: totals?.vat ?? null,
    status: record.status ?? null,
    lifecycleStatus: record.lifecycleStatus ?? null,
    deliveryStatus: record.deliveryStatus ?? null,
    senderPeppolId: sender.peppolId ?? null,
    senderName: sender.name ?? null,
    senderVatNumber: sender.vatNumber ?? null,
    receiverPeppolId: receiver.peppolId ?? null,
    receiverName: receiver.name ?? null,
    receiverVatNumber: receiver.vatNumber ?? null,
    buyerReference: body?.buyerReference ?? null,
    orderReference: body?.orderReference ?? null,
    paymentIban: body?.payment?.iban ?? null,
    paymentReference: body?.payment?.reference ?? null,
    receivedAt: record.receivedAt ?? null,
    sentAt: record.sentAt ?? null,
    createdAt: record.createdAt ?? null,
    updatedAt: record.updatedAt ?? null,
  };
}

function pickParty(
  p: { peppolId?: string; name?: string; legalName?: string; vatNumber?: string } | undefined,
): DocumentParty {
  if (!p) return {};
  return definedOnly({ peppolId: p.peppolId, name: p.name ?? p.legalName, vatNumber: p.vatNumber });
}

function definedOnly(p: DocumentParty | undefined): DocumentParty {
  const out: DocumentParty = {};
  if (p?.peppolId) out.peppolId = p.peppolId;
  if (p?.name) out.name = p.name;
  if (p?.vatNumber) out.vatNumber = p.vatNumber;
  return out;
}
