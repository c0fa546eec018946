import { Dec, HALF, HUNDRED, ZERO, decimalOf, sum } from '../money.ts';
import { UBL_NS } from '../document-types.ts';
import type { ValidationIssue, ValidationResult } from '../types.ts';
import {
  NS,
  all,
  attr,
  count,
  first,
  firstElementChild,
  kids,
  nextElementSibling,
  stringValue,
  text,
  val,
  xpathOf,
  type El,
} from '../xml/dom.ts';
import { isSpace } from '../xml/tree.ts';

export type Flag = 'fatal' | 'warning';

/**
 * The local names rules look up with {@link RuleContext.descendants}: the rules' own constants, a few
 * dozen. Only these are indexed, since most elements of a large document (each line's IDs, names and
 * amounts) stand under names no rule looks up anywhere, and listing them cost more than the lookups.
 */
const askedNames = new Set<string>();
/** Names come from the rules, not from documents; the bound is a guard all the same. */
const MAX_ASKED_NAMES = 256;

/**
 * The namespace and local name of the `prefix:local` names rules pass to {@link RuleContext.anywhere},
 * split once per process rather than once per document. The names are the rules' own constants.
 */
const qualifiedNames = new Map<string, { namespace: string | undefined; local: string }>();

function qualifiedName(qname: string): { namespace: string | undefined; local: string } {
  let name = qualifiedNames.get(qname);
  if (!name) {
    const [prefix, local] = qname.split(':') as [string, string];
    name = { namespace: NS[prefix], local };
    if (qualifiedNames.size < MAX_ASKED_NAMES) qualifiedNames.set(qname, name);
  }
  return name;
}

/** Appends every element below `parent`, in document order, to the list of its local name in `lists`, if any. */
function indexBelow(parent: El, lists: Map<string, El[]>): void {
  for (let el = firstElementChild(parent); el; el = nextElementSibling(el)) {
    lists.get(el.localName ?? '')?.push(el);
    indexBelow(el, lists);
  }
}

/**
 * State shared by the rule functions while one UBL document is checked. Rules receive the
 * document once and walk it with the child-path helpers, which is much faster than evaluating
 * XPath strings and keeps a 100-line invoice well under the 5 ms budget.
 */
export class RuleContext {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  readonly isInvoice: boolean;
  readonly isCredit: boolean;
  readonly lines: readonly El[];
  readonly currency: string;
  readonly seller: El | undefined;
  readonly buyer: El | undefined;
  private cachedDocAcs?: readonly El[];
  private byLocalName?: Map<string, El[]>;
  private readonly byQName = new Map<string, readonly El[]>();

  constructor(readonly root: El) {
    this.isInvoice = root.localName === 'Invoice';
    this.isCredit = root.localName === 'CreditNote';
    this.lines = kids(root, this.isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    this.currency = val(root, 'cbc:DocumentCurrencyCode') ?? '';
    this.seller = first(root, 'cac:AccountingSupplierParty/cac:Party');
    this.buyer = first(root, 'cac:AccountingCustomerParty/cac:Party');
  }

  report(rule: string, flag: Flag, node: El | undefined, message: string): void {
    const issue = { rule, message, path: node ? xpathOf(node) : '/' };
    (flag === 'fatal' ? this.errors : this.warnings).push(issue);
  }

  /** Asserts `ok`; reports `rule` on `node` when it does not hold. */
  check(ok: boolean, rule: string, flag: Flag, node: El | undefined, message: string): void {
    if (!ok) this.report(rule, flag, node, message);
  }

  /** A fatal `rule` on `el` unless `path` occurs at most once below it: UBL's narrowed cardinalities. */
  atMostOnce(el: El | undefined, path: string, rule: string, message: string): void {
    this.check(count(el, path) <= 1, rule, 'fatal', el, message);
  }

  /**
   * Elements with a local name anywhere below the root, in document order: the `//name` of the
   * official XPaths. One walk indexes the whole document under every name a rule has asked for so far.
   */
  descendants(localName: string): readonly El[] {
    let index = this.byLocalName;
    if (!index) {
      index = this.byLocalName = new Map<string, El[]>();
      for (const name of askedNames) index.set(name, []);
      indexBelow(this.root, index);
    }
    let found = index.get(localName);
    if (!found) {
      // A name no rule asked for before: a walk of its own, and the next documents index it too.
      found = [];
      indexBelow(this.root, new Map([[localName, found]]));
      index.set(localName, found);
      if (askedNames.size < MAX_ASKED_NAMES) askedNames.add(localName);
    }
    return found;
  }

  /**
   * Elements named `qname` (`cac:…`, `cbc:…`) anywhere below the root: what an official rule whose
   * context is that bare name matches, wherever the element stands.
   */
  anywhere(qname: string): readonly El[] {
    let found = this.byQName.get(qname);
    if (!found) {
      const name = qualifiedName(qname);
      const ns = name.namespace;
      const named = this.descendants(name.local);
      // UBL uses a local name in one namespace: the list of the name itself, unless some differ.
      found = named;
      for (let i = 0; i < named.length; i++)
        if (named[i].namespaceURI !== ns) {
          found = named.filter((el) => el.namespaceURI === ns);
          break;
        }
      this.byQName.set(qname, found);
    }
    return found;
  }

  get docAllowanceCharges(): readonly El[] {
    return (this.cachedDocAcs ??= kids(this.root, 'cac:AllowanceCharge'));
  }

  lineQuantity(line: El): El | undefined {
    return first(line, this.isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity');
  }
}

/** xs:decimal() of an element; undefined when absent or not a decimal (XSLT would raise an error). */
export function num(el: El | undefined): Dec | undefined {
  return el ? decimalOf(text(el)) : undefined;
}

export function numAt(el: El | undefined, path: string): Dec | undefined {
  return num(first(el, path));
}

const POWERS_OF_TEN = Array.from({ length: 40 }, (_, i) => 10 ** i);

/**
 * A decimal text of at most 14 digits as one number: its digits as an integer times 16 plus how many
 * of them follow the point (`12.50` is 1250 × 16 + 2), negative for a negative text; NaN for anything
 * else (a longer number, an exponent, a leading point), which the Decimals then judge. One number,
 * exact below 2^53, so that reading it allocates nothing.
 */
function readScaled(el: El | undefined, absent: number): number {
  if (!el) return absent * 16;
  const s = stringValue(el);
  let i = 0;
  let end = s.length;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  while (end > i && isSpace(s.charCodeAt(end - 1))) end--;
  let negative = false;
  const sign = s.charCodeAt(i);
  if (sign === 0x2d || sign === 0x2b) {
    negative = sign === 0x2d;
    i++;
  }
  let value = 0;
  let digits = 0;
  let scale = -1;
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2e && scale < 0 && digits > 0) scale = 0;
    else if (c >= 0x30 && c <= 0x39) {
      value = value * 10 + (c - 0x30);
      digits++;
      if (scale >= 0) scale++;
    } else return Number.NaN;
  }
  if (digits === 0 || digits > 14) return Number.NaN;
  const encoded = value * 16 + (scale < 0 ? 0 : scale);
  return negative ? -encoded : encoded;
}

/**
 * R120 without an allowance, a charge or a base quantity: |amount − quantity × price| ≤ 0.02 on
 * integers scaled to a common power of ten, exact while every step stays a safe integer (undefined
 * otherwise, for the Decimal comparison to decide). An absent quantity counts as 1, an absent amount
 * or price as 0, as in that comparison.
 */
export function lineAmountWithin(
  total: El | undefined,
  quantity: El | undefined,
  price: El | undefined,
): boolean | undefined {
  const l = readScaled(total, 0);
  const q = readScaled(quantity, 1);
  const p = readScaled(price, 0);
  if (Number.isNaN(l) || Number.isNaN(q) || Number.isNaN(p)) return undefined;
  const ls = Math.abs(l) % 16;
  const qs = Math.abs(q) % 16;
  const ps = Math.abs(p) % 16;
  const scale = Math.max(ls, qs + ps, 2);
  const amount = Math.trunc(l / 16) * POWERS_OF_TEN[scale - ls];
  const product = Math.trunc(q / 16) * Math.trunc(p / 16) * POWERS_OF_TEN[scale - qs - ps];
  const difference = amount - product;
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(product) || !Number.isSafeInteger(difference))
    return undefined;
  return Math.abs(difference) <= 2 * POWERS_OF_TEN[scale - 2];
}

/**
 * The sum of the decimals at `path` below each element, an absent or non-decimal one counting as 0:
 * on integers scaled to the most fraction digits while every step stays a safe integer (exact, and
 * without a Decimal per element), in Decimals otherwise.
 */
export function sumAt(els: readonly El[], path: string): Dec {
  let total = 0;
  let scale = 0;
  for (const el of els) {
    const v = readScaled(first(el, path), 0);
    if (Number.isNaN(v)) return sumInDecimals(els, path);
    const s = Math.abs(v) % 16;
    let digits = Math.trunc(v / 16);
    if (s > scale) {
      total *= POWERS_OF_TEN[s - scale];
      scale = s;
    } else digits *= POWERS_OF_TEN[scale - s];
    if (!Number.isSafeInteger(total) || !Number.isSafeInteger(digits)) return sumInDecimals(els, path);
    total += digits;
  }
  return Number.isSafeInteger(total) ? new Dec(total).div(POWERS_OF_TEN[scale]) : sumInDecimals(els, path);
}

/**
 * {@link sumAt} in Decimals; a function of its own rather than a closure in sumAt (peppol/README.md,
 * *Validation*).
 */
function sumInDecimals(els: readonly El[], path: string): Dec {
  return sum(els.map((e) => numAt(e, path) ?? ZERO));
}

/** `cbc:ChargeIndicator = true()` as XPath compares it: the text is read as an xs:boolean, so '1' counts too. */
export function isCharge(ac: El): boolean {
  const indicator = text(first(ac, 'cbc:ChargeIndicator'));
  return indicator === 'true' || indicator === '1';
}

/** `cbc:ChargeIndicator = false()`: '0' counts too. */
export function isAllowance(ac: El): boolean {
  const indicator = text(first(ac, 'cbc:ChargeIndicator'));
  return indicator === 'false' || indicator === '0';
}

/** `cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'` of a TaxCategory or PartyTaxScheme. */
export function isVatScheme(el: El): boolean {
  for (let n = firstElementChild(el); n; n = nextElementSibling(n))
    if (n.localName === 'TaxScheme' && n.namespaceURI === NS.cac) {
      const id = text(first(n, 'cbc:ID'));
      if (id === 'VAT' || id.toUpperCase() === 'VAT') return true;
    }
  return false;
}

/** VAT PartyTaxScheme/CompanyID elements of a party. */
export function vatIds(party: El | undefined): El[] {
  return all(party, 'cac:PartyTaxScheme')
    .filter((s) => val(s, 'cac:TaxScheme/cbc:ID') === 'VAT')
    .flatMap((s) => kids(s, 'cbc:CompanyID'));
}

/** XPath round(x * 100) div 100: half rounds towards positive infinity. */
export function xround2(d: Dec): Dec {
  // A value of at most two decimals is its own rounding (a zero is a positive one), as most amounts
  // are: four Decimal operations spared per total a rule compares.
  if (d.decimalPlaces() <= 2) return d.isZero() ? ZERO : d;
  return d.times(HUNDRED).plus(HALF).floor().div(HUNDRED);
}

export function within(a: Dec, b: Dec, slack: Dec): boolean {
  return a.minus(b).abs().lte(slack);
}

/** Country code of a party's postal address, as the national rule contexts test it. */
export const addressCountry = (party: El | undefined): string =>
  text(first(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode'));

export { all, attr, first, kids, text, val };

/**
 * Runs rule checks on a UBL Invoice or CreditNote element (any other root is an XML-ROOT error) and
 * gathers their findings. A rule bug surfaces as a finding, never as an exception in the send pipeline.
 */
export function runBillingRules(root: El, checks: (ctx: RuleContext) => void): ValidationResult {
  if (root.namespaceURI !== UBL_NS.Invoice && root.namespaceURI !== UBL_NS.CreditNote) {
    const issue: ValidationIssue = {
      rule: 'XML-ROOT',
      message: `Expected a UBL Invoice or CreditNote, found {${root.namespaceURI ?? ''}}${root.localName}`,
      path: `/${root.nodeName}`,
    };
    return { valid: false, errors: [issue], warnings: [] };
  }
  const ctx = new RuleContext(root);
  try {
    checks(ctx);
  } catch (e) {
    ctx.report('INTERNAL-RULE-ERROR', 'fatal', undefined, `Validator failure: ${String((e as Error)?.message ?? e)}`);
  }
  return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings };
}
