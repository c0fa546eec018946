import { withArticle } from '../article.ts';
import { BILLING_CUSTOMIZATION, BILLING_PROFILE, DOCUMENT_TYPE_INFO } from '../document-types.ts';
import { splitParticipantId } from '../identifiers.ts';
import { formatAmount, formatPlain, type Dec } from '../money.ts';
import { computeDocument, type ComputedAllowanceCharge, type ComputedDocument, type ComputedLine } from '../totals.ts';
import type { Address, Contact, DocumentBody, DocumentType, Party, SchemedId, ValidationIssue } from '../types.ts';
import { paymentMeansCode, paymentTermsText } from '../ubl/render-billing.ts';
import { checkDocumentBody, type BodyCheckOptions } from '../validation/validate-json.ts';
import { NS } from '../xml/dom.ts';
import { XmlWriter } from '../xml/writer.ts';

/**
 * The specification a CII invoice declares (BT-24). `en16931` is the plain EN16931 profile, which
 * Factur-X and ZUGFeRD call "EN 16931 (COMFORT)"; `peppol` is the Peppol BIS Billing CIUS, with its
 * business process (BT-23), which the Peppol CII artefacts require.
 */
export type CiiGuideline = 'en16931' | 'peppol';

export const CII_GUIDELINE_IDS: Record<CiiGuideline, string> = {
  en16931: 'urn:cen.eu:en16931:2017',
  peppol: BILLING_CUSTOMIZATION,
};

export interface CiiRenderOptions extends BodyCheckOptions {
  guideline?: CiiGuideline;
}

export interface CiiRenderResult {
  /** The CII D16B XML; absent when the body has structural errors or the type is not billing. */
  xml?: string;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

const ROOT = 'rsm:CrossIndustryInvoice';

/** CII dates are udt/qdt date strings in format 102 (CCYYMMDD). */
const date102 = (value: string | undefined) => value?.replace(/-/g, '');

/**
 * Renders an invoice, credit note or debit note to UN/CEFACT CII D16B in the EN16931 syntax binding
 * (the XML of Factur-X and ZUGFeRD), from the same DocumentBody `renderUbl` takes and with the same
 * derived totals, so the two syntaxes carry the same figures. `parseCii` reads it back.
 */
export function renderCii(type: DocumentType, body: DocumentBody, options: CiiRenderOptions = {}): CiiRenderResult {
  if (!DOCUMENT_TYPE_INFO[type].billing) {
    return {
      errors: [
        {
          rule: 'CII-TYPE',
          message: `${withArticle(type)} has no CII CrossIndustryInvoice rendering`,
          path: '$.type',
        },
      ],
      warnings: [],
    };
  }
  const checked = checkDocumentBody(type, body, options);
  if (checked.errors.length) return { errors: checked.errors, warnings: checked.warnings };
  const warnings = [...checked.warnings];
  if ((body.billingReferences?.length ?? 0) > 1) {
    warnings.push({
      rule: 'CII-BILLING-REFERENCES',
      message: 'CII D16B carries one preceding invoice reference: only the first of billingReferences is rendered',
      path: '$.billingReferences',
    });
  }
  try {
    return { xml: writeInvoice(type, body, computeDocument(body), options), errors: [], warnings };
  } catch (e) {
    return {
      errors: [
        {
          rule: 'INTERNAL-RENDER-ERROR',
          message: `Rendering failed: ${String((e as Error)?.message ?? e)}`,
          path: '$',
        },
      ],
      warnings: [],
    };
  }
}

function writeInvoice(
  type: DocumentType,
  body: DocumentBody,
  doc: ComputedDocument,
  options: CiiRenderOptions,
): string {
  const guideline = options.guideline ?? 'en16931';
  const currency = body.currency ?? 'EUR';
  const w = new XmlWriter();
  w.raw('<?xml version="1.0" encoding="UTF-8"?>\n');
  w.open(ROOT, {
    'xmlns:rsm': NS.rsm,
    'xmlns:ram': NS.ram,
    'xmlns:qdt': NS.qdt,
    'xmlns:udt': NS.udt,
  });
  w.group('rsm:ExchangedDocumentContext', () => {
    if (guideline === 'peppol')
      w.group('ram:BusinessProcessSpecifiedDocumentContextParameter', () => w.leaf('ram:ID', BILLING_PROFILE));
    w.group('ram:GuidelineSpecifiedDocumentContextParameter', () => w.leaf('ram:ID', CII_GUIDELINE_IDS[guideline]));
  });
  w.group('rsm:ExchangedDocument', () => {
    w.leaf('ram:ID', body.number);
    w.leaf('ram:TypeCode', body.typeCode ?? DOCUMENT_TYPE_INFO[type].typeCode);
    dateTime(w, 'ram:IssueDateTime', body.issueDate);
    // One note per line: parseCii joins several notes with line breaks, and a note's own text is
    // read with its white space collapsed.
    for (const note of body.note?.split('\n') ?? []) w.group('ram:IncludedNote', () => w.leaf('ram:Content', note));
  });
  w.open('rsm:SupplyChainTradeTransaction');
  for (const line of doc.lines) writeLine(w, line);
  writeAgreement(w, body);
  writeDelivery(w, body);
  writeSettlement(w, body, doc, currency);
  w.close('rsm:SupplyChainTradeTransaction');
  w.close(ROOT);
  return w.toString();
}

function dateTime(w: XmlWriter, name: string, value: string | undefined): void {
  if (value) w.group(name, () => w.leaf('udt:DateTimeString', date102(value), { format: '102' }));
}

function period(w: XmlWriter, value: { start?: string; end?: string } | undefined): void {
  if (!value) return;
  w.group('ram:BillingSpecifiedPeriod', () => {
    dateTime(w, 'ram:StartDateTime', value.start);
    dateTime(w, 'ram:EndDateTime', value.end);
  });
}

function amount(w: XmlWriter, name: string, value: Dec | undefined, attrs?: Record<string, string>): void {
  if (value !== undefined) w.leaf(name, formatAmount(value), attrs);
}

/** Identifiers with a scheme are global ids (ICD, GLN …); without one they are the partner's own. */
function identifier(w: XmlWriter, id: SchemedId | undefined): void {
  if (!id) return;
  if (id.scheme) w.leaf('ram:GlobalID', id.value, { schemeID: id.scheme });
  else w.leaf('ram:ID', id.value);
}

function writeIdentifiers(w: XmlWriter, ids: SchemedId[]): void {
  // The schema wants every ram:ID before the first ram:GlobalID.
  for (const id of ids.filter((i) => !i.scheme)) identifier(w, id);
  for (const id of ids.filter((i) => i.scheme)) identifier(w, id);
}

function writeAddress(w: XmlWriter, address: Address | undefined): void {
  if (!address) return;
  w.group('ram:PostalTradeAddress', () => {
    w.leaf('ram:PostcodeCode', address.postalCode)
      .leaf('ram:LineOne', address.street)
      .leaf('ram:LineTwo', address.additionalStreet)
      .leaf('ram:CityName', address.city)
      .leaf('ram:CountryID', address.country)
      .leaf('ram:CountrySubDivisionName', address.region);
  });
}

function writeContact(w: XmlWriter, contact: Contact | undefined): void {
  if (!contact) return;
  w.group('ram:DefinedTradeContact', () => {
    w.leaf('ram:PersonName', contact.name);
    w.group('ram:TelephoneUniversalCommunication', () => w.leaf('ram:CompleteNumber', contact.phone));
    w.group('ram:EmailURIUniversalCommunication', () => w.leaf('ram:URIID', contact.email));
  });
}

function writeParty(w: XmlWriter, name: string, party: Party, seller: boolean, extraIds: SchemedId[] = []): void {
  w.group(name, () => {
    writeIdentifiers(w, [...(party.identifiers ?? []), ...extraIds]);
    w.leaf('ram:Name', party.legalName ?? party.name);
    if (seller) w.leaf('ram:Description', party.legalForm);
    w.group('ram:SpecifiedLegalOrganization', () => {
      if (party.legalId) w.leaf('ram:ID', party.legalId.value, { schemeID: party.legalId.scheme });
      w.leaf('ram:TradingBusinessName', party.name);
    });
    writeContact(w, party.contact);
    writeAddress(w, party.address);
    if (party.peppolId) {
      const id = splitParticipantId(party.peppolId);
      const other = id ? undefined : /^([A-Za-z0-9]{1,4}):(.+)$/.exec(party.peppolId);
      w.group('ram:URIUniversalCommunication', () => {
        if (id) w.leaf('ram:URIID', id.value, { schemeID: id.scheme });
        else if (other) w.leaf('ram:URIID', other[2], { schemeID: other[1] });
        else w.leaf('ram:URIID', party.peppolId);
      });
    }
    if (party.vatNumber)
      w.group('ram:SpecifiedTaxRegistration', () => w.leaf('ram:ID', party.vatNumber, { schemeID: 'VA' }));
    if (seller && party.taxRegistration)
      w.group('ram:SpecifiedTaxRegistration', () => w.leaf('ram:ID', party.taxRegistration, { schemeID: 'FC' }));
  });
}

function referenced(w: XmlWriter, name: string, id: string | undefined): void {
  if (id) w.group(name, () => w.leaf('ram:IssuerAssignedID', id));
}

function writeAgreement(w: XmlWriter, body: DocumentBody): void {
  w.open('ram:ApplicableHeaderTradeAgreement');
  w.leaf('ram:BuyerReference', body.buyerReference);
  writeParty(w, 'ram:SellerTradeParty', body.seller ?? {}, true);
  writeParty(w, 'ram:BuyerTradeParty', body.buyer ?? {}, false);
  const rep = body.taxRepresentative;
  if (rep) {
    w.group('ram:SellerTaxRepresentativeTradeParty', () => {
      w.leaf('ram:Name', rep.name ?? rep.legalName);
      writeAddress(w, rep.address);
      if (rep.vatNumber)
        w.group('ram:SpecifiedTaxRegistration', () => w.leaf('ram:ID', rep.vatNumber, { schemeID: 'VA' }));
    });
  }
  referenced(w, 'ram:SellerOrderReferencedDocument', body.salesOrderReference);
  referenced(w, 'ram:BuyerOrderReferencedDocument', body.orderReference);
  referenced(w, 'ram:ContractReferencedDocument', body.contractReference);
  for (const a of body.attachments ?? []) {
    w.group('ram:AdditionalReferencedDocument', () => {
      w.leaf('ram:IssuerAssignedID', a.id);
      w.leaf('ram:URIID', a.url);
      // 916: a supporting document (BG-24), as opposed to a tender (50) or an invoiced object (130).
      w.leaf('ram:TypeCode', '916');
      w.leaf('ram:Name', a.description);
      w.leaf('ram:AttachmentBinaryObject', a.content, { mimeCode: a.mimeCode, filename: a.filename });
    });
  }
  if (body.projectReference) {
    w.group('ram:SpecifiedProcuringProject', () => {
      w.leaf('ram:ID', body.projectReference);
      // The schema requires a name; EN16931 has none for BT-11.
      w.leaf('ram:Name', 'Project reference');
    });
  }
  w.close('ram:ApplicableHeaderTradeAgreement');
}

function writeDelivery(w: XmlWriter, body: DocumentBody): void {
  const d = body.delivery;
  // The header delivery is mandatory in the schema, even when empty.
  w.open('ram:ApplicableHeaderTradeDelivery');
  if (d && (d.locationId || d.partyName || d.address)) {
    w.group('ram:ShipToTradeParty', () => {
      identifier(w, d.locationId);
      w.leaf('ram:Name', d.partyName);
      writeAddress(w, d.address);
    });
  }
  if (d?.date) w.group('ram:ActualDeliverySupplyChainEvent', () => dateTime(w, 'ram:OccurrenceDateTime', d.date));
  referenced(w, 'ram:DespatchAdviceReferencedDocument', body.despatchReference);
  referenced(w, 'ram:ReceivingAdviceReferencedDocument', body.receiptReference);
  w.close('ram:ApplicableHeaderTradeDelivery');
}

function writeAllowanceCharge(w: XmlWriter, ac: ComputedAllowanceCharge, withCategory: boolean): void {
  w.group('ram:SpecifiedTradeAllowanceCharge', () => {
    w.group('ram:ChargeIndicator', () => w.leaf('udt:Indicator', ac.charge ? 'true' : 'false'));
    if (ac.percent) w.leaf('ram:CalculationPercent', formatPlain(ac.percent));
    amount(w, 'ram:BasisAmount', ac.baseAmount);
    amount(w, 'ram:ActualAmount', ac.amount);
    w.leaf('ram:ReasonCode', ac.reasonCode);
    w.leaf('ram:Reason', ac.reason);
    if (withCategory && ac.category) {
      w.group('ram:CategoryTradeTax', () => {
        w.leaf('ram:TypeCode', 'VAT');
        w.leaf('ram:CategoryCode', ac.category);
        if (ac.rate) w.leaf('ram:RateApplicablePercent', formatPlain(ac.rate));
      });
    }
  });
}

function writeSettlement(w: XmlWriter, body: DocumentBody, doc: ComputedDocument, currency: string): void {
  const p = body.payment;
  const t = doc.totals;
  w.open('ram:ApplicableHeaderTradeSettlement');
  w.leaf('ram:CreditorReferenceID', p?.creditorId);
  w.leaf('ram:PaymentReference', p?.reference);
  if (body.taxCurrency && body.taxCurrency !== currency) w.leaf('ram:TaxCurrencyCode', body.taxCurrency);
  w.leaf('ram:InvoiceCurrencyCode', currency);
  const payee = body.payee;
  if (payee) {
    w.group('ram:PayeeTradeParty', () => {
      writeIdentifiers(w, payee.identifiers ?? []);
      w.leaf('ram:Name', payee.name ?? payee.legalName);
      if (payee.legalId)
        w.group('ram:SpecifiedLegalOrganization', () =>
          w.leaf('ram:ID', payee.legalId?.value, { schemeID: payee.legalId?.scheme }),
        );
    });
  }
  const code = p ? paymentMeansCode(p) : undefined;
  const isDebit = code === '49' || code === '59';
  if (p && code) {
    w.group('ram:SpecifiedTradeSettlementPaymentMeans', () => {
      w.leaf('ram:TypeCode', code);
      if (p.cardLast4) {
        w.group('ram:ApplicableTradeSettlementFinancialCard', () =>
          w.leaf('ram:ID', p.cardLast4).leaf('ram:CardholderName', p.cardHolder),
        );
      }
      const debited = p.debitedAccount ?? (isDebit ? p.iban : undefined);
      if (debited)
        w.group('ram:PayerPartyDebtorFinancialAccount', () => w.leaf('ram:IBANID', debited.replace(/\s+/g, '')));
      if (p.iban && !isDebit) {
        const account = p.iban.replace(/\s+/g, '');
        w.group('ram:PayeePartyCreditorFinancialAccount', () => {
          // BT-84 is an IBAN for SEPA transfers; any other account number is proprietary.
          if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(account)) w.leaf('ram:IBANID', account);
          w.leaf('ram:AccountName', p.accountName);
          if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(account)) w.leaf('ram:ProprietaryID', account);
        });
        if (p.bic) w.group('ram:PayeeSpecifiedCreditorFinancialInstitution', () => w.leaf('ram:BICID', p.bic));
      }
    });
  }
  for (const b of t.breakdown) {
    w.group('ram:ApplicableTradeTax', () => {
      amount(w, 'ram:CalculatedAmount', b.tax);
      w.leaf('ram:TypeCode', 'VAT');
      w.leaf('ram:ExemptionReason', b.exemptionReason);
      amount(w, 'ram:BasisAmount', b.taxable);
      w.leaf('ram:CategoryCode', b.category);
      w.leaf('ram:ExemptionReasonCode', b.exemptionReasonCode);
      if (body.taxPointDate)
        w.group('ram:TaxPointDate', () => w.leaf('udt:DateString', date102(body.taxPointDate), { format: '102' }));
      if (b.rate) w.leaf('ram:RateApplicablePercent', formatPlain(b.rate));
    });
  }
  period(w, body.invoicePeriod);
  for (const ac of [...doc.allowances, ...doc.charges]) writeAllowanceCharge(w, ac, true);
  const terms = paymentTermsText(p);
  if (terms || body.dueDate || p?.mandateId) {
    w.group('ram:SpecifiedTradePaymentTerms', () => {
      w.leaf('ram:Description', terms);
      dateTime(w, 'ram:DueDateDateTime', body.dueDate);
      w.leaf('ram:DirectDebitMandateID', p?.mandateId);
    });
  }
  w.group('ram:SpecifiedTradeSettlementHeaderMonetarySummation', () => {
    amount(w, 'ram:LineTotalAmount', t.lineTotal);
    amount(w, 'ram:ChargeTotalAmount', t.chargeTotal);
    amount(w, 'ram:AllowanceTotalAmount', t.allowanceTotal);
    amount(w, 'ram:TaxBasisTotalAmount', t.net);
    amount(w, 'ram:TaxTotalAmount', t.vat, { currencyID: currency });
    if (t.vatInTaxCurrency && body.taxCurrency && body.taxCurrency !== currency)
      amount(w, 'ram:TaxTotalAmount', t.vatInTaxCurrency, { currencyID: body.taxCurrency });
    amount(w, 'ram:RoundingAmount', t.rounding);
    amount(w, 'ram:GrandTotalAmount', t.gross);
    amount(w, 'ram:TotalPrepaidAmount', t.prepaid);
    amount(w, 'ram:DuePayableAmount', t.payable);
  });
  // D16B has room for one preceding invoice (BG-3); renderCii warns when more are given.
  const ref = body.billingReferences?.[0];
  if (ref) {
    w.group('ram:InvoiceReferencedDocument', () => {
      w.leaf('ram:IssuerAssignedID', ref.number);
      if (ref.issueDate)
        w.group('ram:FormattedIssueDateTime', () =>
          w.leaf('qdt:DateTimeString', date102(ref.issueDate), { format: '102' }),
        );
    });
  }
  if (body.accountingCost)
    w.group('ram:ReceivableSpecifiedTradeAccountingAccount', () => w.leaf('ram:ID', body.accountingCost));
  w.close('ram:ApplicableHeaderTradeSettlement');
}

function writeLine(w: XmlWriter, line: ComputedLine): void {
  const src = line.source;
  w.open('ram:IncludedSupplyChainTradeLineItem');
  w.group('ram:AssociatedDocumentLineDocument', () => {
    w.leaf('ram:LineID', line.id);
    if (src.note) w.group('ram:IncludedNote', () => w.leaf('ram:Content', src.note));
  });
  w.group('ram:SpecifiedTradeProduct', () => {
    if (src.standardItemId) w.leaf('ram:GlobalID', src.standardItemId.value, { schemeID: src.standardItemId.scheme });
    w.leaf('ram:SellerAssignedID', src.itemCode);
    w.leaf('ram:BuyerAssignedID', src.buyerItemCode);
    w.leaf('ram:Name', src.name ?? src.description);
    if (src.name !== undefined && src.name !== src.description) w.leaf('ram:Description', src.description);
    if (src.classification) {
      w.group('ram:DesignatedProductClassification', () =>
        w.leaf('ram:ClassCode', src.classification?.value, {
          listID: src.classification?.scheme,
          listVersionID: src.classification?.version,
        }),
      );
    }
    if (src.originCountry) w.group('ram:OriginTradeCountry', () => w.leaf('ram:ID', src.originCountry));
  });
  w.group('ram:SpecifiedLineTradeAgreement', () => {
    if (src.orderLineReference)
      w.group('ram:BuyerOrderReferencedDocument', () => w.leaf('ram:LineID', src.orderLineReference));
    const basis = line.baseQuantity ? formatPlain(line.baseQuantity) : undefined;
    if (line.grossPrice) {
      const gross = line.grossPrice;
      w.group('ram:GrossPriceProductTradePrice', () => {
        w.leaf('ram:ChargeAmount', formatPlain(gross));
        w.leaf('ram:BasisQuantity', basis, { unitCode: line.unit });
        w.group('ram:AppliedTradeAllowanceCharge', () => {
          w.group('ram:ChargeIndicator', () => w.leaf('udt:Indicator', 'false'));
          w.leaf('ram:ActualAmount', formatPlain(gross.minus(line.price)));
        });
      });
    }
    w.group('ram:NetPriceProductTradePrice', () => {
      w.leaf('ram:ChargeAmount', formatPlain(line.price));
      w.leaf('ram:BasisQuantity', basis, { unitCode: line.unit });
    });
  });
  w.group('ram:SpecifiedLineTradeDelivery', () =>
    w.leaf('ram:BilledQuantity', formatPlain(line.quantity), { unitCode: line.unit }),
  );
  w.group('ram:SpecifiedLineTradeSettlement', () => {
    w.group('ram:ApplicableTradeTax', () => {
      w.leaf('ram:TypeCode', 'VAT');
      w.leaf('ram:CategoryCode', line.category);
      if (line.rate) w.leaf('ram:RateApplicablePercent', formatPlain(line.rate));
    });
    period(w, src.period);
    for (const ac of [...line.allowances, ...line.charges]) writeAllowanceCharge(w, ac, false);
    w.group('ram:SpecifiedTradeSettlementLineMonetarySummation', () => amount(w, 'ram:LineTotalAmount', line.net));
    if (src.accountingCost)
      w.group('ram:ReceivableSpecifiedTradeAccountingAccount', () => w.leaf('ram:ID', src.accountingCost));
  });
  w.close('ram:IncludedSupplyChainTradeLineItem');
}
