export type {
  Address,
  AllowanceCharge,
  Attachment,
  Contact,
  DecimalInput,
  Delivery,
  DiscountTerm,
  DocumentBody,
  DocumentLine,
  DocumentReference,
  DocumentType,
  Party,
  PaymentInfo,
  PaymentMeansName,
  Period,
  SchemedId,
  Totals,
  ValidationIssue,
  ValidationResult,
  VatBreakdown,
  VatCategory,
  VatExemption,
} from './types.ts';
export { DOCUMENT_TYPES, VAT_CATEGORIES } from './types.ts';
export {
  BILLING_TYPES,
  DOCUMENT_TYPE_INFO,
  documentTypeOf,
  isBillingType,
  partnerRoleOf,
  partyRoles,
  peppolDocumentTypeId,
  type DocumentTypeInfo,
  type PartyRole,
  type UblRoot,
} from './document-types.ts';
export { computeDocument, type ComputedDocument, type ComputedTotals } from './totals.ts';
export { renderUbl, type RenderOptions, type RenderResult } from './ubl/render.ts';
export { validateDocument, type DocumentValidation } from './validation/validate.ts';
export { validateUblXml, type XmlValidationOptions } from './validation/validate-ubl.ts';
export { validateOrderElement } from './validation/rules-order.ts';
export { checkDocumentBody, type BodyCheckOptions } from './validation/validate-json.ts';
export { parseUbl, parseUblElement, type ParseResult } from './ubl/parse.ts';
export { parseCii, parseCiiElement, type CiiParseResult } from './cii/parse.ts';
export {
  renderCii,
  CII_GUIDELINE_IDS,
  type CiiGuideline,
  type CiiRenderOptions,
  type CiiRenderResult,
} from './cii/render.ts';
export { readXmlDocument, readXmlDocumentChecked, type XmlDocument, type XmlFormat } from './xml-input.ts';
export {
  checkParticipantId,
  checkVatNumber,
  countryOfScheme,
  isIsoCountry,
  isIsoCurrency,
  isValidBic,
  isValidIban,
  normalizeVatNumber,
  splitParticipantId,
  sameParticipant,
  IDENTIFIER_ICDS,
  frenchVatOfSiren,
  participantIdOfVat,
  vatOfParticipantId,
  legalIdOfParticipantId,
  countryOfParticipantId,
  type ParticipantCheck,
  type ParticipantId,
  type VatCheck,
} from './identifiers.ts';
export {
  wrapInSbdh,
  unwrapSbdh,
  SBDH_NS,
  type SbdhOptions,
  type SbdhHeader,
  type WrapResult,
  type UnwrapResult,
} from './sbdh.ts';
export { toStructuredView, type DocumentRecord, type DocumentParty, type StructuredView } from './structured-view.ts';
export { mergeParty } from './parties.ts';
export {
  INVOICE_RESPONSE_CODES,
  INVOICE_RESPONSE_CUSTOMIZATION_ID,
  isInvoiceResponse,
  lifecycleStatusFor,
  parseInvoiceResponse,
  renderInvoiceResponse,
  responseCodeFor,
  type InvoiceResponse,
  type InvoiceResponseCode,
} from './invoice-response.ts';
export {
  isMessageLevelStatus,
  readMessageLevelStatus,
  renderMessageLevelStatus,
  MLS_CODES,
  type MessageLevelStatus,
  type MlsCode,
  type ReadMessageLevelStatus,
  type MessageLevelStatusToSend,
} from './mls.ts';
export {
  COUNTRIES,
  DOCUMENT_SPECIFICATIONS,
  countryInfo,
  documentSpecificationFor,
  participantIdOfTaxNumber,
  resolveParticipantId,
  schemeIcd,
  type Country,
  type DocumentSpecification,
  type ParticipantIdResolution,
} from './countries.ts';
export {
  readFatturaPA,
  renderFatturaPA,
  type FatturaPADocument,
  type FatturaPAOptions,
  type FatturaPAReadResult,
  type FatturaPAResult,
} from './fatturapa/index.ts';
