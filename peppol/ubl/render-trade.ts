import { DOCUMENT_TYPE_INFO, UBL_NS } from '../document-types.ts';
import { formatPlain } from '../money.ts';
import type { ComputedDocument, ComputedLine } from '../totals.ts';
import type { Attachment, DocumentBody, DocumentType, Party } from '../types.ts';
import { XmlWriter } from '../xml/writer.ts';
import { renderedBy, type Rendered } from './rendered.ts';
import {
  amount,
  schemedLeaf,
  writeAddress,
  writeAllowanceCharge,
  writeAttachment,
  writeBillingParty,
  writeContact,
  writeEndpoint,
  writeMonetaryTotal,
  writeTaxTotal,
} from './parts.ts';
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
  return renderedBy(w, buildDom);
}

function party(w: XmlWriter, name: string, p: Party | undefined): void {
  if (!p) return;
  w.group(name, () => writeBillingParty(w, p));
}

/** Which optional party parts a Peppol Ordering data model has room for. */
interface PartyModel {
  name: boolean;
  vat: boolean;
  contact: boolean;
}

/** A party of an order or order agreement: only what the transaction's data model allows. */
function orderingParty(w: XmlWriter, wrapper: string, p: Party | undefined, model: PartyModel): void {
  if (!p) return;
  w.group(wrapper, () =>
    w.group('cac:Party', () => {
      writeEndpoint(w, p);
      for (const id of p.identifiers ?? []) w.group('cac:PartyIdentification', () => schemedLeaf(w, 'cbc:ID', id));
      if (model.name && p.name) w.group('cac:PartyName', () => w.leaf('cbc:Name', p.name));
      writeAddress(w, 'cac:PostalAddress', p.address);
      if (model.vat && p.vatNumber) {
        w.group('cac:PartyTaxScheme', () => {
          w.leaf('cbc:CompanyID', p.vatNumber);
          w.group('cac:TaxScheme', () => w.leaf('cbc:ID', 'VAT'));
        });
      }
      w.group('cac:PartyLegalEntity', () => {
        w.leaf('cbc:RegistrationName', p.legalName ?? p.name);
        schemedLeaf(w, 'cbc:CompanyID', p.legalId);
      });
      if (model.contact) writeContact(w, p.contact);
    }),
  );
}

/** Ordering documents describe an attachment with DocumentType; they have no DocumentDescription. */
function writeOrderingAttachment(w: XmlWriter, attachment: Attachment): void {
  w.group('cac:AdditionalDocumentReference', () => {
    w.leaf('cbc:ID', attachment.id);
    w.leaf('cbc:DocumentType', attachment.description);
    w.group('cac:Attachment', () => {
      if (attachment.content)
        w.leaf('cbc:EmbeddedDocumentBinaryObject', attachment.content, {
          mimeCode: attachment.mimeCode,
          filename: attachment.filename,
        });
      if (attachment.url) w.group('cac:ExternalReference', () => w.leaf('cbc:URI', attachment.url));
    });
  });
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
  if (body.quotationReference)
    w.group('cac:QuotationDocumentReference', () => w.leaf('cbc:ID', body.quotationReference));
  for (const a of body.attachments ?? []) writeOrderingAttachment(w, a);
  if (body.contractReference) w.group('cac:Contract', () => w.leaf('cbc:ID', body.contractReference));
  if (body.projectReference) w.group('cac:ProjectReference', () => w.leaf('cbc:ID', body.projectReference));
  // The Order model (PEPPOL-T01) has a VAT number for the buyer only.
  orderingParty(w, 'cac:BuyerCustomerParty', body.buyer, { name: true, vat: true, contact: true });
  orderingParty(w, 'cac:SellerSupplierParty', body.seller, { name: true, vat: false, contact: true });
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

/**
 * The Order Agreement model (PEPPOL-T110) is narrower than the Order: no response code, validity,
 * accounting cost or payment terms, parties without trading name or VAT number, a promised rather
 * than requested delivery, and lines without allowances or charges (their net amount carries them).
 */
function renderOrderAgreement(w: XmlWriter, body: DocumentBody, doc: ComputedDocument): void {
  const currency = body.currency ?? 'EUR';
  w.leaf('cbc:SalesOrderID', body.salesOrderReference ?? body.number);
  w.leaf('cbc:IssueDate', body.issueDate);
  w.leaf('cbc:Note', body.note);
  w.leaf('cbc:DocumentCurrencyCode', currency);
  w.leaf('cbc:CustomerReference', body.buyerReference);
  if (body.orderReference) w.group('cac:OrderReference', () => w.leaf('cbc:ID', body.orderReference));
  for (const a of body.attachments ?? []) writeOrderingAttachment(w, a);
  if (body.contractReference) w.group('cac:Contract', () => w.leaf('cbc:ID', body.contractReference));
  orderingParty(w, 'cac:SellerSupplierParty', body.seller, { name: false, vat: false, contact: true });
  orderingParty(w, 'cac:BuyerCustomerParty', body.buyer, { name: false, vat: false, contact: false });
  writePromisedDelivery(w, body);
  for (const ac of [...doc.allowances, ...doc.charges]) writeAllowanceCharge(w, ac, currency, true);
  // Order agreements carry the VAT breakdown: without it every line's tax category fails T110-R026/R027.
  writeTaxTotal(w, doc.totals, currency, { exemptionCodes: false });
  writeMonetaryTotal(w, 'cac:LegalMonetaryTotal', doc.totals, currency);
  for (const line of doc.lines) {
    w.open('cac:OrderLine');
    writeLineItem(w, line, currency, { note: true, accountingCost: false, allowanceCharges: false });
    w.close('cac:OrderLine');
  }
}

function renderQuotation(w: XmlWriter, body: DocumentBody, doc: ComputedDocument): void {
  const currency = body.currency ?? 'EUR';
  w.leaf('cbc:IssueDate', body.issueDate);
  w.leaf('cbc:Note', body.note);
  w.leaf('cbc:PricingCurrencyCode', currency);
  if (body.validUntil) w.group('cac:ValidityPeriod', () => w.leaf('cbc:EndDate', body.validUntil));
  if (body.orderReference)
    w.group('cac:RequestForQuotationDocumentReference', () => w.leaf('cbc:ID', body.orderReference));
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
  const [scheme, value] = p.peppolId?.includes(':')
    ? [p.peppolId.slice(0, 4), p.peppolId.slice(5)]
    : [undefined, p.peppolId];
  w.leaf('cbc:EndpointID', value, { schemeID: scheme });
  w.group('cac:PartyLegalEntity', () => w.leaf('cbc:RegistrationName', p.legalName ?? p.name));
}

/** The delivery an order agreement promises: the period and the deliver-to party. */
function writePromisedDelivery(w: XmlWriter, body: DocumentBody): void {
  const d = body.delivery;
  if (!d) return;
  w.group('cac:Delivery', () => {
    if (d.date) w.group('cac:PromisedDeliveryPeriod', () => w.leaf('cbc:EndDate', d.date));
    if (d.locationId || d.partyName || d.address) {
      w.group('cac:DeliveryParty', () => {
        if (d.locationId) w.group('cac:PartyIdentification', () => schemedLeaf(w, 'cbc:ID', d.locationId));
        if (d.partyName) w.group('cac:PartyName', () => w.leaf('cbc:Name', d.partyName));
        writeAddress(w, 'cac:PostalAddress', d.address);
      });
    }
  });
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
    if (d.partyName)
      w.group('cac:DeliveryParty', () => w.group('cac:PartyName', () => w.leaf('cbc:Name', d.partyName)));
  });
}

/** Line item parts that not every transaction's model has. */
interface LineItemModel {
  note: boolean;
  accountingCost: boolean;
  allowanceCharges: boolean;
}

function writeLineItem(
  w: XmlWriter,
  line: ComputedLine,
  currency: string,
  model: LineItemModel = { note: false, accountingCost: true, allowanceCharges: true },
): void {
  const src = line.source;
  w.open('cac:LineItem');
  w.leaf('cbc:ID', line.id);
  if (model.note) w.leaf('cbc:Note', src.note);
  w.leaf('cbc:Quantity', formatPlain(line.quantity), { unitCode: line.unit });
  amount(w, 'cbc:LineExtensionAmount', line.net, currency);
  if (model.accountingCost) w.leaf('cbc:AccountingCost', src.accountingCost);
  if (model.allowanceCharges)
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
    w.group('cac:CommodityClassification', () =>
      w.leaf('cbc:ItemClassificationCode', src.classification?.value, {
        listID: src.classification?.scheme,
        listVersionID: src.classification?.version,
      }),
    );
  }
  w.open('cac:ClassifiedTaxCategory');
  w.leaf('cbc:ID', line.category);
  if (line.rate) w.leaf('cbc:Percent', formatPlain(line.rate));
  w.group('cac:TaxScheme', () => w.leaf('cbc:ID', 'VAT'));
  w.close('cac:ClassifiedTaxCategory');
  w.close('cac:Item');
  w.close('cac:LineItem');
}
