import {
  isValidAbn,
  isValidBelgianEnterpriseNumber,
  isValidCodiceFiscale,
  isValidGln,
  isValidMod11,
  isValidPartitaIva,
  isValidSwedishOrgNumber,
} from '../checksums.ts';
import { HALF, HUNDRED, ONE, TWO_CENTS, ZERO, aboveZero, decimalOf, sum, type Dec } from '../money.ts';
import type { ValidationIssue, ValidationResult } from '../types.ts';
import * as CL from '../validation/codelists.ts';
import {
  NS,
  all,
  attr,
  first,
  firstElementChild,
  kids,
  nextElementSibling,
  text,
  xpathOf,
  type El,
} from '../xml/dom.ts';
import { lineAmountWithin } from '../validation/context.ts';

/**
 * The Peppol BIS Billing 3.0 rules in their CII binding (PEPPOL-EN16931-CII.sch, release 3.0.21),
 * evaluated on the CII document itself. The CII artefacts word many rules differently from the UBL
 * ones: they test element presence and counts (an empty element counts), raw codes and dates as
 * written, every payment means rather than the first, and they key the national rules on a
 * `VAT` scheme the CEN binding does not use. A conversion to UBL cannot keep all of that, so a CII
 * document's Peppol and national verdicts come from here and its EN16931 verdicts from the UBL rules.
 */
export function checkCiiRules(root: El): ValidationResult {
  const ctx = new CiiContext(root);
  checkTransactionRules(ctx);
  checkIdentifierSchemes(ctx);
  checkCodeLists(ctx);
  checkNorway(ctx);
  checkDenmark(ctx);
  checkItaly(ctx);
  checkSweden(ctx);
  checkNetherlands(ctx);
  return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings };
}

/** Rule ids of the Peppol layer (transaction and national rules), which the CII rules above decide. */
export function isPeppolLayerRule(rule: string): boolean {
  return /^(PEPPOL-|[A-Z]{2}-R-)/.test(rule);
}

type Flag = 'fatal' | 'warning';
const F: Flag = 'fatal';
const W: Flag = 'warning';

const AGREEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

/** The names the rules ask {@link CiiContext.anywhere} for: only these are indexed. */
const ANYWHERE = [
  'rsm:ExchangedDocument',
  'rsm:ExchangedDocumentContext',
  'rsm:SupplyChainTradeTransaction',
  'ram:ApplicableHeaderTradeAgreement',
  'ram:ApplicableHeaderTradeSettlement',
  'ram:ApplicableTradeTax',
  'ram:AppliedTradeAllowanceCharge',
  'ram:AttachmentBinaryObject',
  'ram:BuyerTradeParty',
  'ram:CategoryTradeTax',
  'ram:ExchangedDocument',
  'ram:GlobalID',
  'ram:GrossPriceProductTradePrice',
  'ram:ID',
  'ram:IncludedSupplyChainTradeLineItem',
  'ram:NetPriceProductTradePrice',
  'ram:SellerTradeParty',
  'ram:SpecifiedTaxRegistration',
  'ram:SpecifiedTradeAllowanceCharge',
  'ram:SpecifiedTradeSettlementPaymentMeans',
  'ram:TaxTotalAmount',
  'ram:URIID',
  'udt:DateTimeString',
] as const;

type AnywhereName = (typeof ANYWHERE)[number];

class CiiContext {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  /**
   * Elements by namespace and local name, for the rules whose context matches anywhere in the
   * document: only the names they ask for, since a list of every element would hold the whole tree.
   */
  private readonly byName = new Map<string, Map<string, El[]>>();
  readonly seller: El | undefined;

  constructor(readonly root: El) {
    for (const name of ANYWHERE) {
      const [prefix, local] = name.split(':');
      const uri = NS[prefix];
      let names = this.byName.get(uri);
      if (!names) this.byName.set(uri, (names = new Map()));
      names.set(local, []);
    }
    this.index(root);
    this.seller = first(root, `${AGREEMENT}/ram:SellerTradeParty`);
  }

  private index(el: El): void {
    for (let child = firstElementChild(el); child; child = nextElementSibling(child)) {
      this.byName
        .get(child.namespaceURI ?? '')
        ?.get(child.localName ?? '')
        ?.push(child);
      this.index(child);
    }
  }

  /** Every element of that prefixed name, wherever it is (a schematron rule context without a leading `/`). */
  anywhere(name: AnywhereName): El[] {
    const colon = name.indexOf(':');
    return this.byName.get(NS[name.slice(0, colon)])!.get(name.slice(colon + 1))!;
  }

  check(ok: boolean, rule: string, flag: Flag, node: El | undefined, message: string): void {
    if (ok) return;
    const issue = { rule, message, path: node ? xpathOf(node) : '/' };
    (flag === 'fatal' ? this.errors : this.warnings).push(issue);
  }
}

/** XPath string value, as written (comparisons such as `ram:TypeCode = '31'` do not normalize). */
function raw(el: El | undefined): string {
  return el?.textContent ?? '';
}

/** `xs:decimal(.)`; undefined where the cast would raise an error. */
function decimal(el: El | undefined): Dec | undefined {
  return decimalOf(raw(el).trim());
}

const DOUBLE_RE = /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/;

/** Whether XPath `number()` of the string is a number, i.e. `string(number(.)) != 'NaN'`. */
function isNumber(s: string): boolean {
  const t = s.trim();
  return t !== 'NaN' && DOUBLE_RE.test(t);
}

/** XPath `number()` for the comparisons the national rules make. */
function xnumber(s: string): number {
  const t = s.trim();
  if (!DOUBLE_RE.test(t)) return Number.NaN;
  return t.endsWith('INF') ? (t.startsWith('-') ? -Infinity : Infinity) : Number(t);
}

/** XPath `round(x * 100) div 100`: halves round towards positive infinity. */
function round2Up(d: Dec): Dec {
  return d.times(HUNDRED).plus(HALF).floor().div(HUNDRED);
}

const PROFILE_01 = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const PROFILE_02 = 'urn:peppol:bis:billing_with_response';
const SPECIFICATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

/** `$profile`: '01' or '02' for the two approved processes, otherwise unknown. */
function profileOf(root: El): string | undefined {
  const id = text(
    first(root, 'rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID'),
  );
  return id === PROFILE_01 ? '01' : id === PROFILE_02 ? '02' : undefined;
}

/** The first tax registration of a party whose ID carries the scheme `VAT`, as the national rules look it up. */
function vatRegistration(party: El | undefined): El | undefined {
  return kids(party, 'ram:SpecifiedTaxRegistration').find((r) =>
    kids(r, 'ram:ID').some((id) => attr(id, 'schemeID') === 'VAT'),
  );
}

/**
 * `$supplierCountry`: the prefix of the seller's (else the tax representative's) `VAT`-scheme
 * registration, else the seller's postal country, else XX.
 */
function supplierCountry(ctx: CiiContext): string {
  const sellerPrefix = raw(first(vatRegistration(ctx.seller), 'ram:ID')).slice(0, 2);
  if (sellerPrefix) return sellerPrefix.replace(/\s+/g, ' ').trim().toUpperCase();
  const reps = all(ctx.root, `${AGREEMENT}/ram:SellerTaxRepresentativeTradeParty`);
  const repPrefix = raw(
    first(
      reps.map(vatRegistration).find((r) => r),
      'ram:ID',
    ),
  ).slice(0, 2);
  if (repPrefix) return repPrefix.replace(/\s+/g, ' ').trim().toUpperCase();
  const country = first(ctx.root, `${AGREEMENT}/ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID`);
  return country ? text(country).toUpperCase() : 'XX';
}

function checkTransactionRules(ctx: CiiContext): void {
  const r = ctx.root;
  const profile = profileOf(r);
  for (const context of ctx.anywhere('rsm:ExchangedDocumentContext')) {
    ctx.check(
      first(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID') !== undefined,
      'PEPPOL-EN16931-R001',
      F,
      context,
      'Business process MUST be provided.',
    );
    ctx.check(
      profile !== undefined,
      'PEPPOL-EN16931-R007',
      F,
      context,
      'Business process MUST have an approved profile identifier.',
    );
    const specification = text(first(context, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'));
    ctx.check(
      specification.startsWith(SPECIFICATION) && !specification.includes('::'),
      'PEPPOL-EN16931-R004',
      F,
      context,
      `Specification identifier MUST begin with the value '${SPECIFICATION}' and follow the format rules for the identifier.`,
    );
  }
  for (const agreement of ctx.anywhere('ram:ApplicableHeaderTradeAgreement')) {
    ctx.check(
      first(agreement, 'ram:BuyerReference') !== undefined ||
        first(agreement, 'ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID') !== undefined,
      'PEPPOL-EN16931-R003',
      F,
      agreement,
      'A buyer reference or purchase order reference MUST be provided.',
    );
    const references = (code: string) =>
      kids(agreement, 'ram:AdditionalReferencedDocument').filter((d) =>
        kids(d, 'ram:TypeCode').some((t) => raw(t) === code),
      ).length;
    ctx.check(
      references('130') <= 1,
      'PEPPOL-EN16931-R006',
      F,
      agreement,
      'Only one invoiced object is allowed on document level',
    );
    ctx.check(
      references('50') <= 1,
      'PEPPOL-EN16931-R080',
      F,
      agreement,
      'Only one project reference is allowed on document level',
    );
  }
  // Currency comparisons hold against any InvoiceCurrencyCode, as XPath general comparisons do.
  const documentCurrencies = all(r, `${SETTLEMENT}/ram:InvoiceCurrencyCode`).map(raw);
  const taxCurrencies = all(r, `${SETTLEMENT}/ram:TaxCurrencyCode`).map(raw);
  for (const settlement of ctx.anywhere('ram:ApplicableHeaderTradeSettlement')) {
    const taxCurrency = first(settlement, 'ram:TaxCurrencyCode');
    ctx.check(
      !taxCurrency || text(taxCurrency) !== text(first(settlement, 'ram:InvoiceCurrencyCode')),
      'PEPPOL-EN16931-R005',
      F,
      settlement,
      'VAT accounting currency code MUST be different from invoice currency code when provided.',
    );
    const totals = all(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount');
    const inCurrency = (codes: string[]) =>
      totals.filter((t) => {
        const c = attr(t, 'currencyID');
        return c !== undefined && codes.includes(c);
      });
    const inOther = totals.filter((t) => {
      const c = attr(t, 'currencyID');
      return c !== undefined && documentCurrencies.some((d) => d !== c);
    });
    ctx.check(
      inCurrency(documentCurrencies).length === 1,
      'PEPPOL-EN16931-R053',
      F,
      settlement,
      'Only one tax total with tax subtotals MUST be provided.',
    );
    ctx.check(
      inOther.length === (taxCurrency ? 1 : 0),
      'PEPPOL-EN16931-R054',
      F,
      settlement,
      'Only one tax total without tax subtotals MUST be provided when tax currency code is provided.',
    );
    if (taxCurrencies.length) {
      const signs = (codes: string[]) => inCurrency(codes).map((t) => xnumber(raw(t)));
      const inTax = signs(taxCurrencies);
      const inDoc = signs(documentCurrencies);
      const sameSign =
        (inTax.some((v) => v < 0) && inDoc.some((v) => v < 0)) ||
        (inTax.some((v) => v >= 0) && inDoc.some((v) => v >= 0));
      ctx.check(
        sameSign,
        'PEPPOL-EN16931-R055',
        F,
        settlement,
        'Invoice total VAT amount and Invoice total VAT amount in accounting currency MUST have the same operational sign',
      );
    }
  }
  for (const doc of ctx.anywhere('rsm:ExchangedDocument')) {
    const notes = kids(doc, 'ram:IncludedNote');
    ctx.check(
      notes.length <= 1 && !notes.some((n) => first(n, 'ram:SubjectCode')),
      'PEPPOL-EN16931-R002',
      F,
      doc,
      'No more than one note is allowed on document level.',
    );
  }
  for (const party of ctx.anywhere('ram:BuyerTradeParty')) {
    ctx.check(
      first(party, 'ram:URIUniversalCommunication/ram:URIID') !== undefined,
      'PEPPOL-EN16931-R010',
      F,
      party,
      'Buyer electronic address MUST be provided',
    );
  }
  for (const party of ctx.anywhere('ram:SellerTradeParty')) {
    ctx.check(
      first(party, 'ram:URIUniversalCommunication/ram:URIID') !== undefined,
      'PEPPOL-EN16931-R020',
      F,
      party,
      'Seller electronic address MUST be provided',
    );
  }
  for (const ac of ctx.anywhere('ram:SpecifiedTradeAllowanceCharge')) {
    const percent = first(ac, 'ram:CalculationPercent');
    const base = first(ac, 'ram:BasisAmount');
    // A node is judged by the first rule whose context it matches, hence the else-chain.
    if (percent && !base)
      ctx.check(
        false,
        'PEPPOL-EN16931-R041',
        F,
        ac,
        'Allowance/charge base amount MUST be provided when allowance/charge percentage is provided.',
      );
    else if (!percent && base)
      ctx.check(
        false,
        'PEPPOL-EN16931-R042',
        F,
        ac,
        'Allowance/charge percentage MUST be provided when allowance/charge base amount is provided.',
      );
    else {
      if (percent && base) {
        const amountEl = first(ac, 'ram:ActualAmount');
        const amount = amountEl ? decimal(amountEl) : ZERO;
        const b = decimal(base);
        const p = decimal(percent);
        const expected = b && p ? b.times(p).div(100) : undefined;
        ctx.check(
          amount !== undefined && expected !== undefined && amount.minus(expected).abs().lte(TWO_CENTS),
          'PEPPOL-EN16931-R040',
          F,
          ac,
          'Allowance/charge amount must equal base amount * percentage/100 if base amount and percentage exists',
        );
      }
      checkChargeIndicator(ctx, ac);
    }
  }
  for (const ac of ctx.anywhere('ram:AppliedTradeAllowanceCharge')) checkChargeIndicator(ctx, ac);
  for (const pm of ctx.anywhere('ram:SpecifiedTradeSettlementPaymentMeans')) {
    const code = text(first(pm, 'ram:TypeCode'));
    if (code !== '49' && code !== '59') continue;
    const parent = pm.parentNode as El | null;
    ctx.check(
      first(parent ?? undefined, 'ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID') !== undefined,
      'PEPPOL-EN16931-R061',
      F,
      pm,
      'Mandate reference MUST be provided for direct debit.',
    );
  }
  for (const transaction of ctx.anywhere('rsm:SupplyChainTradeTransaction')) checkLinePeriods(ctx, transaction);
  // Indexed loops over the lines and prices: iterating them allocated an iterator result per step.
  const lines = ctx.anywhere('ram:IncludedSupplyChainTradeLineItem');
  for (let i = 0; i < lines.length; i++) checkLine(ctx, lines[i]);
  const netPrices = ctx.anywhere('ram:NetPriceProductTradePrice');
  const grossPrices = ctx.anywhere('ram:GrossPriceProductTradePrice');
  for (let i = 0; i < netPrices.length + grossPrices.length; i++) {
    const price = i < netPrices.length ? netPrices[i] : grossPrices[i - netPrices.length];
    const bq = first(price, 'ram:BasisQuantity');
    if (bq) {
      const value = decimal(bq);
      ctx.check(
        value === undefined || aboveZero(value),
        'PEPPOL-EN16931-R121',
        F,
        price,
        'Base quantity MUST be a positive number above zero.',
      );
    }
    for (const basis of kids(price, 'ram:BasisQuantity')) {
      const unit = attr(basis, 'unitCode');
      if (unit === undefined) continue;
      const line = price.parentNode?.parentNode as El | null;
      const billed = all(line ?? undefined, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity').map((q) =>
        attr(q, 'unitCode'),
      );
      ctx.check(
        billed.includes(unit),
        'PEPPOL-EN16931-R130',
        F,
        basis,
        'Unit code of price base quantity MUST be same as invoiced quantity.',
      );
    }
  }
}

function checkChargeIndicator(ctx: CiiContext, ac: El): void {
  const indicator = text(first(ac, 'ram:ChargeIndicator/udt:Indicator'));
  ctx.check(
    indicator === 'true' || indicator === 'false',
    'PEPPOL-EN16931-R043',
    F,
    ac,
    "Allowance/charge ChargeIndicator value MUST equal 'true' or 'false'",
  );
}

/** R110/R111: a line period within the invoice period, compared as the date strings are written. */
function checkLinePeriods(ctx: CiiContext, transaction: El): void {
  const bounds = [
    [
      'ram:StartDateTime',
      'PEPPOL-EN16931-R110',
      (line: string, doc: string) => line >= doc,
      'Start date of line period MUST be within invoice period.',
    ],
    [
      'ram:EndDateTime',
      'PEPPOL-EN16931-R111',
      (line: string, doc: string) => line <= doc,
      'End date of line period MUST be within invoice period.',
    ],
  ] as const;
  for (const [bound, rule, within, message] of bounds) {
    if (!first(transaction, `ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/${bound}`)) continue;
    const docDates = all(
      transaction,
      `ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/${bound}/udt:DateTimeString`,
    ).map(raw);
    for (const lineBound of all(
      transaction,
      `ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/${bound}`,
    )) {
      const lineDates = kids(lineBound, 'udt:DateTimeString').map(raw);
      ctx.check(
        lineDates.some((l) => docDates.some((d) => within(l, d))),
        rule,
        F,
        lineBound,
        message,
      );
    }
  }
}

/** R120: the line net amount is quantity × (price / base quantity) + charges − allowances, within 0.02. */
function lineAmountOk(line: El, settlement: El | undefined): boolean {
  const total = first(settlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount');
  const quantity = first(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
  const price = first(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount');
  const basis = decimal(first(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity'));
  const hasAcs = first(settlement, 'ram:SpecifiedTradeAllowanceCharge') !== undefined;
  // The usual line (no base quantity, no allowance or charge, short amounts) compares exactly in
  // scaled integers; anything else in Decimals.
  if ((!basis || basis.isZero()) && !hasAcs) {
    const fast = lineAmountWithin(total, quantity, price);
    if (fast !== undefined) return fast;
  }
  const lineAmount = total ? (decimal(total) ?? ZERO) : ZERO;
  const q = quantity ? (decimal(quantity) ?? ZERO) : ONE;
  const p = price ? (decimal(price) ?? ZERO) : ZERO;
  // Dividing by one only rounds a price of more than 40 significant digits (the precision of Dec).
  const net = q.times(basis && !basis.isZero() ? p.div(basis) : p.sd() > 40 ? p.div(ONE) : p);
  // Most lines have no allowance or charge: adding and subtracting zero changes no comparison.
  let expected = net;
  if (hasAcs) {
    const acs = kids(settlement, 'ram:SpecifiedTradeAllowanceCharge');
    expected = net.plus(allowanceChargeTotal(acs, 'true')).minus(allowanceChargeTotal(acs, 'false'));
  }
  return lineAmount.minus(expected).abs().lte(TWO_CENTS);
}

/** The line's charges (`true`) or allowances (`false`), summed and rounded as the official rule does. */
function allowanceChargeTotal(acs: readonly El[], indicator: string): Dec {
  const amounts = acs
    .filter((a) => text(first(a, 'ram:ChargeIndicator/udt:Indicator')) === indicator)
    .flatMap((a) => kids(a, 'ram:ActualAmount'));
  return round2Up(sum(amounts.map((a) => decimal(a) ?? ZERO)));
}

function checkLine(ctx: CiiContext, line: El): void {
  const settlement = first(line, 'ram:SpecifiedLineTradeSettlement');
  ctx.check(
    lineAmountOk(line, settlement),
    'PEPPOL-EN16931-R120',
    F,
    line,
    'Invoice line net amount MUST equal (Invoiced quantity * (Item net price/item price base quantity) + Sum of invoice line charge amount - sum of invoice line allowance amount',
  );
  // Most lines reference no document: both rules below hold on none.
  if (!first(settlement, 'ram:AdditionalReferencedDocument')) return;
  const refs = kids(settlement, 'ram:AdditionalReferencedDocument');
  const isObject = (d: El) => kids(d, 'ram:TypeCode').some((t) => raw(t) === '130');
  ctx.check(
    refs.filter(isObject).length <= 1,
    'PEPPOL-EN16931-R100',
    F,
    line,
    'Only one invoiced object is allowed pr line',
  );
  ctx.check(
    refs.length === 0 || refs.some(isObject),
    'PEPPOL-EN16931-R101',
    F,
    line,
    'Element Document reference can only be used for Invoice line object',
  );
}

const ALL_DIGITS = /^[0-9]*$/;

/** ICD checks, by scheme, of every ram:URIID, ram:ID and ram:GlobalID that names one (PEPPOL-COMMON-R*). */
function checkIdentifierSchemes(ctx: CiiContext): void {
  const ids = [...ctx.anywhere('ram:URIID'), ...ctx.anywhere('ram:ID'), ...ctx.anywhere('ram:GlobalID')];
  for (const el of ids) {
    const scheme = attr(el, 'schemeID');
    if (scheme === undefined) continue;
    const v = text(el);
    const s = raw(el);
    const dk = (len: number) => s.length === len && s.startsWith('DK') && ALL_DIGITS.test(s.slice(2));
    switch (scheme) {
      case '0088':
        ctx.check(
          /^[0-9]+$/.test(v) && isValidGln(v),
          'PEPPOL-COMMON-R040',
          F,
          el,
          'GLN must have a valid format according to GS1 rules.',
        );
        break;
      case '0192':
        ctx.check(
          /^[0-9]{9}$/.test(v) && isValidMod11(v),
          'PEPPOL-COMMON-R041',
          F,
          el,
          'Norwegian organization number MUST be stated in the correct format.',
        );
        break;
      case '0184':
        ctx.check(
          dk(10) || (s.length === 8 && ALL_DIGITS.test(s)),
          'PEPPOL-COMMON-R042',
          F,
          el,
          'Danish organization number (CVR) MUST be stated in the correct format.',
        );
        break;
      case '0096':
        ctx.check(
          s.length === 10 && ALL_DIGITS.test(s),
          'PEPPOL-COMMON-R052',
          F,
          el,
          'Danish chamber of commerce number (P) MUST be stated in the correct format.',
        );
        break;
      case '0198':
        ctx.check(
          dk(10),
          'PEPPOL-COMMON-R053',
          F,
          el,
          'Danish ERSTORG number (SE) MUST be stated in the correct format.',
        );
        break;
      case '0208':
        ctx.check(
          isValidBelgianEnterpriseNumber(v),
          'PEPPOL-COMMON-R043',
          F,
          el,
          'Belgian enterprise number MUST be stated in the correct format.',
        );
        break;
      case '0201':
        ctx.check(
          /^[A-Za-z0-9]{6}$/.test(v),
          'PEPPOL-COMMON-R044',
          W,
          el,
          'IPA Code (Codice Univoco Unità Organizzativa) must be stated in the correct format',
        );
        break;
      case '0210':
        ctx.check(
          isValidCodiceFiscale(v),
          'PEPPOL-COMMON-R045',
          W,
          el,
          'Tax Code (Codice Fiscale) must be stated in the correct format',
        );
        break;
      case '9907':
        if (el.localName === 'URIID')
          ctx.check(
            isValidCodiceFiscale(v),
            'PEPPOL-COMMON-R046',
            W,
            el,
            'Tax Code (Codice Fiscale) must be stated in the correct format',
          );
        break;
      case '0211':
        ctx.check(
          (v.slice(0, 2) !== 'IT' && v.slice(0, 2) !== 'it') || isValidPartitaIva(v.slice(2)),
          'PEPPOL-COMMON-R047',
          W,
          el,
          'Italian VAT Code (Partita Iva) must be stated in the correct format',
        );
        break;
      case '0007':
        ctx.check(
          isValidSwedishOrgNumber(v),
          'PEPPOL-COMMON-R049',
          F,
          el,
          'Swedish organization number MUST be stated in the correct format.',
        );
        break;
      case '0151':
        ctx.check(
          isValidAbn(v),
          'PEPPOL-COMMON-R050',
          F,
          el,
          'Australian Business Number (ABN) MUST be stated in the correct format.',
        );
        break;
      case '0106':
        ctx.check(
          /^[0-9]{8}$/.test(v),
          'PEPPOL-COMMON-R054',
          W,
          el,
          'Dutch Chamber of Commerce (KVK) numbers (0106) MUST be stated in the correct format (12345678).',
        );
        break;
      case '0190':
        ctx.check(
          /^[0-9]{20}$/.test(v),
          'PEPPOL-COMMON-R055',
          W,
          el,
          'Dutch organization identification numbers (0190) MUST be stated in the correct format (12345678901234567890).',
        );
        break;
      case '9944':
        ctx.check(
          /^NL[0-9]{9}B[0-9]{2}$/.test(v),
          'PEPPOL-COMMON-R056-1',
          W,
          el,
          'Dutch VAT numbers (9944) MUST be stated in the correct format (NL123456789B12).',
        );
        break;
      case '0217':
        ctx.check(
          /^[0-9]{20}$/.test(v),
          'PEPPOL-COMMON-R057',
          W,
          el,
          'Dutch Chamber of Commerce Establishment numbers (0217) MUST be stated in the correct format (12345678901234567890).',
        );
        break;
      default:
        break;
    }
  }
  for (const reg of ctx.anywhere('ram:SpecifiedTaxRegistration')) {
    const value = text(reg);
    if (!kids(reg, 'ram:ID').some((id) => attr(id, 'schemeID') === 'VA') || !value.startsWith('NL')) continue;
    ctx.check(
      /^NL[0-9]{9}B[0-9]{2}$/.test(value),
      'PEPPOL-COMMON-R056-2',
      W,
      reg,
      'Dutch VAT numbers MUST have the format (NL123456789B12).',
    );
  }
}

const INVOICE_TYPE_CODES = new Set(
  '71 102 218 219 326 331 382 553 817 870 875 876 877 380 383 384 386 388 393 82 80 84 395 575 623 780 381 396 81 83 532'.split(
    ' ',
  ),
);

/** Restricted code lists and the date format (PEPPOL-EN16931-CL*, P0100, F001). */
function checkCodeLists(ctx: CiiContext): void {
  for (const bin of ctx.anywhere('ram:AttachmentBinaryObject')) {
    const mime = attr(bin, 'mimeCode');
    if (mime !== undefined)
      ctx.check(
        CL.MIME.has(mime),
        'PEPPOL-EN16931-CL001',
        F,
        bin,
        'Mime code must be according to subset of IANA code list.',
      );
  }
  for (const ac of ctx.anywhere('ram:SpecifiedTradeAllowanceCharge')) {
    const indicator = text(first(ac, 'ram:ChargeIndicator/udt:Indicator'));
    for (const code of kids(ac, 'ram:ReasonCode')) {
      if (indicator === 'false')
        ctx.check(
          CL.UNCL5189.has(text(code)),
          'PEPPOL-EN16931-CL002',
          F,
          code,
          'Reason code MUST be according to subset of UNCL 5189 D.16B.',
        );
      else if (indicator === 'true')
        ctx.check(
          CL.UNCL7161.has(text(code)),
          'PEPPOL-EN16931-CL003',
          F,
          code,
          'Reason code MUST be according to UNCL 7161 D.16B.',
        );
    }
  }
  for (const amount of ctx.anywhere('ram:TaxTotalAmount')) {
    const currency = attr(amount, 'currencyID');
    if (currency !== undefined)
      ctx.check(
        CL.ISO4217_PEPPOL.has(currency),
        'PEPPOL-EN16931-CL007',
        F,
        amount,
        'Currency code must be according to ISO 4217:2005',
      );
  }
  // The official context is ram:ExchangedDocument, which a CII document never has (its
  // ExchangedDocument is rsm:), so the rule stays silent on CII exactly as written.
  if (profileOf(ctx.root)) {
    for (const doc of ctx.anywhere('ram:ExchangedDocument')) {
      for (const code of kids(doc, 'ram:TypeCode'))
        ctx.check(
          INVOICE_TYPE_CODES.has(text(code)),
          'PEPPOL-EN16931-P0100',
          F,
          code,
          'Invoice type code MUST be set according to the profile.',
        );
    }
  }
  for (const date of ctx.anywhere('udt:DateTimeString')) {
    const written = raw(date);
    ctx.check(
      attr(date, 'format')?.trim() === '102' && written.length === 8 && /20[0-9]{6}/.test(text(date)),
      'PEPPOL-EN16931-F001',
      F,
      date,
      'A date MUST be formatted YYYYMMDD.',
    );
  }
  for (const uri of ctx.anywhere('ram:URIID')) {
    const party = (uri.parentNode?.parentNode as El | null)?.localName;
    if (
      (uri.parentNode as El | null)?.localName !== 'URIUniversalCommunication' ||
      (party !== 'BuyerTradeParty' && party !== 'SellerTradeParty')
    )
      continue;
    const scheme = attr(uri, 'schemeID');
    ctx.check(
      scheme !== undefined && CL.EAS_PEPPOL.has(scheme),
      'PEPPOL-EN16931-CL008',
      F,
      uri,
      'Electronic address identifier scheme must be from the codelist "Electronic Address Identifier Scheme"',
    );
  }
}

function checkNorway(ctx: CiiContext): void {
  if (supplierCountry(ctx) !== 'NO') return;
  for (const party of ctx.anywhere('ram:SellerTradeParty')) {
    const registered = all(party, 'ram:SpecifiedTaxRegistration/ram:ID').some(
      (id) => attr(id, 'schemeID') === 'FC' && text(id) === 'Foretaksregisteret',
    );
    ctx.check(
      registered,
      'NO-R-002',
      W,
      party,
      'Most invoice issuers are required to append "Foretaksregisteret" to their invoice. "Dersom selger er aksjeselskap, allmennaksjeselskap eller filial av utenlandsk selskap skal også ordet «Foretaksregisteret» fremgå av salgsdokumentet, jf. foretaksregisterloven § 10-2."',
    );
    const vat = raw(first(vatRegistration(party), 'ram:ID'));
    const valid = !vat.startsWith('NO') || (/^[0-9]{9}MVA$/.test(vat.slice(2)) && isValidMod11(vat.slice(2, 11)));
    ctx.check(
      valid,
      'NO-R-001',
      F,
      party,
      'For Norwegian suppliers, a VAT number MUST be the country code prefix NO followed by a valid Norwegian organization number (nine numbers) followed by the letters MVA.',
    );
  }
}

const DK_PAYMENT_MEANS = ' 1 10 31 42 48 49 50 58 59 93 97 ';
const DK_UNSPSC_VERSIONS = new Set(['19.05.01', '19.0501', '26.08.01', '26.0801']);

function checkDenmark(ctx: CiiContext): void {
  const r = ctx.root;
  const countries = (path: string) => all(r, `${AGREEMENT}/${path}/ram:PostalTradeAddress/ram:CountryID`).map(raw);
  if (!countries('ram:SellerTradeParty').includes('DK')) return;
  const customerDk = countries('ram:BuyerTradeParty').includes('DK');
  const legal = first(r, `${AGREEMENT}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`);
  ctx.check(text(legal) !== '', 'DK-R-002', F, r, 'Danish suppliers MUST provide legal entity.');
  const reasonEl = first(r, `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:Reason`);
  const reason = raw(reasonEl);
  const taxCategory = text(reasonEl).length === 4 && xnumber(reason) >= 0 && xnumber(reason) <= 9999;
  const tagged = reasonEl !== undefined && reason.includes('#') && !reason.startsWith('#') && !reason.endsWith('#');
  const nonVatTax = all(r, `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:ReasonCode`).some(
    (c) => raw(c) === 'ZZZ',
  );
  ctx.check(
    !(customerDk && nonVatTax && !(taxCategory || tagged)),
    'DK-R-004',
    F,
    r,
    'When specifying non-VAT Taxes for Danish customers, Danish suppliers MUST use the AllowanceChargeReasonCode="ZZZ" and MUST be specified in AllowanceChargeReason; Either as the 4-digit Tax category or must include a #, but the # is not allowed as first and last character',
  );
  const unschemed = (party: string) => {
    const id = first(r, `${AGREEMENT}/${party}/ram:GlobalID`);
    return id !== undefined && (attr(id, 'schemeID') ?? '').trim() === '';
  };
  ctx.check(
    !(customerDk && (unschemed('ram:SellerTradeParty') || unschemed('ram:BuyerTradeParty'))),
    'DK-R-013',
    F,
    r,
    'For Danish Suppliers it is mandatory to use schemeID when GlobalID is used for SellerTradeParty or BuyerTradeParty',
  );
  ctx.check(
    !legal || (attr(legal, 'schemeID') ?? '').trim() === '0184',
    'DK-R-014',
    F,
    r,
    'For Danish Suppliers it is mandatory to specify schemeID as "0184" when SpecifiedLegalOrganization is used for SellerTradeParty',
  );
  const typeCode = text(first(r, 'rsm:ExchangedDocument/ram:TypeCode'));
  const payable = xnumber(
    raw(first(r, `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:DuePayableAmount`)),
  );
  ctx.check(
    !(customerDk && typeCode === '381' && payable < 0),
    'DK-R-016',
    F,
    r,
    'For Danish Suppliers, a Credit note cannot have a negative total (DuePayableAmount)',
  );
  if (!customerDk) return;

  for (const pm of all(r, `${SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`)) {
    const codes = kids(pm, 'ram:TypeCode').map(raw);
    const is = (...values: string[]) => codes.some((c) => values.includes(c));
    const parent = pm.parentNode as El;
    const reference = raw(first(parent, 'ram:PaymentReference'));
    const prefix = reference.slice(0, 3);
    const account = raw(first(pm, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'));
    ctx.check(
      DK_PAYMENT_MEANS.includes(` ${raw(first(pm, 'ram:TypeCode'))} `),
      'DK-R-005',
      F,
      pm,
      'For Danish suppliers the following Payment means type codes are allowed: 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 and 97',
    );
    const bank =
      text(first(pm, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID')) !== '' &&
      text(first(pm, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID')) !== '';
    ctx.check(
      !(is('31', '42') && !bank),
      'DK-R-006',
      F,
      pm,
      'For Danish suppliers, bank account and registration account are mandatory if payment means is 31 or 42',
    );
    // The official rule reads the mandate below the payment means, not beside it where R061 does.
    const mandate =
      text(first(parent, 'ram:CreditorReferenceID')) !== '' &&
      text(first(pm, 'ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID')) !== '';
    ctx.check(
      !(is('49') && !mandate),
      'DK-R-007',
      F,
      pm,
      'For Danish suppliers DirectDebitMandateID and CreditorReferenceID are mandatory when payment means is 49',
    );
    ctx.check(
      !(is('50') && !(['01#', '04#', '15#'].includes(prefix) && account.length === 7)),
      'DK-R-008',
      F,
      pm,
      'For Danish Suppliers PaymentReference is mandatory and MUST start with 01#, 04# or 15# (kortartkode), and PayeePartyCreditorFinancialAccount/IBANID (Giro kontonummer) is mandatory and must be 7 characters long, when payment means equals 50 (Giro)',
    );
    ctx.check(
      !(is('50') && ['04#', '15#'].includes(prefix) && reference.length !== 19),
      'DK-R-009',
      F,
      pm,
      'For Danish Suppliers if the PaymentReference is prefixed with 04# or 015# the 16 digits instruction Id must be added to the PaymentReference eg. "04#1234567890123456" when Payment means equals 50 (Giro)',
    );
    ctx.check(
      !(is('93') && !(['71#', '73#', '75#'].includes(prefix) && account.length === 8)),
      'DK-R-010',
      F,
      pm,
      'For Danish Suppliers using PaymentMeansCode 93, PaymentID is mandatory. The first three characters of the PaymentID MUST be 71#, 73# or 75# (kortartskode), and PayeeFinancialAccount/ID MUST be exactly 8 characters long.',
    );
    ctx.check(
      !(is('93') && ['71#', '75#'].includes(prefix) && reference.length !== 18 && reference.length !== 19),
      'DK-R-011',
      F,
      pm,
      'For Danish Suppliers if the PaymentReference is prefixed with 71# or 75# the 15-16 digits instruction Id must be added to the PaymentReference eg. "71#1234567890123456" when payment Method equals 93 (FIK)',
    );
  }
  for (const line of all(r, 'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem')) {
    const codes = all(line, 'ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode');
    const unspsc = codes.some((c) => attr(c, 'listID') === 'TST');
    const version = codes.some((c) => DK_UNSPSC_VERSIONS.has(attr(c, 'listVersionID') ?? ''));
    ctx.check(
      !(unspsc && !version),
      'DK-R-003',
      F,
      line,
      'If ItemClassification is provided from Danish suppliers, UNSPSC version 19.05.01 or 26.08.01 should be used',
    );
  }
}

function checkItaly(ctx: CiiContext): void {
  if (supplierCountry(ctx) !== 'IT') return;
  for (const party of ctx.anywhere('ram:SellerTradeParty')) {
    for (const reg of kids(party, 'ram:SpecifiedTaxRegistration')) {
      const ids = kids(reg, 'ram:ID');
      const other = ids.some((id) => (attr(id, 'schemeID') ?? '').trim() !== 'FC');
      const registration = text(ids.find((id) => (attr(id, 'schemeID') ?? '').trim() === 'FC'));
      ctx.check(
        other || /^[A-Z0-9]{11,16}$/.test(registration),
        'IT-R-001',
        F,
        reg,
        '[IT-R-001] BT-32 (Seller tax registration identifier) - For Italian suppliers BT-32 minimum length 11 and maximum length shall be 16.',
      );
    }
    ctx.check(
      first(party, 'ram:PostalTradeAddress/ram:LineOne') !== undefined,
      'IT-R-002',
      F,
      party,
      '[IT-R-002] BT-35 (Seller address line 1) - Italian suppliers MUST provide the postal address line 1.',
    );
    ctx.check(
      first(party, 'ram:PostalTradeAddress/ram:CityName') !== undefined,
      'IT-R-003',
      F,
      party,
      '[IT-R-003] BT-37 (Seller city) - Italian suppliers MUST provide the postal address city.',
    );
    ctx.check(
      first(party, 'ram:PostalTradeAddress/ram:PostcodeCode') !== undefined,
      'IT-R-004',
      F,
      party,
      '[IT-R-004] BT-38 (Seller post code) - Italian suppliers MUST provide the postal address post code.',
    );
  }
}

function checkSweden(ctx: CiiContext): void {
  const r = ctx.root;
  const sellers = all(r, `${AGREEMENT}/ram:SellerTradeParty`);
  const inSweden = (party: El | undefined) =>
    all(party, 'ram:PostalTradeAddress/ram:CountryID').some((c) => raw(c) === 'SE');
  const vatIds = (reg: El) => kids(reg, 'ram:ID').filter((id) => attr(id, 'schemeID') === 'VAT');
  const swedishVat = (reg: El) => raw(vatIds(reg)[0]).slice(0, 2) === 'SE';
  for (const party of sellers) {
    if (!inSweden(party)) continue;
    const regs = kids(party, 'ram:SpecifiedTaxRegistration');
    if (regs.some(swedishVat)) {
      const vat = regs.flatMap(vatIds)[0];
      ctx.check(
        text(vat).length === 14,
        'SE-R-001',
        F,
        party,
        'For Swedish suppliers, Swedish VAT-numbers must consist of 14 characters.',
      );
      ctx.check(
        isNumber(raw(vat).slice(2, 14)),
        'SE-R-002',
        F,
        party,
        'For Swedish suppliers, the Swedish VAT-numbers must have the trailing 12 characters in numeric form',
      );
    }
    for (const legal of kids(party, 'ram:SpecifiedLegalOrganization')) {
      const id = first(legal, 'ram:ID');
      if (!id) continue;
      ctx.check(isNumber(raw(id)), 'SE-R-003', F, legal, 'Swedish organisation numbers should be numeric.');
      ctx.check(text(id).length === 10, 'SE-R-004', F, legal, 'Swedish organisation numbers consist of 10 characters.');
      ctx.check(
        isValidSwedishOrgNumber(text(id)),
        'SE-R-013',
        F,
        legal,
        'The last digit of a Swedish organization number must be valid according to the Luhn algorithm.',
      );
    }
    if (first(party, 'ram:SpecifiedLegalOrganization/ram:ID')) {
      for (const id of all(party, 'ram:SpecifiedTaxRegistration/ram:ID').filter((x) => attr(x, 'schemeID') === 'FC')) {
        ctx.check(
          text(id).toUpperCase() === 'GODKÄND FÖR F-SKATT',
          'SE-R-005',
          F,
          id,
          "For Swedish suppliers, when using Seller tax registration identifier, 'Godkänd för F-skatt' must be stated",
        );
      }
    }
  }
  if (sellers.some((p) => inSweden(p) && kids(p, 'ram:SpecifiedTaxRegistration').some(swedishVat))) {
    for (const tax of [...ctx.anywhere('ram:ApplicableTradeTax'), ...ctx.anywhere('ram:CategoryTradeTax')]) {
      const rate = xnumber(raw(first(tax, 'ram:RateApplicablePercent')));
      ctx.check(
        rate === 25 || rate === 12 || rate === 6,
        'SE-R-006',
        F,
        tax,
        'For Swedish suppliers, only standard VAT rate of 6, 12 or 25 are used',
      );
    }
  }
  for (const transaction of kids(r, 'rsm:SupplyChainTradeTransaction')) {
    const partiesIn = (name: string) => all(transaction, `ram:ApplicableHeaderTradeAgreement/${name}`).some(inSweden);
    if (!partiesIn('ram:SellerTradeParty')) continue;
    const buyerInSweden = partiesIn('ram:BuyerTradeParty');
    for (const pm of all(transaction, 'ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans')) {
      const code = text(first(pm, 'ram:TypeCode'));
      const bic = text(first(pm, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'));
      for (const account of all(pm, 'ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID')) {
        const a = text(account);
        if (code === '30' && bic === 'SE:PLUSGIRO') {
          ctx.check(
            isNumber(a),
            'SE-R-007',
            W,
            account,
            'For Swedish suppliers using Plusgiro, the Account ID must be numeric',
          );
          ctx.check(
            a.length >= 2 && a.length <= 8,
            'SE-R-010',
            W,
            account,
            'For Swedish suppliers using Plusgiro, the Account ID must have 2-8 characters',
          );
        } else if (code === '30' && bic === 'SE:BANKGIRO') {
          ctx.check(
            isNumber(a),
            'SE-R-008',
            W,
            account,
            'For Swedish suppliers using Bankgiro, the Account ID must be numeric',
          );
          ctx.check(
            a.length === 7 || a.length === 8,
            'SE-R-009',
            W,
            account,
            'For Swedish suppliers using Bankgiro, the Account ID must have 7-8 characters',
          );
        }
      }
      ctx.check(
        code !== '50' && code !== '56',
        'SE-R-011',
        W,
        pm,
        'For Swedish suppliers using Swedish Bankgiro or Plusgiro, the proper way to indicate this is to use Code 30 for PaymentMeans and FinancialInstitutionBranch ID with code SE:BANKGIRO or SE:PLUSGIRO',
      );
      ctx.check(
        !(buyerInSweden && code === '31'),
        'SE-R-012',
        W,
        pm,
        'For domestic transactions between Swedish trading partners, credit transfer should be indicated by PaymentMeansCode="30"',
      );
    }
  }
}

const NL_CREDIT_TYPES = new Set(['81', '83', '381', '396', '532']);
const NL_PAYMENT_MEANS = new Set(['30', '48', '49', '57', '58', '59']);

function checkNetherlands(ctx: CiiContext): void {
  const r = ctx.root;
  const isNl = (path: string) =>
    text(first(r, `${AGREEMENT}/${path}/ram:PostalTradeAddress/ram:CountryID`)).toUpperCase() === 'NL';
  if (!isNl('ram:SellerTradeParty')) return;
  const customerNl = isNl('ram:BuyerTradeParty');
  const complete = (address: El) =>
    first(address, 'ram:LineOne') !== undefined &&
    first(address, 'ram:CityName') !== undefined &&
    first(address, 'ram:PostcodeCode') !== undefined;
  const kvkOrOin = (id: El) => {
    const schemes = ` ${attr(id, 'schemeID') ?? ''} `;
    return (schemes.includes(' 0106 ') || schemes.includes(' 0190 ')) && text(id) !== '';
  };

  for (const doc of kids(r, 'rsm:ExchangedDocument')) {
    if (!NL_CREDIT_TYPES.has(text(first(doc, 'ram:TypeCode')))) continue;
    const referenced = ctx
      .anywhere('ram:ApplicableHeaderTradeSettlement')
      .some((s) => first(s, 'ram:InvoiceReferencedDocument/ram:IssuerAssignedID'));
    ctx.check(
      referenced,
      'NL-R-001',
      F,
      doc,
      '[NL-R-001] For suppliers in the Netherlands, if the document is a creditnote, the document MUST contain an invoice reference (ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID)',
    );
  }
  for (const address of all(r, `${AGREEMENT}/ram:SellerTradeParty/ram:PostalTradeAddress`)) {
    ctx.check(
      complete(address),
      'NL-R-002',
      F,
      address,
      "[NL-R-002] For suppliers in the Netherlands the supplier's address (ram:SellerTradeParty/ram:PostalTradeAddress) MUST contain street name (ram:LineOne), city (ram:CityName) and post code (ram:PostcodeCode)",
    );
  }
  for (const id of all(r, `${AGREEMENT}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`)) {
    ctx.check(
      kvkOrOin(id),
      'NL-R-003',
      F,
      id,
      '[NL-R-003] For suppliers in the Netherlands, the legal entity identifier MUST be either a KVK or OIN number (schemeID 0106 or 0190)',
    );
  }
  if (customerNl) {
    for (const address of all(r, `${AGREEMENT}/ram:BuyerTradeParty/ram:PostalTradeAddress`)) {
      ctx.check(
        complete(address),
        'NL-R-004',
        F,
        address,
        '[NL-R-004] For suppliers in the Netherlands, if the customer is in the Netherlands, the customer address (ram:BuyerTradeParty/ram:PostalTradeAddress) MUST contain street name (ram:LineOne), city (ram:CityName) and post code (ram:PostcodeCode)',
      );
    }
    for (const id of all(r, `${AGREEMENT}/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`)) {
      ctx.check(
        kvkOrOin(id),
        'NL-R-005',
        F,
        id,
        "[NL-R-005] For suppliers in the Netherlands, if the customer is in the Netherlands, the customer's legal entity identifier MUST be either a KVK or OIN number (schemeID 0106 or 0190)",
      );
    }
  }
  if (isNl('ram:SellerTaxRepresentativeTradeParty')) {
    for (const address of all(r, `${AGREEMENT}/ram:SellerTaxRepresentativeTradeParty/ram:PostalTradeAddress`)) {
      ctx.check(
        complete(address),
        'NL-R-006',
        F,
        address,
        "[NL-R-006] For suppliers in the Netherlands, if the fiscal representative is in the Netherlands, the representative's address (ram:SellerTaxRepresentativeTradeParty/ram:PostalTradeAddress) MUST contain street name (ram:LineOne), city (ram:CityName) and post code (ram:PostcodeCode)",
      );
    }
  }
  const typeCode = text(first(r, 'rsm:ExchangedDocument/ram:TypeCode'));
  const paymentMeans = all(r, `${SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`);
  for (const summation of all(r, `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`)) {
    const payable = decimal(first(summation, 'ram:DuePayableAmount'));
    const noPayment = payable !== undefined && (typeCode === '381' ? payable.gte(0) : payable.lte(0));
    ctx.check(
      noPayment || paymentMeans.length > 0,
      'NL-R-007',
      F,
      summation,
      '[NL-R-007] For suppliers in the Netherlands, the supplier MUST provide a means of payment (ram:SpecifiedTradeSettlementPaymentMeans) if the payment is from customer to supplier',
    );
  }
  if (customerNl) {
    for (const pm of paymentMeans) {
      ctx.check(
        NL_PAYMENT_MEANS.has(text(first(pm, 'ram:TypeCode'))),
        'NL-R-008',
        F,
        pm,
        '[NL-R-008] For suppliers in the Netherlands, if the customer is in the Netherlands, the payment means code (ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode) MUST be one of 30, 48, 49, 57, 58 or 59',
      );
    }
  }
  const ordered = first(r, `${AGREEMENT}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`) !== undefined;
  for (const lineRef of all(
    r,
    'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:BuyerOrderReferencedDocument/ram:LineID',
  )) {
    ctx.check(
      ordered,
      'NL-R-009',
      F,
      lineRef,
      '[NL-R-009] For suppliers in the Netherlands, if an order line reference (ram:BuyerOrderReferencedDocument/ram:LineID) is used, there must be an order reference on the document level (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID)',
    );
  }
}
