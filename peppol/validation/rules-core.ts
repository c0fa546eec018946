import { atLeastZero, fractionDigits, HALF, ZERO, type Dec } from '../money.ts';
import {
  type RuleContext,
  all,
  attr,
  first,
  isAllowance,
  isCharge,
  isVatScheme,
  kids,
  num,
  numAt,
  sumAt,
  text,
  val,
  xround2,
} from './context.ts';
import type { El } from '../xml/dom.ts';

// Helpers of the rules below, at module level rather than closures in them (peppol/README.md, *Validation*).
const has = (el: El, path: string) => first(el, path) !== undefined;
const nonEmpty = (el: El, path: string) => val(el, path) !== undefined;
/** Where an amount of a LegalMonetaryTotal is reported: the amount itself points callers at the field. */
const at = (lmt: El, path: string) => first(lmt, path) ?? lmt;

/** EN16931 core rules BR-01…BR-65 and BR-CO-* (CEN-EN16931-UBL.sch), bound to UBL Invoice/CreditNote. */
export function checkCoreRules(ctx: RuleContext): void {
  const r = ctx.root;
  const F = 'fatal' as const;

  ctx.check(
    nonEmpty(r, 'cbc:CustomizationID'),
    'BR-01',
    F,
    r,
    'An Invoice shall have a Specification identifier (BT-24).',
  );
  ctx.check(nonEmpty(r, 'cbc:ID'), 'BR-02', F, r, 'An Invoice shall have an Invoice number (BT-1).');
  ctx.check(nonEmpty(r, 'cbc:IssueDate'), 'BR-03', F, r, 'An Invoice shall have an Invoice issue date (BT-2).');
  ctx.check(
    nonEmpty(r, ctx.isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'),
    'BR-04',
    F,
    r,
    'An Invoice shall have an Invoice type code (BT-3).',
  );
  ctx.check(
    nonEmpty(r, 'cbc:DocumentCurrencyCode'),
    'BR-05',
    F,
    r,
    'An Invoice shall have an Invoice currency code (BT-5).',
  );
  ctx.check(
    val(ctx.seller, 'cac:PartyLegalEntity/cbc:RegistrationName') !== undefined,
    'BR-06',
    F,
    r,
    'An Invoice shall contain the Seller name (BT-27).',
  );
  ctx.check(
    val(ctx.buyer, 'cac:PartyLegalEntity/cbc:RegistrationName') !== undefined,
    'BR-07',
    F,
    r,
    'An Invoice shall contain the Buyer name (BT-44).',
  );
  ctx.check(
    first(ctx.seller, 'cac:PostalAddress') !== undefined,
    'BR-08',
    F,
    r,
    'An Invoice shall contain the Seller postal address (BG-5).',
  );
  ctx.check(
    first(ctx.buyer, 'cac:PostalAddress') !== undefined,
    'BR-10',
    F,
    r,
    'An Invoice shall contain the Buyer postal address (BG-8).',
  );
  for (const a of all(ctx.seller, 'cac:PostalAddress')) {
    ctx.check(
      val(a, 'cac:Country/cbc:IdentificationCode') !== undefined,
      'BR-09',
      F,
      a,
      'The Seller postal address (BG-5) shall contain a Seller country code (BT-40).',
    );
  }
  for (const a of all(ctx.buyer, 'cac:PostalAddress')) {
    ctx.check(
      val(a, 'cac:Country/cbc:IdentificationCode') !== undefined,
      'BR-11',
      F,
      a,
      'The Buyer postal address shall contain a Buyer country code (BT-55).',
    );
  }
  ctx.check(ctx.lines.length > 0, 'BR-16', F, r, 'An Invoice shall have at least one Invoice line (BG-25).');

  for (const payee of kids(r, 'cac:PayeeParty')) {
    ctx.check(
      val(payee, 'cac:PartyName/cbc:Name') !== undefined,
      'BR-17',
      F,
      payee,
      'The Payee name (BT-59) shall be provided in the Invoice, if the Payee (BG-10) is different from the Seller (BG-4).',
    );
  }
  for (const rep of kids(r, 'cac:TaxRepresentativeParty')) {
    ctx.check(
      val(rep, 'cac:PartyName/cbc:Name') !== undefined,
      'BR-18',
      F,
      rep,
      'The Seller tax representative name (BT-62) shall be provided in the Invoice, if the Seller (BG-4) has a Seller tax representative party (BG-11).',
    );
    const addr = first(rep, 'cac:PostalAddress');
    ctx.check(
      addr !== undefined,
      'BR-19',
      F,
      rep,
      'The Seller tax representative postal address (BG-12) shall be provided in the Invoice, if the Seller (BG-4) has a Seller tax representative party (BG-11).',
    );
    if (addr)
      ctx.check(
        val(addr, 'cac:Country/cbc:IdentificationCode') !== undefined,
        'BR-20',
        F,
        addr,
        'The Seller tax representative postal address (BG-12) shall contain a Tax representative country code (BT-69).',
      );
    ctx.check(
      all(rep, 'cac:PartyTaxScheme').some(
        (s) => val(s, 'cbc:CompanyID') !== undefined && val(s, 'cac:TaxScheme/cbc:ID') === 'VAT',
      ),
      'BR-56',
      F,
      rep,
      'Each Seller tax representative party (BG-11) shall have a Seller tax representative VAT identifier (BT-63).',
    );
  }

  for (const period of kids(r, 'cac:InvoicePeriod')) {
    const start = val(period, 'cbc:StartDate');
    const end = val(period, 'cbc:EndDate');
    if (start && end)
      ctx.check(
        end >= start,
        'BR-29',
        F,
        period,
        'If both Invoicing period start date (BT-73) and Invoicing period end date (BT-74) are given then the Invoicing period end date (BT-74) shall be later or equal to the Invoicing period start date (BT-73).',
      );
    ctx.check(
      ['cbc:StartDate', 'cbc:EndDate', 'cbc:DescriptionCode'].some((path) => first(period, path) !== undefined),
      'BR-CO-19',
      F,
      period,
      'If Invoicing period (BG-14) is used, the Invoicing period start date (BT-73) or the Invoicing period end date (BT-74) shall be filled, or both.',
    );
  }
  ctx.check(
    !(nonEmpty(r, 'cbc:TaxPointDate') && has(r, 'cac:InvoicePeriod/cbc:DescriptionCode')),
    'BR-CO-03',
    F,
    r,
    'Value added tax point date (BT-7) and Value added tax point date code (BT-8) are mutually exclusive.',
  );

  for (const ac of ctx.docAllowanceCharges) {
    const amountMissing = first(ac, 'cbc:Amount') === undefined;
    const noCategory = val(ac, 'cac:TaxCategory/cbc:ID') === undefined;
    const noReason =
      first(ac, 'cbc:AllowanceChargeReason') === undefined && first(ac, 'cbc:AllowanceChargeReasonCode') === undefined;
    if (isAllowance(ac)) {
      ctx.check(
        !amountMissing,
        'BR-31',
        F,
        ac,
        'Each Document level allowance (BG-20) shall have a Document level allowance amount (BT-92).',
      );
      ctx.check(
        !noCategory,
        'BR-32',
        F,
        ac,
        'Each Document level allowance (BG-20) shall have a Document level allowance VAT category code (BT-95).',
      );
      ctx.check(
        !noReason,
        'BR-33',
        F,
        ac,
        'Each Document level allowance (BG-20) shall have a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98).',
      );
      ctx.check(
        !noReason,
        'BR-CO-21',
        F,
        ac,
        'Each Document level allowance (BG-20) shall contain a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98), or both.',
      );
      checkDecimals(ctx, ac, 'cbc:Amount', 'BR-DEC-01');
      checkDecimals(ctx, ac, 'cbc:BaseAmount', 'BR-DEC-02');
    } else if (isCharge(ac)) {
      ctx.check(
        !amountMissing,
        'BR-36',
        F,
        ac,
        'Each Document level charge (BG-21) shall have a Document level charge amount (BT-99).',
      );
      ctx.check(
        !noCategory,
        'BR-37',
        F,
        ac,
        'Each Document level charge (BG-21) shall have a Document level charge VAT category code (BT-102).',
      );
      ctx.check(
        !noReason,
        'BR-38',
        F,
        ac,
        'Each Document level charge (BG-21) shall have a Document level charge reason (BT-104) or a Document level charge reason code (BT-105).',
      );
      ctx.check(
        !noReason,
        'BR-CO-22',
        F,
        ac,
        'Each Document level charge (BG-21) shall contain a Document level charge reason (BT-104) or a Document level charge reason code (BT-105), or both.',
      );
      checkDecimals(ctx, ac, 'cbc:Amount', 'BR-DEC-05');
      checkDecimals(ctx, ac, 'cbc:BaseAmount', 'BR-DEC-06');
    }
  }

  // The official contexts match these elements wherever they stand, not only where EN16931 puts them.
  for (const pm of ctx.anywhere('cac:PaymentMeans')) {
    ctx.check(
      first(pm, 'cbc:PaymentMeansCode') !== undefined,
      'BR-49',
      F,
      pm,
      'A Payment instruction (BG-16) shall specify the Payment means type code (BT-81).',
    );
  }
  for (const pan of ctx.anywhere('cbc:PrimaryAccountNumberID')) {
    const card = pan.parentNode as El;
    const inPaymentMeans =
      card.localName === 'CardAccount' && (card.parentNode as El | null)?.localName === 'PaymentMeans';
    if (inPaymentMeans)
      ctx.check(
        text(pan).length <= 10,
        'BR-51',
        'warning',
        pan,
        'In accordance with card payments security standards an invoice should never include a full card primary account number (BT-87). At the moment PCI Security Standards Council has defined that the first 6 digits and last 4 digits are the maximum number of digits to be shown.',
      );
  }
  for (const pm of kids(r, 'cac:PaymentMeans')) {
    const code = val(pm, 'cbc:PaymentMeansCode');
    // `cbc:PaymentMeansCode = '30'` compares the raw text: a padded code is not a credit transfer here.
    const creditTransfer = kids(pm, 'cbc:PaymentMeansCode').some(
      (c) => c.textContent === '30' || c.textContent === '58',
    );
    if (code === '30' || code === '58') {
      ctx.check(
        first(pm, 'cac:PayeeFinancialAccount/cbc:ID') !== undefined,
        'BR-61',
        F,
        pm,
        'If the Payment means type code (BT-81) means SEPA credit transfer, Local credit transfer or Non-SEPA international credit transfer, the Payment account identifier (BT-84) shall be present.',
      );
    }
    if (creditTransfer) {
      for (const acct of kids(pm, 'cac:PayeeFinancialAccount')) {
        ctx.check(
          val(acct, 'cbc:ID') !== undefined,
          'BR-50',
          F,
          acct,
          'A Payment account identifier (BT-84) shall be present if Credit transfer (BG-17) information is provided in the Invoice.',
        );
      }
    }
  }

  for (const ref of ctx.anywhere('cac:AdditionalDocumentReference')) {
    ctx.check(
      val(ref, 'cbc:ID') !== undefined,
      'BR-52',
      F,
      ref,
      'Each Additional supporting document (BG-24) shall contain a Supporting document reference (BT-122).',
    );
  }
  for (const ref of ctx.anywhere('cac:BillingReference')) {
    ctx.check(
      val(ref, 'cac:InvoiceDocumentReference/cbc:ID') !== undefined,
      'BR-55',
      F,
      ref,
      'Each Preceding Invoice reference (BG-3) shall contain a Preceding Invoice reference (BT-25).',
    );
  }
  // BR-DEC-13 and BR-DEC-15 are not here: their official XPath compares the currency with a child of
  // the amount, so they can never fire; UBL-DT-01 limits those amounts to two decimals instead.
  for (const code of kids(r, 'cbc:TaxCurrencyCode')) {
    const taxCurrency = code.textContent ?? '';
    const inTax = ctx
      .descendants('TaxTotal')
      .flatMap((t) => kids(t, 'cbc:TaxAmount'))
      .filter((a) => attr(a, 'currencyID') === taxCurrency);
    ctx.check(
      inTax.length > 0,
      'BR-53',
      F,
      r,
      'If the VAT accounting currency code (BT-6) is present, then the Invoice total VAT amount in accounting currency (BT-111) shall be provided.',
    );
  }
  for (const loc of all(r, 'cac:Delivery/cac:DeliveryLocation/cac:Address')) {
    ctx.check(
      val(loc, 'cac:Country/cbc:IdentificationCode') !== undefined,
      'BR-57',
      F,
      loc,
      'Each Deliver to address (BG-15) shall contain a Deliver to country code (BT-80).',
    );
  }
  for (const [party, rule, who] of [
    [ctx.seller, 'BR-62', 'Seller'],
    [ctx.buyer, 'BR-63', 'Buyer'],
  ] as const) {
    for (const ep of kids(party, 'cbc:EndpointID')) {
      ctx.check(
        attr(ep, 'schemeID') !== undefined,
        rule,
        F,
        ep,
        `The ${who} electronic address shall have a Scheme identifier.`,
      );
    }
  }
  for (const supplier of kids(r, 'cac:AccountingSupplierParty')) {
    const party = first(supplier, 'cac:Party');
    const identified =
      all(party, 'cac:PartyTaxScheme').some((ts) => isVatScheme(ts) && first(ts, 'cbc:CompanyID') !== undefined) ||
      all(party, 'cac:PartyIdentification/cbc:ID').some((id) => attr(id, 'schemeID') !== 'SEPA') ||
      first(party, 'cac:PartyLegalEntity/cbc:CompanyID') !== undefined;
    ctx.check(
      identified,
      'BR-CO-26',
      F,
      supplier,
      'In order for the buyer to automatically identify a supplier, the Seller identifier (BT-29), the Seller legal registration identifier (BT-30) and/or the Seller VAT identifier (BT-31) shall be present.',
    );
  }
  // Every VAT PartyTaxScheme of any party; a missing CompanyID has the empty prefix, which the list contains.
  for (const scheme of ctx.descendants('PartyTaxScheme').filter(isVatScheme)) {
    const id = first(scheme, 'cbc:CompanyID');
    const prefix = (id?.textContent ?? '').slice(0, 2);
    ctx.check(
      VAT_PREFIX_LIST.includes(prefix),
      'BR-CO-09',
      F,
      id ?? scheme,
      'The Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix ‘EL’.',
    );
  }

  ctx.check(
    all(r, 'cac:TaxTotal/cac:TaxSubtotal').length > 0,
    'BR-CO-18',
    F,
    r,
    'An Invoice shall at least have one VAT breakdown group (BG-23).',
  );

  checkLines(ctx);
  checkTotals(ctx);
  checkTaxSubtotals(ctx);
}

function checkLines(ctx: RuleContext): void {
  const F = 'fatal' as const;
  // Indexed loops, here and within: iterating per-line lists allocated an iterator result per step.
  for (let l = 0; l < ctx.lines.length; l++) {
    const line = ctx.lines[l];
    ctx.check(
      val(line, 'cbc:ID') !== undefined,
      'BR-21',
      F,
      line,
      'Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).',
    );
    const qty = ctx.lineQuantity(line);
    ctx.check(
      qty !== undefined,
      'BR-22',
      F,
      line,
      'Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).',
    );
    ctx.check(
      attr(qty, 'unitCode') !== undefined,
      'BR-23',
      F,
      qty ?? line,
      'An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).',
    );
    ctx.check(
      first(line, 'cbc:LineExtensionAmount') !== undefined,
      'BR-24',
      F,
      line,
      'Each Invoice line (BG-25) shall have an Invoice line net amount (BT-131).',
    );
    ctx.check(
      val(line, 'cac:Item/cbc:Name') !== undefined,
      'BR-25',
      F,
      line,
      'Each Invoice line (BG-25) shall contain the Item name (BT-153).',
    );
    const price = first(line, 'cac:Price/cbc:PriceAmount');
    ctx.check(
      price !== undefined,
      'BR-26',
      F,
      line,
      'Each Invoice line (BG-25) shall contain the Item net price (BT-146).',
    );
    const priceValue = num(price);
    // `PriceAmount >= 0` is false for a missing price as well.
    ctx.check(
      priceValue !== undefined && atLeastZero(priceValue),
      'BR-27',
      F,
      price ?? line,
      'The Item net price (BT-146) shall NOT be negative.',
    );
    const bases = all(line, 'cac:Price/cac:AllowanceCharge/cbc:BaseAmount');
    for (let i = 0; i < bases.length; i++) {
      const base = bases[i];
      const v = num(base);
      ctx.check(
        v === undefined || atLeastZero(v),
        'BR-28',
        F,
        base,
        'The Item gross price (BT-148) shall NOT be negative.',
      );
    }
    ctx.check(
      val(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID') !== undefined,
      'BR-CO-04',
      F,
      line,
      'Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).',
    );
    const periods = kids(line, 'cac:InvoicePeriod');
    for (let i = 0; i < periods.length; i++) {
      const period = periods[i];
      const start = val(period, 'cbc:StartDate');
      const end = val(period, 'cbc:EndDate');
      if (start && end)
        ctx.check(
          end >= start,
          'BR-30',
          F,
          period,
          'If both Invoice line period start date (BT-134) and Invoice line period end date (BT-135) are given then the Invoice line period end date (BT-135) shall be later or equal to the Invoice line period start date (BT-134).',
        );
      ctx.check(
        first(period, 'cbc:StartDate') !== undefined || first(period, 'cbc:EndDate') !== undefined,
        'BR-CO-20',
        F,
        period,
        'If Invoice line period (BG-26) is used, the Invoice line period start date (BT-134) or the Invoice line period end date (BT-135) shall be filled, or both.',
      );
    }
    const acs = kids(line, 'cac:AllowanceCharge');
    for (let i = 0; i < acs.length; i++) {
      const ac = acs[i];
      const noReason =
        first(ac, 'cbc:AllowanceChargeReason') === undefined &&
        first(ac, 'cbc:AllowanceChargeReasonCode') === undefined;
      if (isAllowance(ac)) {
        ctx.check(
          first(ac, 'cbc:Amount') !== undefined,
          'BR-41',
          F,
          ac,
          'Each Invoice line allowance (BG-27) shall have an Invoice line allowance amount (BT-136).',
        );
        ctx.check(
          !noReason,
          'BR-42',
          F,
          ac,
          'Each Invoice line allowance (BG-27) shall have an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140).',
        );
        ctx.check(
          !noReason,
          'BR-CO-23',
          F,
          ac,
          'Each Invoice line allowance (BG-27) shall contain an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140), or both.',
        );
        checkDecimals(ctx, ac, 'cbc:Amount', 'BR-DEC-24');
        checkDecimals(ctx, ac, 'cbc:BaseAmount', 'BR-DEC-25');
      } else if (isCharge(ac)) {
        ctx.check(
          first(ac, 'cbc:Amount') !== undefined,
          'BR-43',
          F,
          ac,
          'Each Invoice line charge (BG-28) shall have an Invoice line charge amount (BT-141).',
        );
        ctx.check(
          !noReason,
          'BR-44',
          F,
          ac,
          'Each Invoice line charge shall have an Invoice line charge reason or an invoice line allowance reason code.',
        );
        ctx.check(
          !noReason,
          'BR-CO-24',
          F,
          ac,
          'Each Invoice line charge (BG-28) shall contain an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145), or both.',
        );
        checkDecimals(ctx, ac, 'cbc:Amount', 'BR-DEC-27');
        checkDecimals(ctx, ac, 'cbc:BaseAmount', 'BR-DEC-28');
      }
    }
    checkDecimals(ctx, line, 'cbc:LineExtensionAmount', 'BR-DEC-23');
    const props = all(line, 'cac:Item/cac:AdditionalItemProperty');
    for (let i = 0; i < props.length; i++) {
      const prop = props[i];
      ctx.check(
        val(prop, 'cbc:Name') !== undefined && val(prop, 'cbc:Value') !== undefined,
        'BR-54',
        F,
        prop,
        'Each Item attribute (BG-32) shall contain an Item attribute name (BT-160) and an Item attribute value (BT-161).',
      );
    }
    const ids = all(line, 'cac:Item/cac:StandardItemIdentification/cbc:ID');
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      ctx.check(
        attr(id, 'schemeID') !== undefined,
        'BR-64',
        F,
        id,
        'The Item standard identifier (BT-157) shall have a Scheme identifier.',
      );
    }
    const codes = all(line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      ctx.check(
        attr(code, 'listID') !== undefined,
        'BR-65',
        F,
        code,
        'The Item classification identifier (BT-158) shall have a Scheme identifier.',
      );
    }
  }
}

/**
 * BR-12…15, BR-CO-10…16 as the official artefacts test them: in the LegalMonetaryTotal (and each
 * TaxTotal) that is there, where a missing amount makes an equation false rather than skipped.
 */
function checkTotals(ctx: RuleContext): void {
  const F = 'fatal' as const;
  const r = ctx.root;
  const docAllowances = ctx.docAllowanceCharges.filter(isAllowance);
  const docCharges = ctx.docAllowanceCharges.filter(isCharge);

  for (const lmt of kids(r, 'cac:LegalMonetaryTotal')) {
    ctx.check(
      has(lmt, 'cbc:LineExtensionAmount'),
      'BR-12',
      F,
      lmt,
      'An Invoice shall have the Sum of Invoice line net amount (BT-106).',
    );
    ctx.check(
      has(lmt, 'cbc:TaxExclusiveAmount'),
      'BR-13',
      F,
      lmt,
      'An Invoice shall have the Invoice total amount without VAT (BT-109).',
    );
    ctx.check(
      has(lmt, 'cbc:TaxInclusiveAmount'),
      'BR-14',
      F,
      lmt,
      'An Invoice shall have the Invoice total amount with VAT (BT-112).',
    );
    ctx.check(
      has(lmt, 'cbc:PayableAmount'),
      'BR-15',
      F,
      lmt,
      'An Invoice shall have the Amount due for payment (BT-115).',
    );

    const lineTotal = numAt(lmt, 'cbc:LineExtensionAmount');
    ctx.check(
      lineTotal?.eq(xround2(sumAt(ctx.lines, 'cbc:LineExtensionAmount'))) ?? false,
      'BR-CO-10',
      F,
      at(lmt, 'cbc:LineExtensionAmount'),
      'Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).',
    );
    const allowanceTotal = numAt(lmt, 'cbc:AllowanceTotalAmount');
    ctx.check(
      has(lmt, 'cbc:AllowanceTotalAmount')
        ? (allowanceTotal?.eq(xround2(sumAt(docAllowances, 'cbc:Amount'))) ?? false)
        : docAllowances.length === 0,
      'BR-CO-11',
      F,
      at(lmt, 'cbc:AllowanceTotalAmount'),
      'Sum of allowances on document level (BT-107) = Σ Document level allowance amount (BT-92).',
    );
    const chargeTotal = numAt(lmt, 'cbc:ChargeTotalAmount');
    ctx.check(
      has(lmt, 'cbc:ChargeTotalAmount')
        ? (chargeTotal?.eq(xround2(sumAt(docCharges, 'cbc:Amount'))) ?? false)
        : docCharges.length === 0,
      'BR-CO-12',
      F,
      at(lmt, 'cbc:ChargeTotalAmount'),
      'Sum of charges on document level (BT-108) = Σ Document level charge amount (BT-99).',
    );

    const taxExclusive = numAt(lmt, 'cbc:TaxExclusiveAmount');
    let expectedExclusive: Dec | undefined;
    if (lineTotal && !has(lmt, 'cbc:ChargeTotalAmount') && !has(lmt, 'cbc:AllowanceTotalAmount'))
      expectedExclusive = lineTotal;
    else if (
      lineTotal &&
      (chargeTotal || !has(lmt, 'cbc:ChargeTotalAmount')) &&
      (allowanceTotal || !has(lmt, 'cbc:AllowanceTotalAmount'))
    ) {
      expectedExclusive = xround2(lineTotal.plus(chargeTotal ?? ZERO).minus(allowanceTotal ?? ZERO));
    }
    ctx.check(
      expectedExclusive !== undefined && (taxExclusive?.eq(expectedExclusive) ?? false),
      'BR-CO-13',
      F,
      at(lmt, 'cbc:TaxExclusiveAmount'),
      'Invoice total amount without VAT (BT-109) = Σ Invoice line net amount (BT-131) - Sum of allowances on document level (BT-107) + Sum of charges on document level (BT-108).',
    );

    const payable = numAt(lmt, 'cbc:PayableAmount');
    const taxInclusive = numAt(lmt, 'cbc:TaxInclusiveAmount');
    const prepaid = numAt(lmt, 'cbc:PrepaidAmount');
    const rounding = numAt(lmt, 'cbc:PayableRoundingAmount');
    const hasPrepaid = has(lmt, 'cbc:PrepaidAmount');
    const hasRounding = has(lmt, 'cbc:PayableRoundingAmount');
    let payableOk = false;
    if (payable && taxInclusive && (prepaid || !hasPrepaid) && (rounding || !hasRounding)) {
      const due = hasPrepaid ? xround2(taxInclusive.minus(prepaid!)) : taxInclusive;
      payableOk = hasRounding ? xround2(payable.minus(rounding!)).eq(due) : payable.eq(due);
    }
    ctx.check(
      payableOk,
      'BR-CO-16',
      F,
      at(lmt, 'cbc:PayableAmount'),
      'Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) -Paid amount (BT-113) +Rounding amount (BT-114).',
    );

    const decimalRules: Array<[string, string]> = [
      ['cbc:LineExtensionAmount', 'BR-DEC-09'],
      ['cbc:AllowanceTotalAmount', 'BR-DEC-10'],
      ['cbc:ChargeTotalAmount', 'BR-DEC-11'],
      ['cbc:TaxExclusiveAmount', 'BR-DEC-12'],
      ['cbc:TaxInclusiveAmount', 'BR-DEC-14'],
      ['cbc:PrepaidAmount', 'BR-DEC-16'],
      ['cbc:PayableRoundingAmount', 'BR-DEC-17'],
      ['cbc:PayableAmount', 'BR-DEC-18'],
    ];
    for (const [path, rule] of decimalRules) checkDecimals(ctx, lmt, path, rule);
  }

  const taxTotals = kids(r, 'cac:TaxTotal');
  for (const tt of taxTotals) {
    const subtotals = kids(tt, 'cac:TaxSubtotal');
    const ok =
      subtotals.length === 0 || (numAt(tt, 'cbc:TaxAmount')?.eq(xround2(sumAt(subtotals, 'cbc:TaxAmount'))) ?? false);
    ctx.check(
      ok,
      'BR-CO-14',
      F,
      first(tt, 'cbc:TaxAmount') ?? tt,
      'Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).',
    );
  }
  // `every $Currency in cbc:DocumentCurrencyCode`: nothing to check without a currency code.
  for (const code of kids(r, 'cbc:DocumentCurrencyCode')) {
    const currency = code.textContent ?? '';
    const vat = taxTotals.flatMap((t) => kids(t, 'cbc:TaxAmount')).filter((a) => attr(a, 'currencyID') === currency);
    const lmt = first(r, 'cac:LegalMonetaryTotal');
    const taxInclusive = numAt(lmt, 'cbc:TaxInclusiveAmount');
    const taxExclusive = numAt(lmt, 'cbc:TaxExclusiveAmount');
    const vatAmount = vat.length === 1 ? num(vat[0]) : undefined;
    const ok =
      vatAmount !== undefined &&
      taxInclusive !== undefined &&
      taxExclusive !== undefined &&
      taxInclusive.eq(xround2(taxExclusive.plus(vatAmount)));
    ctx.check(
      ok,
      'BR-CO-15',
      F,
      first(lmt, 'cbc:TaxInclusiveAmount') ?? r,
      'Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).',
    );
  }
}

/** XPath round(): half rounds towards positive infinity. */
function xround(d: Dec): Dec {
  return d.plus(HALF).floor();
}

function checkTaxSubtotals(ctx: RuleContext): void {
  const F = 'fatal' as const;
  for (const st of all(ctx.root, 'cac:TaxTotal/cac:TaxSubtotal')) {
    ctx.check(
      first(st, 'cbc:TaxableAmount') !== undefined,
      'BR-45',
      F,
      st,
      'Each VAT breakdown (BG-23) shall have a VAT category taxable amount (BT-116).',
    );
    ctx.check(
      first(st, 'cbc:TaxAmount') !== undefined,
      'BR-46',
      F,
      st,
      'Each VAT breakdown (BG-23) shall have a VAT category tax amount (BT-117).',
    );
    const vatCategories = kids(st, 'cac:TaxCategory').filter(isVatScheme);
    ctx.check(
      vatCategories.some((c) => first(c, 'cbc:ID') !== undefined),
      'BR-47',
      F,
      st,
      'Each VAT breakdown (BG-23) shall be defined through a VAT category code (BT-118).',
    );
    ctx.check(
      vatCategories.some((c) => first(c, 'cbc:Percent') !== undefined || text(first(c, 'cbc:ID')) === 'O'),
      'BR-48',
      F,
      st,
      'Each VAT breakdown (BG-23) shall have a VAT category rate (BT-119), except if the Invoice is not subject to VAT.',
    );
    checkDecimals(ctx, st, 'cbc:TaxableAmount', 'BR-DEC-19');
    checkDecimals(ctx, st, 'cbc:TaxAmount', 'BR-DEC-20');
    const percent = vatCategories.length ? numAt(vatCategories[0], 'cbc:Percent') : undefined;
    const tax = numAt(st, 'cbc:TaxAmount');
    const taxable = numAt(st, 'cbc:TaxableAmount');
    let ok: boolean;
    if (percent === undefined) ok = tax !== undefined && xround(tax).isZero();
    else if (xround(percent).isZero()) ok = tax !== undefined && xround(tax).isZero();
    else {
      const expected = taxable !== undefined ? xround2(taxable.abs().times(percent.div(100))) : undefined;
      ok =
        tax !== undefined &&
        expected !== undefined &&
        tax.abs().minus(1).lt(expected) &&
        tax.abs().plus(1).gt(expected);
    }
    ctx.check(
      ok,
      'BR-CO-17',
      F,
      st,
      'VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) x (VAT category rate (BT-119) / 100), rounded to two decimals.',
    );
  }
}

/** BR-DEC-*: amounts carry at most two decimals. */
export function checkDecimals(
  ctx: RuleContext,
  parent: El | undefined,
  path: string,
  rule: string,
  currency?: string,
): void {
  const els = all(parent, path);
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    if (currency && attr(el, 'currencyID') !== currency) continue;
    if (fractionDigits(text(el)) > 2)
      ctx.report(rule, 'fatal', el, `The allowed maximum number of decimals for ${path.replace(/^cbc:/, '')} is 2.`);
  }
}

/** The official BR-CO-09 list, searched with contains() as the artefacts do. */
const VAT_PREFIX_LIST =
  ' AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW 1A XI EL ';
