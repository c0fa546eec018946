import type { DecimalInput } from './money.ts';

export type { DecimalInput } from './money.ts';

export const DOCUMENT_TYPES = [
  'invoice',
  'credit-note',
  'debit-note',
  'purchase-order',
  'sales-order',
  'quote',
  'event',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** UNCL 5305 VAT categories allowed by EN16931. */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export interface Address {
  street?: string;
  additionalStreet?: string;
  city?: string;
  region?: string;
  /** At most 20 characters (spec part 8). */
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface Contact {
  name?: string;
  email?: string;
  phone?: string;
}

/** An identifier qualified by an ISO 6523 ICD scheme (e.g. `{scheme: '0088', value: '5790000435975'}`). */
export interface SchemedId {
  scheme?: string;
  value: string;
}

/** An item classification code (BT-158) with its UNCL 7143 list id and the list's version (e.g. UNSPSC 19.0501). */
export interface ItemClassification extends SchemedId {
  version?: string;
}

export interface Party {
  /** Trading name (UBL PartyName). */
  name?: string;
  /** Registered name (UBL PartyLegalEntity/RegistrationName); defaults to `name`. */
  legalName?: string;
  vatNumber?: string;
  /** Peppol participant id `<scheme>:<value>`, rendered as the electronic address (EndpointID). */
  peppolId?: string;
  /** Legal registration identifier (BT-30 / BT-47), e.g. a Belgian enterprise number with scheme 0208. */
  legalId?: SchemedId;
  /** Further party identifiers (BT-29 / BT-46): GLN, DUNS, SIRET... */
  identifiers?: SchemedId[];
  /** Seller tax registration that is not a VAT number (BT-32), e.g. "Godkänd för F-skatt". */
  taxRegistration?: string;
  /** Free legal information (BT-33), e.g. share capital. */
  legalForm?: string;
  address?: Address;
  contact?: Contact;
}

export type PaymentMeansName = 'credit_transfer' | 'direct_debit' | 'card' | 'cash' | 'cheque';

export interface DiscountTerm {
  /** Discount percentage for early payment. */
  percent: DecimalInput;
  /** Days after the issue date within which the discount applies. */
  days: number;
}

export interface PaymentInfo {
  means?: PaymentMeansName;
  /** Overrides the UNCL 4461 code that `means` implies (e.g. "58" SEPA credit transfer instead of "30"). */
  meansCode?: string;
  iban?: string;
  bic?: string;
  /** Name of the payee account (BT-85). */
  accountName?: string;
  /** Remittance information the payer must quote (BT-83). */
  reference?: string;
  /** Direct debit mandate reference (BT-89). */
  mandateId?: string;
  /** Debited account for direct debit (BT-91). */
  debitedAccount?: string;
  /** Seller's SEPA creditor identifier (BT-90). */
  creditorId?: string;
  /** Last digits of the card number (BT-87) for card payments. */
  cardLast4?: string;
  cardHolder?: string;
  /** Payment terms as free text (BT-20). */
  terms?: string;
  discountTerms?: DiscountTerm[];
}

export interface Period {
  start?: string;
  end?: string;
}

/** Document-level (BG-20/BG-21) or line-level (BG-27/BG-28) allowance or charge. */
export interface AllowanceCharge {
  /** Amount; derived from `percent` × `baseAmount` when omitted. */
  amount?: DecimalInput;
  percent?: DecimalInput;
  /** Base of the percentage; defaults to the sum of line net amounts (document level) or the line net (line level). */
  baseAmount?: DecimalInput;
  reason?: string;
  /** UNCL 5189 for allowances, UNCL 7161 for charges. */
  reasonCode?: string;
  /** Document level only: VAT category of the allowance or charge; defaults to the only category used by the lines. */
  vatCategory?: VatCategory;
  vatRate?: DecimalInput;
}

export interface DocumentLine {
  /** Line id (BT-126); defaults to the 1-based position. */
  id?: string;
  description: string;
  /** Item name (BT-153); defaults to `description`. */
  name?: string;
  quantity: DecimalInput;
  /** UN/ECE Recommendation 20 unit code; default "C62" (one). */
  unit?: string;
  /** Net price per `baseQuantity` units. */
  unitPrice: DecimalInput;
  baseQuantity?: DecimalInput;
  /** Gross price before the price discount (BT-148); the discount is `grossPrice - unitPrice`. */
  grossPrice?: DecimalInput;
  /** Between 0 and 100; required for every category except O. */
  vatRate?: DecimalInput;
  /** Default "S" when a positive rate is given, otherwise required. */
  vatCategory?: VatCategory;
  /** Seller's item identifier (BT-155). */
  itemCode?: string;
  buyerItemCode?: string;
  standardItemId?: SchemedId;
  /** Commodity classification (BT-158) with its UNCL 7143 list id, e.g. `{scheme: 'TST', value: '43211503', version: '19.0501'}`. */
  classification?: ItemClassification;
  originCountry?: string;
  period?: Period;
  allowances?: AllowanceCharge[];
  charges?: AllowanceCharge[];
  orderLineReference?: string;
  note?: string;
  accountingCost?: string;
  /** Line net amount; derived when omitted. A given value is rendered as is, so a wrong one is reported. */
  netAmount?: DecimalInput;
}

export interface Delivery {
  date?: string;
  locationId?: SchemedId;
  partyName?: string;
  address?: Address;
}

export interface Attachment {
  /** Supporting document reference (BT-122). */
  id: string;
  description?: string;
  filename?: string;
  /** MIME code of the embedded content: application/pdf, image/png, image/jpeg, text/csv, xlsx or ods. */
  mimeCode?: string;
  /** Base64 content embedded in the document. */
  content?: string;
  /** External location, when not embedded. */
  url?: string;
}

export interface VatBreakdown {
  category: VatCategory;
  rate?: DecimalInput;
  taxableAmount: DecimalInput;
  taxAmount: DecimalInput;
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

/** Document totals (BG-22). Any field given is used as is; the others are derived from the lines. */
export interface Totals {
  lineTotal?: DecimalInput;
  allowanceTotal?: DecimalInput;
  chargeTotal?: DecimalInput;
  /** Total without VAT (BT-109). */
  netAmount?: DecimalInput;
  vatAmount?: DecimalInput;
  /** Total with VAT (BT-112). */
  grossAmount?: DecimalInput;
  prepaidAmount?: DecimalInput;
  roundingAmount?: DecimalInput;
  payableAmount?: DecimalInput;
  vatBreakdown?: VatBreakdown[];
  /** Total VAT in the tax currency (BT-111); derived from `taxExchangeRate` when omitted. */
  vatAmountInTaxCurrency?: DecimalInput;
}

export interface DocumentReference {
  number: string;
  issueDate?: string;
}

/** Reason for exemption of a VAT category used by the document (BT-120/BT-121). */
export interface VatExemption {
  category: VatCategory;
  reason?: string;
  reasonCode?: string;
}

/** The structured body of a document (spec part 2.5). */
export interface DocumentBody {
  number: string;
  issueDate: string;
  dueDate?: string;
  /** ISO 4217, default "EUR". */
  currency?: string;
  /** VAT accounting currency when it differs from `currency` (BT-6). */
  taxCurrency?: string;
  /** Units of `taxCurrency` per unit of `currency`, used to derive BT-111. */
  taxExchangeRate?: DecimalInput;
  /** Overrides the UNCL 1001 type code the document type implies (e.g. 384 corrected invoice). */
  typeCode?: string;
  buyerReference?: string;
  orderReference?: string;
  salesOrderReference?: string;
  contractReference?: string;
  projectReference?: string;
  despatchReference?: string;
  receiptReference?: string;
  /** Preceding invoices (BG-3); a credit note references the invoice it credits. */
  billingReferences?: DocumentReference[];
  /** Quotation a purchase order refers to, or order a sales order answers. */
  quotationReference?: string;
  accountingCost?: string;
  taxPointDate?: string;
  invoicePeriod?: Period;
  note?: string;
  seller?: Party;
  buyer?: Party;
  payee?: Party;
  taxRepresentative?: Party;
  payment?: PaymentInfo;
  delivery?: Delivery;
  lines: DocumentLine[];
  allowances?: AllowanceCharge[];
  charges?: AllowanceCharge[];
  attachments?: Attachment[];
  vatExemptions?: VatExemption[];
  totals?: Totals;
  /** sales-order only: UNCL 4343 response code (AP accepted, RE rejected, CA conditionally accepted). */
  responseCode?: string;
  /** quote only: last day the quotation is valid. */
  validUntil?: string;
}

export interface ValidationIssue {
  /** Official rule id (BR-CO-10, PEPPOL-EN16931-R001...) or a library rule id (XML-*, JSON-*, BR-BE-*). */
  rule: string;
  message: string;
  /** JSON path into the DocumentBody for JSON input, XPath for XML input. */
  path: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}
