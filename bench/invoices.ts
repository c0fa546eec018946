import { computeDocument, type DocumentBody } from '../peppol/index.ts';

/** The benchmarks' invoice: two Belgian parties, one document allowance, `lines` lines at 6 % and 21 %. */
export function benchInvoice(lines: number): DocumentBody {
  return {
    number: 'BENCH-1',
    issueDate: '2026-03-01',
    dueDate: '2026-03-31',
    currency: 'EUR',
    buyerReference: 'PO-1',
    seller: {
      name: 'Acme Belgium NV',
      vatNumber: 'BE0403019261',
      peppolId: '0208:0403019261',
      legalId: { scheme: '0208', value: '0403019261' },
      address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' },
    },
    buyer: {
      name: 'Proximus SA',
      vatNumber: 'BE0202239951',
      peppolId: '0208:0202239951',
      address: { street: 'Bd du Roi Albert II 27', city: 'Brussels', postalCode: '1030', country: 'BE' },
    },
    payment: { means: 'credit_transfer', iban: 'BE68539007547034', bic: 'GEBABEBB', reference: '+++090/9337/55493+++' },
    allowances: [{ amount: '10.00', reason: 'Discount', vatCategory: 'S', vatRate: '21' }],
    lines: Array.from({ length: lines }, (_, i) => ({
      description: `Item ${i + 1}`,
      itemCode: `SKU-${i + 1}`,
      quantity: String((i % 7) + 1),
      unit: 'C62',
      unitPrice: (((i * 3.17) % 97) + 1).toFixed(2),
      vatRate: i % 4 === 0 ? '6' : '21',
      vatCategory: 'S' as const,
    })),
  };
}

const CII_NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"';

const date = (iso: string) => `<udt:DateTimeString format="102">${iso.replaceAll('-', '')}</udt:DateTimeString>`;

/**
 * The same invoice as {@link benchInvoice} in CII D16B (the syntax has no renderer in the service: it is
 * only ever received), with the totals the service computes for the UBL one.
 */
export function benchCiiInvoice(lines: number): string {
  const body = benchInvoice(lines);
  const { lines: computed, totals } = computeDocument(body);
  const party = (role: 'Seller' | 'Buyer', p: NonNullable<DocumentBody['seller']>) => {
    const [scheme, id] = p.peppolId!.split(':');
    return (
      `<ram:${role}TradeParty><ram:Name>${p.name}</ram:Name>` +
      (p.legalId
        ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="${p.legalId.scheme}">${p.legalId.value}</ram:ID></ram:SpecifiedLegalOrganization>`
        : '') +
      `<ram:PostalTradeAddress><ram:PostcodeCode>${p.address!.postalCode}</ram:PostcodeCode>` +
      `<ram:LineOne>${p.address!.street}</ram:LineOne><ram:CityName>${p.address!.city}</ram:CityName>` +
      `<ram:CountryID>${p.address!.country}</ram:CountryID></ram:PostalTradeAddress>` +
      `<ram:URIUniversalCommunication><ram:URIID schemeID="${scheme}">${id}</ram:URIID></ram:URIUniversalCommunication>` +
      `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${p.vatNumber}</ram:ID></ram:SpecifiedTaxRegistration>` +
      `</ram:${role}TradeParty>`
    );
  };
  const items = computed
    .map(
      (line) =>
        `<ram:IncludedSupplyChainTradeLineItem>` +
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${line.id}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct><ram:SellerAssignedID>${line.source.itemCode}</ram:SellerAssignedID>` +
        `<ram:Name>${line.source.description}</ram:Name></ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${line.price.toFixed()}</ram:ChargeAmount>` +
        `</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${line.unit}">${line.quantity.toFixed()}</ram:BilledQuantity>` +
        `</ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode>` +
        `<ram:CategoryCode>${line.category}</ram:CategoryCode><ram:RateApplicablePercent>${line.rate!.toFixed()}</ram:RateApplicablePercent>` +
        `</ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${line.net.toFixed(2)}` +
        `</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
        `</ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('\n');
  const vat = totals.breakdown
    .map(
      (b) =>
        `<ram:ApplicableTradeTax><ram:CalculatedAmount>${b.tax.toFixed(2)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>` +
        `<ram:BasisAmount>${b.taxable.toFixed(2)}</ram:BasisAmount><ram:CategoryCode>${b.category}</ram:CategoryCode>` +
        `<ram:RateApplicablePercent>${b.rate!.toFixed()}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    )
    .join('');
  const allowance = body.allowances![0];
  const payment = body.payment!;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${CII_NS}>
<rsm:ExchangedDocumentContext>
<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
</rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${body.number}</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime>${date(body.issueDate)}</ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${items}
<ram:ApplicableHeaderTradeAgreement><ram:BuyerReference>${body.buyerReference}</ram:BuyerReference>${party('Seller', body.seller!)}${party('Buyer', body.buyer!)}</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement>
<ram:PaymentReference>${payment.reference}</ram:PaymentReference><ram:InvoiceCurrencyCode>${body.currency}</ram:InvoiceCurrencyCode>
<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${payment.iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${payment.bic}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution></ram:SpecifiedTradeSettlementPaymentMeans>
${vat}
<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${allowance.amount}</ram:ActualAmount>
<ram:Reason>${allowance.reason}</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>21</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>
<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime>${date(body.dueDate!)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${totals.lineTotal.toFixed(2)}</ram:LineTotalAmount>
<ram:AllowanceTotalAmount>${totals.allowanceTotal!.toFixed(2)}</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>${totals.net.toFixed(2)}</ram:TaxBasisTotalAmount>
<ram:TaxTotalAmount currencyID="${body.currency}">${totals.vat.toFixed(2)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${totals.gross.toFixed(2)}</ram:GrandTotalAmount>
<ram:DuePayableAmount>${totals.payable.toFixed(2)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}
