import { UBL_NS } from '../document-types.ts';
import type { ValidationResult } from '../types.ts';
import { NS, firstElementChild, nextElementSibling, type El } from '../xml/dom.ts';
import { UNCL5189, UNCL7161 } from './codelists.ts';
import { RuleContext, all, attr, first, kids, num, text, within } from './context.ts';
import { Dec, TWO_CENTS } from '../money.ts';
import {
  decimalsAsWritten,
  indicatorIs,
  normalizeSpace,
  normalizedIndicatorIs,
  roundedSum,
  stringValue,
} from './ordering-xpath.ts';
import { isValidDate } from './rules-codelists.ts';
import { checkIdentifierSchemes } from './rules-peppol.ts';
import { checkSyntaxBinding } from './syntax-binding.ts';
import { ORDER_SYNTAX } from './syntax-order.ts';

const F = 'fatal' as const;
const W = 'warning' as const;
const ORDER_PROFILES = new Set([
  'urn:fdc:peppol.eu:poacc:bis:order_only:3',
  'urn:fdc:peppol.eu:poacc:bis:ordering:3',
  'urn:fdc:peppol.eu:poacc:bis:advanced_ordering:3',
]);
const ZERO = new Dec(0);

const AMOUNTS = new Set(['Amount', 'TaxAmount', 'LineExtensionAmount', 'PriceAmount', 'BaseAmount']);
/** The country prefixes PEPPOL-T01-R026 accepts, as the one string the artefact searches. */
const VAT_PREFIXES =
  'AD AE AF AG AI AL AM AN AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BL BJ BM BN BO BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CX CY CZ DE DJ DK DM DO DZ EC EE EG EH EL ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR ST SV SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

/**
 * Peppol BIS Ordering 3, Order transaction (PEPPOL-T01-*) on a UBL Order: the syntax binding of
 * the Order data model (elements, mandatory parts, code lists), profile and specification ids,
 * single currency, amount decimals, the anticipated totals against the lines, allowances and
 * charges, tax categories, line arithmetic and reason code lists. The rules read the document as
 * the artefacts' XPath does (see ordering-xpath.ts), so both reach the same verdict.
 */
export function validateOrderElement(root: El): ValidationResult {
  if (root.namespaceURI !== UBL_NS.Order || root.localName !== 'Order') {
    return {
      valid: false,
      errors: [
        {
          rule: 'XML-ROOT',
          message: `Expected a UBL Order, found {${root.namespaceURI ?? ''}}${root.localName}`,
          path: `/${root.nodeName}`,
        },
      ],
      warnings: [],
    };
  }
  const ctx = new RuleContext(root);
  try {
    checkPoaccCommonRules(ctx);
    checkSyntaxBinding(ctx, ORDER_SYNTAX);
    checkOrder(ctx, root);
  } catch (e) {
    ctx.report('INTERNAL-RULE-ERROR', 'fatal', undefined, `Validator failure: ${String((e as Error)?.message ?? e)}`);
  }
  return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings };
}

const DATE_ELEMENTS = new Set(['IssueDate', 'DueDate', 'TaxPointDate', 'StartDate', 'EndDate', 'ActualDeliveryDate']);

/**
 * The PEPPOL-COMMON rules the Ordering artefacts (T01, T110) share: no empty elements (R001), no
 * schema location (R003), YYYY-MM-DD dates (R030) and the identifier formats (R040…R057).
 */
export function checkPoaccCommonRules(ctx: RuleContext): void {
  const r = ctx.root;
  let schemaLocation = false;
  for (let i = 0; i < r.attributes.length; i++)
    if (r.attributes.item(i)?.localName === 'schemaLocation') schemaLocation = true;
  ctx.check(!schemaLocation, 'PEPPOL-COMMON-R003', W, r, 'Document SHOULD not contain schema location.');
  const walk = (el: El) => {
    let hasChild = false;
    for (let n = firstElementChild(el); n; n = nextElementSibling(n)) {
      hasChild = true;
      walk(n);
    }
    if (!hasChild && text(el) === '')
      ctx.report('PEPPOL-COMMON-R001', F, el, 'Document MUST not contain empty elements.');
    if (DATE_ELEMENTS.has(el.localName ?? '') && el.namespaceURI === NS.cbc) {
      const value = el.textContent ?? '';
      ctx.check(
        value.length === 10 && isValidDate(value),
        'PEPPOL-COMMON-R030',
        F,
        el,
        'A date must be formatted YYYY-MM-DD.',
      );
    }
  };
  walk(r);
  checkIdentifierSchemes(ctx);
}

function checkOrder(ctx: RuleContext, r: El): void {
  for (const p of ctx.anywhere('cbc:ProfileID')) {
    ctx.check(
      ORDER_PROFILES.has(normalizeSpace(stringValue(p))),
      'PEPPOL-T01-R031',
      F,
      p,
      'An order transaction SHALL use profile order only, ordering or advanced_ordering.',
    );
  }
  for (const c of ctx.anywhere('cbc:CustomizationID')) {
    ctx.check(
      normalizeSpace(stringValue(c)).startsWith('urn:fdc:peppol.eu:poacc:trns:order:3'),
      'PEPPOL-T01-R034',
      F,
      c,
      "Specification identifier SHALL start with the value 'urn:fdc:peppol.eu:poacc:trns:order:3'.",
    );
  }
  ctx.check(
    first(r, 'cac:ValidityPeriod/cbc:EndDate') !== undefined,
    'PEPPOL-T01-R002',
    W,
    r,
    'An order SHOULD provide information about its validity end date.',
  );

  walkAmounts(ctx, r, kids(r, 'cbc:DocumentCurrencyCode').map(stringValue), false);
  for (const party of ctx.anywhere('cac:OriginatorCustomerParty')) {
    ctx.check(
      first(party, 'cac:Party/cac:PartyName/cbc:Name') !== undefined ||
        first(party, 'cac:Party/cac:PartyIdentification/cbc:ID') !== undefined,
      'PEPPOL-T01-R014',
      F,
      party,
      'An order SHALL have the originator party name or an identifier',
    );
  }
  for (const scheme of ctx.anywhere('cac:PartyTaxScheme')) {
    if (!all(scheme, 'cac:TaxScheme/cbc:ID').some((id) => stringValue(id) === 'VAT')) continue;
    // contains() over the list as one string, as the artefact tests it: an absent id passes.
    const prefix = stringValue(first(scheme, 'cbc:CompanyID')).slice(0, 2);
    ctx.check(
      VAT_PREFIXES.includes(prefix),
      'PEPPOL-T01-R026',
      F,
      scheme,
      'When TAX is VAT then Party VAT identifiers SHALL have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix ‘EL’.',
    );
  }
  checkTotals(ctx, r);
  checkAllowanceCharges(ctx, r);
  checkLineItems(ctx);

  for (const p of ctx.anywhere('cac:Price')) {
    ctx.check(
      (decimalNumber(first(p, 'cbc:PriceAmount')) ?? -1) >= 0,
      'PEPPOL-T01-R005',
      F,
      p,
      'Each order line item net price SHALL not be negative',
    );
    const gross = all(p, 'cac:AllowanceCharge/cbc:BaseAmount');
    ctx.check(
      gross.length === 0 || gross.some((g) => (decimalNumber(g) ?? -1) >= 0),
      'PEPPOL-T01-R027',
      F,
      p,
      'The Item gross price SHALL NOT be negative.',
    );
    const discount = first(p, 'cac:AllowanceCharge/cbc:Amount');
    ctx.check(
      !discount || (decimalNumber(discount) ?? -1) >= 0,
      'PEPPOL-T01-R033',
      F,
      p,
      'Allowance or charge amounts SHALL NOT be negative.',
    );
  }
  const quoted = first(r, 'cac:QuotationDocumentReference/cbc:ID') !== undefined;
  for (const lineId of ctx.anywhere('cbc:LineID')) {
    if (isChildOf(lineId, 'QuotationLineReference'))
      ctx.check(
        quoted,
        'PEPPOL-T01-R035',
        F,
        lineId,
        'The quotation document reference MUST be provided when referencing a quotation line',
      );
  }
  for (const ac of ctx.anywhere('cac:AllowanceCharge')) {
    for (const code of kids(ac, 'cbc:AllowanceChargeReasonCode')) {
      const value = normalizeSpace(stringValue(code));
      if (indicatorIs(ac, 'false'))
        ctx.check(
          UNCL5189.has(value),
          'PEPPOL-T01-CL001',
          F,
          code,
          'Reason code MUST be according to subset of UNCL 5189 D.16B.',
        );
      else if (indicatorIs(ac, 'true'))
        ctx.check(
          UNCL7161.has(value),
          'PEPPOL-T01-CL002',
          F,
          code,
          'Reason code MUST be according to UNCL 7161 D.16B.',
        );
    }
  }
}

/** The anticipated totals against the lines and the document allowances and charges (R006…R017). */
function checkTotals(ctx: RuleContext, r: El): void {
  const items = kids(r, 'cac:OrderLine').flatMap((l) => kids(l, 'cac:LineItem'));
  const lineSum = roundedSum(items.flatMap((i) => kids(i, 'cbc:LineExtensionAmount')));
  const docAcs = kids(r, 'cac:AllowanceCharge');
  const allowanceSum = indicatedSum(docAcs, 'false');
  const chargeSum = indicatedSum(docAcs, 'true');
  const taxAmount = num(first(r, 'cac:TaxTotal/cbc:TaxAmount')) ?? ZERO;
  for (const t of ctx.anywhere('cac:AnticipatedMonetaryTotal')) {
    // An absent amount is the empty sequence: every comparison with it is false.
    const payable = num(first(t, 'cbc:PayableAmount'));
    const lineExt = num(first(t, 'cbc:LineExtensionAmount'));
    const inclusive = num(first(t, 'cbc:TaxInclusiveAmount'));
    const prepaid = num(first(t, 'cbc:PrepaidAmount')) ?? ZERO;
    const rounding = num(first(t, 'cbc:PayableRoundingAmount')) ?? ZERO;
    const allowanceTotal = num(first(t, 'cbc:AllowanceTotalAmount')) ?? ZERO;
    const chargeTotal = num(first(t, 'cbc:ChargeTotalAmount')) ?? ZERO;
    const netOfLines = lineExt?.minus(allowanceTotal).plus(chargeTotal);
    const exclusive = first(t, 'cbc:TaxExclusiveAmount') ? num(first(t, 'cbc:TaxExclusiveAmount')) : netOfLines;
    ctx.check(
      payable !== undefined && payable.gte(0),
      'PEPPOL-T01-R006',
      F,
      t,
      'Expected total amount for payment SHALL NOT be negative',
    );
    ctx.check(
      lineExt !== undefined && lineExt.gte(0),
      'PEPPOL-T01-R007',
      F,
      t,
      'Expected total sum of line amounts SHALL NOT be negative',
    );
    ctx.check(
      lineExt !== undefined && lineExt.eq(lineSum),
      'PEPPOL-T01-R008',
      F,
      t,
      'Expected total sum of line amounts SHALL equal the sum of the order line amounts at order line level',
    );
    ctx.check(
      allowanceTotal.eq(allowanceSum),
      'PEPPOL-T01-R009',
      F,
      t,
      'Expected total sum of allowance at document level SHALL be equal to the sum of allowance amounts at document level',
    );
    ctx.check(
      chargeTotal.eq(chargeSum),
      'PEPPOL-T01-R010',
      F,
      t,
      'Expected total sum of charges at document level SHALL be equal to the sum of charge amounts at document level',
    );
    ctx.check(
      exclusive !== undefined && netOfLines !== undefined && exclusive.eq(netOfLines),
      'PEPPOL-T01-R011',
      F,
      t,
      'Expected total amount without TAX = Expected total sum of line amounts - Sum of allowances on document level + Sum of charges on document level',
    );
    // `if ($taxinclusiveAmount)`: absent and zero both skip the check.
    if (inclusive !== undefined && !inclusive.isZero()) {
      ctx.check(
        payable !== undefined && payable.eq(inclusive.minus(prepaid).plus(rounding)),
        'PEPPOL-T01-R016',
        F,
        t,
        'Amount due for payment = Invoice total amount with TAX - Paid amount + Rounding amount.',
      );
      if (first(r, 'cac:TaxTotal'))
        ctx.check(
          exclusive !== undefined && inclusive.eq(exclusive.plus(taxAmount)),
          'PEPPOL-T01-R017',
          F,
          t,
          'Expected total amount with TAX = Expected total amount without TAX + Order total TAX amount.',
        );
    }
  }
}

/**
 * Document and line allowances and charges (R020…R023, R032) and price discounts (R019). An
 * allowance or charge with a percentage and no base amount anywhere only gets R020, one with a
 * base amount and no percentage only R021: their patterns take precedence over the others.
 */
function checkAllowanceCharges(ctx: RuleContext, r: El): void {
  const percentWithoutBase = (ac: El) =>
    first(ac, 'cbc:MultiplierFactorNumeric') !== undefined && first(ac, 'cbc:BaseAmount') === undefined;
  const docAndLine = new Set([
    ...kids(r, 'cac:AllowanceCharge'),
    ...kids(r, 'cac:OrderLine').flatMap((l) => all(l, 'cac:LineItem/cac:AllowanceCharge')),
  ]);
  for (const ac of ctx.anywhere('cac:AllowanceCharge')) {
    if (percentWithoutBase(ac)) {
      ctx.report(
        'PEPPOL-T01-R020',
        F,
        ac,
        'Allowance/charge base amount SHALL be provided when allowance/charge percentage is provided.',
      );
      continue;
    }
    const pct = first(ac, 'cbc:MultiplierFactorNumeric');
    const base = first(ac, 'cbc:BaseAmount');
    if (docAndLine.has(ac)) {
      if (base && !pct) {
        ctx.report(
          'PEPPOL-T01-R021',
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
          'PEPPOL-T01-R022',
          F,
          ac,
          'Allowance/charge amount SHALL equal base amount * percentage/100 if base amount and percentage exists',
        );
      }
      ctx.check(
        first(ac, 'cbc:AllowanceChargeReason') !== undefined ||
          first(ac, 'cbc:AllowanceChargeReasonCode') !== undefined,
        'PEPPOL-T01-R023',
        F,
        ac,
        'Each document or line level allowance SHALL have an allowance reason text or an allowance reason code.',
      );
      ctx.check(
        (decimalNumber(first(ac, 'cbc:Amount')) ?? -1) >= 0,
        'PEPPOL-T01-R032',
        F,
        ac,
        'Allowance or charge amounts SHALL NOT be negative.',
      );
    } else if (isChildOf(ac, 'Price') && base) {
      const net = num(first(ac.parentNode as El, 'cbc:PriceAmount'));
      const gross = num(base);
      const discount = num(first(ac, 'cbc:Amount'));
      ctx.check(
        net !== undefined && gross !== undefined && discount !== undefined && net.eq(gross.minus(discount)),
        'PEPPOL-T01-R019',
        F,
        ac,
        'Item net price SHALL equal (Gross price - Allowance amount) when gross price is provided.',
      );
    }
  }
}

/** Order lines: line arithmetic (R024), base quantity (R025), unique ids (R001) and quantities (R004, R013). */
function checkLineItems(ctx: RuleContext): void {
  const items = ctx.anywhere('cac:LineItem');
  // key('k_lineId', cbc:ID): the line items sharing an id value as written, wherever they are.
  const byId = new Map<string, Set<El>>();
  for (const item of items) {
    for (const id of kids(item, 'cbc:ID')) {
      const value = stringValue(id);
      byId.set(value, (byId.get(value) ?? new Set()).add(item));
    }
  }
  for (const item of items) {
    if (!isChildOf(item, 'OrderLine')) continue;
    const lineExt = num(first(item, 'cbc:LineExtensionAmount')) ?? ZERO;
    const q = first(item, 'cbc:Quantity');
    const quantity = q ? (num(q) ?? ZERO) : new Dec(1);
    const price = num(first(item, 'cac:Price/cbc:PriceAmount')) ?? ZERO;
    const bq = num(first(item, 'cac:Price/cbc:BaseQuantity'));
    const baseQuantity = bq && !bq.isZero() ? bq : new Dec(1);
    const lineAcs = kids(item, 'cac:AllowanceCharge');
    const expected = quantity
      .times(price.div(baseQuantity))
      .plus(indicatedSum(lineAcs, 'true'))
      .minus(indicatedSum(lineAcs, 'false'));
    ctx.check(
      within(lineExt, expected, TWO_CENTS),
      'PEPPOL-T01-R024',
      F,
      item,
      'Order line net amount SHALL equal (Ordered quantity * (Item net price/item price base quantity) + Order line charge amount - Order line allowance amount',
    );
    ctx.check(
      first(item, 'cac:Price/cbc:BaseQuantity') === undefined || (bq !== undefined && bq.gt(0)),
      'PEPPOL-T01-R025',
      F,
      item,
      'Base quantity SHALL be a positive number above zero.',
    );
    const sharing = new Set(kids(item, 'cbc:ID').flatMap((id) => [...(byId.get(stringValue(id)) ?? [])]));
    ctx.check(
      sharing.size === 1,
      'PEPPOL-T01-R001',
      F,
      item,
      'Each order line SHALL have a document line identifier that is unique within the order.',
    );
    ctx.check(
      (decimalNumber(q) ?? -1) >= 0,
      'PEPPOL-T01-R004',
      F,
      item,
      'Each order line ordered quantity SHALL not be negative',
    );
    ctx.check(q !== undefined, 'PEPPOL-T01-R013', W, item, 'Each order line SHOULD have an ordered quantity');
  }
}

/** The allowances (`'false'`) or charges (`'true'`) among `acs`, by their trimmed indicator, summed and rounded. */
const indicatedSum = (acs: readonly El[], indicator: 'true' | 'false'): Dec =>
  roundedSum(acs.filter((ac) => normalizedIndicatorIs(ac, indicator)).flatMap((ac) => kids(ac, 'cbc:Amount')));

const isChildOf = (el: El, cacName: string): boolean => {
  const parent = el.parentNode as El | null;
  return parent?.nodeType === 1 && parent.localName === cacName && parent.namespaceURI === NS.cac;
};

/** XPath number(): NaN (undefined here) when absent or not a number. */
const decimalNumber = (el: El | undefined): number | undefined => {
  const value = num(el);
  return value === undefined ? undefined : value.toNumber();
};

/**
 * Amount elements anywhere in the order: single currency (R003) and at most 2 decimals as written
 * except below a Price (R028); tax categories: a rate unless not subject to tax (R029), above zero
 * when standard rated (R030).
 */
function walkAmounts(ctx: RuleContext, el: El, currencies: string[], inPrice: boolean): void {
  for (let child = firstElementChild(el); child; child = nextElementSibling(child)) {
    const name = child.localName ?? '';
    if (
      child.namespaceURI === NS.cbc &&
      (AMOUNTS.has(name) || (el.localName === 'AnticipatedMonetaryTotal' && el.namespaceURI === NS.cac))
    ) {
      const cur = attr(child, 'currencyID');
      ctx.check(
        cur === undefined || currencies.includes(cur),
        'PEPPOL-T01-R003',
        F,
        child,
        'An order SHALL be stated in a single currency',
      );
      ctx.check(
        inPrice || decimalsAsWritten(child) <= 2,
        'PEPPOL-T01-R028',
        F,
        child,
        'Elements of data type amount cannot have more than 2 decimals (I.e. all amounts except unit price amounts)',
      );
    }
    if ((name === 'TaxCategory' || name === 'ClassifiedTaxCategory') && child.namespaceURI === NS.cac) {
      const id = normalizeSpace(stringValue(first(child, 'cbc:ID')));
      const pct = first(child, 'cbc:Percent');
      ctx.check(
        pct !== undefined || id === 'O',
        'PEPPOL-T01-R029',
        F,
        child,
        'Each Tax Category SHALL have a TAX category rate, except if the order is not subject to TAX.',
      );
      ctx.check(
        id !== 'S' || (num(pct) ?? ZERO).gt(0),
        'PEPPOL-T01-R030',
        F,
        child,
        'When TAX category code is "Standard rated" (S) the TAX rate SHALL be greater than zero.',
      );
    }
    walkAmounts(ctx, child, currencies, inPrice || name === 'Price');
  }
}

/** JSON path of an Order finding: order lines map to `$.lines[i]`, totals to `$.totals`, the rest to `$`. */
export function orderXpathToJsonPath(xpath: string): string {
  const line = /^\/Order\/cac:OrderLine(?:\[(\d+)\])?/.exec(xpath);
  if (line) return `$.lines[${Number(line[1] ?? 1) - 1}]`;
  if (xpath.startsWith('/Order/cac:AnticipatedMonetaryTotal')) return '$.totals';
  if (xpath.startsWith('/Order/cac:ValidityPeriod')) return '$.validUntil';
  return '$';
}
