import { DOCUMENT_TYPES, type DocumentType } from './types.ts';

export const UBL_NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  Order: 'urn:oasis:names:specification:ubl:schema:xsd:Order-2',
  OrderResponse: 'urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2',
  Quotation: 'urn:oasis:names:specification:ubl:schema:xsd:Quotation-2',
  ApplicationResponse: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
} as const;

export type UblRoot = 'Invoice' | 'CreditNote' | 'Order' | 'OrderResponse' | 'Quotation' | 'ApplicationResponse';

export const BILLING_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export interface DocumentTypeInfo {
  root: UblRoot;
  customizationId: string;
  profileId: string;
  /** UNCL 1001 code written in the type-code element, when the root has one. */
  typeCode?: string;
  /** Whether the EN16931 / Peppol BIS Billing rules apply. */
  billing: boolean;
  /**
   * The party of the document its sender is: the buyer sends a purchase order to its supplier; the
   * seller sends everything else (invoices and notes, the order agreement that answers an order, a
   * quote). The recipient is the other one.
   */
  senderRole: PartyRole;
}

export type PartyRole = 'seller' | 'buyer';

/**
 * Quotation and event have no Peppol BIS of their own: they use identifiers in the service's
 * `urn:fdc:docex` space so that a receiver can tell them apart from BIS documents.
 */
export const DOCUMENT_TYPE_INFO: Record<DocumentType, DocumentTypeInfo> = {
  invoice: {
    root: 'Invoice',
    customizationId: BILLING_CUSTOMIZATION,
    profileId: BILLING_PROFILE,
    typeCode: '380',
    billing: true,
    senderRole: 'seller',
  },
  'credit-note': {
    root: 'CreditNote',
    customizationId: BILLING_CUSTOMIZATION,
    profileId: BILLING_PROFILE,
    typeCode: '381',
    billing: true,
    senderRole: 'seller',
  },
  'debit-note': {
    root: 'Invoice',
    customizationId: BILLING_CUSTOMIZATION,
    profileId: BILLING_PROFILE,
    typeCode: '383',
    billing: true,
    senderRole: 'seller',
  },
  'purchase-order': {
    root: 'Order',
    customizationId: 'urn:fdc:peppol.eu:poacc:trns:order:3',
    profileId: 'urn:fdc:peppol.eu:poacc:bis:ordering:3',
    typeCode: '220',
    billing: false,
    senderRole: 'buyer',
  },
  'sales-order': {
    root: 'OrderResponse',
    customizationId: 'urn:fdc:peppol.eu:poacc:trns:order_agreement:3',
    profileId: 'urn:fdc:peppol.eu:poacc:bis:order_agreement:3',
    billing: false,
    senderRole: 'seller',
  },
  quote: {
    root: 'Quotation',
    customizationId: 'urn:fdc:docex:trns:quotation:1',
    profileId: 'urn:fdc:docex:bis:quotation:1',
    billing: false,
    senderRole: 'seller',
  },
  event: {
    root: 'ApplicationResponse',
    customizationId: 'urn:fdc:docex:trns:business_event:1',
    profileId: 'urn:fdc:docex:bis:business_event:1',
    billing: false,
    senderRole: 'seller',
  },
};

/** Which party of a document of `type` its sender is, and which its recipient. */
export function partyRoles(type: DocumentType): { sender: PartyRole; recipient: PartyRole } {
  return DOCUMENT_TYPE_INFO[type].senderRole === 'buyer'
    ? { sender: 'buyer', recipient: 'seller' }
    : { sender: 'seller', recipient: 'buyer' };
}

/**
 * Whether a document of `type` (as stored, so any string) is a billing document: an invoice or a
 * note, the documents the Invoice Response, the French lifecycle (CDAR) and the tax platforms know.
 */
export function isBillingType(type: string): boolean {
  return Object.hasOwn(DOCUMENT_TYPE_INFO, type) && DOCUMENT_TYPE_INFO[type as DocumentType].billing;
}

export const BILLING_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter(isBillingType);

/** What a counterparty in `role` is to the organization, as its partner: a seller supplies it, a buyer buys from it. */
export function partnerRoleOf(role: PartyRole): 'supplier' | 'buyer' {
  return role === 'seller' ? 'supplier' : 'buyer';
}

/** Peppol document type identifier (SMP lookup and SBDH) of a rendered document. */
export function peppolDocumentTypeId(root: UblRoot, customizationId: string): string {
  return `${UBL_NS[root]}::${root}##${customizationId}::2.1`;
}

/** Maps a UBL root and type code back to the service's document type. */
export function documentTypeOf(
  root: string,
  typeCode: string | undefined,
  customizationId?: string,
): DocumentType | undefined {
  switch (root) {
    case 'Invoice':
      return typeCode === '383' ? 'debit-note' : 'invoice';
    case 'CreditNote':
      return 'credit-note';
    case 'Order':
      return 'purchase-order';
    case 'OrderResponse':
      return 'sales-order';
    case 'Quotation':
      return 'quote';
    case 'ApplicationResponse':
      return customizationId === DOCUMENT_TYPE_INFO.event.customizationId ? 'event' : undefined;
    default:
      return undefined;
  }
}
