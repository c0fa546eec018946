import { sum, ZERO } from '../money.ts';
import type { VatCategory } from '../types.ts';
import type { El } from '../xml/dom.ts';
import { RuleContext, all, first, isAllowance, isCharge, kids, num, numAt, val, vatIds, xround2 } from './context.ts';

/** Rule-id prefix of each VAT category in EN16931 (K is "intra-community", L/M the Canary/Ceuta taxes). */
const PREFIX: Record<VatCategory, string> = { S: 'BR-S', Z: 'BR-Z', E: 'BR-E', AE: 'BR-AE', K: 'BR-IC', G: 'BR-G', O: 'BR-O', L: 'BR-IG', M: 'BR-IP' };
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
const EXACTLY_ONE: ReadonlySet<VatCategory> = new Set<VatCategory>(['Z', 'E', 'AE', 'K', 'G', 'O']);
const NEEDS_EXEMPTION: ReadonlySet<VatCategory> = new Set<VatCategory>(['E', 'AE', 'K', 'G', 'O']);
const ZERO_RATE: ReadonlySet<VatCategory> = new Set<VatCategory>(['Z', 'E', 'AE', 'K', 'G']);

interface Item {
  el: El;
  category: El;
  amount: El | undefined;
  charge: boolean;
}

/** The EN16931 VAT category rules BR-S-*, BR-Z-*, BR-E-*, BR-AE-*, BR-IC-*, BR-G-*, BR-O-*, BR-IG-*, BR-IP-*. */
export function checkVatCategoryRules(ctx: RuleContext): void {
  const r = ctx.root;
  const lineItems: Item[] = ctx.lines.flatMap((l) =>
    all(l, 'cac:Item/cac:ClassifiedTaxCategory').map((c) => ({ el: l, category: c, amount: first(l, 'cbc:LineExtensionAmount'), charge: true })),
  );
  const acItems: Item[] = ctx.docAllowanceCharges.flatMap((ac) =>
    kids(ac, 'cac:TaxCategory').map((c) => ({ el: ac, category: c, amount: first(ac, 'cbc:Amount'), charge: isCharge(ac) })),
  );
  const subtotals = all(r, 'cac:TaxTotal/cac:TaxSubtotal');
  const catOf = (c: El) => val(c, 'cbc:ID');
  const sellerVat = vatIds(ctx.seller).length > 0;
  const sellerAnyTax = all(ctx.seller, 'cac:PartyTaxScheme/cbc:CompanyID').length > 0;
  const repVat = all(r, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID').length > 0;
  const buyerVat = vatIds(ctx.buyer).length > 0;
  const buyerLegal = all(ctx.buyer, 'cac:PartyLegalEntity/cbc:CompanyID').length > 0;

  for (const cat of Object.keys(PREFIX) as VatCategory[]) {
    const p = PREFIX[cat];
    const lines = lineItems.filter((i) => catOf(i.category) === cat);
    const acs = acItems.filter((i) => catOf(i.category) === cat);
    const allowances = acs.filter((i) => isAllowance(i.el));
    const charges = acs.filter((i) => isCharge(i.el));
    const subs = subtotals.filter((s) => val(s, 'cac:TaxCategory/cbc:ID') === cat);
    const used = lines.length + acs.length > 0;
    const name = NAME[cat];

    if (used) {
      const ok = EXACTLY_ONE.has(cat) ? subs.length === 1 : subs.length >= 1;
      ctx.check(ok, `${p}-01`, 'fatal', r, `An Invoice that contains an item, an allowance or a charge where the VAT category code is "${name}" shall contain ${EXACTLY_ONE.has(cat) ? 'exactly one' : 'at least one'} VAT breakdown (BG-23) with the VAT category code (BT-118) equal to "${cat}".`);
    }

    let partiesOk: boolean;
    let partiesText: string;
    switch (cat) {
      case 'AE':
        partiesOk = (sellerVat || repVat) && (buyerVat || buyerLegal);
        partiesText = 'the Seller VAT Identifier (BT-31) and/or the Seller Tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) and/or the Buyer legal registration identifier (BT-47)';
        break;
      case 'K':
        partiesOk = (sellerVat || repVat) && buyerVat;
        partiesText = 'the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48)';
        break;
      case 'G':
        partiesOk = sellerVat || repVat;
        partiesText = 'the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63)';
        break;
      case 'O':
        partiesOk = !sellerVat && !repVat && !buyerVat;
        partiesText = 'NOT the Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) or the Buyer VAT identifier (BT-48)';
        break;
      default:
        partiesOk = sellerAnyTax || repVat;
        partiesText = 'the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63)';
    }
    const groups: Array<[Item[], string, string]> = [
      [lines, '02', 'an Invoice line'],
      [allowances, '03', 'a Document level allowance'],
      [charges, '04', 'a Document level charge'],
    ];
    for (const [items, n, what] of groups) {
      if (items.length) ctx.check(partiesOk, `${p}-${n}`, 'fatal', items[0]!.el, `An Invoice that contains ${what} where the VAT category code is "${name}" shall contain ${partiesText}.`);
    }

    const rateGroups: Array<[Item[], string, string]> = [
      [lines, '05', 'an Invoice line'],
      [allowances, '06', 'a Document level allowance'],
      [charges, '07', 'a Document level charge'],
    ];
    for (const [items, n, what] of rateGroups) {
      for (const item of items) {
        const percentEl = first(item.category, 'cbc:Percent');
        const percent = num(percentEl);
        let ok: boolean;
        let rule: string;
        if (cat === 'O') {
          ok = percentEl === undefined;
          rule = 'shall not contain a VAT rate';
        } else if (cat === 'S') {
          ok = percent !== undefined && percent.gt(0);
          rule = 'shall have a VAT rate greater than zero';
        } else if (ZERO_RATE.has(cat)) {
          ok = percent !== undefined && percent.isZero();
          rule = 'shall have a VAT rate equal to 0';
        } else {
          ok = percent !== undefined && percent.gte(0);
          rule = 'shall have a VAT rate equal to or greater than zero';
        }
        ctx.check(ok, `${p}-${n}`, 'fatal', item.category, `In ${what} where the VAT category code is "${name}" the VAT rate ${rule}.`);
      }
    }

    for (const st of subs) {
      const rate = numAt(st, 'cac:TaxCategory/cbc:Percent');
      const sameRate = (i: Item) => {
        if (cat !== 'S' && cat !== 'L' && cat !== 'M') return true;
        const pr = numAt(i.category, 'cbc:Percent');
        return pr !== undefined && rate !== undefined && pr.eq(rate);
      };
      const ls = lines.filter(sameRate);
      const cs = charges.filter(sameRate);
      const as = allowances.filter(sameRate);
      const total = sum(ls.map((i) => num(i.amount) ?? ZERO))
        .plus(sum(cs.map((i) => num(i.amount) ?? ZERO)))
        .minus(sum(as.map((i) => num(i.amount) ?? ZERO)));
      const taxable = numAt(st, 'cbc:TaxableAmount');
      const tax = numAt(st, 'cbc:TaxAmount');
      if (taxable) {
        const slack = cat === 'S' || cat === 'L' || cat === 'M';
        const count = ls.length + cs.length + as.length;
        const ok = count === 0 || (slack ? taxable.minus(total).abs().lt(1) : taxable.eq(total));
        ctx.check(ok, `${p}-08`, 'fatal', st, `For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is "${name}", the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts plus the sum of document level charge amounts minus the sum of document level allowance amounts where the VAT category code is "${cat}".`);
      }
      if (tax && taxable) {
        let ok: boolean;
        if (cat === 'S' || cat === 'L' || cat === 'M') {
          const expected = xround2(taxable.abs().times((rate ?? ZERO).div(100)));
          ok = tax.abs().minus(1).lt(expected) && tax.abs().plus(1).gt(expected);
        } else ok = tax.isZero();
        ctx.check(ok, `${p}-09`, 'fatal', st, cat === 'S' || cat === 'L' || cat === 'M'
          ? `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code is "${name}" shall equal the VAT category taxable amount multiplied by the VAT category rate.`
          : `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code is "${name}" shall equal 0 (zero).`);
      }
      const hasReason = first(st, 'cac:TaxCategory/cbc:TaxExemptionReason') !== undefined || first(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') !== undefined;
      if (NEEDS_EXEMPTION.has(cat)) {
        ctx.check(hasReason, `${p}-10`, 'fatal', st, `A VAT breakdown (BG-23) with VAT Category code (BT-118) "${name}" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).`);
      } else {
        ctx.check(!hasReason, `${p}-10`, 'fatal', st, `A VAT breakdown (BG-23) with VAT Category code (BT-118) "${name}" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).`);
      }
    }

    if (cat === 'K' && used) {
      ctx.check(first(r, 'cac:Delivery/cbc:ActualDeliveryDate') !== undefined || all(r, 'cac:InvoicePeriod').some((p2) => val(p2, 'cbc:StartDate') !== undefined || val(p2, 'cbc:EndDate') !== undefined), 'BR-IC-11', 'fatal', r, 'In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Actual delivery date (BT-72) or the Invoicing period (BG-14) shall not be blank.');
      ctx.check(val(r, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode') !== undefined, 'BR-IC-12', 'fatal', r, 'In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Deliver to country code (BT-80) shall not be blank.');
    }
    if (cat === 'O' && subs.length) {
      ctx.check(subtotals.every((s) => val(s, 'cac:TaxCategory/cbc:ID') === 'O'), 'BR-O-11', 'fatal', r, 'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain other VAT breakdown groups (BG-23).');
      ctx.check(lineItems.every((i) => catOf(i.category) === 'O'), 'BR-O-12', 'fatal', r, 'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is not "Not subject to VAT".');
      ctx.check(acItems.filter((i) => isAllowance(i.el)).every((i) => catOf(i.category) === 'O'), 'BR-O-13', 'fatal', r, 'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain Document level allowances (BG-20) where Document level allowance VAT category code (BT-95) is not "Not subject to VAT".');
      ctx.check(acItems.filter((i) => isCharge(i.el)).every((i) => catOf(i.category) === 'O'), 'BR-O-14', 'fatal', r, 'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain Document level charges (BG-21) where Document level charge VAT category code (BT-102) is not "Not subject to VAT".');
    }
  }
}
