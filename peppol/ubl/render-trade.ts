import { DOCUMENT_TYPE_INFO, UBL_NS } from '../document-types.ts';
import { formatPlain } from '../money.ts';
import type { ComputedDocument, ComputedLine } from '../totals.ts';
import type { DocumentBody, DocumentType, Party } from '../types.ts';
import { XmlWriter } from '../xml/writer.ts';
import type { Rendered } from './rendered.ts';
import { amount, schemedLeaf, writeAddress, writeAllowanceCharge, writeAttachment, writeBillingParty, writeMonetaryTotal, writeTaxTotal } from './parts.ts';
import { paymentTermsText } from './render-billing.ts';

/**
 * Renders the pre-award and post-award documents that are not invoices: Peppol Ordering Order
 * (purchase-order), Order Agreement (sales-order), UBL Quotation (quote) and an ApplicationResponse
 * carrying a business event (event). Element order follows the UBL 2.1 XSDs.
 */
export function renderTrade(
  type: Exclude<DocumentType, 'invoice' | 'credit-note' | 'debit-note'>,
  body: DocumentBody,
  doc: ComputedDocument,
  buildDom = false,
): Rendered {
  const info = DOCUMENT_TYPE_INFO[type];
  const w = new XmlWriter(buildDom, { cac: UBL_NS.cac, cbc: UBL_NS.cbc });
  w.raw('<?xml version="1.0" encoding="UTF-8"?>\n');
  w.open(info.root, { xmlns: UBL_NS[info.root], 'xmlns:cac': UBL_NS.cac, 'xmlns:cbc': UBL_NS.cbc });
  w.leaf('cbc:CustomizationID', info.customizationId);
  w.leaf('cbc:ProfileID', info.profileId);
  w.leaf('cbc:ID', body.number);
  switch (type) {
    case 'purchase-order':
      renderOrder(w, body, doc);
      break;
    case 'sales-order':
      renderOrderAgreement(w, body, doc);
      break;
    case 'quote':
      renderQuotation(w, body, doc);
      break;
    case 'event':
      renderEvent(w, body);
      break;
  }
  w.close(info.root);
  return { xml: w.toString(), dom: w.document };
}

function party(w: XmlWriter, name: string, p: Party | undefined): void {
  if (!p) return;
  w.group(name, () => writeBillingParty(w, p));
}

function renderOrder(w: XmlWriter, body: DocumentBody, doc: ComputedDocument): void {
  const currency = body.currency ?? 'EUR';
  w.leaf('cbc:SalesOrderID', body.salesOrderReference);
  w.leaf('cbc:IssueDate', body.issueDate);
  w.leaf('cbc:OrderTypeCode', body.typeCode ?? DOCUMENT_TYPE_INFO['purchase-order'].typeCode);
  w.leaf('cbc:Note', body.note);
  w.leaf('cbc:DocumentCurrencyCode', currency);
  w.leaf('cbc:CustomerReference', body.buyerReference);
  w.leaf('cbc:AccountingCost', body.accountingCost);
  if (body.validUntil) w.group('cac:ValidityPeriod', () => w.leaf('cbc:EndDate', body.validUntil));
  if (body.quotationReference) w.group('cac:QuotationDocumentReference', () => w.leaf('cbc:ID', body.quotationReference));
  for (const a of body.attachments ?? []) writeAttachment(w, a);
  if (body.contractReference) w.group('cac:Contract', () => w.leaf('cbc:ID', body.contractReference));
  if (body.projectReference) w.group('cac:ProjectReference', () => w.leaf('cbc:ID', body.projectReference));
  party(w, 'cac:BuyerCustomerParty', body.buyer);
  party(w, 'cac:SellerSupplierParty', body.seller);
  writeRequestedDelivery(w, body);
  const terms = paymentTermsText(body.payment);
  if (terms) w.group('cac:PaymentTerms', () => w.leaf('cbc:Note', terms));
  for (const ac of [...doc.allowances, ...doc.charges]) writeAllowanceCharge(w, ac, currency, true);
  w.group('cac:TaxTotal', () => amount(w, 'cbc:TaxAmount', doc.totals.vat, currency));
  writeMonetaryTotal(w, 'cac:AnticipatedMonetaryTotal', doc.totals, currency);
  for (const line of doc.lines) {
    w.open('cac:OrderLine');
    w.leaf('cbc:Note', line.source.note);
    writeLineItem(w, line, currency);
    w.close('cac:OrderLine');
  }
}

function renderOrderAgreement(w: XmlWriter, body: DocumentBody, doc: ComputedDocument): void {
  const currency = body.currency ?? 'EUR';
  w.leaf('cbc:SalesOrderID', body.salesOrderReference ?? body.number);
  w.leaf('cbc:IssueDate', body.issueDate);
  w.leaf('cbc:OrderResponseCode', body.responseCode);
  w.leaf('cbc:Note', body.note);
  w.leaf('cbc:DocumentCurrencyCode', currency);
  w.leaf('cbc:CustomerReference', body.buyerReference);
  w.leaf('cbc:AccountingCost', body.accountingCost);
  if (body.validUntil) w.group('cac:ValidityPeriod', () => w.leaf('cbc:EndDate', body.validUntil));
  if (body.orderReference) w.group('cac:OrderReference', () => w.leaf('cbc:ID', body.orderReference));
  for (const a of body.attachments ?? []) writeAttachment(w, a);
  if (body.contractReference) w.group('cac:Contract', () => w.leaf('cbc:ID', body.contractReference));
  party(w, 'cac:SellerSupplierParty', body.seller);
  party(w, 'cac:BuyerCustomerParty', body.buyer);
  writeRequestedDelivery(w, body);
  const terms = paymentTermsText(body.payment);
  if (terms) w.group('cac:PaymentTerms', () => w.leaf('cbc:Note', terms));
  for (const ac of [...doc.allowances, ...doc.charges]) writeAllowanceCharge(w, ac, currency, true);
  // Order agreements carry the VAT breakdown: without it every line's tax category fails T110-R026/R027.
  writeTaxTotal(w, doc.totals, currency);
  writeMonetaryTotal(w, 'cac:LegalMonetaryTotal', doc.totals, currency);
  for (const line of doc.lines) {
    w.open('cac:OrderLine');
    w.leaf('cbc:Note', line.source.note);
    writeLineItem(w, line, currency);
    w.close('cac:OrderLine');
  }
}

function renderQuotation(w: XmlWriter, body: DocumentBody, doc: ComputedDocument): void {
  const currency = body.currency ?? 'EUR';
  w.leaf('cbc:IssueDate', body.issueDate);
  w.leaf('cbc:Note', body.note);
  w.leaf('cbc:PricingCurrencyCode', currency);
  if (body.validUntil) w.group('cac:ValidityPeriod', () => w.leaf('cbc:EndDate', body.validUntil));
  if (body.orderReference) w.group('cac:RequestForQuotationDocumentReference', () => w.leaf('cbc:ID', body.orderReference));
  for (const a of body.attachments ?? []) writeAttachment(w, a);
  if (body.contractReference) w.group('cac:Contract', () => w.leaf('cbc:ID', body.contractReference));
  party(w, 'cac:SellerSupplierParty', body.seller);
  party(w, 'cac:BuyerCustomerParty', body.buyer);
  writeRequestedDelivery(w, body);
  for (const ac of [...doc.allowances, ...doc.charges]) writeAllowanceCharge(w, ac, currency, true);
  w.group('cac:TaxTotal', () => amount(w, 'cbc:TaxAmount', doc.totals.vat, currency));
  writeMonetaryTotal(w, 'cac:QuotedMonetaryTotal', doc.totals, currency);
  for (const line of doc.lines) {
    w.open('cac:QuotationLine');
    w.leaf('cbc:Note', line.source.note);
    writeLineItem(w, line, currency);
    w.close('cac:QuotationLine');
  }
}

/** A business event has no recipient: the sender is written as both parties of the response. */
function renderEvent(w: XmlWriter, body: DocumentBody): void {
  w.leaf('cbc:IssueDate', body.issueDate);
  w.leaf('cbc:Note', body.note);
  const sender = body.seller ?? {};
  w.group('cac:SenderParty', () => writeEventParty(w, sender));
  w.group('cac:ReceiverParty', () => writeEventParty(w, body.buyer ?? sender));
  w.open('cac:DocumentResponse');
  w.group('cac:Response', () => {
    w.leaf('cbc:ResponseCode', body.responseCode ?? 'AB');
    w.leaf('cbc:Description', body.note);
  });
  const ref = body.orderReference ?? body.billingReferences?.[0]?.number ?? body.number;
  w.group('cac:DocumentReference', () => w.leaf('cbc:ID', ref));
  w.close('cac:DocumentResponse');
}

function writeEventParty(w: XmlWriter, p: Party): void {
  const [scheme, value] = p.peppolId?.includes(':') ? [p.peppolId.slice(0, 4), p.peppolId.slice(5)] : [undefined, p.peppolId];
  w.leaf('cbc:EndpointID', value, { schemeID: scheme });
  w.group('cac:PartyLegalEntity', () => w.leaf('cbc:RegistrationName', p.legalName ?? p.name));
}

function writeRequestedDelivery(w: XmlWriter, body: DocumentBody): void {
  const d = body.delivery;
  if (!d) return;
  // Ordering documents request a period rather than stating an actual delivery date.
  w.group('cac:Delivery', () => {
    if (d.locationId || d.address) {
      w.group('cac:DeliveryLocation', () => {
        schemedLeaf(w, 'cbc:ID', d.locationId);
        writeAddress(w, 'cac:Address', d.address);
      });
    }
    if (d.date) w.group('cac:RequestedDeliveryPeriod', () => w.leaf('cbc:EndDate', d.date));
    if (d.partyName) w.group('cac:DeliveryParty', () => w.group('cac:PartyName', () => w.leaf('cbc:Name', d.partyName)));
  });
}


function writeLineItem(w: XmlWriter, line: ComputedLine, currency: string): void {
  const src = line.source;
  w.open('cac:LineItem');
  w.leaf('cbc:ID', line.id);
  w.leaf('cbc:Quantity', formatPlain(line.quantity), { unitCode: line.unit });
  amount(w, 'cbc:LineExtensionAmount', line.net, currency);
  w.leaf('cbc:AccountingCost', src.accountingCost);
  for (const ac of [...line.allowances, ...line.charges]) writeAllowanceCharge(w, ac, currency, false);
  w.open('cac:Price');
  w.leaf('cbc:PriceAmount', formatPlain(line.price), { currencyID: currency });
  if (line.baseQuantity) w.leaf('cbc:BaseQuantity', formatPlain(line.baseQuantity), { unitCode: line.unit });
  w.close('cac:Price');
  w.open('cac:Item');
  if (src.name !== undefined && src.name !== src.description) w.leaf('cbc:Description', src.description);
  w.leaf('cbc:Name', src.name ?? src.description);
  if (src.buyerItemCode) w.group('cac:BuyersItemIdentification', () => w.leaf('cbc:ID', src.buyerItemCode));
  if (src.itemCode) w.group('cac:SellersItemIdentification', () => w.leaf('cbc:ID', src.itemCode));
  if (src.standardItemId) w.group('cac:StandardItemIdentification', () => schemedLeaf(w, 'cbc:ID', src.standardItemId));
  if (src.classification) {
    w.group('cac:CommodityClassification', () => w.leaf('cbc:ItemClassificationCode', src.classification?.value, { listID: src.classification?.scheme, listVersionID: src.classification?.version }));
  }
  w.open('cac:ClassifiedTaxCategory');
  w.leaf('cbc:ID', line.category);
  if (line.rate) w.leaf('cbc:Percent', formatPlain(line.rate));
  w.group('cac:TaxScheme', () => w.leaf('cbc:ID', 'VAT'));
  w.close('cac:ClassifiedTaxCategory');
  w.close('cac:Item');
  w.close('cac:LineItem');
}
