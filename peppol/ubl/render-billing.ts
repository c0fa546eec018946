import { DOCUMENT_TYPE_INFO, UBL_NS } from '../document-types.ts';
import { formatAmount, formatPlain } from '../money.ts';
import type { ComputedDocument, ComputedLine } from '../totals.ts';
import type { DocumentBody, DocumentType, PaymentInfo } from '../types.ts';
import { XmlWriter } from '../xml/writer.ts';
import { PAYMENT_MEANS_CODES } from '../payment-means.ts';
import { renderedBy, type Rendered } from './rendered.ts';
import {
  amount,
  schemedLeaf,
  writeAddress,
  writeAllowanceCharge,
  writeAttachment,
  writeBillingParty,
  writeDelivery,
  writeMonetaryTotal,
  writeTaxTotal,
  BIS_TAX,
  type TaxDialect,
} from './parts.ts';
import type { PintSpecificationInfo } from '../pint/specification.ts';

export function paymentMeansCode(payment: PaymentInfo): string | undefined {
  return payment.meansCode ?? (payment.means ? PAYMENT_MEANS_CODES[payment.means] : undefined);
}

/** Discount terms have no structured home in EN16931 (BT-20 is text), so they are rendered as sentences. */
export function paymentTermsText(payment: PaymentInfo | undefined): string | undefined {
  if (!payment) return undefined;
  const parts: string[] = [];
  if (payment.terms) parts.push(payment.terms);
  for (const d of payment.discountTerms ?? []) parts.push(`${d.percent}% discount if paid within ${d.days} days.`);
  return parts.length ? parts.join(' ') : undefined;
}

/**
 * Renders an Invoice (380/383/…) or CreditNote in the Peppol BIS Billing 3.0 binding, or with `pint`
 * in that PINT specialization (the same UBL binding, its own identifiers and tax dialect).
 */
export function renderBilling(
  type: DocumentType,
  body: DocumentBody,
  doc: ComputedDocument,
  buildDom = false,
  pint?: PintSpecificationInfo,
): Rendered {
  const info = DOCUMENT_TYPE_INFO[type];
  const tax: TaxDialect = pint ? { scheme: pint.taxScheme, category: pint.categoryOut } : BIS_TAX;
  const isCredit = info.root === 'CreditNote';
  const root = info.root;
  const currency = body.currency ?? 'EUR';
  const w = new XmlWriter(buildDom, { cac: UBL_NS.cac, cbc: UBL_NS.cbc });
  w.raw('<?xml version="1.0" encoding="UTF-8"?>\n');
  w.open(root, { xmlns: UBL_NS[root], 'xmlns:cac': UBL_NS.cac, 'xmlns:cbc': UBL_NS.cbc });
  w.leaf('cbc:CustomizationID', pint?.customizationId ?? info.customizationId);
  w.leaf('cbc:ProfileID', pint?.profileId ?? info.profileId);
  w.leaf('cbc:ID', body.number);
  w.leaf('cbc:IssueDate', body.issueDate);
  if (isCredit) {
    w.leaf('cbc:TaxPointDate', body.taxPointDate);
    w.leaf('cbc:CreditNoteTypeCode', body.typeCode ?? info.typeCode);
  } else {
    w.leaf('cbc:DueDate', body.dueDate);
    w.leaf('cbc:InvoiceTypeCode', body.typeCode ?? info.typeCode);
  }
  w.leaf('cbc:Note', body.note);
  if (!isCredit) w.leaf('cbc:TaxPointDate', body.taxPointDate);
  w.leaf('cbc:DocumentCurrencyCode', currency);
  if (body.taxCurrency && body.taxCurrency !== currency) w.leaf('cbc:TaxCurrencyCode', body.taxCurrency);
  w.leaf('cbc:AccountingCost', body.accountingCost);
  w.leaf('cbc:BuyerReference', body.buyerReference);
  if (body.invoicePeriod) {
    w.group('cac:InvoicePeriod', () => {
      w.leaf('cbc:StartDate', body.invoicePeriod?.start).leaf('cbc:EndDate', body.invoicePeriod?.end);
    });
  }
  if (body.orderReference || body.salesOrderReference) {
    w.group('cac:OrderReference', () => {
      // UBL requires an order ID; Peppol's guidance is "NA" when only the seller's order id is known.
      w.leaf('cbc:ID', body.orderReference ?? 'NA').leaf('cbc:SalesOrderID', body.salesOrderReference);
    });
  }
  for (const ref of body.billingReferences ?? []) {
    w.group('cac:BillingReference', () =>
      w.group('cac:InvoiceDocumentReference', () => w.leaf('cbc:ID', ref.number).leaf('cbc:IssueDate', ref.issueDate)),
    );
  }
  if (body.despatchReference) w.group('cac:DespatchDocumentReference', () => w.leaf('cbc:ID', body.despatchReference));
  if (body.receiptReference) w.group('cac:ReceiptDocumentReference', () => w.leaf('cbc:ID', body.receiptReference));
  if (isCredit) {
    if (body.contractReference)
      w.group('cac:ContractDocumentReference', () => w.leaf('cbc:ID', body.contractReference));
    writeDocumentAttachments(w, body, true);
  } else {
    if (body.contractReference)
      w.group('cac:ContractDocumentReference', () => w.leaf('cbc:ID', body.contractReference));
    writeDocumentAttachments(w, body, false);
    if (body.projectReference) w.group('cac:ProjectReference', () => w.leaf('cbc:ID', body.projectReference));
  }

  const seller = body.seller ?? {};
  const creditorId = body.payment?.creditorId ? [{ scheme: 'SEPA', value: body.payment.creditorId }] : [];
  w.group('cac:AccountingSupplierParty', () =>
    writeBillingParty(w, seller, { seller: true, extraIds: creditorId, tax }),
  );
  w.group('cac:AccountingCustomerParty', () => writeBillingParty(w, body.buyer ?? {}, { tax }));
  if (body.payee) {
    w.group('cac:PayeeParty', () => {
      for (const id of body.payee?.identifiers ?? [])
        w.group('cac:PartyIdentification', () => schemedLeaf(w, 'cbc:ID', id));
      w.group('cac:PartyName', () => w.leaf('cbc:Name', body.payee?.name ?? body.payee?.legalName));
      if (body.payee?.legalId)
        w.group('cac:PartyLegalEntity', () => schemedLeaf(w, 'cbc:CompanyID', body.payee?.legalId));
    });
  }
  if (body.taxRepresentative) {
    const rep = body.taxRepresentative;
    w.group('cac:TaxRepresentativeParty', () => {
      w.group('cac:PartyName', () => w.leaf('cbc:Name', rep.name ?? rep.legalName));
      writeAddress(w, 'cac:PostalAddress', rep.address);
      w.group('cac:PartyTaxScheme', () => {
        w.leaf('cbc:CompanyID', rep.vatNumber);
        w.group('cac:TaxScheme', () => w.leaf('cbc:ID', tax.scheme));
      });
    });
  }
  writeDelivery(w, body.delivery);
  writePaymentMeans(w, body, isCredit);
  const terms = paymentTermsText(body.payment);
  if (terms) w.group('cac:PaymentTerms', () => w.leaf('cbc:Note', terms));
  for (const ac of [...doc.allowances, ...doc.charges]) writeAllowanceCharge(w, ac, currency, true, tax);

  const t = doc.totals;
  writeTaxTotal(w, t, currency, { exemptionCodes: true, tax });
  if (t.vatInTaxCurrency && body.taxCurrency) {
    w.group('cac:TaxTotal', () =>
      w.leaf('cbc:TaxAmount', formatAmount(t.vatInTaxCurrency!), { currencyID: body.taxCurrency }),
    );
  }
  writeMonetaryTotal(w, 'cac:LegalMonetaryTotal', t, currency);

  for (const line of doc.lines) writeLine(w, line, isCredit, currency, tax);
  w.close(root);
  return renderedBy(w, buildDom);
}

function writeDocumentAttachments(w: XmlWriter, body: DocumentBody, isCredit: boolean): void {
  // A credit note has no ProjectReference element; Peppol carries BT-11 as a document reference of type 50.
  if (isCredit && body.projectReference) writeAttachment(w, { id: body.projectReference }, '50');
  for (const a of body.attachments ?? []) writeAttachment(w, a);
}

function writePaymentMeans(w: XmlWriter, body: DocumentBody, isCredit: boolean): void {
  const p = body.payment;
  if (!p) return;
  const code = paymentMeansCode(p);
  if (!code) return;
  w.open('cac:PaymentMeans');
  w.leaf('cbc:PaymentMeansCode', code);
  // CreditNote has no DueDate element in UBL 2.1; Peppol carries BT-9 here instead.
  if (isCredit) w.leaf('cbc:PaymentDueDate', body.dueDate);
  w.leaf('cbc:PaymentID', p.reference);
  if (p.cardLast4) {
    w.group('cac:CardAccount', () => {
      w.leaf('cbc:PrimaryAccountNumberID', p.cardLast4)
        .leaf('cbc:NetworkID', 'NA')
        .leaf('cbc:HolderName', p.cardHolder);
    });
  }
  const isDebit = code === '49' || code === '59';
  if (p.iban && !isDebit) {
    w.group('cac:PayeeFinancialAccount', () => {
      w.leaf('cbc:ID', p.iban?.replace(/\s+/g, ''));
      w.leaf('cbc:Name', p.accountName);
      if (p.bic) w.group('cac:FinancialInstitutionBranch', () => w.leaf('cbc:ID', p.bic));
    });
  }
  if (isDebit || p.mandateId) {
    w.group('cac:PaymentMandate', () => {
      w.leaf('cbc:ID', p.mandateId);
      const debited = p.debitedAccount ?? (isDebit ? p.iban : undefined);
      if (debited) w.group('cac:PayerFinancialAccount', () => w.leaf('cbc:ID', debited.replace(/\s+/g, '')));
    });
  }
  w.close('cac:PaymentMeans');
}

function writeLine(w: XmlWriter, line: ComputedLine, isCredit: boolean, currency: string, tax: TaxDialect): void {
  const src = line.source;
  w.open(isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
  w.leaf('cbc:ID', line.id);
  w.leaf('cbc:Note', src.note);
  w.leaf(isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', formatPlain(line.quantity), {
    unitCode: line.unit,
  });
  amount(w, 'cbc:LineExtensionAmount', line.net, currency);
  w.leaf('cbc:AccountingCost', src.accountingCost);
  if (src.period)
    w.group('cac:InvoicePeriod', () => w.leaf('cbc:StartDate', src.period?.start).leaf('cbc:EndDate', src.period?.end));
  if (src.orderLineReference) w.group('cac:OrderLineReference', () => w.leaf('cbc:LineID', src.orderLineReference));
  // Indexed loops rather than one over a joined copy: a large invoice would make an array (and
  // iterator results) per line.
  for (let i = 0; i < line.allowances.length; i++) writeAllowanceCharge(w, line.allowances[i], currency, false);
  for (let i = 0; i < line.charges.length; i++) writeAllowanceCharge(w, line.charges[i], currency, false);
  w.open('cac:Item');
  if (src.name !== undefined && src.name !== src.description) w.leaf('cbc:Description', src.description);
  w.leaf('cbc:Name', src.name ?? src.description);
  if (src.buyerItemCode) w.group('cac:BuyersItemIdentification', () => w.leaf('cbc:ID', src.buyerItemCode));
  if (src.itemCode) w.group('cac:SellersItemIdentification', () => w.leaf('cbc:ID', src.itemCode));
  if (src.standardItemId) w.group('cac:StandardItemIdentification', () => schemedLeaf(w, 'cbc:ID', src.standardItemId));
  if (src.originCountry) w.group('cac:OriginCountry', () => w.leaf('cbc:IdentificationCode', src.originCountry));
  if (src.classification) {
    w.group('cac:CommodityClassification', () =>
      w.leaf('cbc:ItemClassificationCode', src.classification?.value, {
        listID: src.classification?.scheme,
        listVersionID: src.classification?.version,
      }),
    );
  }
  w.open('cac:ClassifiedTaxCategory');
  w.leaf('cbc:ID', tax.category(line.category, line.rate));
  if (line.rate) w.leaf('cbc:Percent', formatPlain(line.rate));
  w.group('cac:TaxScheme', () => w.leaf('cbc:ID', tax.scheme));
  w.close('cac:ClassifiedTaxCategory');
  w.close('cac:Item');
  w.open('cac:Price');
  w.leaf('cbc:PriceAmount', formatPlain(line.price), { currencyID: currency });
  if (line.baseQuantity) w.leaf('cbc:BaseQuantity', formatPlain(line.baseQuantity), { unitCode: line.unit });
  if (line.grossPrice) {
    w.group('cac:AllowanceCharge', () => {
      w.leaf('cbc:ChargeIndicator', 'false');
      w.leaf('cbc:Amount', formatPlain(line.grossPrice!.minus(line.price)), { currencyID: currency });
      w.leaf('cbc:BaseAmount', formatPlain(line.grossPrice!), { currencyID: currency });
    });
  }
  w.close('cac:Price');
  w.close(isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
}
