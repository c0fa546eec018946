import { aboveZero, atLeastZero, sum, ZERO, type Dec } from '../money.ts';
import type { VatCategory } from '../types.ts';
import { hasElementChild, type El } from '../xml/dom.ts';
import {
  type RuleContext,
  all,
  first,
  isAllowance,
  isCharge,
  isVatScheme,
  kids,
  num,
  numAt,
  sumAt,
  text,
  xround2,
} from './context.ts';

/**
 * Rule-id prefix of each VAT category in EN16931 (K is "intra-community"; IGIC and IPSI are BR-AF
 * and BR-AG since the 2026 releases).
 */
const PREFIX: Record<VatCategory, string> = {
  S: 'BR-S',
  Z: 'BR-Z',
  E: 'BR-E',
  AE: 'BR-AE',
  K: 'BR-IC',
  G: 'BR-G',
  O: 'BR-O',
  L: 'BR-AF',
  M: 'BR-AG',
};
const NAME: Record<VatCategory, string> = {
  S: 'Standard rated',
  Z: 'Zero rated',
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
  L: 'IGIC',
  M: 'IPSI',
};
/** Categories taxed at a rate: their breakdown is per rate, within one unit of the line sums. */
const RATED: ReadonlySet<VatCategory> = new Set<VatCategory>(['S', 'L', 'M']);
const CATEGORIES = Object.keys(PREFIX) as VatCategory[];
const NEEDS_EXEMPTION: ReadonlySet<VatCategory> = new Set<VatCategory>(['E', 'AE', 'K', 'G', 'O']);

interface CategoryFacts {
  id: string;
  vat: boolean;
  percent: Dec | undefined;
}

/**
 * What the rules ask of the category elements (each read once), of the lines and of the document level
 * allowances and charges, for the category whose rules run (`cat`). Methods rather than closures in
 * {@link checkVatCategoryRules} (peppol/README.md, *Validation*).
 */
class Categories {
  cat: VatCategory = 'S';
  private readonly facts = new Map<El, CategoryFacts>();

  constructor(
    readonly ctx: RuleContext,
    /** The ClassifiedTaxCategory elements of each line, by line index. */
    readonly ofLine: readonly (readonly El[])[],
  ) {}

  read(c: El): void {
    this.facts.set(c, { id: text(first(c, 'cbc:ID')), vat: isVatScheme(c), percent: numAt(c, 'cbc:Percent') });
  }

  /** The category codes of the elements read. */
  ids(): Set<string> {
    const ids = new Set<string>();
    for (const f of this.facts.values()) ids.add(f.id);
    return ids;
  }

  id(c: El): string {
    return this.facts.get(c)!.id;
  }

  percent(c: El): Dec | undefined {
    return this.facts.get(c)!.percent;
  }

  vat(c: El): boolean {
    return this.facts.get(c)!.vat;
  }

  is(c: El): boolean {
    return this.id(c) === this.cat;
  }

  vatOf(c: El): boolean {
    return this.is(c) && this.vat(c);
  }

  /** Equal rate texts share their Decimal (see decimalOf): identity spares eq() its copy of the operand. */
  atRate(c: El, rate: Dec | undefined): boolean {
    const percent = this.percent(c);
    return rate !== undefined && percent !== undefined && (percent === rate || percent.eq(rate));
  }

  // Loops rather than `some` with a callback: these run per line, and each callback was an allocation.
  lineOf(index: number): boolean {
    const categories = this.ofLine[index];
    for (let k = 0; k < categories.length; k++) if (this.is(categories[k])) return true;
    return false;
  }

  lineAtRate(index: number, rate: Dec | undefined): boolean {
    if (!this.lineOf(index)) return false;
    const categories = this.ofLine[index];
    for (let k = 0; k < categories.length; k++) if (this.atRate(categories[k], rate)) return true;
    return false;
  }

  acOf(ac: El, atRate: boolean, rate: Dec | undefined): boolean {
    return kids(ac, 'cac:TaxCategory').some((c) => this.id(c) === this.cat && (!atRate || this.atRate(c, rate)));
  }

  /** The sum of line nets plus charges minus allowances of the category (at `rate` when `atRate`). */
  basis(atRate: boolean, rate: Dec | undefined): Dec {
    const ctx = this.ctx;
    const docAcs = ctx.docAllowanceCharges;
    const lineSum = sumAt(
      ctx.lines.filter((_, i) => (atRate ? this.lineAtRate(i, rate) : this.lineOf(i))),
      'cbc:LineExtensionAmount',
    );
    const charges = sum(
      docAcs.filter((ac) => isCharge(ac) && this.acOf(ac, atRate, rate)).map((ac) => numAt(ac, 'cbc:Amount') ?? ZERO),
    );
    const allowances = sum(
      docAcs
        .filter((ac) => isAllowance(ac) && this.acOf(ac, atRate, rate))
        .map((ac) => numAt(ac, 'cbc:Amount') ?? ZERO),
    );
    return lineSum.plus(charges).minus(allowances);
  }
}

/** Whether a category element of `cat` has the rate its category asks for (-05…-07). */
function rateOk(cat: VatCategory, c: El): boolean {
  const percentEl = first(c, 'cbc:Percent');
  const percent = num(percentEl);
  if (cat === 'O') return percentEl === undefined;
  if (cat === 'S') return percent !== undefined && aboveZero(percent);
  if (RATED.has(cat)) return percent !== undefined && atLeastZero(percent);
  return percent !== undefined && percent.isZero();
}

function schemeCompanyIds(party: El | undefined, vatOnly: boolean): boolean {
  return (
    all(party, 'cac:PartyTaxScheme')
      .filter((s) => !vatOnly || isVatScheme(s))
      .flatMap((s) => kids(s, 'cbc:CompanyID')).length > 0
  );
}

/**
 * The EN16931 VAT category rules BR-S/Z/E/AE/IC/G/O/AF/AG-*, with the contexts and tests of the
 * official CEN artefacts: which elements each rule looks at (any TaxCategory, line categories,
 * document level allowances and charges, the breakdown) decides when it fires on incomplete input.
 */
export function checkVatCategoryRules(ctx: RuleContext): void {
  const r = ctx.root;
  const taxCategories = ctx.descendants('TaxCategory');
  const classified = ctx.descendants('ClassifiedTaxCategory');
  const acCategories = ctx
    .descendants('AllowanceCharge')
    .flatMap((ac) => kids(ac, 'cac:TaxCategory').map((c) => ({ ac, c })));
  const subtotalCategories = all(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory');
  // Filled in one pass over the lines, without a pair or a list per line only to be flattened.
  // By line index, as `ctx.lines` has them: a map keyed by 5,000 lines grew (and was copied) as it filled.
  const categoriesOfLine: (readonly El[])[] = [];
  const lineCategories: { line: El; c: El }[] = [];
  // Indexed loops here and below: iterating these per-line lists allocated an iterator result per step.
  const lines = ctx.lines;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l];
    const categories = all(line, 'cac:Item/cac:ClassifiedTaxCategory');
    categoriesOfLine.push(categories);
    for (let k = 0; k < categories.length; k++) lineCategories.push({ line, c: categories[k] });
  }
  const docAcs = ctx.docAllowanceCharges;
  // Every category element is read once: the rules below ask the same questions of it per category.
  const cats = new Categories(ctx, categoriesOfLine);
  for (let i = 0; i < taxCategories.length; i++) cats.read(taxCategories[i]);
  for (let i = 0; i < classified.length; i++) cats.read(classified[i]);
  // The line categories by category code, in document order: each category's rules read only its own.
  const classifiedBy = new Map<string, El[]>();
  for (let k = 0; k < classified.length; k++) {
    const c = classified[k];
    const list = classifiedBy.get(cats.id(c));
    if (list) list.push(c);
    else classifiedBy.set(cats.id(c), [c]);
  }
  const lineCategoriesBy = new Map<string, { line: El; c: El }[]>();
  for (let k = 0; k < lineCategories.length; k++) {
    const i = lineCategories[k];
    const list = lineCategoriesBy.get(cats.id(i.c));
    if (list) list.push(i);
    else lineCategoriesBy.set(cats.id(i.c), [i]);
  }

  const sellers = all(r, 'cac:AccountingSupplierParty/cac:Party');
  const buyers = all(r, 'cac:AccountingCustomerParty/cac:Party');
  const sellerAnyTaxId = sellers.some((p) => schemeCompanyIds(p, false));
  const sellerVat = sellers.some((p) => schemeCompanyIds(p, true));
  const repVat = all(r, 'cac:TaxRepresentativeParty').some((p) => schemeCompanyIds(p, true));
  const buyerVat = buyers.some((p) => schemeCompanyIds(p, true));
  const buyerLegal = buyers.some((p) => all(p, 'cac:PartyLegalEntity/cbc:CompanyID').length > 0);

  // A category no element carries passes every one of its rules (each asks about elements of that
  // category), so only the categories the document uses are checked.
  const usedIds = cats.ids();

  for (const cat of CATEGORIES) {
    if (!usedIds.has(cat)) continue;
    const p = PREFIX[cat];
    const name = NAME[cat];
    cats.cat = cat;
    const classifiedOf = classifiedBy.get(cat) ?? [];
    const lineCategoriesOf = lineCategoriesBy.get(cat) ?? [];

    // -01: the breakdown holds the category when the document uses it.
    if (cat === 'S') {
      const used = acCategories.filter((i) => cats.is(i.c)).length + classifiedOf.length;
      const inBreakdown = subtotalCategories.filter((c) => cats.is(c)).length;
      ctx.check(
        (used > 0 && inBreakdown > 0) || (used === 0 && inBreakdown === 0),
        `${p}-01`,
        'fatal',
        r,
        `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "${name}" shall contain in the VAT breakdown (BG-23) at least one VAT category code (BT-118) equal with "Standard rated".`,
      );
    } else if (RATED.has(cat)) {
      const used = acCategories.filter((i) => cats.vatOf(i.c)).length + classifiedOf.filter((c) => cats.vat(c)).length;
      const inBreakdown = subtotalCategories.filter((c) => cats.vatOf(c)).length;
      ctx.check(
        (used > 0 && inBreakdown > 0) || (used === 0 && inBreakdown === 0),
        `${p}-01`,
        'fatal',
        r,
        `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "${name}" shall contain in the VAT breakdown (BG-23) at least one VAT category code (BT-118) equal with "${name}".`,
      );
    } else {
      const used = taxCategories.some((c) => cats.vatOf(c)) || classifiedOf.some((c) => cats.vat(c));
      ctx.check(
        !used || subtotalCategories.filter((c) => cats.vatOf(c)).length === 1,
        `${p}-01`,
        'fatal',
        r,
        `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "${name}" shall contain in the VAT Breakdown (BG-23) exactly one VAT category code (BT-118) equal with "${name}".`,
      );
    }

    // -02…-04: the VAT identifiers the category needs (or, for O, must not have).
    let partiesOk: boolean;
    let partiesText: string;
    switch (cat) {
      case 'AE':
        partiesOk = (sellerAnyTaxId || repVat) && (buyerVat || buyerLegal);
        partiesText =
          'the Seller VAT Identifier (BT-31) and/or the Seller Tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) and/or the Buyer legal registration identifier (BT-47)';
        break;
      case 'K':
        partiesOk = (sellerVat || repVat) && buyerVat;
        partiesText =
          'the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48)';
        break;
      case 'G':
        partiesOk = sellerVat || repVat;
        partiesText = 'the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63)';
        break;
      case 'O':
        partiesOk = !sellerVat && !repVat && !buyerVat;
        partiesText =
          'NOT the Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) or the Buyer VAT identifier (BT-48)';
        break;
      default:
        partiesOk = sellerAnyTaxId || repVat;
        partiesText =
          'the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63)';
    }
    // S asks for VAT-scheme lines to be covered, but any S line makes the rule apply.
    const linesApply = cat === 'S' ? classifiedOf.length > 0 : classifiedOf.some((c) => cats.vat(c));
    const linesCovered = classifiedOf.some((c) => cats.vat(c)) && partiesOk;
    // Reported on the first line or allowance/charge of the category, so a JSON path can point at it.
    const firstLine = lineCategoriesOf.length ? lineCategoriesOf[0].line : r;
    if (linesApply)
      ctx.check(
        linesCovered,
        `${p}-02`,
        'fatal',
        firstLine,
        `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "${name}" shall contain ${partiesText}.`,
      );
    // O looks at document level allowances and charges only; the others at any.
    const acsOfCat =
      cat === 'O' ? docAcs.flatMap((ac) => kids(ac, 'cac:TaxCategory').map((c) => ({ ac, c }))) : acCategories;
    const allowancesOfCat = acsOfCat.filter((i) => isAllowance(i.ac) && cats.vatOf(i.c));
    const chargesOfCat = acsOfCat.filter((i) => isCharge(i.ac) && cats.vatOf(i.c));
    if (allowancesOfCat.length)
      ctx.check(
        partiesOk,
        `${p}-03`,
        'fatal',
        allowancesOfCat[0].ac,
        `An Invoice that contains a Document level allowance (BG-20) where the Document level allowance VAT category code (BT-95) is "${name}" shall contain ${partiesText}.`,
      );
    if (chargesOfCat.length)
      ctx.check(
        partiesOk,
        `${p}-04`,
        'fatal',
        chargesOfCat[0].ac,
        `An Invoice that contains a Document level charge (BG-21) where the Document level charge VAT category code (BT-102) is "${name}" shall contain ${partiesText}.`,
      );

    // -05…-07: the rate of each line, allowance and charge of the category.
    const rateText =
      cat === 'O'
        ? 'shall not contain a VAT rate'
        : cat === 'S'
          ? 'shall have a VAT rate greater than zero'
          : RATED.has(cat)
            ? 'shall have a VAT rate equal to or greater than zero'
            : 'shall have a VAT rate equal to 0';
    for (let k = 0; k < lineCategoriesOf.length; k++) {
      const c = lineCategoriesOf[k].c;
      if (cats.vat(c) && !rateOk(cat, c))
        ctx.report(
          `${p}-05`,
          'fatal',
          c,
          `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "${name}" the Invoiced item VAT rate (BT-152) ${rateText}.`,
        );
    }
    for (const { ac, c } of acCategories.filter((i) => cats.vatOf(i.c))) {
      if (isAllowance(ac))
        ctx.check(
          rateOk(cat, c),
          `${p}-06`,
          'fatal',
          c,
          `In a Document level allowance (BG-20) where the Document level allowance VAT category code (BT-95) is "${name}" the Document level allowance VAT rate (BT-96) ${rateText}.`,
        );
      else if (isCharge(ac))
        ctx.check(
          rateOk(cat, c),
          `${p}-07`,
          'fatal',
          c,
          `In a Document level charge (BG-21) where the Document level charge VAT category code (BT-102) is "${name}" the Document level charge VAT rate (BT-103) ${rateText}.`,
        );
    }

    // -08…-10 on each breakdown of the category.
    for (const category of subtotalCategories.filter((c) => cats.vatOf(c))) {
      const st = category.parentNode as El;
      const taxable = numAt(st, 'cbc:TaxableAmount');
      const tax = numAt(st, 'cbc:TaxAmount');
      const rate = cats.percent(category);
      let basisOk: boolean;
      if (cat === 'S') {
        // A rate nobody uses is an error too: some line or allowance/charge must carry it.
        const someoneAtRate =
          ctx.lines.some((_, i) => cats.lineAtRate(i, rate)) ||
          ctx.descendants('AllowanceCharge').some((ac) => cats.acOf(ac, true, rate));
        basisOk =
          rate === undefined ||
          (someoneAtRate && taxable !== undefined && taxable.minus(cats.basis(true, rate)).abs().lt(1));
      } else if (RATED.has(cat)) {
        basisOk =
          rate === undefined ||
          (ctx.lines.length > 0 && taxable !== undefined && taxable.minus(cats.basis(true, rate)).abs().lt(1));
      } else {
        basisOk = ctx.lines.length > 0 && taxable !== undefined && taxable.eq(cats.basis(false, rate));
      }
      ctx.check(
        basisOk,
        `${p}-08`,
        'fatal',
        category,
        `For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is "${name}", the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts plus the sum of document level charge amounts minus the sum of document level allowance amounts where the VAT category code (BT-151, BT-102, BT-95) is "${name}" and the VAT rate (BT-152, BT-103, BT-96) equals the VAT category rate (BT-119).`,
      );

      if (RATED.has(cat)) {
        const expected =
          taxable !== undefined && rate !== undefined ? xround2(taxable.abs().times(rate.div(100))) : undefined;
        const ok =
          tax !== undefined &&
          expected !== undefined &&
          tax.abs().minus(1).lt(expected) &&
          tax.abs().plus(1).gt(expected);
        ctx.check(
          ok,
          `${p}-09`,
          'fatal',
          category,
          `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is "${name}" shall equal the VAT category taxable amount (BT-116) multiplied by the VAT category rate (BT-119).`,
        );
      } else {
        ctx.check(
          tax !== undefined && tax.isZero(),
          `${p}-09`,
          'fatal',
          category,
          `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "${name}" shall equal 0 (zero).`,
        );
      }

      const hasReason =
        first(category, 'cbc:TaxExemptionReason') !== undefined ||
        first(category, 'cbc:TaxExemptionReasonCode') !== undefined;
      if (NEEDS_EXEMPTION.has(cat)) {
        ctx.check(
          hasReason,
          `${p}-10`,
          'fatal',
          category,
          `A VAT breakdown (BG-23) with VAT Category code (BT-118) "${name}" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).`,
        );
      } else {
        ctx.check(
          !hasReason,
          `${p}-10`,
          'fatal',
          category,
          `A VAT breakdown (BG-23) with VAT Category code (BT-118) "${name}" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).`,
        );
      }
    }

    const inBreakdown = subtotalCategories.some((c) => cats.vatOf(c));
    if (cat === 'K' && inBreakdown) {
      const deliveryDate = all(r, 'cac:Delivery/cbc:ActualDeliveryDate')
        .map((e) => e.textContent ?? '')
        .join('');
      const periodGiven = all(r, 'cac:InvoicePeriod').some(hasElementChild);
      ctx.check(
        deliveryDate.length > 1 || periodGiven,
        'BR-IC-11',
        'fatal',
        r,
        'In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Actual delivery date (BT-72) or the Invoicing period (BG-14) shall not be blank.',
      );
      const deliveryCountry = all(r, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode')
        .map((e) => e.textContent ?? '')
        .join('');
      ctx.check(
        deliveryCountry.length > 1,
        'BR-IC-12',
        'fatal',
        r,
        'In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Deliver to country code (BT-80) shall not be blank.',
      );
    }
    if (cat === 'O' && inBreakdown) {
      // Another category's element than O's, of the VAT scheme.
      const other = (c: El) => cats.id(c) !== 'O' && cats.vat(c);
      ctx.check(
        !subtotalCategories.some(other),
        'BR-O-11',
        'fatal',
        r,
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain other VAT breakdown groups (BG-23).',
      );
      ctx.check(
        !classified.some(other),
        'BR-O-12',
        'fatal',
        r,
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is not "Not subject to VAT".',
      );
      ctx.check(
        !acCategories.some((i) => isAllowance(i.ac) && other(i.c)),
        'BR-O-13',
        'fatal',
        r,
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain Document level allowances (BG-20) where Document level allowance VAT category code (BT-95) is not "Not subject to VAT".',
      );
      ctx.check(
        !acCategories.some((i) => isCharge(i.ac) && other(i.c)),
        'BR-O-14',
        'fatal',
        r,
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain Document level charges (BG-21) where Document level charge VAT category code (BT-102) is not "Not subject to VAT".',
      );
    }
  }
}
