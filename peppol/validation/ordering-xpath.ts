import { NS, firstElementChild, nextElementSibling, stringValue as domStringValue, type El } from '../xml/dom.ts';
import { Dec, HALF } from '../money.ts';
import { num } from './context.ts';

// The XPath semantics the Ordering artefacts (T01, T110) rely on, where they differ from the
// normalised readings the billing rules use: raw string values, XML-only white space, sequences
// that are empty when an element is absent, and patterns that match at any depth.

const ZERO = new Dec(0);

/** XPath string value: the text as written, white space included. */
export function stringValue(el: El | undefined): string {
  return el ? domStringValue(el) : '';
}

/** XPath normalize-space(): only the XML white space characters count. */
export const normalizeSpace = (s: string): string => s.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');

/** `cbc:ChargeIndicator = 'true'`: a string comparison with any indicator, white space counting. */
export const indicatorIs = (ac: El, value: 'true' | 'false'): boolean =>
  childrenNamed(ac, 'ChargeIndicator').some((c) => stringValue(c) === value);

/** `normalize-space(cbc:ChargeIndicator) = 'true'`: the first indicator, white space trimmed. */
export const normalizedIndicatorIs = (ac: El, value: 'true' | 'false'): boolean =>
  normalizeSpace(stringValue(childrenNamed(ac, 'ChargeIndicator')[0])) === value;

function childrenNamed(el: El, cbcName: string): El[] {
  const out: El[] = [];
  for (let n = firstElementChild(el); n; n = nextElementSibling(n)) {
    if (n.localName === cbcName && n.namespaceURI === NS.cbc) out.push(n);
  }
  return out;
}

/** `round(sum(els/xs:decimal(.)) * 10 * 10) div 100`; XPath round() takes halves up. */
export const roundedSum = (els: readonly El[]): Dec =>
  xpathRound(els.reduce((s, e) => s.plus(num(e) ?? ZERO), ZERO).times(100)).div(100);

/** XPath round(): the nearest integer, halves towards positive infinity. */
export const xpathRound = (d: Dec): Dec => d.plus(HALF).floor();

/** Decimal places as `string-length(substring-after(., '.'))` counts them on the string value. */
export function decimalsAsWritten(el: El): number {
  const value = stringValue(el);
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}
