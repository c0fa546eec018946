import {
  isValidAbn,
  isValidBelgianEnterpriseNumber,
  isValidCodiceFiscale,
  isValidGln,
  isValidMod11,
  isValidPartitaIva,
  isValidSwedishOrgNumber,
} from '../checksums.ts';
import { type Dec, ONE, TWO_CENTS, ZERO, aboveZero, sum } from '../money.ts';
import { count, firstElementChild, nextElementSibling, some, type El } from '../xml/dom.ts';
import {
  type RuleContext,
  all,
  attr,
  first,
  isAllowance,
  isCharge,
  kids,
  lineAmountWithin,
  num,
  numAt,
  text,
  val,
  xround2,
} from './context.ts';
import { isValidDate } from './rules-codelists.ts';

/** The business processes release 2026.5 approves, by the profile the rules know them as. */
const PROFILES: Record<string, '01' | '02'> = {
  'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0': '01',
  'urn:peppol:france:billing:regulated': '01',
  'urn:peppol:france:billing:non-regulated': '01',
  'urn:peppol:bis:billing_with_response': '02',
};
const INVOICE_TYPES_01 = new Set(
  '71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(' '),
);
const CREDIT_TYPES_01 = new Set('381 396 81 83 532'.split(' '));

/** Peppol BIS Billing 3.0 transaction rules (PEPPOL-EN16931-R*, P*, and PEPPOL-COMMON-R* identifier checks). */
export function checkPeppolRules(ctx: RuleContext): void {
  const F = 'fatal' as const;
  const r = ctx.root;
  const profile = PROFILES[text(first(r, 'cbc:ProfileID'))];
  // Germany allows several notes between German parties (XRechnung), so R002 spares them.
  const domesticDe = postalCountry(ctx.seller) === 'DE' && postalCountry(ctx.buyer) === 'DE';

  ctx.check(first(r, 'cbc:ProfileID') !== undefined, 'PEPPOL-EN16931-R001', F, r, 'Business process MUST be provided.');
  ctx.check(profile !== undefined, 'PEPPOL-EN16931-R007', F, r, 'Business process MUST have an approved identifier.');
  ctx.check(
    kids(r, 'cbc:Note').length <= 1 || domesticDe,
    'PEPPOL-EN16931-R002',
    F,
    r,
    'No more than one note is allowed on document level.',
  );
  ctx.check(
    first(r, 'cbc:BuyerReference') !== undefined || first(r, 'cac:OrderReference/cbc:ID') !== undefined,
    'PEPPOL-EN16931-R003',
    F,
    r,
    'A buyer reference or purchase order reference MUST be provided.',
  );
  const customization = text(first(r, 'cbc:CustomizationID'));
  ctx.check(
    customization.startsWith('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0') &&
      !customization.includes('::'),
    'PEPPOL-EN16931-R004',
    F,
    r,
    "Specification identifier MUST begin with the value 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0' and follow the format rules for the identifier.",
  );
  const taxTotals = kids(r, 'cac:TaxTotal');
  const withSubtotals = taxTotals.filter((t) => kids(t, 'cac:TaxSubtotal').length > 0);
  ctx.check(
    withSubtotals.length === 1,
    'PEPPOL-EN16931-R053',
    F,
    r,
    'Only one tax total with tax subtotals MUST be provided.',
  );
  ctx.check(
    taxTotals.length - withSubtotals.length === (first(r, 'cbc:TaxCurrencyCode') ? 1 : 0),
    'PEPPOL-EN16931-R054',
    F,
    r,
    'Only one tax total without tax subtotals MUST be provided when tax currency code is provided.',
  );
  if (first(r, 'cbc:TaxCurrencyCode')) {
    // General comparisons: some amount on each side must have the sign, so a missing one fails.
    const amounts = taxTotals.flatMap((t) => kids(t, 'cbc:TaxAmount'));
    const inTax = amounts
      .filter((a) => attr(a, 'currencyID') === text(first(r, 'cbc:TaxCurrencyCode')))
      .map(num)
      .filter((v): v is Dec => v !== undefined);
    const inDoc = amounts
      .filter((a) => attr(a, 'currencyID') === text(first(r, 'cbc:DocumentCurrencyCode')))
      .map(num)
      .filter((v): v is Dec => v !== undefined);
    const ok =
      (inTax.some((v) => v.lte(0)) && inDoc.some((v) => v.lte(0))) ||
      (inTax.some((v) => v.gte(0)) && inDoc.some((v) => v.gte(0)));
    ctx.check(
      ok,
      'PEPPOL-EN16931-R055',
      F,
      r,
      'Invoice total VAT amount and Invoice total VAT amount in accounting currency MUST have the same operational sign',
    );
  }
  for (const tc of ctx.descendants('TaxCurrencyCode')) {
    const documentCurrency = text(first(tc.parentNode as El, 'cbc:DocumentCurrencyCode'));
    ctx.check(
      text(tc) !== documentCurrency,
      'PEPPOL-EN16931-R005',
      F,
      tc,
      'VAT accounting currency code MUST be different from invoice currency code when provided.',
    );
  }
  ctx.check(
    all(r, 'cac:AdditionalDocumentReference').filter((d) => val(d, 'cbc:DocumentTypeCode') === '50').length <= 1,
    'PEPPOL-EN16931-R080',
    F,
    r,
    'Only one project reference is allowed on document level',
  );
  if (ctx.buyer)
    ctx.check(
      first(ctx.buyer, 'cbc:EndpointID') !== undefined,
      'PEPPOL-EN16931-R010',
      F,
      ctx.buyer,
      'Buyer electronic address MUST be provided',
    );
  if (ctx.seller)
    ctx.check(
      first(ctx.seller, 'cbc:EndpointID') !== undefined,
      'PEPPOL-EN16931-R020',
      F,
      ctx.seller,
      'Seller electronic address MUST be provided',
    );

  // The lines' allowances and charges in one walk, not an array per line to be flattened.
  const lineAcs = all(
    r,
    ctx.isCredit ? 'cac:CreditNoteLine/cac:AllowanceCharge' : 'cac:InvoiceLine/cac:AllowanceCharge',
  );
  for (const ac of [...ctx.docAllowanceCharges, ...lineAcs]) {
    const hasPercent = first(ac, 'cbc:MultiplierFactorNumeric') !== undefined;
    const hasBase = first(ac, 'cbc:BaseAmount') !== undefined;
    // Schematron fires only the first rule whose context matches a node, hence the else-chain.
    if (hasPercent && !hasBase)
      ctx.report(
        'PEPPOL-EN16931-R041',
        F,
        ac,
        'Allowance/charge base amount MUST be provided when allowance/charge percentage is provided.',
      );
    else if (!hasPercent && hasBase)
      ctx.report(
        'PEPPOL-EN16931-R042',
        F,
        ac,
        'Allowance/charge percentage MUST be provided when allowance/charge base amount is provided.',
      );
    else {
      if (hasPercent && hasBase) {
        const amount = numAt(ac, 'cbc:Amount') ?? ZERO;
        const base = numAt(ac, 'cbc:BaseAmount');
        const pct = numAt(ac, 'cbc:MultiplierFactorNumeric');
        const expected = base && pct ? base.times(pct).div(100) : undefined;
        ctx.check(
          expected !== undefined && amount.minus(expected).abs().lte(TWO_CENTS),
          'PEPPOL-EN16931-R040',
          F,
          ac,
          'Allowance/charge amount must equal base amount * percentage/100 if base amount and percentage exists',
        );
      }
      const indicator = text(first(ac, 'cbc:ChargeIndicator'));
      ctx.check(
        indicator === 'true' || indicator === 'false',
        'PEPPOL-EN16931-R043',
        F,
        ac,
        "Allowance/charge ChargeIndicator value MUST equal 'true' or 'false'",
      );
    }
  }

  for (const pm of all(r, 'cac:PaymentMeans')) {
    const code = val(pm, 'cbc:PaymentMeansCode');
    if (code === '49' || code === '59')
      ctx.check(
        first(pm, 'cac:PaymentMandate/cbc:ID') !== undefined,
        'PEPPOL-EN16931-R061',
        F,
        pm,
        'Mandate reference MUST be provided for direct debit.',
      );
  }

  const docStart = val(r, 'cac:InvoicePeriod/cbc:StartDate');
  const docEnd = val(r, 'cac:InvoicePeriod/cbc:EndDate');
  // Indexed loops, here and within: iterating per-line lists allocated an iterator result per step.
  for (let l = 0; l < ctx.lines.length; l++) {
    const line = ctx.lines[l];
    const starts = all(line, 'cac:InvoicePeriod/cbc:StartDate');
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i];
      if (docStart && isValidDate(text(start)) && isValidDate(docStart))
        ctx.check(
          text(start) >= docStart,
          'PEPPOL-EN16931-R110',
          F,
          start,
          'Start date of line period MUST be within invoice period.',
        );
    }
    const ends = all(line, 'cac:InvoicePeriod/cbc:EndDate');
    for (let i = 0; i < ends.length; i++) {
      const end = ends[i];
      if (docEnd && isValidDate(text(end)) && isValidDate(docEnd))
        ctx.check(
          text(end) <= docEnd,
          'PEPPOL-EN16931-R111',
          F,
          end,
          'End date of line period MUST be within invoice period.',
        );
    }
    checkLineAmount(ctx, line);
    const refs = count(line, 'cac:DocumentReference');
    ctx.check(refs <= 1, 'PEPPOL-EN16931-R100', F, line, 'Only one invoiced object is allowed pr line');
    ctx.check(
      refs === 0 || some(line, 'cac:DocumentReference', (d) => val(d, 'cbc:DocumentTypeCode') === '130'),
      'PEPPOL-EN16931-R101',
      F,
      line,
      'Element Document reference can only be used for Invoice line object',
    );
    const priceAcs = all(line, 'cac:Price/cac:AllowanceCharge');
    for (let i = 0; i < priceAcs.length; i++) {
      const pac = priceAcs[i];
      ctx.check(
        text(first(pac, 'cbc:ChargeIndicator')) === 'false',
        'PEPPOL-EN16931-R044',
        F,
        pac,
        "Charge on price level is NOT allowed. Only value 'false' allowed.",
      );
      const base = numAt(pac, 'cbc:BaseAmount');
      if (first(pac, 'cbc:BaseAmount')) {
        const price = numAt(line, 'cac:Price/cbc:PriceAmount');
        const amount = numAt(pac, 'cbc:Amount');
        ctx.check(
          price !== undefined && base !== undefined && amount !== undefined && price.eq(base.minus(amount)),
          'PEPPOL-EN16931-R046',
          F,
          pac,
          'Item net price MUST equal (Gross price - Allowance amount) when gross price is provided.',
        );
      }
    }
    const baseQuantities = all(line, 'cac:Price/cbc:BaseQuantity');
    for (let i = 0; i < baseQuantities.length; i++) {
      const bq = baseQuantities[i];
      const unit = attr(bq, 'unitCode');
      const qty = ctx.lineQuantity(line);
      if (unit !== undefined && qty)
        ctx.check(
          unit === attr(qty, 'unitCode'),
          'PEPPOL-EN16931-R130',
          F,
          bq,
          'Unit code of price base quantity MUST be same as invoiced quantity.',
        );
    }
  }

  const typeCode = first(r, 'cbc:InvoiceTypeCode');
  if (typeCode)
    ctx.check(
      profile === undefined || INVOICE_TYPES_01.has(text(typeCode)),
      'PEPPOL-EN16931-P0100',
      F,
      typeCode,
      'Invoice type code MUST be set according to the profile.',
    );
  const cnCode = first(r, 'cbc:CreditNoteTypeCode');
  if (cnCode)
    ctx.check(
      profile === undefined || CREDIT_TYPES_01.has(text(cnCode)),
      'PEPPOL-EN16931-P0101',
      F,
      cnCode,
      'Credit note type code MUST be set according to the profile.',
    );
  if (typeCode && (text(typeCode) === '326' || text(typeCode) === '384')) {
    ctx.check(
      domesticDe,
      'PEPPOL-EN16931-P0112',
      F,
      typeCode,
      'Invoice type code 326 or 384 are only allowed when both buyer and seller are German organizations.',
    );
  }
  const exemptionCategory: Record<string, string> = {
    'VATEX-EU-G': 'G',
    'VATEX-EU-O': 'O',
    'VATEX-EU-IC': 'K',
    'VATEX-EU-AE': 'AE',
    'VATEX-EU-D': 'E',
    'VATEX-EU-F': 'E',
    'VATEX-EU-I': 'E',
    'VATEX-EU-J': 'E',
  };
  const exemptionRule: Record<string, string> = {
    'VATEX-EU-G': 'P0104',
    'VATEX-EU-O': 'P0105',
    'VATEX-EU-IC': 'P0106',
    'VATEX-EU-AE': 'P0107',
    'VATEX-EU-D': 'P0108',
    'VATEX-EU-F': 'P0109',
    'VATEX-EU-I': 'P0110',
    'VATEX-EU-J': 'P0111',
  };
  for (const cat of all(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').concat(
    ctx.docAllowanceCharges.flatMap((a) => kids(a, 'cac:TaxCategory')),
  )) {
    const code = text(first(cat, 'cbc:TaxExemptionReasonCode')).toUpperCase();
    const expected = exemptionCategory[code];
    if (expected)
      ctx.check(
        val(cat, 'cbc:ID') === expected,
        `PEPPOL-EN16931-${exemptionRule[code]}`,
        F,
        cat,
        `Tax Category ${expected} MUST be used when exemption reason code is ${code}`,
      );
  }

  checkIdentifierSchemes(ctx);
}

/** Postal address country, as `$supplierCountryIsDE` and `$customerCountryIsDE` read it. */
function postalCountry(party: El | undefined): string {
  return text(first(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toUpperCase();
}

function checkLineAmount(ctx: RuleContext, line: El): void {
  const bq = numAt(line, 'cac:Price/cbc:BaseQuantity');
  ctx.check(
    lineAmountOk(ctx, line, bq),
    'PEPPOL-EN16931-R120',
    'fatal',
    line,
    'Invoice line net amount MUST equal (Invoiced quantity * (Item net price/item price base quantity) + Sum of invoice line charge amount - sum of invoice line allowance amount',
  );
  if (bq)
    ctx.check(
      aboveZero(bq),
      'PEPPOL-EN16931-R121',
      'fatal',
      line,
      'Base quantity MUST be a positive number above zero.',
    );
}

function lineAmountOk(ctx: RuleContext, line: El, bq: Dec | undefined): boolean {
  const baseQuantity = bq && !bq.isZero() ? bq : undefined;
  const quantityEl = ctx.lineQuantity(line);
  const hasAcs = first(line, 'cac:AllowanceCharge') !== undefined;
  // The usual line compares exactly in scaled integers, without a Decimal per line; anything else in Decimals.
  if (!baseQuantity && !hasAcs) {
    const fast = lineAmountWithin(
      first(line, 'cbc:LineExtensionAmount'),
      quantityEl,
      first(line, 'cac:Price/cbc:PriceAmount'),
    );
    if (fast !== undefined) return fast;
  }
  const lineAmount = numAt(line, 'cbc:LineExtensionAmount') ?? ZERO;
  // The schematron treats a missing quantity as 1.
  const quantity = quantityEl ? (num(quantityEl) ?? ZERO) : ONE;
  const price = numAt(line, 'cac:Price/cbc:PriceAmount') ?? ZERO;
  const net = quantity.times(baseQuantity ? price.div(baseQuantity) : price);
  // Most lines have no allowance or charge: adding and subtracting zero changes no comparison.
  let expected = net;
  if (hasAcs) {
    const acs = kids(line, 'cac:AllowanceCharge');
    expected = net
      .plus(xround2(sum(acs.filter(isCharge).map((a) => numAt(a, 'cbc:Amount') ?? ZERO))))
      .minus(xround2(sum(acs.filter(isAllowance).map((a) => numAt(a, 'cbc:Amount') ?? ZERO))));
  }
  return lineAmount.minus(expected).abs().lte(TWO_CENTS);
}

/**
 * Appends the identifiers below `el` whose scheme the rules check, in document order (not a closure in
 * checkIdentifierSchemes: peppol/README.md, *Validation*).
 */
function collectIdentifiers(el: El, ids: El[]): void {
  for (let c = firstElementChild(el); c; c = nextElementSibling(c)) {
    const name = c.localName;
    if (
      name === 'EndpointID' ||
      name === 'CompanyID' ||
      (name === 'ID' && (c.parentNode as El).localName === 'PartyIdentification')
    )
      ids.push(c);
    collectIdentifiers(c, ids);
  }
}

/**
 * PEPPOL-COMMON-R040…R057: format and check digits of identifiers by ICD scheme, wherever they
 * appear; shared by the billing, order and order agreement rules.
 */
export function checkIdentifierSchemes(ctx: RuleContext): void {
  const r = ctx.root;
  const ids: El[] = [];
  collectIdentifiers(r, ids);
  for (const el of ids) {
    const scheme = attr(el, 'schemeID');
    const v = text(el);
    const raw = el.textContent ?? '';
    switch (scheme) {
      case '0088':
        ctx.check(
          /^[0-9]+$/.test(v) && isValidGln(v),
          'PEPPOL-COMMON-R040',
          'fatal',
          el,
          'GLN must have a valid format according to GS1 rules.',
        );
        break;
      case '0192':
        ctx.check(
          /^[0-9]{9}$/.test(v) && isValidMod11(v),
          'PEPPOL-COMMON-R041',
          'fatal',
          el,
          'Norwegian organization number MUST be stated in the correct format.',
        );
        break;
      case '0184':
        ctx.check(
          /^(DK)?[0-9]{8}$/.test(raw),
          'PEPPOL-COMMON-R042',
          'fatal',
          el,
          'Danish organization number (CVR) MUST be stated in the correct format.',
        );
        break;
      case '0208':
        ctx.check(
          isValidBelgianEnterpriseNumber(v),
          'PEPPOL-COMMON-R043',
          'fatal',
          el,
          'Belgian enterprise number MUST be stated in the correct format.',
        );
        break;
      case '0201':
        ctx.check(
          /^[A-Za-z0-9]{6}$/.test(v),
          'PEPPOL-COMMON-R044',
          'warning',
          el,
          'IPA Code (Codice Univoco Unità Organizzativa) must be stated in the correct format',
        );
        break;
      case '0210':
        ctx.check(
          isValidCodiceFiscale(v),
          'PEPPOL-COMMON-R045',
          'warning',
          el,
          'Tax Code (Codice Fiscale) must be stated in the correct format',
        );
        break;
      case '9907':
        if (el.localName !== 'EndpointID') checkDutchVatNumber(ctx, el);
        else
          ctx.check(
            isValidCodiceFiscale(v),
            'PEPPOL-COMMON-R046',
            'warning',
            el,
            'Tax Code (Codice Fiscale) must be stated in the correct format',
          );
        break;
      case '0211': {
        const italian = v.slice(0, 2).toUpperCase() === 'IT';
        ctx.check(
          !italian || isValidPartitaIva(v.slice(2)),
          'PEPPOL-COMMON-R047',
          'warning',
          el,
          'Italian VAT Code (Partita Iva) must be stated in the correct format',
        );
        break;
      }
      case '0007':
        ctx.check(
          isValidSwedishOrgNumber(v),
          'PEPPOL-COMMON-R049',
          'fatal',
          el,
          'Swedish organization number MUST be stated in the correct format.',
        );
        break;
      case '0151':
        ctx.check(
          isValidAbn(v),
          'PEPPOL-COMMON-R050',
          'fatal',
          el,
          'Australian Business Number (ABN) MUST be stated in the correct format.',
        );
        break;
      case '0096':
        ctx.check(
          /^[0-9]{10}/.test(raw) && raw.length === 10,
          'PEPPOL-COMMON-R052',
          'fatal',
          el,
          'Danish chamber of commerce number (P) MUST be stated in the correct format.',
        );
        break;
      case '0198':
        ctx.check(
          /^DK[0-9]{8}$/.test(raw),
          'PEPPOL-COMMON-R053',
          'fatal',
          el,
          'Danish ERSTORG number (SE) MUST be stated in the correct format.',
        );
        break;
      case '0106':
        ctx.check(
          /^[0-9]{8}$/.test(v),
          'PEPPOL-COMMON-R054',
          'warning',
          el,
          'Dutch Chamber of Commerce (KVK) numbers (0106) MUST be stated in the correct format (12345678).',
        );
        break;
      case '0190':
        ctx.check(
          /^[0-9]{20}$/.test(v),
          'PEPPOL-COMMON-R055',
          'warning',
          el,
          'Dutch organization identification numbers (0190) MUST be stated in the correct format (12345678901234567890).',
        );
        break;
      case '9944':
        ctx.check(
          NL_VAT.test(v),
          'PEPPOL-COMMON-R056-1',
          'warning',
          el,
          'Dutch VAT numbers (9944) MUST be stated in the correct format (NL123456789B12).',
        );
        break;
      case '0217':
        ctx.check(
          /^[0-9]{12}$/.test(v),
          'PEPPOL-COMMON-R057',
          'warning',
          el,
          'Dutch Chamber of Commerce Establishment numbers (0217) MUST be stated in the correct format (123456789012).',
        );
        break;
      default:
        // Only a CompanyID of another scheme (or none) reaches the VAT number check of R056-2.
        if (el.localName === 'CompanyID') checkDutchVatNumber(ctx, el);
        break;
    }
  }
}

const NL_VAT = /^NL[0-9]{9}B[0-9]{2}$/;

function checkDutchVatNumber(ctx: RuleContext, companyId: El): void {
  const scheme = companyId.parentNode as El;
  if (scheme.localName !== 'PartyTaxScheme' || text(first(scheme, 'cac:TaxScheme/cbc:ID')) !== 'VAT') return;
  const v = text(companyId);
  if (v.startsWith('NL'))
    ctx.check(
      NL_VAT.test(v),
      'PEPPOL-COMMON-R056-2',
      'warning',
      companyId,
      'Dutch VAT numbers MUST have the format (NL123456789B12).',
    );
}
