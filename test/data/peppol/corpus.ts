import type { DocumentBody, DocumentType, Party } from '../../../peppol/index.ts';

/**
 * Corpus of JSON documents covering every VAT category, allowances and charges, multi-rate,
 * foreign and tax currencies, credit notes, attachments and Belgian parties. Each renders to UBL
 * that the official Peppol BIS 3.0 rules accept.
 */
export interface CorpusEntry {
  name: string;
  type: DocumentType;
  body: DocumentBody;
}

export const BE_SELLER: Party = {
  name: 'Acme Belgium',
  legalName: 'Acme Belgium NV',
  vatNumber: 'BE0403019261',
  peppolId: '0208:0403019261',
  legalId: { scheme: '0208', value: '0403019261' },
  address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' },
  contact: { name: 'Billing', email: 'billing@acme.be', phone: '+32 2 123 45 67' },
};

export const BE_BUYER: Party = {
  name: 'Proximus',
  legalName: 'Proximus SA',
  vatNumber: 'BE0202239951',
  peppolId: '0208:0202239951',
  address: { street: 'Boulevard du Roi Albert II 27', city: 'Brussels', postalCode: '1030', country: 'BE' },
};

export const NL_BUYER: Party = {
  name: 'Dutch Buyer BV',
  vatNumber: 'NL004495445B01',
  peppolId: '0106:12345678',
  legalId: { scheme: '0106', value: '12345678' },
  address: { street: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG', country: 'NL' },
};

export const DE_BUYER: Party = {
  name: 'Deutsche Käufer GmbH',
  vatNumber: 'DE136695976',
  peppolId: '9930:DE136695976',
  address: { street: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
};

export const FR_SELLER: Party = {
  name: 'Vendeur SAS',
  vatNumber: 'FR40303265045',
  peppolId: '0009:73282932000074',
  legalId: { scheme: '0002', value: '732829320' },
  address: { street: '1 rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
};

export const US_BUYER: Party = {
  name: 'American Buyer Inc',
  peppolId: '0088:7300010000001',
  address: { street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
};

const base = (over: Partial<DocumentBody> = {}): DocumentBody => ({
  number: 'INV-2026-001',
  issueDate: '2026-03-01',
  dueDate: '2026-03-31',
  currency: 'EUR',
  buyerReference: 'PO-REF-1',
  seller: BE_SELLER,
  buyer: BE_BUYER,
  payment: { means: 'credit_transfer', iban: 'BE68539007547034', bic: 'GEBABEBB', reference: '+++090/9337/55493+++' },
  lines: [
    { description: 'Consulting', quantity: '10', unit: 'HUR', unitPrice: '95.00', vatRate: '21', vatCategory: 'S' },
  ],
  ...over,
});

const line = (
  description: string,
  quantity: string,
  unitPrice: string,
  vatRate: string,
  vatCategory: 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M' = 'S',
) =>
  vatCategory === 'O'
    ? { description, quantity, unitPrice, vatCategory }
    : { description, quantity, unitPrice, vatRate, vatCategory };

export const CORPUS: CorpusEntry[] = [
  { name: 'simple standard-rated invoice', type: 'invoice', body: base() },
  {
    name: 'three VAT rates (21/12/6)',
    type: 'invoice',
    body: base({
      lines: [
        line('Laptop', '1', '999.99', '21'),
        line('Restaurant', '3', '33.33', '12'),
        line('Books', '7', '12.49', '6'),
      ],
    }),
  },
  { name: 'zero rated (Z)', type: 'invoice', body: base({ lines: [line('Newspaper', '5', '2.50', '0', 'Z')] }) },
  {
    name: 'exempt (E) with reason',
    type: 'invoice',
    body: base({
      lines: [line('Medical care', '1', '150', '0', 'E')],
      vatExemptions: [{ category: 'E', reason: 'Exempt under article 44 of the Belgian VAT code' }],
    }),
  },
  {
    name: 'exempt (E) with VATEX code',
    type: 'invoice',
    body: base({
      lines: [line('Insurance', '1', '80', '0', 'E')],
      vatExemptions: [{ category: 'E', reasonCode: 'VATEX-EU-132' }],
    }),
  },
  {
    name: 'reverse charge (AE) domestic construction',
    type: 'invoice',
    body: base({ lines: [line('Construction works', '40', '55.00', '0', 'AE')] }),
  },
  {
    name: 'intra-community supply (K) to NL',
    type: 'invoice',
    body: base({
      buyer: NL_BUYER,
      lines: [line('Machine parts', '12', '41.75', '0', 'K')],
      delivery: { date: '2026-02-27', address: { city: 'Amsterdam', country: 'NL' } },
    }),
  },
  {
    name: 'intra-community supply (K) with invoicing period',
    type: 'invoice',
    body: base({
      buyer: DE_BUYER,
      lines: [line('Services', '1', '1000', '0', 'K')],
      invoicePeriod: { start: '2026-02-01', end: '2026-02-28' },
      delivery: { address: { country: 'DE' } },
    }),
  },
  {
    name: 'export outside the EU (G)',
    type: 'invoice',
    body: base({ buyer: US_BUYER, lines: [line('Export goods', '100', '3.10', '0', 'G')], currency: 'USD' }),
  },
  {
    name: 'not subject to VAT (O), no VAT numbers',
    type: 'invoice',
    body: base({
      seller: { ...BE_SELLER, vatNumber: undefined },
      buyer: { ...BE_BUYER, vatNumber: undefined },
      lines: [line('Membership fee', '1', '250', '0', 'O')],
      vatExemptions: [{ category: 'O', reason: 'Not subject to VAT' }],
    }),
  },
  {
    name: 'IGIC (L) Canary Islands',
    type: 'invoice',
    body: base({ lines: [line('Canary goods', '2', '50', '7', 'L')] }),
  },
  { name: 'IPSI (M) Ceuta', type: 'invoice', body: base({ lines: [line('Ceuta goods', '2', '50', '4', 'M')] }) },
  {
    name: 'document allowance and charge',
    type: 'invoice',
    body: base({
      allowances: [{ amount: '25.00', reason: 'Loyalty discount', reasonCode: '95' }],
      charges: [{ amount: '12.50', reason: 'Freight', reasonCode: 'FC' }],
    }),
  },
  {
    name: 'percentage allowance on document level',
    type: 'invoice',
    body: base({ allowances: [{ percent: '5', reason: 'Volume discount', reasonCode: '95' }] }),
  },
  {
    name: 'allowances and charges on mixed rates',
    type: 'invoice',
    body: base({
      lines: [line('Goods A', '3', '19.99', '21'), line('Goods B', '4', '7.25', '6')],
      allowances: [
        { amount: '5', reason: 'Discount', vatCategory: 'S', vatRate: '21' },
        { amount: '1.10', reasonCode: '95', vatCategory: 'S', vatRate: '6' },
      ],
      charges: [{ amount: '7.5', reason: 'Packaging', vatCategory: 'S', vatRate: '21' }],
    }),
  },
  {
    name: 'line allowances and charges',
    type: 'invoice',
    body: base({
      lines: [
        {
          ...line('Widget', '12', '8.40', '21'),
          allowances: [{ amount: '4.03', reason: 'Line discount' }],
          charges: [{ percent: '2', reason: 'Handling', reasonCode: 'ABL' }],
        },
      ],
    }),
  },
  {
    name: 'price with base quantity',
    type: 'invoice',
    body: base({ lines: [{ ...line('Screws', '2500', '12.50', '21'), unit: 'C62', baseQuantity: '1000' }] }),
  },
  {
    name: 'gross price with price discount',
    type: 'invoice',
    body: base({ lines: [{ ...line('Discounted item', '3', '90.00', '21'), grossPrice: '100.00' }] }),
  },
  {
    name: 'fractional quantities and prices',
    type: 'invoice',
    body: base({ lines: [line('Fuel', '41.237', '1.8795', '21'), line('Electricity', '1234.5', '0.2734', '6')] }),
  },
  {
    name: 'rounding half-up on VAT',
    type: 'invoice',
    body: base({ lines: [line('Item at .005', '1', '0.05', '21'), line('Second', '3', '0.35', '21')] }),
  },
  {
    name: 'prepaid amount and rounding',
    type: 'invoice',
    body: base({
      totals: { prepaidAmount: '100.00', roundingAmount: '0.01' },
      lines: [line('Service', '1', '249.99', '21')],
    }),
  },
  {
    name: 'fully prepaid, nothing due',
    type: 'invoice',
    body: base({ dueDate: undefined, totals: { prepaidAmount: '1149.50' } }),
  },
  {
    name: 'foreign currency USD',
    type: 'invoice',
    body: base({ currency: 'USD', lines: [line('Licence', '1', '5000', '21')] }),
  },
  {
    name: 'tax currency (GBP invoice, EUR VAT accounting)',
    type: 'invoice',
    body: base({
      currency: 'GBP',
      taxCurrency: 'EUR',
      taxExchangeRate: '1.1732',
      lines: [line('Consulting', '8', '120', '21')],
    }),
  },
  {
    name: 'tax currency with explicit VAT amount',
    type: 'invoice',
    body: base({
      currency: 'SEK',
      taxCurrency: 'EUR',
      totals: { vatAmountInTaxCurrency: '17.49' },
      lines: [line('Goods', '1', '800', '21')],
    }),
  },
  {
    name: 'embedded PDF attachment and external link',
    type: 'invoice',
    body: base({
      attachments: [
        {
          id: 'timesheet',
          description: 'Timesheet March',
          filename: 'timesheet.pdf',
          mimeCode: 'application/pdf',
          content: 'JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFI+PgpzdHJlYW0K',
        },
        { id: 'spec', description: 'Specification', url: 'https://example.com/spec.html' },
        { id: 'photo', filename: 'photo.png', mimeCode: 'image/png', content: 'iVBORw0KGgo=' },
      ],
    }),
  },
  {
    name: 'every reference field',
    type: 'invoice',
    body: base({
      orderReference: 'PO-778',
      salesOrderReference: 'SO-12',
      contractReference: 'CT-2026-4',
      projectReference: 'PRJ-9',
      despatchReference: 'DESP-1',
      receiptReference: 'REC-1',
      accountingCost: '4217:2323:2323',
      billingReferences: [{ number: 'INV-2025-099', issueDate: '2025-12-01' }],
      invoicePeriod: { start: '2026-02-01', end: '2026-02-28' },
      note: 'Thank you for your business',
    }),
  },
  {
    name: 'order reference instead of buyer reference',
    type: 'invoice',
    body: base({ buyerReference: undefined, orderReference: 'PO-991' }),
  },
  { name: 'tax point date', type: 'invoice', body: base({ taxPointDate: '2026-02-28' }) },
  {
    name: 'payment terms text only, no due date',
    type: 'invoice',
    body: base({
      dueDate: undefined,
      payment: {
        means: 'credit_transfer',
        iban: 'BE68539007547034',
        terms: 'Net 30 days',
        discountTerms: [{ percent: '2', days: 10 }],
      },
    }),
  },
  {
    name: 'SEPA direct debit',
    type: 'invoice',
    body: base({
      payment: {
        means: 'direct_debit',
        mandateId: 'MANDATE-123',
        debitedAccount: 'DE89370400440532013000',
        creditorId: 'BE69ZZZ050D000000008',
      },
    }),
  },
  {
    name: 'card payment',
    type: 'invoice',
    body: base({ payment: { means: 'card', cardLast4: '1234', cardHolder: 'J. Doe' } }),
  },
  {
    name: 'payee and tax representative',
    type: 'invoice',
    body: base({
      payee: { name: 'Factoring Co', identifiers: [{ scheme: '0088', value: '5790000435975' }] },
      taxRepresentative: {
        name: 'Tax Rep BV',
        vatNumber: 'NL004495445B01',
        address: { city: 'Rotterdam', country: 'NL' },
      },
    }),
  },
  {
    name: 'line details (item ids, classification, origin, period, order line)',
    type: 'invoice',
    body: base({
      orderReference: 'PO-5',
      invoicePeriod: { start: '2026-02-01', end: '2026-02-28' },
      lines: [
        {
          ...line('Printer toner', '2', '45.00', '21'),
          name: 'Toner XL',
          itemCode: 'SKU-1',
          buyerItemCode: 'B-77',
          standardItemId: { scheme: '0160', value: '05012345678900' },
          classification: { scheme: 'STI', value: '44103103' },
          originCountry: 'DE',
          period: { start: '2026-02-01', end: '2026-02-15' },
          orderLineReference: '3',
          note: 'Urgent',
          accountingCost: 'CC-1',
        },
      ],
    }),
  },
  {
    name: 'delivery with GLN location',
    type: 'invoice',
    body: base({
      delivery: {
        date: '2026-02-28',
        locationId: { scheme: '0088', value: '5790000435975' },
        partyName: 'Warehouse 1',
        address: { street: 'Dock 3', city: 'Antwerp', postalCode: '2000', country: 'BE' },
      },
    }),
  },
  {
    name: 'French seller to Belgian buyer',
    type: 'invoice',
    body: base({
      seller: FR_SELLER,
      payment: { means: 'credit_transfer', iban: 'FR1420041010050500013M02606' },
      lines: [line('Wine', '12', '15.00', '20')],
    }),
  },
  {
    name: 'many lines (25)',
    type: 'invoice',
    body: base({
      lines: Array.from({ length: 25 }, (_, i) =>
        line(`Item ${i + 1}`, String(i + 1), `${(i * 3.17 + 1).toFixed(2)}`, i % 3 === 0 ? '6' : '21'),
      ),
    }),
  },
  {
    name: 'debit note (383)',
    type: 'debit-note',
    body: base({
      number: 'DN-1',
      billingReferences: [{ number: 'INV-2026-001' }],
      lines: [line('Late fee', '1', '25', '21')],
    }),
  },
  {
    name: 'corrected invoice type 380 with note',
    type: 'invoice',
    body: base({
      number: 'INV-CORR-1',
      note: 'Replaces INV-2026-000',
      billingReferences: [{ number: 'INV-2026-000' }],
    }),
  },
  {
    name: 'credit note referencing invoice',
    type: 'credit-note',
    body: base({ number: 'CN-1', billingReferences: [{ number: 'INV-2026-001', issueDate: '2026-03-01' }] }),
  },
  {
    name: 'credit note with due date and project',
    type: 'credit-note',
    body: base({
      number: 'CN-2',
      projectReference: 'PRJ-1',
      billingReferences: [{ number: 'INV-7' }],
      lines: [line('Returned goods', '2', '49.95', '21'), line('Returned book', '1', '20', '6')],
    }),
  },
  {
    name: 'credit note exempt with allowance',
    type: 'credit-note',
    body: base({
      number: 'CN-3',
      billingReferences: [{ number: 'INV-8' }],
      lines: [line('Exempt refund', '1', '300', '0', 'E')],
      vatExemptions: [{ category: 'E', reasonCode: 'VATEX-EU-F' }],
      allowances: [{ amount: '30', reason: 'Goodwill' }],
    }),
  },
  {
    name: 'credit note reverse charge to NL',
    type: 'credit-note',
    body: base({
      number: 'CN-4',
      buyer: NL_BUYER,
      billingReferences: [{ number: 'INV-9' }],
      lines: [line('Reverse refund', '1', '300', '0', 'AE')],
    }),
  },
  {
    name: 'negative quantity correction invoice',
    type: 'invoice',
    body: base({
      number: 'INV-NEG',
      lines: [line('Correction', '-2', '50', '21'), line('New delivery', '3', '50', '21')],
    }),
  },
  {
    name: 'invoice with long unicode texts',
    type: 'invoice',
    body: base({
      note: 'Überweisung à «Société» — ünïcødé & <escaped> "quotes"',
      lines: [line('Çà & là <b>', '1', '10', '21')],
    }),
  },
];

/** Non-billing documents: Peppol Ordering order and order agreement, UBL quotation, business event. */
export const TRADE_CORPUS: CorpusEntry[] = [
  {
    name: 'purchase order with delivery and allowance',
    type: 'purchase-order',
    body: base({
      number: 'PO-1',
      payment: { terms: 'Net 30' },
      quotationReference: 'Q-7',
      delivery: {
        date: '2026-04-01',
        locationId: { scheme: '0088', value: '5790000435975' },
        address: { street: 'Dock 3', city: 'Antwerp', postalCode: '2000', country: 'BE' },
      },
      allowances: [{ amount: '10', reason: 'Discount' }],
      lines: [
        line('Paper A4', '100', '4.20', '21'),
        { ...line('Pens', '50', '0.80', '21'), itemCode: 'PEN-1', note: 'blue' },
      ],
    }),
  },
  {
    name: 'sales order (order agreement)',
    type: 'sales-order',
    body: base({
      number: 'SO-1',
      orderReference: 'PO-1',
      responseCode: 'AP',
      payment: undefined,
      lines: [{ ...line('Paper A4', '100', '4.20', '21'), itemCode: 'PAPER-A4' }],
    }),
  },
  {
    name: 'quotation valid until',
    type: 'quote',
    body: base({
      number: 'Q-1',
      validUntil: '2026-04-30',
      payment: undefined,
      lines: [line('Installation', '8', '75', '21')],
    }),
  },
  {
    name: 'business event without recipient',
    type: 'event',
    body: {
      number: 'EVT-1',
      issueDate: '2026-03-01',
      note: 'Goods received',
      responseCode: 'AB',
      orderReference: 'PO-1',
      seller: { name: 'Acme Belgium NV', peppolId: '0208:0403019261' },
      lines: [],
    },
  },
];
