import { firstElementChild, hasElementChild, nextElementSibling, type El } from '../xml/dom.ts';
import * as CL from './codelists.ts';
import { type RuleContext, attr, first, isAllowance, isCharge, kids, text } from './context.ts';

const AMOUNT_ELEMENTS = new Set([
  'Amount',
  'BaseAmount',
  'PriceAmount',
  'TaxAmount',
  'TaxableAmount',
  'LineExtensionAmount',
  'TaxExclusiveAmount',
  'TaxInclusiveAmount',
  'AllowanceTotalAmount',
  'ChargeTotalAmount',
  'PrepaidAmount',
  'PayableRoundingAmount',
  'PayableAmount',
]);
const DATE_ELEMENTS = new Set(['IssueDate', 'DueDate', 'TaxPointDate', 'StartDate', 'EndDate', 'ActualDeliveryDate']);

/** Peppol's restricted MIME list (PEPPOL-EN16931-CL001) is the same as the CEN one (BR-CL-24). */
const PEPPOL_5189 = new Set('41 42 60 62 63 64 65 66 67 68 70 71 88 95 100 102 103 104 105'.split(' '));
const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The value of the ASCII digits `value[from … to)`. */
function digitsAt(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + value.charCodeAt(i) - 0x30;
  return n;
}

/**
 * An xs:date without a time zone (YYYY-MM-DD) that names a day of the proleptic Gregorian calendar.
 * Counted, not built as a Date and printed back: that cost more than the rest of a small document's
 * date rules.
 */
export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return digitsAt(value, 8, 10) <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/**
 * Code-list rules: EN16931 BR-CL-* and the Peppol restrictions PEPPOL-EN16931-CL*, plus the date
 * format rule F001, in one walk over every element of the document.
 */
export function checkCodeListRules(ctx: RuleContext): void {
  const F = 'fatal' as const;
  const r = ctx.root;
  // Either type code, wherever it stands, is judged by its own list (the official context is both).
  for (const [qname, list] of [
    ['cbc:InvoiceTypeCode', CL.UNCL1001_INV],
    ['cbc:CreditNoteTypeCode', CL.UNCL1001_CN],
  ] as const) {
    for (const typeCode of ctx.anywhere(qname)) {
      ctx.check(
        list.has(text(typeCode)),
        'BR-CL-01',
        F,
        typeCode,
        'The document type code MUST be coded by the invoice and credit note related code lists of UNTDID 1001.',
      );
    }
  }
  const docCurrency = first(r, 'cbc:DocumentCurrencyCode');
  if (docCurrency)
    ctx.check(
      CL.ISO4217.has(text(docCurrency)),
      'BR-CL-04',
      F,
      docCurrency,
      'Invoice currency code MUST be coded using ISO code list 4217 alpha-3.',
    );
  const taxCurrency = first(r, 'cbc:TaxCurrencyCode');
  if (taxCurrency)
    ctx.check(
      CL.ISO4217.has(text(taxCurrency)),
      'BR-CL-05',
      F,
      taxCurrency,
      'Tax currency code MUST be coded using ISO code list 4217 alpha-3.',
    );
  for (const code of ctx.anywhere('cac:InvoicePeriod').flatMap((period) => kids(period, 'cbc:DescriptionCode'))) {
    ctx.check(
      CL.UNCL2005.has(text(code)),
      'BR-CL-06',
      F,
      code,
      'Value added tax point date code MUST be coded using a restriction of UNTDID 2005.',
    );
    ctx.check(
      CL.UNCL2005.has(text(code)),
      'PEPPOL-EN16931-CL006',
      F,
      code,
      'Invoice period description code must be according to UNCL 2005 D.16B.',
    );
  }
  // `//*` includes the document element: an Invoice with nothing in it is an empty element too.
  if (!hasElementChild(r) && text(r) === '')
    ctx.report('PEPPOL-EN16931-R008', 'fatal', r, 'Document MUST not contain empty elements.');
  walk(ctx, r);
}

function walk(ctx: RuleContext, el: El): void {
  for (let child = firstElementChild(el); child; child = nextElementSibling(child)) {
    checkElement(ctx, child);
    walk(ctx, child);
  }
}

function checkElement(ctx: RuleContext, el: El): void {
  const F = 'fatal' as const;
  const name = el.localName ?? '';
  if (!hasElementChild(el) && text(el) === '') {
    ctx.report('PEPPOL-EN16931-R008', F, el, 'Document MUST not contain empty elements.');
  }
  if (AMOUNT_ELEMENTS.has(name)) {
    const currency = attr(el, 'currencyID');
    ctx.check(
      currency !== undefined && CL.ISO4217.has(currency),
      'BR-CL-03',
      F,
      el,
      'currencyID MUST be coded using ISO code list 4217 alpha-3.',
    );
    ctx.check(
      currency !== undefined && CL.ISO4217_PEPPOL.has(currency),
      'PEPPOL-EN16931-CL007',
      F,
      el,
      'Currency code must be according to ISO 4217:2005',
    );
    const isTaxCurrencyTotal =
      name === 'TaxAmount' &&
      (el.parentNode as El | null)?.localName === 'TaxTotal' &&
      !kids(el.parentNode as El, 'cac:TaxSubtotal').length;
    if (!isTaxCurrencyTotal) {
      ctx.check(
        currency === ctx.currency,
        'PEPPOL-EN16931-R051',
        F,
        el,
        'All currencyID attributes must have the same value as the invoice currency code (BT-5), except for the invoice total VAT amount in accounting currency (BT-111).',
      );
    }
    return;
  }
  if (DATE_ELEMENTS.has(name)) {
    const t = el.textContent ?? '';
    ctx.check(t.length === 10 && isValidDate(t), 'PEPPOL-EN16931-F001', F, el, 'A date MUST be formatted YYYY-MM-DD.');
    return;
  }
  const parentName = (el.parentNode as El | null)?.localName;
  switch (name) {
    case 'EndpointID': {
      const scheme = attr(el, 'schemeID');
      if (scheme !== undefined) {
        ctx.check(
          CL.EAS.has(scheme),
          'BR-CL-25',
          F,
          el,
          'Endpoint identifier scheme identifier MUST belong to the CEF EAS code list',
        );
        ctx.check(
          CL.EAS_PEPPOL.has(scheme),
          'PEPPOL-EN16931-CL008',
          F,
          el,
          'Electronic address identifier scheme must be from the codelist "Electronic Address Identifier Scheme"',
        );
      }
      return;
    }
    case 'ID': {
      const scheme = attr(el, 'schemeID');
      if (scheme === undefined) return;
      if (parentName === 'PartyIdentification') {
        ctx.check(
          CL.ICD.has(scheme) || scheme === 'SEPA',
          'BR-CL-10',
          F,
          el,
          'Any identifier identification scheme identifier MUST be coded using one of the ISO 6523 ICD list.',
        );
      } else if (parentName === 'StandardItemIdentification') {
        ctx.check(
          CL.ICD.has(scheme),
          'BR-CL-21',
          F,
          el,
          'Item standard identifier scheme identifier MUST belong to the ISO 6523 ICD code list',
        );
      } else if (parentName === 'DeliveryLocation') {
        ctx.check(
          CL.ICD.has(scheme),
          'BR-CL-26',
          F,
          el,
          'Delivery location identifier scheme identifier MUST belong to the ISO 6523 ICD code list',
        );
      } else if (
        (parentName === 'AdditionalDocumentReference' || parentName === 'DocumentReference') &&
        kids(el.parentNode as El, 'cbc:DocumentTypeCode').some((c) => c.textContent === '130')
      ) {
        ctx.check(
          CL.UNCL1153.has(scheme),
          'BR-CL-07',
          F,
          el,
          'Object identifier identification scheme identifier MUST be coded using a restriction of UNTDID 1153.',
        );
      }
      return;
    }
    case 'CompanyID': {
      const scheme = attr(el, 'schemeID');
      if (scheme !== undefined && parentName === 'PartyLegalEntity') {
        ctx.check(
          CL.ICD.has(scheme),
          'BR-CL-11',
          F,
          el,
          'Any registration identifier identification scheme identifier MUST be coded using one of the ISO 6523 ICD list.',
        );
      }
      return;
    }
    case 'ItemClassificationCode': {
      const list = attr(el, 'listID');
      if (list !== undefined)
        ctx.check(
          CL.UNCL7143.has(list),
          'BR-CL-13',
          F,
          el,
          'Item classification identifier identification scheme identifier MUST be coded using one of the UNTDID 7143 list.',
        );
      return;
    }
    case 'IdentificationCode': {
      const rule = parentName === 'OriginCountry' ? 'BR-CL-15' : 'BR-CL-14';
      ctx.check(
        CL.ISO3166.has(text(el)),
        rule,
        F,
        el,
        'Country codes in an invoice MUST be coded using ISO code list 3166-1',
      );
      return;
    }
    case 'PaymentMeansCode':
      ctx.check(
        CL.UNCL4461.has(text(el)),
        'BR-CL-16',
        F,
        el,
        'Payment means in an invoice MUST be coded using UNCL4461 code list',
      );
      return;
    case 'TaxExemptionReasonCode':
      ctx.check(
        CL.VATEX.has(text(el).toUpperCase()),
        'BR-CL-22',
        F,
        el,
        'Tax exemption reason code identifier scheme identifier MUST belong to the CEF VATEX code list',
      );
      return;
    case 'InvoicedQuantity':
    case 'CreditedQuantity':
    case 'BaseQuantity': {
      const unit = attr(el, 'unitCode');
      if (unit !== undefined)
        ctx.check(
          CL.REC20.has(unit),
          'BR-CL-23',
          F,
          el,
          'Unit code MUST be coded according to the UN/ECE Recommendation 20 with Rec 21 extension',
        );
      return;
    }
    case 'EmbeddedDocumentBinaryObject': {
      const mime = attr(el, 'mimeCode');
      if (mime !== undefined) {
        ctx.check(CL.MIME.has(mime), 'BR-CL-24', F, el, 'For Mime code in attribute use MIMEMediaType.');
        ctx.check(
          CL.MIME.has(mime),
          'PEPPOL-EN16931-CL001',
          F,
          el,
          'Mime code must be according to subset of IANA code list.',
        );
      }
      return;
    }
    case 'AllowanceChargeReasonCode': {
      const ac = el.parentNode as El;
      const code = text(el);
      if (isAllowance(ac)) {
        ctx.check(
          CL.UNCL5189.has(code),
          'BR-CL-19',
          F,
          el,
          'Coded allowance reasons MUST belong to the UNCL 5189 code list',
        );
        ctx.check(
          PEPPOL_5189.has(code),
          'PEPPOL-EN16931-CL002',
          F,
          el,
          'Reason code MUST be according to subset of UNCL 5189 D.16B.',
        );
      } else if (isCharge(ac)) {
        ctx.check(
          CL.UNCL7161.has(code),
          'BR-CL-20',
          F,
          el,
          'Coded charge reasons MUST belong to the UNCL 7161 code list',
        );
        ctx.check(
          CL.UNCL7161.has(code),
          'PEPPOL-EN16931-CL003',
          F,
          el,
          'Reason code MUST be according to UNCL 7161 D.16B.',
        );
      }
      return;
    }
    case 'TaxCategory':
    case 'ClassifiedTaxCategory': {
      const scheme = text(first(el, 'cac:TaxScheme/cbc:ID')).toUpperCase();
      const id = first(el, 'cbc:ID');
      if (scheme === 'VAT' && id) {
        ctx.check(
          CL.UNCL5305.has(text(id)),
          name === 'TaxCategory' ? 'BR-CL-17' : 'BR-CL-18',
          F,
          id,
          'Invoice tax categories MUST be coded using UNCL5305 code list',
        );
      }
      return;
    }
    default:
      return;
  }
}
