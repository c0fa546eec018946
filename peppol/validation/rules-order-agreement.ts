import { UBL_NS } from '../document-types.ts';
import { Dec, TWO_CENTS } from '../money.ts';
import type { ValidationResult } from '../types.ts';
import { NS, firstElementChild, nextElementSibling, type El } from '../xml/dom.ts';
import { UNCL5189, UNCL7161 } from './codelists.ts';
import { RuleContext, all, attr, first, kids, num, text, val, within } from './context.ts';
import {
  decimalsAsWritten,
  indicatorIs,
  normalizeSpace,
  roundedSum,
  stringValue,
  xpathRound,
} from './ordering-xpath.ts';
import { checkPoaccCommonRules } from './rules-order.ts';
import { checkSyntaxBinding } from './syntax-binding.ts';
import { ORDER_AGREEMENT_SYNTAX } from './syntax-order-agreement.ts';

const F = 'fatal' as const;
const W = 'warning' as const;
const CUSTOMIZATION = 'urn:fdc:peppol.eu:poacc:trns:order_agreement:3';
const ZERO = new Dec(0);

const AMOUNTS = new Set(['Amount', 'TaxAmount', 'TaxableAmount', 'LineExtensionAmount', 'PriceAmount', 'BaseAmount']);

/** True when a UBL OrderResponse carries the Peppol Order Agreement (T110) specification id. */
export function isOrderAgreement(root: El): boolean {
  return (
    root.namespaceURI === UBL_NS.OrderResponse &&
    root.localName === 'OrderResponse' &&
    (val(root, 'cbc:CustomizationID') ?? '').startsWith(CUSTOMIZATION)
  );
}

/**
 * Peppol BIS Order Agreement 3 (PEPPOL-T110-*) on a UBL OrderResponse: the syntax binding of the
 * Order Agreement data model (elements, mandatory parts, code lists, the profile id), the
 * specification id, and the business rules for currency, amount decimals, the legal monetary
 * totals, tax breakdown, allowances/charges and prices, read as the artefacts' XPath reads them.
 * Line arithmetic and line id uniqueness have no official T110 rule, so they only warn: the
 * verdict stays the one the official artefacts give.
 */
export function validateOrderAgreementElement(root: El): ValidationResult {
  if (root.namespaceURI !== UBL_NS.OrderResponse || root.localName !== 'OrderResponse') {
    return {
      valid: false,
      errors: [
        {
          rule: 'XML-ROOT',
          message: `Expected a UBL OrderResponse, found {${root.namespaceURI ?? ''}}${root.localName}`,
          path: `/${root.nodeName}`,
        },
      ],
      warnings: [],
    };
  }
  const ctx = new RuleContext(root);
  try {
    checkPoaccCommonRules(ctx);
    checkSyntaxBinding(ctx, ORDER_AGREEMENT_SYNTAX);
    checkAgreement(ctx, root);
  } catch (e) {
    ctx.report('INTERNAL-RULE-ERROR', 'fatal', undefined, `Validator failure: ${String((e as Error)?.message ?? e)}`);
  }
  return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings };
}

function checkAgreement(ctx: RuleContext, r: El): void {
  for (const c of ctx.anywhere('cbc:CustomizationID')) {
    ctx.check(
      normalizeSpace(stringValue(c)).startsWith(CUSTOMIZATION),
      'PEPPOL-T110-R030',
      F,
      c,
      `Specification identifier SHALL start with the value '${CUSTOMIZATION}'.`,
    );
  }
  const breakdown = kids(r, 'cac:TaxTotal').flatMap((t) => all(t, 'cac:TaxSubtotal/cac:TaxCategory'));
  const taxContext: TaxContext = {
    hasTaxTotal: ctx.anywhere('cac:TaxTotal').length > 0,
    keys: new Set(breakdown.map(categoryKey)),
    ids: new Set(breakdown.map((c) => normalizeSpace(stringValue(first(c, 'cbc:ID'))))),
  };
  walk(ctx, r, kids(r, 'cbc:DocumentCurrencyCode').map(stringValue), false, taxContext);
  checkTaxBreakdown(ctx, r);
  checkTotals(ctx, r);

  for (const ac of kids(r, 'cac:AllowanceCharge')) {
    const pct = first(ac, 'cbc:MultiplierFactorNumeric');
    const base = first(ac, 'cbc:BaseAmount');
    // A percentage without base amount only gets R015, a base amount without percentage only R016.
    if (pct && !base) {
      ctx.report(
        'PEPPOL-T110-R015',
        F,
        ac,
        'Allowance/charge base amount SHALL be provided when allowance/charge percentage is provided.',
      );
      continue;
    }
    if (base && !pct) {
      ctx.report(
        'PEPPOL-T110-R016',
        F,
        ac,
        'Allowance/charge percentage SHALL be provided when allowance/charge base amount is provided.',
      );
      continue;
    }
    if (pct && base) {
      const expected = (num(base) ?? ZERO).times(num(pct) ?? ZERO).div(100);
      ctx.check(
        within(num(first(ac, 'cbc:Amount')) ?? ZERO, expected, TWO_CENTS),
        'PEPPOL-T110-R017',
        F,
        ac,
        'Allowance/charge amount SHALL equal base amount * percentage/100 if base amount and percentage exists',
      );
    }
    ctx.check(
      first(ac, 'cbc:AllowanceChargeReason') !== undefined || first(ac, 'cbc:AllowanceChargeReasonCode') !== undefined,
      'PEPPOL-T110-R018',
      F,
      ac,
      'Each document level allowance SHALL have an allowance reason text or an allowance reason code.',
    );
    ctx.check(
      (num(first(ac, 'cbc:Amount')) ?? new Dec(-1)).gte(0),
      'PEPPOL-T110-R021',
      F,
      ac,
      'Document level allowance or charge amounts SHALL NOT be negative.',
    );
  }
  for (const ac of ctx.anywhere('cac:AllowanceCharge')) {
    for (const code of kids(ac, 'cbc:AllowanceChargeReasonCode')) {
      const value = normalizeSpace(stringValue(code));
      if (indicatorIs(ac, 'false'))
        ctx.check(
          UNCL5189.has(value),
          'PEPPOL-T110-CL001',
          F,
          code,
          'Reason code MUST be according to subset of UNCL 5189 D.16B.',
        );
      else if (indicatorIs(ac, 'true'))
        ctx.check(
          UNCL7161.has(value),
          'PEPPOL-T110-CL002',
          F,
          code,
          'Reason code MUST be according to UNCL 7161 D.16B.',
        );
    }
  }
  checkLineHints(ctx, r);
}

/** The tax breakdown: category amounts (R024), their sum (R025) and exemption reasons (R028, R029). */
function checkTaxBreakdown(ctx: RuleContext, r: El): void {
  for (const s of ctx.anywhere('cac:TaxSubtotal')) {
    const category = first(s, 'cac:TaxCategory');
    if (isChildOf(s, 'TaxTotal')) {
      // Every branch of the artefact's test compares the tax amount: without one it fails.
      const pct = num(first(category, 'cbc:Percent'));
      const tax = num(first(s, 'cbc:TaxAmount'));
      const taxable = num(first(s, 'cbc:TaxableAmount'));
      let ok: boolean;
      if (tax === undefined) ok = false;
      else if (pct === undefined || xpathRound(pct).isZero()) ok = xpathRound(tax).isZero();
      else ok = taxable !== undefined && tax.eq(xpathRound(taxable.times(pct.div(100)).times(100)).div(100));
      ctx.check(
        ok,
        'PEPPOL-T110-R024',
        F,
        s,
        'TAX category tax amount = TAX category taxable amount  x (TAX category rate  / 100), rounded to two decimals.',
      );
    }
    for (const cat of kids(s, 'cac:TaxCategory')) {
      const id = ` ${normalizeSpace(stringValue(first(cat, 'cbc:ID')))} `;
      if (first(cat, 'cbc:TaxExemptionReason'))
        ctx.check(
          ' E AE O K G '.includes(id),
          'PEPPOL-T110-R029',
          F,
          cat,
          'A TAX breakdown with TAX Category codes S, Z, L and M SHALL NOT have a TAX exemption reason text ',
        );
      else
        ctx.check(
          ' S Z L M '.includes(id),
          'PEPPOL-T110-R028',
          F,
          cat,
          'A TAX breakdown with TAX Category codes E, AE, K, G or O SHALL have a TAX exemption reason text ',
        );
    }
  }
  for (const t of kids(r, 'cac:TaxTotal')) {
    const subtotals = kids(t, 'cac:TaxSubtotal');
    if (subtotals.length === 0) continue;
    const total = num(first(t, 'cbc:TaxAmount'));
    ctx.check(
      total !== undefined && total.eq(roundedSum(subtotals.flatMap((s) => kids(s, 'cbc:TaxAmount')))),
      'PEPPOL-T110-R025',
      F,
      t,
      'If TAX breakdown is present, the order agreement TAX total amount  = Σ TAX category tax amount.',
    );
  }
}

/** The legal monetary totals against the lines, allowances, charges and tax (R005…R014). */
function checkTotals(ctx: RuleContext, r: El): void {
  const lines = ctx.anywhere('cac:OrderLine');
  const lineAmounts = ctx.anywhere('cbc:LineExtensionAmount').filter((a) => isChildOf(a, 'LineItem'));
  const lineSum = roundedSum(
    lines.flatMap((l) => kids(l, 'cac:LineItem')).flatMap((i) => kids(i, 'cbc:LineExtensionAmount')),
  );
  const docAcs = kids(r, 'cac:AllowanceCharge');
  const chargeSum = roundedSum(docAcs.filter((ac) => indicatorIs(ac, 'true')).flatMap((ac) => kids(ac, 'cbc:Amount')));
  const allowanceSum = roundedSum(
    docAcs.filter((ac) => indicatorIs(ac, 'false')).flatMap((ac) => kids(ac, 'cbc:Amount')),
  );
  const taxTotal = num(first(r, 'cac:TaxTotal/cbc:TaxAmount')) ?? ZERO;
  for (const t of ctx.anywhere('cac:LegalMonetaryTotal')) {
    const amt = (name: string) => num(first(t, name)) ?? ZERO;
    const has = (name: string) => first(t, name) !== undefined;
    const lineExt = amt('cbc:LineExtensionAmount');
    const allowanceTotal = amt('cbc:AllowanceTotalAmount');
    const chargeTotal = amt('cbc:ChargeTotalAmount');
    const exclusive = amt('cbc:TaxExclusiveAmount');
    const inclusive = amt('cbc:TaxInclusiveAmount');
    const payable = amt('cbc:PayableAmount');
    ctx.check(
      lines.length === lineAmounts.length,
      'PEPPOL-T110-R014',
      F,
      t,
      'If document totals is provided, all order agreement lines SHALL have a line extension amount',
    );
    ctx.check(
      kids(t, 'cbc:PayableAmount').length === 0 ||
        kids(t, 'cbc:PayableAmount').some((p) => (num(p) ?? new Dec(-1)).gte(0)),
      'PEPPOL-T110-R005',
      F,
      t,
      'Total amount for payment SHALL NOT be negative, if expected total amount for payment is provided.',
    );
    ctx.check(lineExt.gte(0), 'PEPPOL-T110-R006', F, t, 'Total sum of line amounts SHALL NOT be negative.');
    ctx.check(
      !has('cbc:LineExtensionAmount') || lineExt.eq(lineSum),
      'PEPPOL-T110-R007',
      F,
      t,
      'Total sum of line amounts SHALL equal the sum of the order line amounts at order line level, if total sum of line amounts is provided.',
    );
    ctx.check(
      !has('cbc:ChargeTotalAmount') || chargeTotal.eq(chargeSum),
      'PEPPOL-T110-R008',
      F,
      t,
      'Total sum of charges at document level SHALL be equal to the sum of charges at document level, if total sum of charges at document level is provided.',
    );
    ctx.check(
      !has('cbc:AllowanceTotalAmount') || allowanceTotal.eq(allowanceSum),
      'PEPPOL-T110-R009',
      F,
      t,
      'Total sum of allowance at document level SHALL be equal to the sum of allowance amounts at document level, if total sum of allowance at document level is provided.',
    );
    ctx.check(
      !has('cbc:TaxExclusiveAmount') || exclusive.eq(lineExt.plus(chargeTotal).minus(allowanceTotal)),
      'PEPPOL-T110-R010',
      F,
      t,
      'Tax exclusive amount SHALL equal the sum of line amount plus total charge amount at document level less total allowance amount at document level if tax exclusive amount is provided.',
    );
    ctx.check(
      inclusive.eq(exclusive.plus(taxTotal)),
      'PEPPOL-T110-R011',
      F,
      t,
      'Tax inclusive amount SHALL equal tax exclusive amount plus total tax amount.',
    );
    ctx.check(
      !has('cbc:PayableAmount') ||
        payable.eq(inclusive.minus(amt('cbc:PrepaidAmount')).plus(amt('cbc:PayableRoundingAmount'))),
      'PEPPOL-T110-R012',
      F,
      t,
      'Total amount for payment SHALL be equal to the tax inclusive amount minus the prepaid amount plus rounding amount',
    );
  }
}

/** Line arithmetic and duplicate line ids: hints only, T110 has no rule for them. */
function checkLineHints(ctx: RuleContext, r: El): void {
  const items = kids(r, 'cac:OrderLine').flatMap((l) => kids(l, 'cac:LineItem'));
  const lineIds = new Map<string, number>();
  for (const item of items) {
    const id = text(first(item, 'cbc:ID'));
    lineIds.set(id, (lineIds.get(id) ?? 0) + 1);
  }
  for (const item of items) {
    ctx.check(
      lineIds.get(text(first(item, 'cbc:ID'))) === 1,
      'OA-LINE-ID-UNIQUE',
      W,
      item,
      'Each order agreement line SHOULD have a line identifier that is unique within the document.',
    );
    const lineExt = num(first(item, 'cbc:LineExtensionAmount'));
    const price = num(first(item, 'cac:Price/cbc:PriceAmount'));
    if (lineExt === undefined || price === undefined) continue;
    const quantity = num(first(item, 'cbc:Quantity')) ?? new Dec(1);
    const bq = num(first(item, 'cac:Price/cbc:BaseQuantity'));
    const baseQuantity = bq && !bq.isZero() ? bq : new Dec(1);
    const lineAcs = kids(item, 'cac:AllowanceCharge');
    const charges = roundedSum(lineAcs.filter((ac) => indicatorIs(ac, 'true')).flatMap((ac) => kids(ac, 'cbc:Amount')));
    const allowances = roundedSum(
      lineAcs.filter((ac) => indicatorIs(ac, 'false')).flatMap((ac) => kids(ac, 'cbc:Amount')),
    );
    const expected = quantity.times(price.div(baseQuantity)).plus(charges).minus(allowances);
    ctx.check(
      within(lineExt, expected, TWO_CENTS),
      'OA-LINE-AMOUNT',
      W,
      item,
      'Line net amount SHOULD equal quantity × (price / base quantity) + line charges − line allowances.',
    );
  }
}

interface TaxContext {
  /** `//cac:TaxTotal`: a tax total anywhere. */
  hasTaxTotal: boolean;
  /** u:cat2str of the breakdown categories. */
  keys: Set<string>;
  ids: Set<string>;
}

/** u:cat2str: the normalised category id and the rate in millionths, rounded. */
const categoryKey = (cat: El | undefined): string => {
  const pct = num(first(cat, 'cbc:Percent'));
  return `${normalizeSpace(stringValue(first(cat, 'cbc:ID')))}-${pct === undefined ? '' : xpathRound(pct.times(1000000)).toString()}`;
};

const isChildOf = (el: El, cacName: string): boolean => {
  const parent = el.parentNode as El | null;
  return parent?.nodeType === 1 && parent.localName === cacName && parent.namespaceURI === NS.cac;
};

/**
 * One pass over the document for the element-context rules: currency and decimals of amounts
 * (R004, R013), item identification (R002), prices (R001, R022, R023) and the tax categories of
 * allowances, charges and items (R019, R020, R026, R027).
 */
function walk(ctx: RuleContext, el: El, currencies: string[], inPrice: boolean, tax: TaxContext): void {
  for (let child = firstElementChild(el); child; child = nextElementSibling(child)) {
    const name = child.localName ?? '';
    const price = inPrice || name === 'Price';
    if (child.namespaceURI === NS.cbc) {
      if (AMOUNTS.has(name) || (el.localName === 'LegalMonetaryTotal' && el.namespaceURI === NS.cac)) {
        const cur = attr(child, 'currencyID');
        ctx.check(
          cur === undefined || currencies.includes(cur),
          'PEPPOL-T110-R004',
          F,
          child,
          'All amounts SHALL have same currency code as document currency',
        );
        ctx.check(
          inPrice || decimalsAsWritten(child) <= 2,
          'PEPPOL-T110-R013',
          F,
          child,
          'Elements of data type amount cannot have more than 2 decimals (I.e. all amounts except unit price amounts)',
        );
      }
      walk(ctx, child, currencies, price, tax);
      continue;
    }
    if (child.namespaceURI === NS.cac) {
      if (name === 'Item') {
        ctx.check(
          first(child, 'cac:StandardItemIdentification/cbc:ID') !== undefined ||
            first(child, 'cac:SellersItemIdentification/cbc:ID') !== undefined,
          'PEPPOL-T110-R002',
          F,
          child,
          'Each item in an Order agreement line SHALL be identifiable by either "item sellers identifier" or "item standard identifier"',
        );
      }
      if (name === 'Price') {
        ctx.check(
          (num(first(child, 'cbc:PriceAmount')) ?? new Dec(-1)).gte(0),
          'PEPPOL-T110-R001',
          F,
          child,
          'Each order agreement line item net price SHALL not be negative',
        );
        const gross = all(child, 'cac:AllowanceCharge/cbc:BaseAmount');
        ctx.check(
          gross.length === 0 || gross.some((g) => (num(g) ?? new Dec(-1)).gte(0)),
          'PEPPOL-T110-R022',
          F,
          child,
          'The Item gross price SHALL NOT be negative.',
        );
        const discount = first(child, 'cac:AllowanceCharge/cbc:Amount');
        ctx.check(
          !discount || (num(discount) ?? new Dec(-1)).gte(0),
          'PEPPOL-T110-R023',
          F,
          child,
          'Allowance or charge price amounts SHALL NOT be negative.',
        );
      }
      const parentIs = (parent: string) => el.localName === parent && el.namespaceURI === NS.cac;
      if (
        (name === 'TaxCategory' && parentIs('AllowanceCharge')) ||
        (name === 'ClassifiedTaxCategory' && parentIs('Item'))
      ) {
        const id = normalizeSpace(stringValue(first(child, 'cbc:ID')));
        const pct = first(child, 'cbc:Percent');
        ctx.check(
          !pct || !tax.hasTaxTotal || tax.keys.has(categoryKey(child)),
          'PEPPOL-T110-R026',
          F,
          child,
          'Tax category rates MUST match provided tax categories on document level when such exists.',
        );
        // `$taxCategories = cbc:ID` compares the breakdown ids with this id as written.
        ctx.check(
          !tax.hasTaxTotal || kids(child, 'cbc:ID').some((i) => tax.ids.has(stringValue(i))),
          'PEPPOL-T110-R027',
          F,
          child,
          'Tax categories MUST match provided tax categories on document level when such exists.',
        );
        ctx.check(
          pct !== undefined || id === 'O',
          'PEPPOL-T110-R019',
          F,
          child,
          'Each Tax Category SHALL have a TAX category rate, except if the order is not subject to TAX.',
        );
        ctx.check(
          id !== 'S' || (num(pct) ?? ZERO).gt(0),
          'PEPPOL-T110-R020',
          F,
          child,
          'When TAX category code is "Standard rated" (S) the TAX rate SHALL be greater than zero.',
        );
      }
    }
    walk(ctx, child, currencies, price, tax);
  }
}

/** JSON path of an Order Agreement finding: lines map to `$.lines[i]`, totals to `$.totals`, the rest to `$`. */
export function orderAgreementXpathToJsonPath(xpath: string): string {
  const line = /^\/OrderResponse\/cac:OrderLine(?:\[(\d+)\])?/.exec(xpath);
  if (line) return `$.lines[${Number(line[1] ?? 1) - 1}]`;
  if (xpath.startsWith('/OrderResponse/cac:LegalMonetaryTotal')) return '$.totals';
  if (xpath.startsWith('/OrderResponse/cac:SellerSupplierParty')) return '$.seller';
  if (xpath.startsWith('/OrderResponse/cac:BuyerCustomerParty')) return '$.buyer';
  return '$';
}
