import { UBL_NS } from '../document-types.ts';
import type { ValidationResult } from '../types.ts';
import { NS, type El } from '../xml/dom.ts';
import { ISO3166, UNCL5189, UNCL7161 } from './codelists.ts';
import { RuleContext, all, attr, first, isAllowance, isCharge, kids, num, text, val, within } from './context.ts';
import { Dec } from '../money.ts';
import { isValidDate } from './rules-codelists.ts';
import { checkIdentifierSchemes } from './rules-peppol.ts';
import { checkSyntaxBinding } from './syntax-binding.ts';
import { ORDER_SYNTAX } from './syntax-order.ts';

const F = 'fatal' as const;
const W = 'warning' as const;
const ORDER_PROFILES = new Set(['urn:fdc:peppol.eu:poacc:bis:order_only:3', 'urn:fdc:peppol.eu:poacc:bis:ordering:3', 'urn:fdc:peppol.eu:poacc:bis:advanced_ordering:3']);
const ZERO = new Dec(0);

/** XPath round(sum × 100) div 100 over the decimal values of `els` (non-decimals count as 0). */
const roundedSum = (els: El[]): Dec => els.reduce((s, e) => s.plus(num(e) ?? ZERO), ZERO).times(100).plus(0.5).floor().div(100);
const amounts = (acs: El[], charge: boolean) => acs.filter(charge ? isCharge : isAllowance).flatMap((ac) => kids(ac, 'cbc:Amount'));

/**
 * Peppol BIS Ordering 3, Order transaction (PEPPOL-T01-*) on a UBL Order: the syntax binding of
 * the Order data model (elements, mandatory parts, code lists), profile and specification ids, single currency, amount decimals, the anticipated totals against the lines,
 * allowances and charges, tax categories, line arithmetic and reason code lists.
 */
export function validateOrderElement(root: El): ValidationResult {
  if (root.namespaceURI !== UBL_NS.Order || root.localName !== 'Order') {
    return { valid: false, errors: [{ rule: 'XML-ROOT', message: `Expected a UBL Order, found {${root.namespaceURI ?? ''}}${root.localName}`, path: `/${root.nodeName}` }], warnings: [] };
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
  for (let i = 0; i < r.attributes.length; i++) if (r.attributes.item(i)?.localName === 'schemaLocation') schemaLocation = true;
  ctx.check(!schemaLocation, 'PEPPOL-COMMON-R003', W, r, 'Document SHOULD not contain schema location.');
  const walk = (el: El) => {
    let hasChild = false;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      hasChild = true;
      walk(n as El);
    }
    if (!hasChild && text(el) === '') ctx.report('PEPPOL-COMMON-R001', F, el, 'Document MUST not contain empty elements.');
    if (DATE_ELEMENTS.has(el.localName ?? '') && el.namespaceURI === NS.cbc) {
      const value = el.textContent ?? '';
      ctx.check(value.length === 10 && isValidDate(value), 'PEPPOL-COMMON-R030', F, el, 'A date must be formatted YYYY-MM-DD.');
    }
  };
  walk(r);
  checkIdentifierSchemes(ctx);
}

function checkOrder(ctx: RuleContext, r: El): void {
  for (const p of kids(r, 'cbc:ProfileID')) {
    ctx.check(ORDER_PROFILES.has(text(p).trim()), 'PEPPOL-T01-R031', F, p, 'An order transaction SHALL use profile order only, ordering or advanced_ordering.');
  }
  for (const c of kids(r, 'cbc:CustomizationID')) {
    ctx.check(text(c).trim().startsWith('urn:fdc:peppol.eu:poacc:trns:order:3'), 'PEPPOL-T01-R034', F, c, "Specification identifier SHALL start with the value 'urn:fdc:peppol.eu:poacc:trns:order:3'.");
  }
  ctx.check(first(r, 'cac:ValidityPeriod/cbc:EndDate') !== undefined, 'PEPPOL-T01-R002', W, r, 'An order SHOULD provide information about its validity end date.');

  const currency = val(r, 'cbc:DocumentCurrencyCode') ?? '';
  const docAcs = kids(r, 'cac:AllowanceCharge');
  const orderLines = kids(r, 'cac:OrderLine');
  const items = orderLines.flatMap((l) => kids(l, 'cac:LineItem'));
  walkAmounts(ctx, r, currency, false);

  for (const party of all(r, 'cac:OriginatorCustomerParty')) {
    ctx.check(first(party, 'cac:Party/cac:PartyName/cbc:Name') !== undefined || first(party, 'cac:Party/cac:PartyIdentification/cbc:ID') !== undefined, 'PEPPOL-T01-R014', F, party, 'An order SHALL have the originator party name or an identifier');
  }
  walkTaxSchemes(ctx, r);

  const taxAmount = num(first(r, 'cac:TaxTotal/cbc:TaxAmount')) ?? ZERO;
  for (const t of kids(r, 'cac:AnticipatedMonetaryTotal')) {
    const payable = num(first(t, 'cbc:PayableAmount'));
    const lineExt = num(first(t, 'cbc:LineExtensionAmount'));
    const prepaid = num(first(t, 'cbc:PrepaidAmount')) ?? ZERO;
    const rounding = num(first(t, 'cbc:PayableRoundingAmount')) ?? ZERO;
    const inclusive = num(first(t, 'cbc:TaxInclusiveAmount'));
    const allowanceTotal = num(first(t, 'cbc:AllowanceTotalAmount')) ?? ZERO;
    const chargeTotal = num(first(t, 'cbc:ChargeTotalAmount')) ?? ZERO;
    const exclusive = num(first(t, 'cbc:TaxExclusiveAmount')) ?? (lineExt ?? ZERO).minus(allowanceTotal).plus(chargeTotal);
    const lineSum = items.some((i) => first(i, 'cbc:LineExtensionAmount')) ? roundedSum(items.flatMap((i) => kids(i, 'cbc:LineExtensionAmount'))) : ZERO;
    ctx.check(payable === undefined || payable.gte(0), 'PEPPOL-T01-R006', F, t, 'Expected total amount for payment SHALL NOT be negative');
    ctx.check(lineExt === undefined || lineExt.gte(0), 'PEPPOL-T01-R007', F, t, 'Expected total sum of line amounts SHALL NOT be negative');
    ctx.check(lineExt !== undefined && lineExt.eq(lineSum), 'PEPPOL-T01-R008', F, t, 'Expected total sum of line amounts SHALL equal the sum of the order line amounts at order line level');
    ctx.check(allowanceTotal.eq(roundedSum(amounts(docAcs, false))), 'PEPPOL-T01-R009', F, t, 'Expected total sum of allowance at document level SHALL be equal to the sum of allowance amounts at document level');
    ctx.check(chargeTotal.eq(roundedSum(amounts(docAcs, true))), 'PEPPOL-T01-R010', F, t, 'Expected total sum of charges at document level SHALL be equal to the sum of charge amounts at document level');
    ctx.check(lineExt !== undefined && exclusive.eq(lineExt.minus(allowanceTotal).plus(chargeTotal)), 'PEPPOL-T01-R011', F, t, 'Expected total amount without TAX = Expected total sum of line amounts - Sum of allowances on document level + Sum of charges on document level');
    if (inclusive !== undefined && !inclusive.isZero()) {
      ctx.check(payable !== undefined && payable.eq(inclusive.minus(prepaid).plus(rounding)), 'PEPPOL-T01-R016', F, t, 'Amount due for payment = Invoice total amount with TAX - Paid amount + Rounding amount.');
      if (first(r, 'cac:TaxTotal')) ctx.check(inclusive.eq(exclusive.plus(taxAmount)), 'PEPPOL-T01-R017', F, t, 'Expected total amount with TAX = Expected total amount without TAX + Order total TAX amount.');
    }
  }

  for (const ac of [...docAcs, ...items.flatMap((i) => kids(i, 'cac:AllowanceCharge'))]) {
    const pct = first(ac, 'cbc:MultiplierFactorNumeric');
    const base = first(ac, 'cbc:BaseAmount');
    ctx.check(!(pct && !base), 'PEPPOL-T01-R020', F, ac, 'Allowance/charge base amount SHALL be provided when allowance/charge percentage is provided.');
    ctx.check(!(base && !pct), 'PEPPOL-T01-R021', F, ac, 'Allowance/charge percentage SHALL be provided when allowance/charge base amount is provided.');
    if (pct && base) {
      const expected = (num(base) ?? ZERO).times(num(pct) ?? ZERO).div(100);
      ctx.check(within(num(first(ac, 'cbc:Amount')) ?? ZERO, expected, 0.02), 'PEPPOL-T01-R022', F, ac, 'Allowance/charge amount SHALL equal base amount * percentage/100 if base amount and percentage exists');
    }
    ctx.check(first(ac, 'cbc:AllowanceChargeReason') !== undefined || first(ac, 'cbc:AllowanceChargeReasonCode') !== undefined, 'PEPPOL-T01-R023', F, ac, 'Each document or line level allowance SHALL have an allowance reason text or an allowance reason code.');
    ctx.check((num(first(ac, 'cbc:Amount')) ?? new Dec(-1)).gte(0), 'PEPPOL-T01-R032', F, ac, 'Allowance or charge amounts SHALL NOT be negative.');
  }

  for (const ac of all(r, 'cac:AllowanceCharge').concat(orderLines.flatMap((l) => all(l, 'cac:LineItem/cac:AllowanceCharge')), orderLines.flatMap((l) => all(l, 'cac:LineItem/cac:Price/cac:AllowanceCharge')))) {
    for (const code of kids(ac, 'cbc:AllowanceChargeReasonCode')) {
      if (isAllowance(ac)) ctx.check(UNCL5189.has(text(code).trim()), 'PEPPOL-T01-CL001', F, code, 'Reason code MUST be according to subset of UNCL 5189 D.16B.');
      else if (isCharge(ac)) ctx.check(UNCL7161.has(text(code).trim()), 'PEPPOL-T01-CL002', F, code, 'Reason code MUST be according to UNCL 7161 D.16B.');
    }
  }

  const quoted = first(r, 'cac:QuotationDocumentReference/cbc:ID') !== undefined;
  for (const lineId of orderLines.flatMap((l) => all(l, 'cac:QuotationLineReference/cbc:LineID'))) {
    ctx.check(quoted, 'PEPPOL-T01-R035', F, lineId, 'The quotation document reference MUST be provided when referencing a quotation line');
  }

  const lineIds = new Map<string, number>();
  for (const item of items) {
    const id = text(first(item, 'cbc:ID'));
    lineIds.set(id, (lineIds.get(id) ?? 0) + 1);
  }
  for (const item of items) {
    const lineExt = num(first(item, 'cbc:LineExtensionAmount')) ?? ZERO;
    const quantity = num(first(item, 'cbc:Quantity')) ?? new Dec(1);
    const price = num(first(item, 'cac:Price/cbc:PriceAmount')) ?? ZERO;
    const bq = num(first(item, 'cac:Price/cbc:BaseQuantity'));
    const baseQuantity = bq && !bq.isZero() ? bq : new Dec(1);
    const lineAcs = kids(item, 'cac:AllowanceCharge');
    const expected = quantity.times(price.div(baseQuantity)).plus(roundedSum(amounts(lineAcs, true))).minus(roundedSum(amounts(lineAcs, false)));
    ctx.check(within(lineExt, expected, 0.02), 'PEPPOL-T01-R024', F, item, 'Order line net amount SHALL equal (Ordered quantity * (Item net price/item price base quantity) + Order line charge amount - Order line allowance amount');
    ctx.check(first(item, 'cac:Price/cbc:BaseQuantity') === undefined || (bq !== undefined && bq.gt(0)), 'PEPPOL-T01-R025', F, item, 'Base quantity SHALL be a positive number above zero.');
    ctx.check(lineIds.get(text(first(item, 'cbc:ID'))) === 1, 'PEPPOL-T01-R001', F, item, 'Each order line SHALL have a document line identifier that is unique within the order.');
    const q = first(item, 'cbc:Quantity');
    ctx.check(q === undefined || (num(q) ?? new Dec(-1)).gte(0), 'PEPPOL-T01-R004', F, item, 'Each order line ordered quantity SHALL not be negative');
    ctx.check(q !== undefined, 'PEPPOL-T01-R013', W, item, 'Each order line SHOULD have an ordered quantity');
    for (const p of kids(item, 'cac:Price')) {
      ctx.check((num(first(p, 'cbc:PriceAmount')) ?? new Dec(-1)).gte(0), 'PEPPOL-T01-R005', F, p, 'Each order line item net price SHALL not be negative');
      const pac = first(p, 'cac:AllowanceCharge');
      const gross = num(first(pac, 'cbc:BaseAmount'));
      ctx.check(!first(pac, 'cbc:BaseAmount') || (gross !== undefined && gross.gte(0)), 'PEPPOL-T01-R027', F, p, 'The Item gross price SHALL NOT be negative.');
      ctx.check(!first(pac, 'cbc:Amount') || (num(first(pac, 'cbc:Amount')) ?? new Dec(-1)).gte(0), 'PEPPOL-T01-R033', F, p, 'Allowance or charge amounts SHALL NOT be negative.');
      for (const a of kids(p, 'cac:AllowanceCharge')) {
        if (!first(a, 'cbc:BaseAmount')) continue;
        const net = num(first(p, 'cbc:PriceAmount'));
        const ok = net !== undefined && net.eq((num(first(a, 'cbc:BaseAmount')) ?? ZERO).minus(num(first(a, 'cbc:Amount')) ?? ZERO));
        ctx.check(ok, 'PEPPOL-T01-R019', F, a, 'Item net price SHALL equal (Gross price - Allowance amount) when gross price is provided.');
      }
    }
  }
}

/** Amount elements anywhere in the order: single currency (R003) and at most 2 decimals except prices (R028). */
function walkAmounts(ctx: RuleContext, el: El, currency: string, inPrice: boolean): void {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const child = n as El;
    const name = child.localName;
    const price = inPrice || name === 'Price';
    const isAmount = name === 'Amount' || name === 'TaxAmount' || name === 'LineExtensionAmount' || name === 'PriceAmount' || name === 'BaseAmount' || (el.localName === 'AnticipatedMonetaryTotal' && child.prefix === 'cbc');
    if (isAmount && child.prefix === 'cbc') {
      const cur = attr(child, 'currencyID');
      ctx.check(cur === undefined || cur === currency, 'PEPPOL-T01-R003', F, child, 'An order SHALL be stated in a single currency');
      const decimals = text(child).split('.')[1] ?? '';
      ctx.check(price || decimals.length <= 2, 'PEPPOL-T01-R028', F, child, 'Elements of data type amount cannot have more than 2 decimals (I.e. all amounts except unit price amounts)');
    }
    if (name === 'TaxCategory' || name === 'ClassifiedTaxCategory') {
      const id = text(first(child, 'cbc:ID')).trim();
      const pct = first(child, 'cbc:Percent');
      ctx.check(pct !== undefined || id === 'O', 'PEPPOL-T01-R029', F, child, 'Each Tax Category SHALL have a TAX category rate, except if the order is not subject to TAX.');
      ctx.check(id !== 'S' || (num(pct) ?? ZERO).gt(0), 'PEPPOL-T01-R030', F, child, 'When TAX category code is "Standard rated" (S) the TAX rate SHALL be greater than zero.');
    }
    walkAmounts(ctx, child, currency, price);
  }
}

/** PEPPOL-T01-R026: VAT identifiers start with an ISO 3166 country prefix (EL for Greece). */
function walkTaxSchemes(ctx: RuleContext, root: El): void {
  const schemes = root.getElementsByTagNameNS(UBL_NS.cac, 'PartyTaxScheme');
  for (let i = 0; i < schemes.length; i++) {
    const scheme = schemes.item(i) as El;
    if (val(scheme, 'cac:TaxScheme/cbc:ID') !== 'VAT') continue;
    const prefix = text(first(scheme, 'cbc:CompanyID')).slice(0, 2);
    ctx.check(ISO3166.has(prefix) || prefix === 'EL', 'PEPPOL-T01-R026', F, scheme, 'When TAX is VAT then Party VAT identifiers SHALL have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix ‘EL’.');
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
