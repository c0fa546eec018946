import { isValidBelgianEnterpriseNumber, isValidMod11, isValidSwedishOrgNumber } from '../checksums.ts';
import { checkGermany } from './rules-national-de.ts';
import { checkGreece } from './rules-national-gr.ts';
import { isValidIban } from '../identifiers.ts';
import { Dec } from '../money.ts';
import { firstElementChild, nextElementSibling, type El } from '../xml/dom.ts';
import { type RuleContext, addressCountry, all, attr, first, kids, num, numAt, text, val, vatIds } from './context.ts';
import { isValidDate } from './rules-codelists.ts';

/** Country of the seller as the Peppol schematron's $supplierCountry: VAT prefix, tax representative, address. */
function supplierCountry(ctx: RuleContext): string {
  const vat = vatIds(ctx.seller)[0];
  if (vat && text(vat)) return text(vat).slice(0, 2).toUpperCase();
  const rep = all(ctx.root, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme').find(
    (s) => val(s, 'cac:TaxScheme/cbc:ID') === 'VAT',
  );
  const repVat = val(rep, 'cbc:CompanyID');
  if (repVat) return repVat.slice(0, 2).toUpperCase();
  return (val(ctx.seller, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode') ?? 'XX').toUpperCase();
}

function customerCountry(ctx: RuleContext): string {
  const vat = vatIds(ctx.buyer)[0];
  if (vat && text(vat)) return text(vat).slice(0, 2).toUpperCase();
  return (val(ctx.buyer, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode') ?? 'XX').toUpperCase();
}

/** National rules shipped with Peppol BIS Billing 3.0 (NO, DK, IT, SE, GR, IS, NL, DE) plus the service's Belgian rules. */
export function checkNationalRules(ctx: RuleContext, peppolLayer = true): void {
  const sc = supplierCountry(ctx);
  const cc = customerCountry(ctx);
  // Without the Peppol layer only the rules outside it remain: the Greek GR-S-* and the Belgian BR-BE-*.
  if (peppolLayer) {
    if (sc === 'NO') checkNorway(ctx);
    if (addressCountry(ctx.seller) === 'DK') checkDenmark(ctx);
    if (sc === 'IT') checkItaly(ctx);
    checkSweden(ctx);
  }
  checkGreece(ctx, sc, cc);
  if (peppolLayer) {
    if (addressCountry(ctx.seller) === 'IS') checkIceland(ctx);
    if (addressCountry(ctx.seller).toUpperCase() === 'NL') checkNetherlands(ctx);
    // The German rules key on the postal addresses, not on the VAT prefixes (see the DE unit tests).
    if (addressCountry(ctx.seller).toUpperCase() === 'DE' && addressCountry(ctx.buyer).toUpperCase() === 'DE')
      checkGermany(ctx);
  }
  if (sc === 'BE' || addressCountry(ctx.seller) === 'BE' || cc === 'BE' || addressCountry(ctx.buyer) === 'BE')
    checkBelgium(ctx);
}

function checkNorway(ctx: RuleContext): void {
  const party = ctx.seller;
  if (!party) return;
  const schemes = all(party, 'cac:PartyTaxScheme');
  const tax = schemes.find((s) => val(s, 'cac:TaxScheme/cbc:ID') === 'TAX');
  ctx.check(
    val(tax, 'cbc:CompanyID') === 'Foretaksregisteret',
    'NO-R-002',
    'warning',
    party,
    'For Norwegian suppliers, most invoice issuers are required to append "Foretaksregisteret" to their invoice.',
  );
  const vat = val(
    schemes.find((s) => val(s, 'cac:TaxScheme/cbc:ID') === 'VAT'),
    'cbc:CompanyID',
  );
  if (vat && vat.slice(0, 2) === 'NO') {
    ctx.check(
      /^[0-9]{9}MVA$/.test(vat.slice(2)) && isValidMod11(vat.slice(2, 11)),
      'NO-R-001',
      'fatal',
      party,
      'For Norwegian suppliers, a VAT number MUST be the country code prefix NO followed by a valid Norwegian organization number (nine numbers) followed by the letters MVA.',
    );
  }
}

function checkDenmark(ctx: RuleContext): void {
  const r = ctx.root;
  const bothDk = addressCountry(ctx.buyer) === 'DK';
  const legal = first(ctx.seller, 'cac:PartyLegalEntity/cbc:CompanyID');
  ctx.check(text(legal) !== '', 'DK-R-002', 'fatal', r, 'Danish suppliers MUST provide legal entity (CVR-number)');
  ctx.check(
    !legal || (attr(legal, 'schemeID') ?? '').trim() === '0184',
    'DK-R-014',
    'fatal',
    r,
    'For Danish Suppliers it is mandatory to specify schemeID as "0184" (DK CVR-number) when PartyLegalEntity/CompanyID is used for AccountingSupplierParty',
  );
  const payable = numAt(r, 'cac:LegalMonetaryTotal/cbc:PayableAmount');
  ctx.check(
    !(ctx.isCredit && bothDk && payable !== undefined && payable.lt(0)),
    'DK-R-016',
    'fatal',
    r,
    'For Danish Suppliers, a Credit note cannot have a negative total (PayableAmount)',
  );
  if (!bothDk) return;
  for (const party of [ctx.seller, ctx.buyer]) {
    for (const pid of all(party, 'cac:PartyIdentification')) {
      const id = first(pid, 'cbc:ID');
      ctx.check(
        !(id && (attr(id, 'schemeID') ?? '').trim() === ''),
        'DK-R-013',
        'fatal',
        pid,
        'For Danish Suppliers it is mandatory to use schemeID when PartyIdentification/ID is used for AccountingCustomerParty or AccountingSupplierParty',
      );
    }
  }
  for (const buyer of all(r, 'cac:AccountingCustomerParty/cac:Party')) {
    const ok = all(buyer, 'cac:PartyLegalEntity/cbc:CompanyID').every(
      (id) => (attr(id, 'schemeID') ?? '').trim() === '0184',
    );
    ctx.check(
      ok,
      'DK-R-017',
      'fatal',
      buyer,
      'For Danish Customers it is mandatory to specify schemeID as "0184" (DK CVR-number) when PartyLegalEntity/CompanyID is used for AccountingCustomerParty',
    );
  }
  if (ctx.isInvoice) {
    for (const pm of kids(r, 'cac:PaymentMeans')) {
      const code = text(first(pm, 'cbc:PaymentMeansCode'));
      const account = first(pm, 'cac:PayeeFinancialAccount/cbc:ID')?.textContent ?? '';
      ctx.check(
        ' 1 10 31 42 48 49 50 58 59 93 97 '.includes(` ${code} `),
        'DK-R-005',
        'fatal',
        pm,
        'For Danish suppliers the following Payment means codes are allowed: 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 and 97',
      );
      ctx.check(
        !(
          (code === '31' || code === '42') &&
          !(
            account.trim() !== '' &&
            text(first(pm, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')) !== ''
          )
        ),
        'DK-R-006',
        'fatal',
        pm,
        'For Danish suppliers bank account and registration account is mandatory if payment means is 31 or 42',
      );
      ctx.check(
        !(
          code === '49' &&
          !(
            text(first(pm, 'cac:PaymentMandate/cbc:ID')) !== '' &&
            text(first(pm, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')) !== ''
          )
        ),
        'DK-R-007',
        'fatal',
        pm,
        'For Danish suppliers PaymentMandate/ID and PayerFinancialAccount/ID are mandatory when payment means is 49',
      );
      const rawId = first(pm, 'cbc:PaymentID')?.textContent ?? '';
      const prefix = rawId.slice(0, 3);
      ctx.check(
        !(code === '50' && !(['01#', '04#', '15#'].includes(prefix) && (account.length === 7 || account.length === 8))),
        'DK-R-008',
        'fatal',
        pm,
        'For Danish Suppliers PaymentID is mandatory and MUST start with 01#, 04# or 15# (kortartkode), and PayeeFinancialAccount/ID (Giro kontonummer) is mandatory and must be 7 or 8 characters long, when payment means equals 50 (Giro)',
      );
      ctx.check(
        !(code === '50' && (prefix === '04#' || prefix === '15#') && rawId.length !== 19),
        'DK-R-009',
        'fatal',
        pm,
        'For Danish Suppliers if the PaymentID is prefixed with 04# or 15# the 16 digits instruction Id must be added to the PaymentID eg. "04#1234567890123456" when Payment means equals 50 (Giro)',
      );
      ctx.check(
        !(code === '93' && !(['71#', '73#', '75#'].includes(prefix) && account.length === 8)),
        'DK-R-010',
        'fatal',
        pm,
        'For Danish Suppliers the PaymentID is mandatory and MUST start with 71#, 73# or 75# (kortartkode) and PayeeFinancialAccount/ID (Kreditornummer) is mandatory and must be exactly 8 characters long, when Payment means equals 93 (FIK)',
      );
      ctx.check(
        !(code === '93' && (prefix === '71#' || prefix === '75#') && !(rawId.length === 18 || rawId.length === 19)),
        'DK-R-011',
        'fatal',
        pm,
        'For Danish Suppliers if the PaymentID is prefixed with 71# or 75# the 15-16 digits instruction Id must be added to the PaymentID eg. "71#1234567890123456" when payment Method equals 93 (FIK)',
      );
    }
  }
  for (const line of ctx.lines) {
    const codes = all(line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
    const tst = codes.some((c) => attr(c, 'listID') === 'TST');
    const version = codes.some((c) => DK_UNSPSC_VERSIONS.has(attr(c, 'listVersionID') ?? ''));
    // Fatal since release 2026.5.
    ctx.check(
      !(tst && !version),
      'DK-R-003',
      'fatal',
      line,
      'If ItemClassification is provided from Danish suppliers, UNSPSC version 19.05.01 or 26.08.01 should be used.',
    );
  }
  const allAcs = collectAllowanceCharges(r);
  for (const ac of allAcs) {
    const reasonCodes = kids(ac, 'cbc:AllowanceChargeReasonCode').map(text);
    const reason = text(first(ac, 'cbc:AllowanceChargeReason'));
    ctx.check(
      !(reasonCodes.includes('ZZZ') && !/^\d{4}(#.*)?$/.test(reason)),
      'DK-R-004',
      'fatal',
      ac,
      'When specifying non-VAT Taxes for Danish customers, Danish suppliers MUST use the AllowanceChargeReasonCode="ZZZ" and the 4-digit Tax category MUST be specified in AllowanceChargeReason',
    );
  }
}

const DK_UNSPSC_VERSIONS = new Set(['19.05.01', '19.0501', '26.08.01', '26.0801']);

function collectAllowanceCharges(el: El): El[] {
  const out: El[] = [];
  for (let n = firstElementChild(el); n; n = nextElementSibling(n)) {
    if (n.localName === 'AllowanceCharge') out.push(n);
    out.push(...collectAllowanceCharges(n));
  }
  return out;
}

function checkItaly(ctx: RuleContext): void {
  const party = ctx.seller;
  if (!party) return;
  for (const s of all(party, 'cac:PartyTaxScheme').filter((x) => val(x, 'cac:TaxScheme/cbc:ID') !== 'VAT')) {
    ctx.check(
      /^[A-Z0-9]{11,16}$/.test(text(first(s, 'cbc:CompanyID'))),
      'IT-R-001',
      'fatal',
      s,
      '[IT-R-001] BT-32 (Seller tax registration identifier) - For Italian suppliers BT-32 minimum length 11 and maximum length shall be 16.',
    );
  }
  ctx.check(
    first(party, 'cac:PostalAddress/cbc:StreetName') !== undefined,
    'IT-R-002',
    'fatal',
    party,
    '[IT-R-002] BT-35 (Seller address line 1) - Italian suppliers MUST provide the postal address line 1.',
  );
  ctx.check(
    first(party, 'cac:PostalAddress/cbc:CityName') !== undefined,
    'IT-R-003',
    'fatal',
    party,
    '[IT-R-003] BT-37 (Seller city) - Italian suppliers MUST provide the postal address city.',
  );
  ctx.check(
    first(party, 'cac:PostalAddress/cbc:PostalZone') !== undefined,
    'IT-R-004',
    'fatal',
    party,
    '[IT-R-004] BT-38 (Seller post code) - Italian suppliers MUST provide the postal address post code.',
  );
}

function isNumeric(s: string): boolean {
  return s.trim() !== '' && !Number.isNaN(Number(s.trim())) && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s.trim());
}

function checkSweden(ctx: RuleContext): void {
  const party = ctx.seller;
  if (!party || addressCountry(party) !== 'SE') return;
  const vat = vatIds(party)[0];
  const vatText = vat ? (vat.textContent ?? '') : '';
  if (vat && vatText.slice(0, 2) === 'SE') {
    ctx.check(
      text(vat).length === 14,
      'SE-R-001',
      'fatal',
      party,
      'For Swedish suppliers, Swedish VAT-numbers must consist of 14 characters.',
    );
    ctx.check(
      isNumeric(vatText.slice(2, 14)),
      'SE-R-002',
      'fatal',
      party,
      'For Swedish suppliers, the Swedish VAT-numbers must have the trailing 12 characters in numeric form',
    );
    for (const cat of [
      ...all(ctx.root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory'),
      ...ctx.docAllowanceCharges.flatMap((a) => kids(a, 'cac:TaxCategory')),
      ...ctx.lines.flatMap((l) => all(l, 'cac:Item/cac:ClassifiedTaxCategory')),
    ]) {
      if (val(cat, 'cbc:ID') !== 'S') continue;
      const pct = num(first(cat, 'cbc:Percent'));
      ctx.check(
        pct !== undefined && (pct.eq(25) || pct.eq(12) || pct.eq(6)),
        'SE-R-006',
        'fatal',
        cat,
        'For Swedish suppliers, only standard VAT rate of 6, 12 or 25 are used',
      );
    }
  }
  for (const legal of all(party, 'cac:PartyLegalEntity')) {
    const id = first(legal, 'cbc:CompanyID');
    if (!id) continue;
    ctx.check(
      isNumeric(id.textContent ?? ''),
      'SE-R-003',
      'fatal',
      legal,
      'Swedish organisation numbers should be numeric.',
    );
    ctx.check(
      text(id).length === 10,
      'SE-R-004',
      'fatal',
      legal,
      'Swedish organisation numbers consist of 10 characters.',
    );
    ctx.check(
      isValidSwedishOrgNumber(text(id)),
      'SE-R-013',
      'fatal',
      legal,
      'The last digit of a Swedish organization number must be valid according to the Luhn algorithm.',
    );
  }
  if (first(party, 'cac:PartyLegalEntity/cbc:CompanyID')) {
    for (const s of all(party, 'cac:PartyTaxScheme').filter(
      (x) => text(first(x, 'cac:TaxScheme/cbc:ID')).toUpperCase() !== 'VAT',
    )) {
      for (const id of kids(s, 'cbc:CompanyID')) {
        ctx.check(
          text(id).toUpperCase() === 'GODKÄND FÖR F-SKATT',
          'SE-R-005',
          'fatal',
          id,
          "For Swedish suppliers, when using Seller tax registration identifier, 'Godkänd för F-skatt' must be stated",
        );
      }
    }
  }
  const buyerSe = addressCountry(ctx.buyer) === 'SE';
  for (const pm of all(ctx.root, 'cac:PaymentMeans')) {
    const code = text(first(pm, 'cbc:PaymentMeansCode'));
    const branch = text(first(pm, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'));
    for (const acc of all(pm, 'cac:PayeeFinancialAccount/cbc:ID')) {
      const a = text(acc);
      if (code === '30' && branch === 'SE:PLUSGIRO') {
        ctx.check(
          isNumeric(a),
          'SE-R-007',
          'warning',
          acc,
          'For Swedish suppliers using Plusgiro, the Account ID must be numeric ',
        );
        ctx.check(
          a.length >= 2 && a.length <= 8,
          'SE-R-010',
          'warning',
          acc,
          'For Swedish suppliers using Plusgiro, the Account ID must have 2-8 characters',
        );
      } else if (code === '30' && branch === 'SE:BANKGIRO') {
        ctx.check(
          isNumeric(a),
          'SE-R-008',
          'warning',
          acc,
          'For Swedish suppliers using Bankgiro, the Account ID must be numeric ',
        );
        ctx.check(
          a.length === 7 || a.length === 8,
          'SE-R-009',
          'warning',
          acc,
          'For Swedish suppliers using Bankgiro, the Account ID must have 7-8 characters',
        );
      }
    }
    const rawCode = first(pm, 'cbc:PaymentMeansCode')?.textContent ?? '';
    if (rawCode === '50' || rawCode === '56')
      ctx.report(
        'SE-R-011',
        'warning',
        pm,
        'For Swedish suppliers using Swedish Bankgiro or Plusgiro, the proper way to indicate this is to use Code 30 for PaymentMeans and FinancialInstitutionBranch ID with code SE:BANKGIRO or SE:PLUSGIRO',
      );
    if (buyerSe && rawCode === '31')
      ctx.report(
        'SE-R-012',
        'warning',
        pm,
        'For domestic transactions between Swedish trading partners, credit transfer should be indicated by PaymentMeansCode="30"',
      );
  }
}

function checkIceland(ctx: RuleContext): void {
  const r = ctx.root;
  const typeCode = text(first(r, ctx.isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'));
  ctx.check(
    typeCode === '380' || typeCode === '381',
    'IS-R-001',
    'warning',
    r,
    '[IS-R-001]-If seller is icelandic then invoice type should be 380 or 381',
  );
  const legal = first(ctx.seller, 'cac:PartyLegalEntity/cbc:CompanyID');
  ctx.check(
    legal !== undefined && attr(legal, 'schemeID') === '0196',
    'IS-R-002',
    'fatal',
    r,
    '[IS-R-002]-If seller is icelandic then it shall contain sellers legal id',
  );
  ctx.check(
    first(ctx.seller, 'cac:PostalAddress/cbc:StreetName') !== undefined &&
      first(ctx.seller, 'cac:PostalAddress/cbc:PostalZone') !== undefined,
    'IS-R-003',
    'fatal',
    r,
    '[IS-R-003]-If seller is icelandic then it shall contain his address with street name and zip code',
  );
  for (const [code, rule] of [
    ['9', 'IS-R-006'],
    ['42', 'IS-R-007'],
  ] as const) {
    const pms = kids(r, 'cac:PaymentMeans').filter((p) => text(first(p, 'cbc:PaymentMeansCode')) === code);
    if (pms.length)
      ctx.check(
        text(first(pms[0], 'cac:PayeeFinancialAccount/cbc:ID')).length === 12,
        rule,
        'fatal',
        r,
        `[${rule}]-If seller is icelandic and payment means code is ${code} then a 12 digit account id must exist`,
      );
  }
  const eindagi = kids(r, 'cac:AdditionalDocumentReference').find(
    (d) => text(first(d, 'cbc:DocumentDescription')) === 'EINDAGI',
  );
  if (eindagi) {
    const id = text(first(eindagi, 'cbc:ID'));
    ctx.check(
      id.length === 10 && isValidDate(id),
      'IS-R-008',
      'fatal',
      r,
      '[IS-R-008]-If seller is icelandic and invoice contains supporting description EINDAGI then the id form must be YYYY-MM-DD',
    );
    const due = val(r, 'cbc:DueDate');
    ctx.check(
      due !== undefined,
      'IS-R-009',
      'fatal',
      r,
      '[IS-R-009]-If seller is icelandic and invoice contains supporting description EINDAGI invoice must have due date',
    );
    ctx.check(
      due !== undefined && due <= id,
      'IS-R-010',
      'fatal',
      r,
      '[IS-R-010]-If seller is icelandic and invoice contains supporting description EINDAGI the id date must be same or later than due date',
    );
  }
  if (addressCountry(ctx.buyer) === 'IS') {
    const bl = first(ctx.buyer, 'cac:PartyLegalEntity/cbc:CompanyID');
    ctx.check(
      bl !== undefined && attr(bl, 'schemeID') === '0196',
      'IS-R-004',
      'fatal',
      r,
      '[IS-R-004]-If seller and buyer are icelandic then the invoice shall contain the buyers icelandic legal identifier',
    );
    ctx.check(
      first(ctx.buyer, 'cac:PostalAddress/cbc:StreetName') !== undefined &&
        first(ctx.buyer, 'cac:PostalAddress/cbc:PostalZone') !== undefined,
      'IS-R-005',
      'fatal',
      r,
      '[IS-R-005]-If seller and buyer are icelandic then the invoice shall contain the buyers address with street name and zip code',
    );
  }
}

function checkNetherlands(ctx: RuleContext): void {
  const r = ctx.root;
  const customerNl = addressCountry(ctx.buyer).toUpperCase() === 'NL';
  const hasStreetCityZip = (a: El) =>
    first(a, 'cbc:StreetName') !== undefined &&
    first(a, 'cbc:CityName') !== undefined &&
    first(a, 'cbc:PostalZone') !== undefined;
  const kvk = (id: El) => ['0106', '0190'].includes(attr(id, 'schemeID') ?? '') && text(id) !== '';
  const cnType = first(r, 'cbc:CreditNoteTypeCode');
  if (cnType)
    ctx.check(
      first(r, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID') !== undefined,
      'NL-R-001',
      'fatal',
      cnType,
      '[NL-R-001] For suppliers in the Netherlands, if the document is a creditnote, the document MUST contain an invoice reference',
    );
  for (const a of all(ctx.seller, 'cac:PostalAddress'))
    ctx.check(
      hasStreetCityZip(a),
      'NL-R-002',
      'fatal',
      a,
      "[NL-R-002] For suppliers in the Netherlands the supplier's address MUST contain street name, city and post code",
    );
  for (const id of all(ctx.seller, 'cac:PartyLegalEntity/cbc:CompanyID'))
    ctx.check(
      kvk(id),
      'NL-R-003',
      'fatal',
      id,
      '[NL-R-003] For suppliers in the Netherlands, the legal entity identifier MUST be either a KVK or OIN number (schemeID 0106 or 0190)',
    );
  if (customerNl) {
    for (const a of all(ctx.buyer, 'cac:PostalAddress'))
      ctx.check(
        hasStreetCityZip(a),
        'NL-R-004',
        'fatal',
        a,
        '[NL-R-004] For suppliers in the Netherlands, if the customer is in the Netherlands, the customer address MUST contain the street name, the city and post code',
      );
    for (const id of all(ctx.buyer, 'cac:PartyLegalEntity/cbc:CompanyID'))
      ctx.check(
        kvk(id),
        'NL-R-005',
        'fatal',
        id,
        "[NL-R-005] For suppliers in the Netherlands, if the customer is in the Netherlands, the customer's legal entity identifier MUST be either a KVK or OIN number (schemeID 0106 or 0190)",
      );
  }
  for (const a of all(r, 'cac:TaxRepresentativeParty/cac:PostalAddress')) {
    if (text(first(a, 'cac:Country/cbc:IdentificationCode')).toUpperCase() === 'NL')
      ctx.check(
        hasStreetCityZip(a),
        'NL-R-006',
        'fatal',
        a,
        "[NL-R-006] For suppliers in the Netherlands, if the fiscal representative is in the Netherlands, the representative's address MUST contain street name, city and post code",
      );
  }
  for (const lmt of kids(r, 'cac:LegalMonetaryTotal')) {
    const payable = numAt(lmt, 'cbc:PayableAmount');
    const ok =
      (ctx.isInvoice && payable !== undefined && payable.lte(0)) ||
      (ctx.isCredit && payable !== undefined && payable.gte(0)) ||
      first(r, 'cac:PaymentMeans') !== undefined;
    ctx.check(
      ok,
      'NL-R-007',
      'fatal',
      lmt,
      '[NL-R-007] For suppliers in the Netherlands, the supplier MUST provide a means of payment (cac:PaymentMeans) if the payment is from customer to supplier',
    );
  }
  for (const pm of customerNl ? kids(r, 'cac:PaymentMeans') : []) {
    ctx.check(
      ['30', '48', '49', '57', '58', '59'].includes(text(first(pm, 'cbc:PaymentMeansCode'))),
      'NL-R-008',
      'fatal',
      pm,
      '[NL-R-008] For suppliers in the Netherlands, the payment means code MUST be one of 30, 48, 49, 57, 58 or 59',
    );
  }
  for (const line of ctx.lines) {
    for (const lid of all(line, 'cac:OrderLineReference/cbc:LineID')) {
      ctx.check(
        first(r, 'cac:OrderReference/cbc:ID') !== undefined,
        'NL-R-009',
        'fatal',
        lid,
        '[NL-R-009] For suppliers in the Netherlands, if an order line reference is used, there must be an order reference on the document level',
      );
    }
  }
}

/** Decimals made once: comparing with a number makes a Decimal of it on every call, for every line. */
const BELGIAN_RATES = [6, 12, 21].map((x) => new Dec(x));

/**
 * Belgian rules of this service (the spec names the BR-BE-* family but not its content). They
 * encode what Belgian law and Mercurius require of a Peppol invoice and never contradict BIS 3.0.
 */
function checkBelgium(ctx: RuleContext): void {
  const r = ctx.root;
  const parties: Array<[El | undefined, string]> = [
    [ctx.seller, 'Seller'],
    [ctx.buyer, 'Buyer'],
  ];
  for (const [party, who] of parties) {
    if (!party) continue;
    for (const vat of vatIds(party)) {
      const v = text(vat);
      if (!v.startsWith('BE')) continue;
      ctx.check(
        /^BE[01]\d{9}$/.test(v) && isValidBelgianEnterpriseNumber(v.slice(2)),
        'BR-BE-01',
        'fatal',
        vat,
        `${who} Belgian VAT number MUST be BE followed by 10 digits whose last two are the mod-97 check of the first eight.`,
      );
    }
    for (const id of [
      ...kids(party, 'cbc:EndpointID'),
      ...all(party, 'cac:PartyLegalEntity/cbc:CompanyID'),
      ...all(party, 'cac:PartyIdentification/cbc:ID'),
    ]) {
      if (attr(id, 'schemeID') === '9925') {
        const v = text(id).toUpperCase();
        ctx.check(
          /^BE[01]\d{9}$/.test(v) && isValidBelgianEnterpriseNumber(v.slice(2)),
          'BR-BE-02',
          'fatal',
          id,
          `${who} identifier with scheme 9925 MUST be a valid Belgian VAT number (BE + 10 digits, mod 97).`,
        );
      }
    }
  }
  const sellerBe = addressCountry(ctx.seller) === 'BE';
  if (sellerBe && ctx.seller) {
    ctx.check(
      vatIds(ctx.seller).length > 0 ||
        all(ctx.seller, 'cac:PartyLegalEntity/cbc:CompanyID').some((c) => attr(c, 'schemeID') === '0208'),
      'BR-BE-03',
      'fatal',
      ctx.seller,
      'A Belgian seller MUST state its VAT number or its enterprise number (scheme 0208).',
    );
    for (const pm of kids(r, 'cac:PaymentMeans')) {
      for (const id of all(pm, 'cac:PayeeFinancialAccount/cbc:ID')) {
        const v = text(id).replace(/\s+/g, '');
        if (/^[A-Z]{2}\d{2}/.test(v))
          ctx.check(
            isValidIban(v),
            'BR-BE-04',
            'warning',
            id,
            'The payment account of a Belgian seller should be a valid IBAN.',
          );
      }
    }
    const payable = numAt(r, 'cac:LegalMonetaryTotal/cbc:PayableAmount');
    if (ctx.isInvoice && payable && payable.gt(0)) {
      ctx.check(
        first(r, 'cac:PaymentMeans') !== undefined,
        'BR-BE-05',
        'warning',
        r,
        'A Belgian invoice with an amount due should state payment instructions (BG-16).',
      );
    }
  }
  // Lines share a few rates (and their Decimals): each is compared once, as a comparison allocates.
  const isBelgianRate = new Map<Dec, boolean>();
  for (const line of ctx.lines) {
    const lineRate = numAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent');
    if (sellerBe && val(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID') === 'S' && lineRate) {
      let belgian = isBelgianRate.get(lineRate);
      if (belgian === undefined) isBelgianRate.set(lineRate, (belgian = BELGIAN_RATES.some((x) => lineRate.eq(x))));
      ctx.check(
        belgian,
        'BR-BE-06',
        'warning',
        line,
        'Belgian standard-rated lines use a VAT rate of 6, 12 or 21 percent.',
      );
    }
  }
}
