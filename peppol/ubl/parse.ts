import { fromPintCategories } from '../pint/derive.ts';
import { pintSpecificationOf } from '../pint/specification.ts';
import { DOCUMENT_TYPE_INFO, UBL_NS, documentTypeOf } from '../document-types.ts';
import type {
  Address,
  AllowanceCharge,
  Attachment,
  DocumentBody,
  DocumentLine,
  DocumentType,
  ItemClassification,
  Party,
  PaymentInfo,
  SchemedId,
  Totals,
  ValidationIssue,
  VatCategory,
} from '../types.ts';
import { DEFAULT_MAX_XML_BYTES, all, attr, first, kids, parseXmlTree, text, val, type El } from '../xml/dom.ts';
import { compact, paymentMeansFromCode } from '../payment-means.ts';

export type ParseResult =
  | { ok: true; type: DocumentType; body: DocumentBody; root: El; warnings: ValidationIssue[] }
  | { ok: false; errors: ValidationIssue[] };

/** Raw text of an element, so decimals keep the precision they were written with. */
const raw = (el: El | undefined, path: string) => val(el, path);

function schemed(el: El | undefined): SchemedId | undefined {
  if (!el) return undefined;
  const value = text(el);
  if (!value) return undefined;
  const scheme = attr(el, 'schemeID') ?? attr(el, 'listID');
  return scheme ? { scheme, value } : { value };
}

/** BT-158 with its scheme and the scheme's version (BT-158-2), which some national rules require. */
function classification(el: El | undefined): ItemClassification | undefined {
  const id = schemed(el);
  const version = attr(el, 'listVersionID');
  return id && version ? { ...id, version } : id;
}

export function parseAddress(el: El | undefined): Address | undefined {
  if (!el) return undefined;
  return compact({
    street: val(el, 'cbc:StreetName'),
    additionalStreet: val(el, 'cbc:AdditionalStreetName'),
    city: val(el, 'cbc:CityName'),
    postalCode: val(el, 'cbc:PostalZone'),
    region: val(el, 'cbc:CountrySubentity'),
    country: val(el, 'cac:Country/cbc:IdentificationCode') ?? '',
  });
}

const isVatScheme = (id: string | undefined) => id === 'VAT' || id === 'GST';

/** A cac:Party back into the JSON Party; SEPA creditor ids are returned apart (they belong to PaymentInfo). */
export function parseParty(party: El | undefined): { party?: Party; creditorId?: string } {
  if (!party) return {};
  const endpoint = first(party, 'cbc:EndpointID');
  const ids = all(party, 'cac:PartyIdentification/cbc:ID');
  const creditor = ids.find((i) => attr(i, 'schemeID') === 'SEPA');
  const schemes = kids(party, 'cac:PartyTaxScheme');
  // PINT A-NZ and SG register the seller's and buyer's tax number under the GST scheme.
  const vat = schemes.find((s) => isVatScheme(val(s, 'cac:TaxScheme/cbc:ID')));
  const tax = schemes.find((s) => !isVatScheme(val(s, 'cac:TaxScheme/cbc:ID')));
  const legal = first(party, 'cac:PartyLegalEntity');
  const contact = first(party, 'cac:Contact');
  const endpointScheme = attr(endpoint, 'schemeID');
  const endpointValue = text(endpoint);
  const identifiers = ids
    .filter((i) => i !== creditor)
    .map(schemed)
    .filter((x): x is SchemedId => !!x);
  const out: Party = compact({
    name: val(party, 'cac:PartyName/cbc:Name'),
    legalName: val(legal, 'cbc:RegistrationName'),
    vatNumber: val(vat, 'cbc:CompanyID'),
    peppolId: endpointValue ? (endpointScheme ? `${endpointScheme}:${endpointValue}` : endpointValue) : undefined,
    legalId: schemed(first(legal, 'cbc:CompanyID')),
    identifiers: identifiers.length ? identifiers : undefined,
    taxRegistration: val(tax, 'cbc:CompanyID'),
    legalForm: val(legal, 'cbc:CompanyLegalForm'),
    address: parseAddress(first(party, 'cac:PostalAddress')),
    contact: contact
      ? compact({
          name: val(contact, 'cbc:Name'),
          phone: val(contact, 'cbc:Telephone'),
          email: val(contact, 'cbc:ElectronicMail'),
        })
      : undefined,
  });
  const creditorId = creditor ? text(creditor) : undefined;
  return creditorId ? { party: out, creditorId } : { party: out };
}

function parseAllowanceCharge(ac: El, withCategory: boolean): AllowanceCharge {
  const out: AllowanceCharge = compact({
    amount: raw(ac, 'cbc:Amount'),
    percent: raw(ac, 'cbc:MultiplierFactorNumeric'),
    baseAmount: raw(ac, 'cbc:BaseAmount'),
    reason: val(ac, 'cbc:AllowanceChargeReason'),
    reasonCode: val(ac, 'cbc:AllowanceChargeReasonCode'),
  });
  if (withCategory) {
    const category = val(ac, 'cac:TaxCategory/cbc:ID') as VatCategory | undefined;
    if (category) out.vatCategory = category;
    const rate = raw(ac, 'cac:TaxCategory/cbc:Percent');
    if (rate) out.vatRate = rate;
  }
  return out;
}

function parseAttachment(ref: El): Attachment {
  const bin = first(ref, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
  return compact({
    id: val(ref, 'cbc:ID') ?? '',
    description: val(ref, 'cbc:DocumentDescription'),
    filename: attr(bin, 'filename'),
    mimeCode: attr(bin, 'mimeCode'),
    content: bin ? (bin.textContent ?? '').replace(/\s+/g, '') || undefined : undefined,
    url: val(ref, 'cac:Attachment/cac:ExternalReference/cbc:URI'),
  });
}

/**
 * One invoice line. A large invoice has thousands, so the line is written field by field, leaving out
 * what is absent (what `compact` of a literal gives, in the same order), rather than built twice.
 */
function parseLine(line: El, isCredit: boolean, itemPath: string): DocumentLine {
  const item = first(line, `${itemPath}cac:Item`);
  const qty = first(
    line,
    itemPath ? `${itemPath}cbc:Quantity` : isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity',
  );
  const price = first(line, `${itemPath}cac:Price`);
  const itemName = val(item, 'cbc:Name');
  const itemDescription = val(item, 'cbc:Description');
  const tax = first(item, 'cac:ClassifiedTaxCategory');
  const periodEl = first(line, 'cac:InvoicePeriod');
  // Named stores in the literal's key order, not a helper taking the key: a store under a varying key
  // is a slow, generic one.
  const out = {} as DocumentLine;
  const id = val(line, `${itemPath}cbc:ID`);
  if (id !== undefined) out.id = id;
  out.description = itemDescription ?? itemName ?? '';
  if (itemDescription !== undefined && itemName !== undefined) out.name = itemName;
  out.quantity = text(qty) || '0';
  const unit = attr(qty, 'unitCode');
  if (unit !== undefined) out.unit = unit;
  out.unitPrice = raw(price, 'cbc:PriceAmount') ?? '0';
  const baseQuantity = raw(price, 'cbc:BaseQuantity');
  if (baseQuantity !== undefined) out.baseQuantity = baseQuantity;
  const grossPrice = raw(price, 'cac:AllowanceCharge/cbc:BaseAmount');
  if (grossPrice !== undefined) out.grossPrice = grossPrice;
  const vatRate = raw(tax, 'cbc:Percent');
  if (vatRate !== undefined) out.vatRate = vatRate;
  const vatCategory = val(tax, 'cbc:ID') as VatCategory | undefined;
  if (vatCategory !== undefined) out.vatCategory = vatCategory;
  const itemCode = val(item, 'cac:SellersItemIdentification/cbc:ID');
  if (itemCode !== undefined) out.itemCode = itemCode;
  const buyerItemCode = val(item, 'cac:BuyersItemIdentification/cbc:ID');
  if (buyerItemCode !== undefined) out.buyerItemCode = buyerItemCode;
  const standardItemId = schemed(first(item, 'cac:StandardItemIdentification/cbc:ID'));
  if (standardItemId !== undefined) out.standardItemId = standardItemId;
  const itemClassification = classification(first(item, 'cac:CommodityClassification/cbc:ItemClassificationCode'));
  if (itemClassification !== undefined) out.classification = itemClassification;
  const originCountry = val(item, 'cac:OriginCountry/cbc:IdentificationCode');
  if (originCountry !== undefined) out.originCountry = originCountry;
  if (periodEl) out.period = compact({ start: val(periodEl, 'cbc:StartDate'), end: val(periodEl, 'cbc:EndDate') });
  const acs = kids(itemPath ? first(line, itemPath.slice(0, -1)) : line, 'cac:AllowanceCharge');
  if (acs.length) {
    const allowances = acs
      .filter((a) => val(a, 'cbc:ChargeIndicator') === 'false')
      .map((a) => parseAllowanceCharge(a, false));
    const charges = acs
      .filter((a) => val(a, 'cbc:ChargeIndicator') === 'true')
      .map((a) => parseAllowanceCharge(a, false));
    if (allowances.length) out.allowances = allowances;
    if (charges.length) out.charges = charges;
  }
  const orderLineReference = val(line, 'cac:OrderLineReference/cbc:LineID');
  if (orderLineReference !== undefined) out.orderLineReference = orderLineReference;
  const note = val(line, 'cbc:Note');
  if (note !== undefined) out.note = note;
  const accountingCost = val(line, `${itemPath}cbc:AccountingCost`);
  if (accountingCost !== undefined) out.accountingCost = accountingCost;
  const netAmount = raw(line, `${itemPath}cbc:LineExtensionAmount`);
  if (netAmount !== undefined) out.netAmount = netAmount;
  return out;
}

function parsePayment(
  root: El,
  creditorId: string | undefined,
  isCredit: boolean,
): { payment?: PaymentInfo; dueDate?: string } {
  const pm = first(root, 'cac:PaymentMeans');
  const terms = val(root, 'cac:PaymentTerms/cbc:Note');
  if (!pm && !terms && !creditorId) return {};
  const code = val(pm, 'cbc:PaymentMeansCode');
  const payment: PaymentInfo = compact({
    ...paymentMeansFromCode(code),
    iban: val(pm, 'cac:PayeeFinancialAccount/cbc:ID'),
    accountName: val(pm, 'cac:PayeeFinancialAccount/cbc:Name'),
    bic: val(pm, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'),
    reference: val(pm, 'cbc:PaymentID'),
    mandateId: val(pm, 'cac:PaymentMandate/cbc:ID'),
    debitedAccount: val(pm, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'),
    creditorId,
    cardLast4: val(pm, 'cac:CardAccount/cbc:PrimaryAccountNumberID'),
    cardHolder: val(pm, 'cac:CardAccount/cbc:HolderName'),
    terms,
  });
  const dueDate = isCredit ? val(pm, 'cbc:PaymentDueDate') : undefined;
  return dueDate ? { payment, dueDate } : { payment };
}

function parseTotals(root: El, monetaryTotal: string, currency: string): Totals {
  const lmt = first(root, monetaryTotal);
  const taxTotals = kids(root, 'cac:TaxTotal');
  const main =
    taxTotals.find((t) => kids(t, 'cac:TaxSubtotal').length > 0) ??
    taxTotals.find((t) => attr(first(t, 'cbc:TaxAmount'), 'currencyID') === currency);
  const other = taxTotals.find((t) => t !== main);
  const breakdown = all(main, 'cac:TaxSubtotal').map((st) =>
    compact({
      category: (val(st, 'cac:TaxCategory/cbc:ID') ?? 'S') as VatCategory,
      rate: raw(st, 'cac:TaxCategory/cbc:Percent'),
      taxableAmount: raw(st, 'cbc:TaxableAmount') ?? '0',
      taxAmount: raw(st, 'cbc:TaxAmount') ?? '0',
      exemptionReason: val(st, 'cac:TaxCategory/cbc:TaxExemptionReason'),
      exemptionReasonCode: val(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'),
    }),
  );
  return compact({
    lineTotal: raw(lmt, 'cbc:LineExtensionAmount'),
    allowanceTotal: raw(lmt, 'cbc:AllowanceTotalAmount'),
    chargeTotal: raw(lmt, 'cbc:ChargeTotalAmount'),
    netAmount: raw(lmt, 'cbc:TaxExclusiveAmount'),
    vatAmount: raw(main, 'cbc:TaxAmount'),
    grossAmount: raw(lmt, 'cbc:TaxInclusiveAmount'),
    prepaidAmount: raw(lmt, 'cbc:PrepaidAmount'),
    roundingAmount: raw(lmt, 'cbc:PayableRoundingAmount'),
    payableAmount: raw(lmt, 'cbc:PayableAmount'),
    vatBreakdown: breakdown.length ? breakdown : undefined,
    vatAmountInTaxCurrency: raw(other, 'cbc:TaxAmount'),
  });
}

function parseDelivery(root: El): DocumentBody['delivery'] {
  const d = first(root, 'cac:Delivery');
  if (!d) return undefined;
  const out = compact({
    date: val(d, 'cbc:ActualDeliveryDate') ?? val(d, 'cac:RequestedDeliveryPeriod/cbc:EndDate'),
    locationId: schemed(first(d, 'cac:DeliveryLocation/cbc:ID')),
    address: parseAddress(first(d, 'cac:DeliveryLocation/cac:Address')),
    partyName: val(d, 'cac:DeliveryParty/cac:PartyName/cbc:Name'),
  });
  return Object.keys(out).length ? out : undefined;
}

/** Maps a UBL Invoice or CreditNote onto the DocumentBody shape (the inverse of renderBilling). */
function parseBilling(root: El, type: DocumentType): DocumentBody {
  const isCredit = root.localName === 'CreditNote';
  const currency = val(root, 'cbc:DocumentCurrencyCode') ?? 'EUR';
  const seller = parseParty(first(root, 'cac:AccountingSupplierParty/cac:Party'));
  const buyer = parseParty(first(root, 'cac:AccountingCustomerParty/cac:Party'));
  const { payment, dueDate: cnDue } = parsePayment(root, seller.creditorId, isCredit);
  const orderRef = first(root, 'cac:OrderReference');
  const salesOrder = val(orderRef, 'cbc:SalesOrderID');
  const orderId = val(orderRef, 'cbc:ID');
  const docRefs = kids(root, 'cac:AdditionalDocumentReference');
  const projectRef = isCredit ? docRefs.find((d) => val(d, 'cbc:DocumentTypeCode') === '50') : undefined;
  const attachments = docRefs.filter((d) => d !== projectRef).map(parseAttachment);
  const period = first(root, 'cac:InvoicePeriod');
  const payee = first(root, 'cac:PayeeParty');
  const rep = first(root, 'cac:TaxRepresentativeParty');
  const typeCode = val(root, isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode');
  const lines = kids(root, isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine').map((l) => parseLine(l, isCredit, ''));
  const acs = kids(root, 'cac:AllowanceCharge');
  const allowances = acs
    .filter((a) => val(a, 'cbc:ChargeIndicator') === 'false')
    .map((a) => parseAllowanceCharge(a, true));
  const charges = acs.filter((a) => val(a, 'cbc:ChargeIndicator') === 'true').map((a) => parseAllowanceCharge(a, true));
  const billingReferences = kids(root, 'cac:BillingReference').map((b) =>
    compact({
      number: val(b, 'cac:InvoiceDocumentReference/cbc:ID') ?? '',
      issueDate: val(b, 'cac:InvoiceDocumentReference/cbc:IssueDate'),
    }),
  );
  return compact({
    number: val(root, 'cbc:ID') ?? '',
    issueDate: val(root, 'cbc:IssueDate') ?? '',
    dueDate: isCredit ? cnDue : val(root, 'cbc:DueDate'),
    currency,
    taxCurrency: val(root, 'cbc:TaxCurrencyCode'),
    typeCode: typeCode && typeCode !== DOCUMENT_TYPE_INFO[type].typeCode ? typeCode : undefined,
    buyerReference: val(root, 'cbc:BuyerReference'),
    orderReference: orderId && !(orderId === 'NA' && salesOrder) ? orderId : undefined,
    salesOrderReference: salesOrder,
    contractReference: val(root, 'cac:ContractDocumentReference/cbc:ID'),
    projectReference: projectRef ? val(projectRef, 'cbc:ID') : val(root, 'cac:ProjectReference/cbc:ID'),
    despatchReference: val(root, 'cac:DespatchDocumentReference/cbc:ID'),
    receiptReference: val(root, 'cac:ReceiptDocumentReference/cbc:ID'),
    billingReferences: billingReferences.length ? billingReferences : undefined,
    accountingCost: val(root, 'cbc:AccountingCost'),
    taxPointDate: val(root, 'cbc:TaxPointDate'),
    invoicePeriod: period
      ? compact({ start: val(period, 'cbc:StartDate'), end: val(period, 'cbc:EndDate') })
      : undefined,
    note: val(root, 'cbc:Note'),
    seller: seller.party,
    buyer: buyer.party,
    payee: payee
      ? compact({
          name: val(payee, 'cac:PartyName/cbc:Name'),
          identifiers: all(payee, 'cac:PartyIdentification/cbc:ID')
            .map(schemed)
            .filter((x): x is SchemedId => !!x),
          legalId: schemed(first(payee, 'cac:PartyLegalEntity/cbc:CompanyID')),
        })
      : undefined,
    taxRepresentative: rep
      ? compact({
          name: val(rep, 'cac:PartyName/cbc:Name'),
          vatNumber: val(rep, 'cac:PartyTaxScheme/cbc:CompanyID'),
          address: parseAddress(first(rep, 'cac:PostalAddress')),
        })
      : undefined,
    payment,
    delivery: parseDelivery(root),
    lines,
    allowances: allowances.length ? allowances : undefined,
    charges: charges.length ? charges : undefined,
    attachments: attachments.length ? attachments : undefined,
    totals: parseTotals(root, 'cac:LegalMonetaryTotal', currency),
  });
}

/** Order, OrderResponse and Quotation share the LineItem structure. */
function parseTrade(root: El): DocumentBody {
  const isQuote = root.localName === 'Quotation';
  const currency = val(root, isQuote ? 'cbc:PricingCurrencyCode' : 'cbc:DocumentCurrencyCode') ?? 'EUR';
  const seller = parseParty(first(root, 'cac:SellerSupplierParty/cac:Party'));
  const buyer = parseParty(first(root, 'cac:BuyerCustomerParty/cac:Party'));
  const lineName = isQuote ? 'cac:QuotationLine' : 'cac:OrderLine';
  const totalName =
    root.localName === 'Order'
      ? 'cac:AnticipatedMonetaryTotal'
      : isQuote
        ? 'cac:QuotedMonetaryTotal'
        : 'cac:LegalMonetaryTotal';
  const acs = kids(root, 'cac:AllowanceCharge');
  const allowances = acs
    .filter((a) => val(a, 'cbc:ChargeIndicator') === 'false')
    .map((a) => parseAllowanceCharge(a, true));
  const charges = acs.filter((a) => val(a, 'cbc:ChargeIndicator') === 'true').map((a) => parseAllowanceCharge(a, true));
  const attachments = kids(root, 'cac:AdditionalDocumentReference').map(parseAttachment);
  const terms = val(root, 'cac:PaymentTerms/cbc:Note');
  const totals = parseTotals(root, totalName, currency);
  delete totals.vatBreakdown;
  const salesOrder = val(root, 'cbc:SalesOrderID');
  return compact({
    number: val(root, 'cbc:ID') ?? '',
    issueDate: val(root, 'cbc:IssueDate') ?? '',
    currency,
    typeCode:
      root.localName === 'Order' && val(root, 'cbc:OrderTypeCode') !== DOCUMENT_TYPE_INFO['purchase-order'].typeCode
        ? val(root, 'cbc:OrderTypeCode')
        : undefined,
    responseCode: val(root, 'cbc:OrderResponseCode'),
    note: val(root, 'cbc:Note'),
    buyerReference: val(root, 'cbc:CustomerReference'),
    accountingCost: val(root, 'cbc:AccountingCost'),
    validUntil: val(root, 'cac:ValidityPeriod/cbc:EndDate'),
    orderReference:
      val(root, 'cac:OrderReference/cbc:ID') ?? val(root, 'cac:RequestForQuotationDocumentReference/cbc:ID'),
    salesOrderReference: salesOrder && salesOrder !== val(root, 'cbc:ID') ? salesOrder : undefined,
    quotationReference: val(root, 'cac:QuotationDocumentReference/cbc:ID'),
    contractReference: val(root, 'cac:Contract/cbc:ID'),
    projectReference: val(root, 'cac:ProjectReference/cbc:ID'),
    seller: seller.party,
    buyer: buyer.party,
    payment: terms ? { terms } : undefined,
    delivery: parseDelivery(root),
    lines: kids(root, lineName).map((l) => parseLine(l, false, 'cac:LineItem/')),
    allowances: allowances.length ? allowances : undefined,
    charges: charges.length ? charges : undefined,
    attachments: attachments.length ? attachments : undefined,
    totals,
  });
}

function parseEvent(root: El): DocumentBody {
  const sender = first(root, 'cac:SenderParty');
  const receiver = first(root, 'cac:ReceiverParty');
  const eventParty = (p: El | undefined): Party | undefined => {
    if (!p) return undefined;
    const ep = first(p, 'cbc:EndpointID');
    const scheme = attr(ep, 'schemeID');
    return compact({
      peppolId: ep ? (scheme ? `${scheme}:${text(ep)}` : text(ep)) : undefined,
      legalName: val(p, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    });
  };
  const seller = eventParty(sender);
  const buyer = eventParty(receiver);
  const ref = val(root, 'cac:DocumentResponse/cac:DocumentReference/cbc:ID');
  const number = val(root, 'cbc:ID') ?? '';
  return compact({
    number,
    issueDate: val(root, 'cbc:IssueDate') ?? '',
    note: val(root, 'cbc:Note'),
    responseCode: val(root, 'cac:DocumentResponse/cac:Response/cbc:ResponseCode'),
    orderReference: ref && ref !== number ? ref : undefined,
    seller,
    buyer: JSON.stringify(buyer) === JSON.stringify(seller) ? undefined : buyer,
    lines: [],
  });
}

const SUPPORTED_ROOTS = new Set([
  'Invoice',
  'CreditNote',
  'Order',
  'OrderResponse',
  'Quotation',
  'ApplicationResponse',
]);

/** Parses an element already known to be UBL; refuses other roots and namespaces with XML-ROOT. */
export function parseUblElement(root: El): ParseResult {
  const local = root.localName ?? '';
  if (!SUPPORTED_ROOTS.has(local) || root.namespaceURI !== UBL_NS[local as keyof typeof UBL_NS]) {
    return {
      ok: false,
      errors: [
        {
          rule: 'XML-ROOT',
          message: `Unsupported root element {${root.namespaceURI ?? ''}}${local}: expected a UBL 2.1 Invoice, CreditNote, Order, OrderResponse, Quotation or ApplicationResponse`,
          path: `/${root.nodeName}`,
        },
      ],
    };
  }
  const typeCode = val(root, local === 'CreditNote' ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode');
  const type = documentTypeOf(local, typeCode, val(root, 'cbc:CustomizationID'));
  if (!type) {
    return {
      ok: false,
      errors: [
        {
          rule: 'XML-ROOT',
          message: `${local} with CustomizationID ${val(root, 'cbc:CustomizationID') ?? '(none)'} is not a document type this service exchanges`,
          path: `/${root.nodeName}`,
        },
      ],
    };
  }
  try {
    const pint = pintSpecificationOf(val(root, 'cbc:CustomizationID'));
    const body =
      local === 'Invoice' || local === 'CreditNote'
        ? pint
          ? fromPintCategories(pint, parseBilling(root, type))
          : parseBilling(root, type)
        : local === 'ApplicationResponse'
          ? parseEvent(root)
          : parseTrade(root);
    return { ok: true, type, body, root, warnings: [] };
  } catch (e) {
    return {
      ok: false,
      errors: [
        { rule: 'INTERNAL-PARSE-ERROR', message: `Parsing failed: ${String((e as Error)?.message ?? e)}`, path: '/' },
      ],
    };
  }
}

/** Parses UBL XML text (size-limited, DTDs refused) into a DocumentBody. */
export function parseUbl(xml: string, maxBytes = DEFAULT_MAX_XML_BYTES): ParseResult {
  const parsed = parseXmlTree(xml, maxBytes);
  if (!parsed.ok) return parsed;
  return parseUblElement(parsed.root);
}
