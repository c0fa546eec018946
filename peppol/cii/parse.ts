import { documentTypeOf } from '../document-types.ts';
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
  VatBreakdown,
  VatCategory,
} from '../types.ts';
import { DEFAULT_MAX_XML_BYTES, NS, all, attr, first, kids, parseXmlTree, text, val, type El } from '../xml/dom.ts';
import { compact, paymentMeansFromCode } from '../payment-means.ts';

export type CiiParseResult =
  | { ok: true; type: DocumentType; body: DocumentBody; warnings: ValidationIssue[] }
  | { ok: false; errors: ValidationIssue[] };

/** CII dates are udt:DateTimeString with format 102 (CCYYMMDD). */
function cciDate(el: El | undefined): string | undefined {
  const s = text(first(el, 'udt:DateTimeString')) || text(first(el, 'qdt:DateTimeString')) || text(el);
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined;
}

function schemed(el: El | undefined): SchemedId | undefined {
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

function address(el: El | undefined): Address | undefined {
  if (!el) return undefined;
  return compact({
    street: val(el, 'ram:LineOne'),
    additionalStreet: val(el, 'ram:LineTwo'),
    city: val(el, 'ram:CityName'),
    postalCode: val(el, 'ram:PostcodeCode'),
    region: val(el, 'ram:CountrySubDivisionName'),
    country: val(el, 'ram:CountryID') ?? '',
  });
}

function party(el: El | undefined): Party | undefined {
  if (!el) return undefined;
  const uri = first(el, 'ram:URIUniversalCommunication/ram:URIID');
  const regs = all(el, 'ram:SpecifiedTaxRegistration/ram:ID');
  const contact = first(el, 'ram:DefinedTradeContact');
  const legal = first(el, 'ram:SpecifiedLegalOrganization');
  const ids = [...kids(el, 'ram:ID'), ...kids(el, 'ram:GlobalID')].map(schemed).filter((x): x is SchemedId => !!x);
  const uriScheme = attr(uri, 'schemeID');
  return compact({
    name: val(legal, 'ram:TradingBusinessName'),
    legalName: val(el, 'ram:Name'),
    vatNumber: text(regs.find((r) => attr(r, 'schemeID') === 'VA')) || undefined,
    taxRegistration: text(regs.find((r) => attr(r, 'schemeID') === 'FC')) || undefined,
    peppolId: uri && text(uri) ? (uriScheme ? `${uriScheme}:${text(uri)}` : text(uri)) : undefined,
    legalId: schemed(first(legal, 'ram:ID')),
    legalForm: val(el, 'ram:Description'),
    identifiers: ids.length ? ids : undefined,
    address: address(first(el, 'ram:PostalTradeAddress')),
    contact: contact
      ? compact({
          name: val(contact, 'ram:PersonName') ?? val(contact, 'ram:DepartmentName'),
          phone: val(contact, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
          email: val(contact, 'ram:EmailURIUniversalCommunication/ram:URIID'),
        })
      : undefined,
  });
}

function allowanceCharge(el: El, withCategory: boolean): { charge: boolean; ac: AllowanceCharge } {
  const charge = text(first(el, 'ram:ChargeIndicator/udt:Indicator')) === 'true';
  const ac: AllowanceCharge = compact({
    amount: val(el, 'ram:ActualAmount'),
    percent: val(el, 'ram:CalculationPercent'),
    baseAmount: val(el, 'ram:BasisAmount'),
    reason: val(el, 'ram:Reason'),
    reasonCode: val(el, 'ram:ReasonCode'),
    vatCategory: withCategory
      ? (val(el, 'ram:CategoryTradeTax/ram:CategoryCode') as VatCategory | undefined)
      : undefined,
    vatRate: withCategory ? val(el, 'ram:CategoryTradeTax/ram:RateApplicablePercent') : undefined,
  });
  return { charge, ac };
}

/**
 * One invoice line. A large invoice has thousands, so the line is written field by field, leaving out
 * what is absent (what `compact` of a literal gives, in the same order), rather than built twice.
 */
function line(el: El): DocumentLine {
  const product = first(el, 'ram:SpecifiedTradeProduct');
  const agreement = first(el, 'ram:SpecifiedLineTradeAgreement');
  const settlement = first(el, 'ram:SpecifiedLineTradeSettlement');
  const qty = first(el, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
  const netPrice = first(agreement, 'ram:NetPriceProductTradePrice');
  const name = val(product, 'ram:Name');
  const description = val(product, 'ram:Description');
  const period = first(settlement, 'ram:BillingSpecifiedPeriod');
  // Named stores, one transition each, in the order `compact` of a literal would give: a helper storing
  // through a key variable made a closure per line and left each store on the slower keyed path
  // (twice the bytes a line's mapping allocates).
  const out: Partial<DocumentLine> = {};
  const id = val(el, 'ram:AssociatedDocumentLineDocument/ram:LineID');
  if (id !== undefined) out.id = id;
  const note = val(el, 'ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:Content');
  if (note !== undefined) out.note = note;
  out.description = description ?? name ?? '';
  if (description !== undefined && name !== undefined) out.name = name;
  out.quantity = text(qty) || '0';
  const unit = attr(qty, 'unitCode');
  if (unit !== undefined) out.unit = unit;
  out.unitPrice = val(netPrice, 'ram:ChargeAmount') ?? '0';
  const baseQuantity = val(netPrice, 'ram:BasisQuantity');
  if (baseQuantity !== undefined) out.baseQuantity = baseQuantity;
  const grossPrice = val(agreement, 'ram:GrossPriceProductTradePrice/ram:ChargeAmount');
  if (grossPrice !== undefined) out.grossPrice = grossPrice;
  const vatCategory = val(settlement, 'ram:ApplicableTradeTax/ram:CategoryCode');
  if (vatCategory !== undefined) out.vatCategory = vatCategory as VatCategory;
  const vatRate = val(settlement, 'ram:ApplicableTradeTax/ram:RateApplicablePercent');
  if (vatRate !== undefined) out.vatRate = vatRate;
  const itemCode = val(product, 'ram:SellerAssignedID');
  if (itemCode !== undefined) out.itemCode = itemCode;
  const buyerItemCode = val(product, 'ram:BuyerAssignedID');
  if (buyerItemCode !== undefined) out.buyerItemCode = buyerItemCode;
  const standardItemId = schemed(first(product, 'ram:GlobalID'));
  if (standardItemId !== undefined) out.standardItemId = standardItemId;
  const itemClass = classification(first(product, 'ram:DesignatedProductClassification/ram:ClassCode'));
  if (itemClass !== undefined) out.classification = itemClass;
  const originCountry = val(product, 'ram:OriginTradeCountry/ram:ID');
  if (originCountry !== undefined) out.originCountry = originCountry;
  if (period)
    out.period = compact({
      start: cciDate(first(period, 'ram:StartDateTime')),
      end: cciDate(first(period, 'ram:EndDateTime')),
    });
  const orderLineReference = val(agreement, 'ram:BuyerOrderReferencedDocument/ram:LineID');
  if (orderLineReference !== undefined) out.orderLineReference = orderLineReference;
  const accountingCost = val(settlement, 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID');
  if (accountingCost !== undefined) out.accountingCost = accountingCost;
  if (first(settlement, 'ram:SpecifiedTradeAllowanceCharge')) {
    const acs = all(settlement, 'ram:SpecifiedTradeAllowanceCharge').map((a) => allowanceCharge(a, false));
    const allowances = acs.filter((a) => !a.charge).map((a) => a.ac);
    const charges = acs.filter((a) => a.charge).map((a) => a.ac);
    if (allowances.length) out.allowances = allowances;
    if (charges.length) out.charges = charges;
  }
  const netAmount = val(settlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount');
  if (netAmount !== undefined) out.netAmount = netAmount;
  return out as DocumentLine;
}

/**
 * Maps a UN/CEFACT CII CrossIndustryInvoice (EN16931 syntax binding) onto the DocumentBody, so
 * that `renderUbl` can convert it to the UBL that Peppol delivers.
 */
export function parseCiiElement(root: El): CiiParseResult {
  if (root.localName !== 'CrossIndustryInvoice' || root.namespaceURI !== NS.rsm) {
    return {
      ok: false,
      errors: [
        {
          rule: 'XML-ROOT',
          message: `Expected a CII CrossIndustryInvoice, found {${root.namespaceURI ?? ''}}${root.localName}`,
          path: `/${root.nodeName}`,
        },
      ],
    };
  }
  try {
    const docEl = first(root, 'rsm:ExchangedDocument');
    const tx = first(root, 'rsm:SupplyChainTradeTransaction');
    const agreement = first(tx, 'ram:ApplicableHeaderTradeAgreement');
    const delivery = first(tx, 'ram:ApplicableHeaderTradeDelivery');
    const settlement = first(tx, 'ram:ApplicableHeaderTradeSettlement');
    const typeCode = val(docEl, 'ram:TypeCode') ?? '380';
    const isCredit = ['381', '396', '81', '83', '532'].includes(typeCode);
    const type = isCredit ? 'credit-note' : (documentTypeOf('Invoice', typeCode) ?? 'invoice');
    const defaultCode = isCredit ? '381' : type === 'debit-note' ? '383' : '380';
    const currency = val(settlement, 'ram:InvoiceCurrencyCode') ?? 'EUR';
    const taxCurrency = val(settlement, 'ram:TaxCurrencyCode');

    const sum = first(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    const taxTotals = kids(sum, 'ram:TaxTotalAmount');
    const vatBreakdown: VatBreakdown[] = all(settlement, 'ram:ApplicableTradeTax').map((t) =>
      compact({
        category: (val(t, 'ram:CategoryCode') ?? 'S') as VatCategory,
        rate: val(t, 'ram:RateApplicablePercent'),
        taxableAmount: val(t, 'ram:BasisAmount') ?? '0',
        taxAmount: val(t, 'ram:CalculatedAmount') ?? '0',
        exemptionReason: val(t, 'ram:ExemptionReason'),
        exemptionReasonCode: val(t, 'ram:ExemptionReasonCode'),
      }),
    );
    const totals: Totals = compact({
      lineTotal: val(sum, 'ram:LineTotalAmount'),
      chargeTotal: val(sum, 'ram:ChargeTotalAmount'),
      allowanceTotal: val(sum, 'ram:AllowanceTotalAmount'),
      netAmount: val(sum, 'ram:TaxBasisTotalAmount'),
      vatAmount: text(taxTotals.find((t) => (attr(t, 'currencyID') ?? currency) === currency)) || undefined,
      vatAmountInTaxCurrency: taxCurrency
        ? text(taxTotals.find((t) => attr(t, 'currencyID') === taxCurrency)) || undefined
        : undefined,
      roundingAmount: val(sum, 'ram:RoundingAmount'),
      grossAmount: val(sum, 'ram:GrandTotalAmount'),
      prepaidAmount: val(sum, 'ram:TotalPrepaidAmount'),
      payableAmount: val(sum, 'ram:DuePayableAmount'),
      vatBreakdown: vatBreakdown.length ? vatBreakdown : undefined,
    });

    const acs = kids(settlement, 'ram:SpecifiedTradeAllowanceCharge').map((a) => allowanceCharge(a, true));
    const pm = first(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
    const code = val(pm, 'ram:TypeCode');
    const terms = first(settlement, 'ram:SpecifiedTradePaymentTerms');
    const payment: PaymentInfo = compact({
      ...paymentMeansFromCode(code),
      iban:
        val(pm, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID') ??
        val(pm, 'ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID'),
      accountName: val(pm, 'ram:PayeePartyCreditorFinancialAccount/ram:AccountName'),
      bic: val(pm, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
      reference: val(settlement, 'ram:PaymentReference'),
      mandateId: val(terms, 'ram:DirectDebitMandateID'),
      debitedAccount: val(pm, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'),
      creditorId: val(settlement, 'ram:CreditorReferenceID'),
      cardLast4: val(pm, 'ram:ApplicableTradeSettlementFinancialCard/ram:ID'),
      cardHolder: val(pm, 'ram:ApplicableTradeSettlementFinancialCard/ram:CardholderName'),
      terms: val(terms, 'ram:Description'),
    });
    const attachments: Attachment[] = all(agreement, 'ram:AdditionalReferencedDocument')
      .filter((d) => val(d, 'ram:TypeCode') !== '50' && val(d, 'ram:TypeCode') !== '130')
      .map((d) => {
        const bin = first(d, 'ram:AttachmentBinaryObject');
        return compact({
          id: val(d, 'ram:IssuerAssignedID') ?? '',
          description: val(d, 'ram:Name'),
          filename: attr(bin, 'filename'),
          mimeCode: attr(bin, 'mimeCode'),
          content: bin ? (bin.textContent ?? '').replace(/\s+/g, '') || undefined : undefined,
          url: val(d, 'ram:URIID'),
        });
      });
    const shipTo = first(delivery, 'ram:ShipToTradeParty');
    const deliveryDate = cciDate(first(delivery, 'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime'));
    const deliveryOut =
      shipTo || deliveryDate
        ? compact({
            date: deliveryDate,
            locationId: schemed(first(shipTo, 'ram:GlobalID') ?? first(shipTo, 'ram:ID')),
            partyName: val(shipTo, 'ram:Name'),
            address: address(first(shipTo, 'ram:PostalTradeAddress')),
          })
        : undefined;
    const period = first(settlement, 'ram:BillingSpecifiedPeriod');
    const billingReferences = all(settlement, 'ram:InvoiceReferencedDocument').map((r) =>
      compact({
        number: val(r, 'ram:IssuerAssignedID') ?? '',
        issueDate: cciDate(first(r, 'ram:FormattedIssueDateTime/qdt:DateTimeString')),
      }),
    );
    const payee = first(settlement, 'ram:PayeeTradeParty');
    const rep = first(agreement, 'ram:SellerTaxRepresentativeTradeParty');
    const notes = all(docEl, 'ram:IncludedNote/ram:Content')
      .map((n) => text(n))
      .filter(Boolean);
    const body: DocumentBody = compact({
      number: val(docEl, 'ram:ID') ?? '',
      issueDate: cciDate(first(docEl, 'ram:IssueDateTime')) ?? '',
      dueDate: cciDate(first(terms, 'ram:DueDateDateTime')),
      currency,
      taxCurrency,
      typeCode: typeCode !== defaultCode ? typeCode : undefined,
      buyerReference: val(agreement, 'ram:BuyerReference'),
      orderReference: val(agreement, 'ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID'),
      salesOrderReference: val(agreement, 'ram:SellerOrderReferencedDocument/ram:IssuerAssignedID'),
      contractReference: val(agreement, 'ram:ContractReferencedDocument/ram:IssuerAssignedID'),
      projectReference: val(agreement, 'ram:SpecifiedProcuringProject/ram:ID'),
      despatchReference: val(delivery, 'ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID'),
      receiptReference: val(delivery, 'ram:ReceivingAdviceReferencedDocument/ram:IssuerAssignedID'),
      billingReferences: billingReferences.length ? billingReferences : undefined,
      accountingCost: val(settlement, 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID'),
      taxPointDate: cciDate(first(settlement, 'ram:ApplicableTradeTax/ram:TaxPointDate')),
      invoicePeriod: period
        ? compact({
            start: cciDate(first(period, 'ram:StartDateTime')),
            end: cciDate(first(period, 'ram:EndDateTime')),
          })
        : undefined,
      // UBL Peppol allows one document note; CII may carry several, so they are joined.
      note: notes.length ? notes.join('\n') : undefined,
      seller: party(first(agreement, 'ram:SellerTradeParty')),
      buyer: party(first(agreement, 'ram:BuyerTradeParty')),
      payee: payee
        ? compact({
            name: val(payee, 'ram:Name'),
            identifiers: [...kids(payee, 'ram:ID'), ...kids(payee, 'ram:GlobalID')]
              .map(schemed)
              .filter((x): x is SchemedId => !!x),
            legalId: schemed(first(payee, 'ram:SpecifiedLegalOrganization/ram:ID')),
          })
        : undefined,
      taxRepresentative: rep
        ? compact({
            name: val(rep, 'ram:Name'),
            vatNumber: val(rep, 'ram:SpecifiedTaxRegistration/ram:ID'),
            address: address(first(rep, 'ram:PostalTradeAddress')),
          })
        : undefined,
      payment: Object.keys(payment).length ? payment : undefined,
      delivery: deliveryOut && Object.keys(deliveryOut).length ? deliveryOut : undefined,
      lines: kids(tx, 'ram:IncludedSupplyChainTradeLineItem').map(line),
      allowances: acs.filter((a) => !a.charge).map((a) => a.ac),
      charges: acs.filter((a) => a.charge).map((a) => a.ac),
      attachments: attachments.length ? attachments : undefined,
      totals,
    });
    if (!body.allowances?.length) delete body.allowances;
    if (!body.charges?.length) delete body.charges;
    return { ok: true, type, body, warnings: [] };
  } catch (e) {
    return {
      ok: false,
      errors: [
        { rule: 'INTERNAL-PARSE-ERROR', message: `Parsing failed: ${String((e as Error)?.message ?? e)}`, path: '/' },
      ],
    };
  }
}

export function parseCii(xml: string, maxBytes = DEFAULT_MAX_XML_BYTES): CiiParseResult {
  const parsed = parseXmlTree(xml, maxBytes);
  if (!parsed.ok) return parsed;
  return parseCiiElement(parsed.root);
}
