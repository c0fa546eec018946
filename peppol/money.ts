import { Decimal } from 'decimal.js';

/**
 * A private Decimal constructor: the global one can be reconfigured by any other module, and money
 * arithmetic must not change behaviour because of that. Half-up matches how EN16931 examples round.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 30 });
export type Dec = InstanceType<typeof Dec>;

/** What callers may put in a JSON amount: a decimal string ("12.50") or a JSON number. */
export type DecimalInput = string | number;

const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const HUNDRED = new Dec(100);
/** XPath round() adds a half before flooring. */
export const HALF = new Dec('0.5');
/** The rounding tolerance of the EN16931 and Peppol amount rules. */
export const TWO_CENTS = new Dec('0.02');

/**
 * Decimals of short texts, shared: amounts, quantities and rates repeat across the lines of a document
 * and are read by several steps (parse, totals, rules), and a Decimal is immutable. Only texts short
 * enough to be copies are kept (a longer one may be a slice that would keep its whole document alive).
 */
const shared = new Map<string, Dec | null>();
const MAX_SHARED = 50_000;
const MAX_SHARED_LENGTH = 12;

/**
 * The texts a shared Decimal was written as (see {@link formatAmount}, {@link formatPlain}), by
 * Decimal: the same few prices, quantities and rates are written on every line of a large document,
 * and each `toFixed` copies its Decimal first. Only shared Decimals have an entry, so a computed one
 * is neither kept alive nor looked for twice.
 */
const written = new Map<Dec, { plain?: string; amount?: string }>();

/** The Decimal of a trimmed decimal text, undefined when it is not one. */
export function decimalOf(text: string): Dec | undefined {
  if (text.length > MAX_SHARED_LENGTH) return DECIMAL_RE.test(text) ? new Dec(text) : undefined;
  let value = shared.get(text);
  if (value === undefined) {
    value = DECIMAL_RE.test(text) ? new Dec(text) : null;
    if (shared.size >= MAX_SHARED) {
      shared.clear();
      written.clear();
    }
    shared.set(text, value);
    if (value) written.set(value, {});
  }
  return value ?? undefined;
}

/** Parses a decimal strictly: no exponents, no thousands separators, no NaN/Infinity. */
export function parseDecimal(value: unknown): Dec | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // String(n) gives the shortest round-tripping form, so 0.1 stays "0.1" and never 0.1000000000000000055
    return decimalOf(String(value));
  }
  if (typeof value === 'string') return decimalOf(value.trim());
  return undefined;
}

export function isDecimalText(value: string): boolean {
  return DECIMAL_RE.test(value.trim());
}

/** Number of digits after the decimal point as written, which is what BR-DEC-* rules count. */
export function fractionDigits(value: string): number {
  const s = value.trim();
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * `d >= 0` and `d > 0` for the rules that ask it of every line: decimal.js compares with a number
 * (or another Decimal) by first copying it into a new Decimal.
 */
export const atLeastZero = (d: Dec): boolean => d.isZero() || d.isPositive();
export const aboveZero = (d: Dec): boolean => !d.isZero() && d.isPositive();

export function round2(d: Dec): Dec {
  // Most amounts (a whole quantity times a price in cents, a sum of cents) need no rounding, and
  // rounding them anyway would copy them: a Decimal is immutable, so the value itself will do.
  return d.decimalPlaces() <= 2 ? d : d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/** Amount as written in UBL: always two decimals. */
export function formatAmount(d: Dec): string {
  const texts = written.get(d);
  return texts ? (texts.amount ??= d.toFixed(2, Dec.ROUND_HALF_UP)) : d.toFixed(2, Dec.ROUND_HALF_UP);
}

/** Quantities, prices and rates keep their own precision, without trailing zeros or exponent. */
export function formatPlain(d: Dec): string {
  const texts = written.get(d);
  return texts ? (texts.plain ??= d.toFixed()) : d.toFixed();
}

export function sum(values: Iterable<Dec>): Dec {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
