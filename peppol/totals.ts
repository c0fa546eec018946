import { type Dec, HUNDRED, ZERO, aboveZero, formatPlain, parseDecimal, round2, sum } from './money.ts';
import type { AllowanceCharge, DocumentBody, DocumentLine, VatCategory } from './types.ts';
import { sharedEmptyList } from './empty-list.ts';

export interface ComputedAllowanceCharge {
  charge: boolean;
  amount: Dec;
  percent?: Dec;
  baseAmount?: Dec;
  reason?: string;
  reasonCode?: string;
  category?: VatCategory;
  rate?: Dec;
}

export interface ComputedLine {
  id: string;
  source: DocumentLine;
  quantity: Dec;
  unit: string;
  price: Dec;
  baseQuantity?: Dec;
  grossPrice?: Dec;
  category: VatCategory;
  rate?: Dec;
  allowances: readonly ComputedAllowanceCharge[];
  charges: readonly ComputedAllowanceCharge[];
  net: Dec;
}

export interface ComputedVat {
  category: VatCategory;
  rate?: Dec;
  taxable: Dec;
  tax: Dec;
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

export interface ComputedTotals {
  lineTotal: Dec;
  allowanceTotal?: Dec;
  chargeTotal?: Dec;
  net: Dec;
  vat: Dec;
  gross: Dec;
  prepaid?: Dec;
  rounding?: Dec;
  payable: Dec;
  breakdown: ComputedVat[];
  vatInTaxCurrency?: Dec;
}

export interface ComputedDocument {
  lines: ComputedLine[];
  allowances: ComputedAllowanceCharge[];
  charges: ComputedAllowanceCharge[];
  totals: ComputedTotals;
}

/** Exemption reason codes implied by categories whose meaning is fixed by law (VATEX list). */
export const DEFAULT_EXEMPTION_CODES: Partial<Record<VatCategory, string>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

/** Categories that carry no VAT and therefore no rate other than 0 (O carries none at all). */
const ZERO_RATED: ReadonlySet<VatCategory> = new Set<VatCategory>(['Z', 'E', 'AE', 'K', 'G', 'O']);

function dec(value: unknown): Dec | undefined {
  return value === undefined || value === null ? undefined : parseDecimal(value);
}

/** The VAT category a line uses: explicit, else S for a positive rate. Undefined means the caller must say. */
export function lineCategory(line: DocumentLine): VatCategory | undefined {
  if (line.vatCategory) return line.vatCategory;
  const rate = dec(line.vatRate);
  return rate && aboveZero(rate) ? 'S' : undefined;
}

function vatRateFor(category: VatCategory, given: unknown): Dec | undefined {
  if (category === 'O') return undefined;
  const rate = dec(given);
  if (rate) return rate;
  return ZERO_RATED.has(category) ? ZERO : undefined;
}

function computeAllowanceCharge(ac: AllowanceCharge, charge: boolean, defaultBase: () => Dec): ComputedAllowanceCharge {
  const percent = dec(ac.percent);
  const explicitBase = dec(ac.baseAmount);
  const base = percent ? (explicitBase ?? defaultBase()) : explicitBase;
  const amount = dec(ac.amount) ?? (percent && base ? round2(base.times(percent).div(HUNDRED)) : ZERO);
  const out: ComputedAllowanceCharge = { charge, amount };
  if (percent) out.percent = percent;
  if (base && percent) out.baseAmount = base;
  if (ac.reason) out.reason = ac.reason;
  if (ac.reasonCode) out.reasonCode = ac.reasonCode;
  return out;
}

/** The allowances or charges of a line that has none, shared by every such line rather than two empty arrays per line. */
const NO_ALLOWANCE_CHARGES = sharedEmptyList<ComputedAllowanceCharge>();

/** The line's quantity × price (÷ base quantity) rounded to cents. */
function lineGross(quantity: Dec, price: Dec, baseQuantity: Dec | undefined): Dec {
  // A product is already rounded to the precision of Dec, so dividing it by 1 would only copy it.
  return round2(
    baseQuantity && !baseQuantity.isZero() ? quantity.times(price).div(baseQuantity) : quantity.times(price),
  );
}

function computeLine(line: DocumentLine, index: number): ComputedLine {
  const quantity = dec(line.quantity) ?? ZERO;
  const price = dec(line.unitPrice) ?? ZERO;
  const baseQuantity = dec(line.baseQuantity);
  // Only what the line does not state is derived: a line that gives its net amount (every CII line
  // does) and no percentage allowance needs no product of its own. The usual line, without allowances
  // or charges, makes no closure or list for them.
  let allowances = NO_ALLOWANCE_CHARGES;
  let charges = NO_ALLOWANCE_CHARGES;
  let net: Dec | undefined = dec(line.netAmount);
  if (line.allowances?.length || line.charges?.length) {
    let derived: Dec | undefined;
    const gross = () => (derived ??= lineGross(quantity, price, baseQuantity));
    if (line.allowances?.length) allowances = line.allowances.map((a) => computeAllowanceCharge(a, false, gross));
    if (line.charges?.length) charges = line.charges.map((c) => computeAllowanceCharge(c, true, gross));
    net ??= gross()
      .plus(sum(charges.map((c) => c.amount)))
      .minus(sum(allowances.map((a) => a.amount)));
  } else
    // Adding or subtracting nothing would copy the rounded product (it fits the precision) into two new Decimals.
    net ??= lineGross(quantity, price, baseQuantity);
  const category = lineCategory(line) ?? 'S';
  const out: ComputedLine = {
    id: line.id ?? String(index + 1),
    source: line,
    quantity,
    unit: line.unit ?? 'C62',
    price,
    category,
    allowances,
    charges,
    net,
  };
  if (baseQuantity) out.baseQuantity = baseQuantity;
  const grossPrice = dec(line.grossPrice);
  if (grossPrice) out.grossPrice = grossPrice;
  const rate = vatRateFor(category, line.vatRate);
  if (rate) out.rate = rate;
  return out;
}

function vatKey(category: VatCategory, rate: Dec | undefined): string {
  return `${category}|${rate ? formatPlain(rate) : ''}`;
}

/** The lines of one VAT category and rate, and the sum of their nets in line order. */
interface LineGroup {
  category: VatCategory;
  rate?: Dec;
  net: Dec;
}

interface LineGroups {
  /** By {@link vatKey}, in the order the lines first use them. */
  groups: Map<string, LineGroup>;
  /**
   * Whether adding the group sums gives the sum of the nets exactly: every net has at most 2 decimals
   * and is below 10^30, so no partial sum, in any order, reaches the 40 digits at which Dec rounds.
   */
  exact: boolean;
}

/** Largest power of ten a net may reach for the group sums to add up to the line total exactly. */
const EXACT_MAX_EXPONENT = 29;

function groupLines(lines: readonly ComputedLine[]): LineGroups {
  const groups = new Map<string, LineGroup>();
  // The same few rate Decimals are shared by every line that writes the same rate: finding the group
  // by that Decimal spares building and hashing a text key per line.
  const byRate = new Map<Dec | undefined, Map<VatCategory, LineGroup>>();
  let exact = lines.length < 10_000_000;
  for (const l of lines) {
    exact &&= l.net.e <= EXACT_MAX_EXPONENT && l.net.decimalPlaces() <= 2;
    let byCategory = byRate.get(l.rate);
    if (!byCategory) byRate.set(l.rate, (byCategory = new Map()));
    const group = byCategory.get(l.category);
    if (group) {
      group.net = group.net.plus(l.net);
      continue;
    }
    const key = vatKey(l.category, l.rate);
    let same = groups.get(key);
    if (same) same.net = same.net.plus(l.net);
    else
      groups.set(
        key,
        (same = l.rate ? { category: l.category, rate: l.rate, net: l.net } : { category: l.category, net: l.net }),
      );
    byCategory.set(l.category, same);
  }
  return { groups, exact };
}

/**
 * The lines grouped by VAT category and rate, their nets summed per group, and their total: computed
 * only where the document does not state its breakdown, its line total or a category for a document
 * allowance. A class rather than closures in computeDocument (peppol/README.md, *Validation*).
 */
class LineSums {
  private grouped?: LineGroups;
  private summed?: Dec;

  constructor(private readonly lines: readonly ComputedLine[]) {}

  groups(): LineGroups {
    return (this.grouped ??= groupLines(this.lines));
  }

  total(): Dec {
    if (this.summed) return this.summed;
    const { groups, exact } = this.groups();
    // Adding the few group sums rather than every net again halves the additions of a large document.
    let summed = ZERO;
    if (exact) for (const g of groups.values()) summed = summed.plus(g.net);
    else for (const l of this.lines) summed = summed.plus(l.net);
    return (this.summed = summed);
  }

  /** The one group of the lines, if they have only one. */
  onlyGroup(): LineGroup | undefined {
    const { groups } = this.groups();
    return groups.size === 1 ? groups.values().next().value : undefined;
  }
}

function documentAllowanceCharge(ac: AllowanceCharge, charge: boolean, sums: LineSums): ComputedAllowanceCharge {
  const out = computeAllowanceCharge(ac, charge, () => sums.total());
  // A document allowance without a category inherits the lines' category when there is only one.
  const inherited = ac.vatCategory ? undefined : sums.onlyGroup();
  const category = ac.vatCategory ?? inherited?.category;
  if (category) {
    out.category = category;
    const rate = ac.vatCategory ? vatRateFor(category, ac.vatRate) : (dec(ac.vatRate) ?? inherited?.rate);
    if (rate && category !== 'O') out.rate = rate;
  }
  return out;
}

/**
 * Derives every EN16931 total from the lines, allowances and charges (BR-CO-10 … BR-CO-17).
 * Amounts are rounded to 2 decimals at the points where the standard rounds: line nets, allowance
 * amounts and each VAT category amount; sums of rounded amounts stay exact.
 */
export function computeDocument(body: DocumentBody): ComputedDocument {
  const lines = (body.lines ?? []).map(computeLine);
  const sums = new LineSums(lines);
  const allowances = (body.allowances ?? []).map((a) => documentAllowanceCharge(a, false, sums));
  const charges = (body.charges ?? []).map((c) => documentAllowanceCharge(c, true, sums));

  const given = body.totals ?? {};
  const allowanceTotal =
    dec(given.allowanceTotal) ?? (allowances.length ? sum(allowances.map((a) => a.amount)) : undefined);
  const chargeTotal = dec(given.chargeTotal) ?? (charges.length ? sum(charges.map((c) => c.amount)) : undefined);
  const lineTotalOut = dec(given.lineTotal) ?? sums.total();
  const net = dec(given.netAmount) ?? lineTotalOut.minus(allowanceTotal ?? ZERO).plus(chargeTotal ?? ZERO);

  const breakdown = given.vatBreakdown?.length
    ? given.vatBreakdown.map((v) => {
        const out: ComputedVat = {
          category: v.category,
          taxable: dec(v.taxableAmount) ?? ZERO,
          tax: dec(v.taxAmount) ?? ZERO,
        };
        const rate = vatRateFor(v.category, v.rate);
        if (rate) out.rate = rate;
        if (v.exemptionReason) out.exemptionReason = v.exemptionReason;
        if (v.exemptionReasonCode) out.exemptionReasonCode = v.exemptionReasonCode;
        return out;
      })
    : deriveBreakdown(body, sums.groups().groups, allowances, charges);

  const vat = dec(given.vatAmount) ?? sum(breakdown.map((b) => b.tax));
  const gross = dec(given.grossAmount) ?? net.plus(vat);
  const prepaid = dec(given.prepaidAmount);
  const rounding = dec(given.roundingAmount);
  const payable = dec(given.payableAmount) ?? gross.minus(prepaid ?? ZERO).plus(rounding ?? ZERO);

  const totals: ComputedTotals = { lineTotal: lineTotalOut, net, vat, gross, payable, breakdown };
  if (allowanceTotal) totals.allowanceTotal = allowanceTotal;
  if (chargeTotal) totals.chargeTotal = chargeTotal;
  if (prepaid) totals.prepaid = prepaid;
  if (rounding) totals.rounding = rounding;
  const inTaxCurrency = dec(given.vatAmountInTaxCurrency);
  const exchangeRate = dec(body.taxExchangeRate);
  if (body.taxCurrency && body.taxCurrency !== (body.currency ?? 'EUR')) {
    if (inTaxCurrency) totals.vatInTaxCurrency = inTaxCurrency;
    else if (exchangeRate) totals.vatInTaxCurrency = round2(vat.times(exchangeRate));
  }
  return { lines, allowances, charges, totals };
}

type TaxableGroups = Map<string, { category: VatCategory; rate?: Dec; taxable: Dec }>;

function addTaxable(groups: TaxableGroups, category: VatCategory | undefined, rate: Dec | undefined, amount: Dec) {
  if (!category) return;
  const key = vatKey(category, rate);
  const g = groups.get(key);
  if (g) g.taxable = g.taxable.plus(amount);
  else groups.set(key, rate ? { category, rate, taxable: amount } : { category, taxable: amount });
}

function deriveBreakdown(
  body: DocumentBody,
  lineGroups: ReadonlyMap<string, LineGroup>,
  allowances: ComputedAllowanceCharge[],
  charges: ComputedAllowanceCharge[],
): ComputedVat[] {
  const groups: TaxableGroups = new Map();
  for (const g of lineGroups.values()) addTaxable(groups, g.category, g.rate, g.net);
  for (const a of allowances) addTaxable(groups, a.category, a.rate, a.amount.negated());
  for (const c of charges) addTaxable(groups, c.category, c.rate, c.amount);

  return [...groups.values()].map((g) => {
    const taxable = round2(g.taxable);
    const tax = g.rate ? round2(taxable.times(g.rate).div(HUNDRED)) : ZERO;
    const out: ComputedVat = { category: g.category, taxable, tax };
    if (g.rate) out.rate = g.rate;
    const exemption = body.vatExemptions?.find((e) => e.category === g.category);
    const code = exemption?.reasonCode ?? (exemption?.reason ? undefined : DEFAULT_EXEMPTION_CODES[g.category]);
    if (code) out.exemptionReasonCode = code;
    if (exemption?.reason) out.exemptionReason = exemption.reason;
    return out;
  });
}
