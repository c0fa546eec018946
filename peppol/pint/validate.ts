import { HUNDRED, ZERO, sum, type Dec } from '../money.ts';
import type { ValidationResult } from '../types.ts';
import { type RuleContext, isAllowance, isCharge, num, numAt, runBillingRules } from '../validation/context.ts';
import { all, attr, first, kids, text, val, type El } from '../xml/dom.ts';
import { pintSpecificationOf, type PintSpecificationInfo } from './specification.ts';

/**
 * Native checks of the PINT rule sets (the shared PINT rules `ibr-*` and the jurisdiction-aligned
 * rules `aligned-ibr*`), under the official ids and flags, on a UBL Invoice or CreditNote. What is
 * covered is listed in docs/pint.md; the conformance suite compares the verdicts and fatal ids with
 * the official rules of phive-rules-peppol 4.3.7 on the official examples and on mutations.
 */
export function validatePintElement(root: El, spec?: PintSpecificationInfo): ValidationResult {
  const info = spec ?? pintSpecificationOf(val(root, 'cbc:CustomizationID'));
  return runBillingRules(root, (ctx) => {
    checkSharedRules(ctx);
    if (info && info.id !== 'pint') checkAlignedRules(ctx, info);
    if (info?.id === 'pint-anz') checkAunzRules(ctx, info);
  });
}

const F = 'fatal' as const;
const blank = (el: El | undefined, path: string) => (val(el, path) ?? '').trim() === '';
/** round(x * 100) div 100, as the artefacts round a sum (XPath rounds half up). */
const cents = (d: Dec) => d.toDecimalPlaces(2);

/** The rules every PINT specialization shares (PINT-UBL-validation-preprocessed). */
function checkSharedRules(ctx: RuleContext): void {
  const r = ctx.root;
  ctx.check(
    !blank(r, 'cbc:CustomizationID'),
    'ibr-001',
    F,
    r,
    'An Invoice MUST have a Specification identifier (ibt-024).',
  );
  ctx.check(!blank(r, 'cbc:ID'), 'ibr-002', F, r, 'An Invoice MUST have an Invoice number (ibt-001).');
  ctx.check(!blank(r, 'cbc:IssueDate'), 'ibr-003', F, r, 'An Invoice MUST have an Invoice issue date (ibt-002).');
  ctx.check(
    !blank(r, 'cbc:InvoiceTypeCode') || !blank(r, 'cbc:CreditNoteTypeCode'),
    'ibr-004',
    F,
    r,
    'An Invoice MUST have an Invoice type code (ibt-003).',
  );
  ctx.check(
    !blank(r, 'cbc:DocumentCurrencyCode'),
    'ibr-005',
    F,
    r,
    'An Invoice MUST have an Invoice currency code (ibt-005).',
  );
  ctx.check(
    !blank(ctx.seller, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    'ibr-006',
    F,
    r,
    'An Invoice MUST contain the Seller name (ibt-027).',
  );
  ctx.check(
    !blank(ctx.buyer, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    'ibr-007',
    F,
    r,
    'An Invoice MUST contain the Buyer name (ibt-044).',
  );
  ctx.check(
    !!first(ctx.seller, 'cac:PostalAddress'),
    'ibr-008',
    F,
    r,
    'An Invoice MUST contain the Seller postal address (ibg-05).',
  );
  ctx.check(
    !!first(ctx.buyer, 'cac:PostalAddress'),
    'ibr-010',
    F,
    r,
    'An Invoice MUST contain the Buyer postal address (ibg-08).',
  );
  ctx.check(ctx.lines.length > 0, 'ibr-016', F, r, 'An Invoice MUST have at least one Invoice line (ibg-25)');
  ctx.check(!!first(r, 'cbc:ProfileID'), 'ibr-076', F, r, 'Business process (ibt-023) MUST be provided.');
  ctx.check(count(r, 'cbc:Note') <= 1, 'ibr-sr-51', F, r, 'Note (ibt-022) MUST occur maximum once');

  const sellerAddress = first(ctx.seller, 'cac:PostalAddress');
  if (sellerAddress)
    ctx.check(
      !blank(sellerAddress, 'cac:Country/cbc:IdentificationCode'),
      'ibr-009',
      F,
      sellerAddress,
      'The Seller postal address (ibg-05) MUST contain a Seller country code (ibt-040).',
    );
  const buyerAddress = first(ctx.buyer, 'cac:PostalAddress');
  if (buyerAddress)
    ctx.check(
      !blank(buyerAddress, 'cac:Country/cbc:IdentificationCode'),
      'ibr-011',
      F,
      buyerAddress,
      'The Buyer postal address (ibg-08) MUST contain a Buyer country code (ibt-055).',
    );
  if (ctx.buyer) {
    const endpoint = first(ctx.buyer, 'cbc:EndpointID');
    ctx.check(!!endpoint, 'ibr-080', F, ctx.buyer, 'The Buyer electronic address (ibt-049) MUST be provided.');
    if (endpoint)
      ctx.check(
        attr(endpoint, 'schemeID') !== undefined,
        'ibr-063',
        F,
        endpoint,
        'The Buyer electronic address (ibt-049) MUST have a Scheme identifier.',
      );
  }
  if (ctx.seller) {
    const endpoint = first(ctx.seller, 'cbc:EndpointID');
    if (endpoint)
      ctx.check(
        attr(endpoint, 'schemeID') !== undefined,
        'ibr-062',
        F,
        endpoint,
        'The Seller electronic address (ibt-034) MUST have a Scheme identifier.',
      );
  }

  for (const line of ctx.lines) {
    ctx.check(
      !blank(line, 'cbc:ID'),
      'ibr-021',
      F,
      line,
      'Each Invoice line (ibg-25) MUST have an Invoice line identifier (ibt-126).',
    );
    const quantity = ctx.lineQuantity(line);
    ctx.check(!!quantity, 'ibr-022', F, line, 'Each Invoice line (ibg-25) MUST have an invoiced quantity (ibt-129)..');
    ctx.check(
      attr(quantity, 'unitCode') !== undefined,
      'ibr-023',
      F,
      line,
      'An Invoice line (ibg-25) MUST have an Invoiced quantity unit of measure code (ibt-130).',
    );
    ctx.check(
      !!first(line, 'cbc:LineExtensionAmount'),
      'ibr-024',
      F,
      line,
      'Each Invoice line (ibg-25) MUST have an Invoice line net amount (ibt-131).',
    );
    ctx.check(
      !blank(line, 'cac:Item/cbc:Name'),
      'ibr-025',
      F,
      line,
      'Each Invoice line (ibg-25) MUST contain the Item name (ibt-153).',
    );
    const price = first(line, 'cac:Price/cbc:PriceAmount');
    ctx.check(!!price, 'ibr-026', F, line, 'Each Invoice line (ibg-25) MUST contain the Item net price (ibt-146).');
    const priceValue = num(price);
    ctx.check(
      priceValue !== undefined && !priceValue.isNegative(),
      'ibr-027',
      F,
      line,
      'The Item net price (ibt-146) MUST NOT be negative.',
    );
  }

  for (const ac of ctx.docAllowanceCharges) {
    const indicator = text(first(ac, 'cbc:ChargeIndicator')).trim();
    ctx.check(
      indicator === 'true' || indicator === 'false',
      'ibr-082',
      F,
      ac,
      "Allowance/charge indicator value MUST equal 'true' or 'false'.",
    );
    const reason = !!first(ac, 'cbc:AllowanceChargeReason') || !!first(ac, 'cbc:AllowanceChargeReasonCode');
    if (isAllowance(ac)) {
      ctx.check(
        !!first(ac, 'cbc:Amount'),
        'ibr-031',
        F,
        ac,
        'Allowance (ibg-20) MUST have an allowance amount (ibt-092).',
      );
      ctx.check(
        reason,
        'ibr-033',
        F,
        ac,
        'Each Document level allowance (ibg-20) MUST have a Document level allowance reason (ibt-097) or a Document level allowance reason code (ibt-098).',
      );
    } else if (isCharge(ac)) {
      ctx.check(!!first(ac, 'cbc:Amount'), 'ibr-036', F, ac, 'Charge (ibg-21) MUST have a charge amount (ibt-099).');
      ctx.check(
        reason,
        'ibr-038',
        F,
        ac,
        'Each Document level charge (ibg-21) MUST have a Document level charge reason (ibt-104) or a Document level charge reason code (ibt-105).',
      );
    }
  }

  const lmt = first(r, 'cac:LegalMonetaryTotal');
  if (lmt) {
    ctx.check(
      !!first(lmt, 'cbc:LineExtensionAmount'),
      'ibr-012',
      F,
      lmt,
      'An Invoice MUST have the Sum of Invoice line net amount (ibt-106).',
    );
    ctx.check(
      !!first(lmt, 'cbc:TaxExclusiveAmount'),
      'ibr-013',
      F,
      lmt,
      'An Invoice MUST have the Invoice total amount without Tax (ibt-109).',
    );
    ctx.check(
      !!first(lmt, 'cbc:TaxInclusiveAmount'),
      'ibr-014',
      F,
      lmt,
      'An Invoice MUST have the Invoice total amount with Tax (ibt-112).',
    );
    ctx.check(
      !!first(lmt, 'cbc:PayableAmount'),
      'ibr-015',
      F,
      lmt,
      'An Invoice MUST have the Amount due for payment (ibt-115).',
    );
    const lineTotal = numAt(lmt, 'cbc:LineExtensionAmount');
    const lines = cents(sum(ctx.lines.map((l) => numAt(l, 'cbc:LineExtensionAmount') ?? ZERO)));
    ctx.check(
      lineTotal !== undefined && lineTotal.eq(lines),
      'ibr-co-10',
      F,
      lmt,
      'Sum of Invoice line net amount (ibt-106) = Σ Invoice line net amount (ibt-131).',
    );
    const inclusive = numAt(lmt, 'cbc:TaxInclusiveAmount');
    const prepaid = numAt(lmt, 'cbc:PrepaidAmount');
    const rounding = numAt(lmt, 'cbc:PayableRoundingAmount');
    const payable = numAt(lmt, 'cbc:PayableAmount');
    if (inclusive !== undefined && payable !== undefined) {
      const expected = cents(inclusive.minus(prepaid ?? ZERO).plus(rounding ?? ZERO));
      ctx.check(
        payable.eq(expected),
        'ibr-co-16',
        F,
        lmt,
        'Amount due for payment (ibt-115) = Invoice total amount with Tax (ibt-112) - Paid amount (ibt-113) + Rounding amount (ibt-114).',
      );
    }
  }

  checkCurrencies(ctx);

  for (const id of [...ctx.descendants('EndpointID'), ...ctx.descendants('ID'), ...ctx.descendants('CompanyID')]) {
    const scheme = attr(id, 'schemeID');
    if (scheme !== '0151' && scheme !== '0088') continue;
    const local = id.localName;
    const parent = id.parentNode as El | null;
    // The official contexts: EndpointID, PartyIdentification/ID and CompanyID.
    if (local === 'ID' && parent?.localName !== 'PartyIdentification') continue;
    const value = text(id).trim();
    if (scheme === '0151')
      ctx.check(
        /^[0-9]{11}$/.test(value) && isAbn(value),
        'ibr-120',
        F,
        id,
        'Australian Business Number (ABN) must be stated in the correct format for for endpoints (ibt-034), (ibt-049), party identification (ibt-029), (ibt-046), (ibt-060), legal entities (ibt-030), (ibt-047), (ibt-061).',
      );
    else
      ctx.check(
        /^[0-9]+$/.test(value) && isGln(value),
        'ibr-068',
        F,
        id,
        'GLN MUST have a valid format according to GS1 rules for endpoints (ibt-034), (ibt-049), party identification (ibt-029), (ibt-046), (ibt-060), legal entities (ibt-030), (ibt-047), (ibt-061).',
      );
  }
}

const count = (el: El | undefined, path: string) => all(el, path).length;

/** Amounts whose currency must be the document's (ibr-126). */
const DOCUMENT_CURRENCY_AMOUNTS = [
  'Amount',
  'BaseAmount',
  'PriceAmount',
  'LineExtensionAmount',
  'TaxExclusiveAmount',
  'TaxInclusiveAmount',
  'AllowanceTotalAmount',
  'ChargeTotalAmount',
  'PrepaidAmount',
  'PayableRoundingAmount',
  'PayableAmount',
];

/** ibr-126 (every amount in the document currency) and ibr-co-15 (total with tax = total without + tax). */
function checkCurrencies(ctx: RuleContext): void {
  const r = ctx.root;
  // `@currencyID = //cbc:DocumentCurrencyCode`: the values as written, against any currency code element.
  const currencies = new Set(ctx.anywhere('cbc:DocumentCurrencyCode').map((c) => text(c)));
  const inCurrency = (el: El) => {
    const id = attr(el, 'currencyID');
    return id !== undefined && currencies.has(id);
  };
  const message =
    'All currencyID attributes must have the same value as the Invoice currency code (ibt-005), except for amounts expected to be in Tax accounting currency (ibt-006).';
  for (const name of DOCUMENT_CURRENCY_AMOUNTS)
    for (const el of ctx.anywhere(`cbc:${name}`)) ctx.check(inCurrency(el), 'ibr-126', F, el, message);
  for (const total of kids(r, 'cac:TaxTotal')) {
    if (!kids(total, 'cbc:TaxAmount').some(inCurrency)) continue;
    for (const el of [
      ...kids(total, 'cbc:TaxAmount'),
      ...all(total, 'cac:TaxSubtotal/cbc:TaxableAmount'),
      ...all(total, 'cac:TaxSubtotal/cbc:TaxAmount'),
    ])
      ctx.check(inCurrency(el), 'ibr-126', F, el, message);
  }

  const totals = kids(r, 'cac:TaxTotal');
  const included = totals.some((t) => kids(t, 'cbc:TaxIncludedIndicator').some((i) => text(i).trim() === 'true'));
  if (!included) {
    const lmt = first(r, 'cac:LegalMonetaryTotal');
    const inclusive = numAt(lmt, 'cbc:TaxInclusiveAmount');
    const exclusive = numAt(lmt, 'cbc:TaxExclusiveAmount');
    const tax = num(kids(totals[0], 'cbc:TaxAmount').find(inCurrency));
    ctx.check(
      inclusive !== undefined &&
        exclusive !== undefined &&
        tax !== undefined &&
        inclusive.eq(cents(exclusive.plus(tax))),
      'ibr-co-15',
      F,
      r,
      'Invoice total amount with Tax (ibt-112) = Invoice total amount without Tax (ibt-109) + Invoice total Tax amount (ibt-110).',
    );
  }
}

/** The specification and process identifiers every jurisdiction checks (aligned-ibrp-001-xx, -002). */
function checkAlignedRules(ctx: RuleContext, spec: PintSpecificationInfo): void {
  const r = ctx.root;
  const suffix = spec.officialRules.split('/')[0].replace(/^pint-/, '');
  ctx.check(
    (val(r, 'cbc:CustomizationID') ?? '').trim().startsWith(spec.customizationId),
    `aligned-ibrp-001-${suffix}`,
    F,
    r,
    `Specification identifier (ibt-024) MUST start with the value '${spec.customizationId}'.`,
  );
}

/** PINT A-NZ 1.1.2 (billing): the A-NZ jurisdiction-aligned rules. */
function checkAunzRules(ctx: RuleContext, spec: PintSpecificationInfo): void {
  const r = ctx.root;
  const gst = (category: El) => (val(category, 'cac:TaxScheme/cbc:ID') ?? '').trim().toUpperCase() === spec.taxScheme;
  const profile = first(r, 'cbc:ProfileID');
  ctx.check(
    !!profile && text(profile).trim().includes('urn:peppol:bis:billing'),
    'aligned-ibrp-002',
    F,
    r,
    "Business process (ibt-023) MUST be in the format 'urn:peppol:bis:billing'.",
  );
  ctx.check(
    !!first(r, 'cbc:BuyerReference') || !!first(r, 'cac:OrderReference/cbc:ID'),
    'aligned-ibrp-003',
    F,
    r,
    'A buyer reference (ibt-010) or purchase order reference (ibt-013) MUST be provided.',
  );
  ctx.check(
    count(r, 'cac:PaymentTerms') <= 1,
    'aligned-ibrp-008',
    F,
    r,
    'Invoice terms (ibg-033) MUST occur maximum once.',
  );
  ctx.check(
    kids(r, 'cac:TaxTotal').filter((t) => !!first(t, 'cac:TaxSubtotal')).length === 1,
    'aligned-ibrp-021',
    F,
    r,
    'Only one tax total (ibg-38) with tax subtotals (ibg-23) MUST be provided.',
  );

  const lmt = first(r, 'cac:LegalMonetaryTotal');
  if (ctx.isInvoice && lmt) {
    const payable = numAt(lmt, 'cbc:PayableAmount');
    const dueOrTerms = ctx.descendants('DueDate').length > 0 || !!first(r, 'cac:PaymentTerms/cbc:Note');
    ctx.check(
      payable === undefined || !payable.isPositive() || payable.isZero() || dueOrTerms,
      'aligned-ibrp-061',
      F,
      lmt,
      'In case the Amount due for payment (ibt-115) is positive, either the Payment due date (ibt-009) or the Payment terms (ibt-020) shall be present.',
    );
  }

  for (const line of ctx.lines) {
    const categories = all(line, 'cac:Item/cac:ClassifiedTaxCategory');
    ctx.check(
      categories.some((c) => gst(c) && !!first(c, 'cbc:ID')),
      'aligned-ibrp-050-aunz',
      F,
      line,
      'Each Invoice line (ibg-25) MUST be categorized with an Invoiced item tax category code (ibt-151).',
    );
    ctx.check(
      categories.length === 1,
      'aligned-ibrp-059',
      F,
      line,
      'Invoice lines (ibg-25) MUST have one and only one classified tax category (ibt-151).',
    );
    for (const c of categories.filter(gst)) {
      const code = (val(c, 'cbc:ID') ?? '').trim();
      const rate = numAt(c, 'cbc:Percent');
      if (code === 'S')
        ctx.check(
          rate !== undefined && rate.isPositive() && !rate.isZero(),
          'aligned-ibrp-s-05-aunz',
          F,
          c,
          'In an Invoice line (ibg-25) where the Invoiced item tax category code (ibt-151) is "Standard rated" the Invoiced item tax rate (ibt-152) MUST be greater than zero.',
        );
      else if (code === 'Z' || code === 'E' || code === 'G')
        ctx.check(
          rate !== undefined && rate.isZero(),
          `aligned-ibrp-${code.toLowerCase()}-05-aunz`,
          F,
          c,
          `In an Invoice line (ibg-25) where the Invoiced item tax category code (ibt-151) is "${code}" the Invoiced item tax rate (ibt-152) MUST be 0 (zero).`,
        );
      else if (code === 'O')
        ctx.check(
          !first(c, 'cbc:Percent'),
          'aligned-ibrp-o-05-aunz',
          F,
          c,
          'An Invoice line (ibg-25) where the tax category code (ibt-151) is "Not subject to tax" MUST not contain an Invoiced item tax rate (ibt-152).',
        );
    }
  }

  for (const id of [...ctx.descendants('ID')]) {
    const parent = id.parentNode as El | null;
    if (parent?.localName !== 'TaxCategory' && parent?.localName !== 'ClassifiedTaxCategory') continue;
    const code = text(id).trim();
    ctx.check(
      ['E', 'S', 'Z', 'G', 'O'].includes(code),
      'aligned-ibrp-cl-01-aunz',
      F,
      id,
      'Invoice tax categories (ibt-095) (ibt-102) (ibt-118) (ibt-192) (ibt-151) MUST be coded using UNCL5305 code list.',
    );
  }

  for (const subtotal of all(r, 'cac:TaxTotal/cac:TaxSubtotal')) {
    ctx.check(
      !!first(subtotal, 'cbc:TaxableAmount'),
      'aligned-ibrp-045',
      F,
      subtotal,
      'Each tax breakdown (ibg-23) MUST have a tax category taxable amount (ibt-116).',
    );
    ctx.check(
      !!first(subtotal, 'cbc:TaxAmount'),
      'aligned-ibrp-046',
      F,
      subtotal,
      'Each tax breakdown (ibg-23) MUST have a tax category tax amount (ibt-117).',
    );
    const category = all(subtotal, 'cac:TaxCategory').find(gst);
    ctx.check(
      !!category && !!first(category, 'cbc:ID'),
      'aligned-ibrp-047-aunz',
      F,
      subtotal,
      'Each tax breakdown (ibg-23) MUST be defined through a tax category code (ibt-118).',
    );
    ctx.check(
      !!category && (!!first(category, 'cbc:Percent') || (val(category, 'cbc:ID') ?? '').trim() === 'O'),
      'aligned-ibrp-048-aunz',
      F,
      subtotal,
      'Each tax breakdown (ibg-23) MUST have a tax category rate (ibt-119), except if the Invoice is not subject to tax.',
    );
    if (category && (val(category, 'cbc:ID') ?? '').trim() === 'S') {
      const taxable = numAt(subtotal, 'cbc:TaxableAmount');
      const tax = numAt(subtotal, 'cbc:TaxAmount');
      const rate = numAt(category, 'cbc:Percent');
      if (taxable !== undefined && tax !== undefined && rate !== undefined)
        ctx.check(
          tax.abs().minus(taxable.abs().times(rate).div(HUNDRED).toDecimalPlaces(2)).abs().lte(1),
          'aligned-ibrp-s-09-aunz',
          F,
          category,
          'The tax category tax amount (ibt-117) in a tax breakdown (ibg-23) where tax category code (ibt-118) is "Standard rated" MUST equal the tax category taxable amount (ibt-116) multiplied by the tax category rate (ibt-119).',
        );
    }
  }

  const partyRule = (party: El | undefined, country: string, scheme: string, id: string, message: string) => {
    if (!party || (val(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode') ?? '').trim() !== country) return;
    const legal = first(party, 'cac:PartyLegalEntity/cbc:CompanyID');
    ctx.check(!!legal && text(legal).length >= 1 && attr(legal, 'schemeID') === scheme, id, F, party, message);
  };
  partyRule(
    ctx.seller,
    'AU',
    '0151',
    'aligned-ibr-001-aunz',
    "An invoice must contain the Seller's ABN (ibt-030) if Seller country (ibt-040) is Australia",
  );
  partyRule(
    ctx.buyer,
    'AU',
    '0151',
    'aligned-ibr-004-aunz',
    "An invoice must contain the Buyer's ABN (ibt-047) if Buyer country (ibt-055) is Australia",
  );
  partyRule(
    ctx.seller,
    'NZ',
    '0088',
    'aligned-ibr-002-aunz',
    "An invoice must contain the Seller's NZBN (ibt-030) if Seller country (ibt-040) is New Zealand",
  );
  partyRule(
    ctx.buyer,
    'NZ',
    '0088',
    'aligned-ibr-005-aunz',
    "An invoice must contain the Buyer's NZBN (ibt-047) if Buyer country (ibt-055) is New Zealand",
  );
}

/** ABN check digits: subtract 1 from the first digit, weigh, the sum is a multiple of 89. */
export function isAbn(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let total = 0;
  for (let i = 0; i < 11; i++) total += (Number(value[i]) - (i === 0 ? 1 : 0)) * weights[i];
  return total % 89 === 0;
}

/** GS1 check digit (mod 10, weights 3 and 1 from the right). */
function isGln(value: string): boolean {
  const digits = value.split('').map(Number);
  const check = digits.pop()!;
  let total = 0;
  digits.reverse().forEach((d, i) => (total += d * (i % 2 === 0 ? 3 : 1)));
  return (10 - (total % 10)) % 10 === check;
}
