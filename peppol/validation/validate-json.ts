import { checkParticipantId, checkVatNumber, isValidBic, isValidIban } from '../identifiers.ts';
import { type Dec, HUNDRED, aboveZero, atLeastZero, fractionDigits, parseDecimal } from '../money.ts';
import { lineCategory } from '../totals.ts';
import {
  DOCUMENT_TYPES,
  VAT_CATEGORIES,
  type Address,
  type AllowanceCharge,
  type DocumentBody,
  type DocumentLine,
  type DocumentType,
  type Party,
  type ValidationIssue,
} from '../types.ts';
import * as CL from './codelists.ts';
import { isValidDate } from './rules-codelists.ts';

const PAYMENT_MEANS = ['credit_transfer', 'direct_debit', 'card', 'cash', 'cheque'];

/** Total fields and the BR-DEC rule that limits each to two decimals. */
const TOTAL_DECIMAL_RULES: Record<string, string> = {
  lineTotal: 'BR-DEC-09',
  allowanceTotal: 'BR-DEC-10',
  chargeTotal: 'BR-DEC-11',
  netAmount: 'BR-DEC-12',
  vatAmount: 'BR-DEC-13',
  grossAmount: 'BR-DEC-14',
  vatAmountInTaxCurrency: 'BR-DEC-15',
  prepaidAmount: 'BR-DEC-16',
  roundingAmount: 'BR-DEC-17',
  payableAmount: 'BR-DEC-18',
};

class Checker {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  /**
   * The line the field checks' paths are relative to (-1 for none): a path is joined only into a
   * finding, so the fields that pass (all of them, on every line of a large invoice) make no string.
   */
  line = -1;

  /** The path of a field of the current line (see {@link line}), or `path` itself outside one. */
  pathOf(path: string): string {
    return this.line < 0 ? path : `${linePath(this.line)}.${path}`;
  }

  error(rule: string, path: string, message: string): void {
    this.errors.push({ rule, message, path });
  }

  warn(rule: string, path: string, message: string): void {
    this.warnings.push({ rule, message, path });
  }

  string(value: unknown, field: string, required: boolean, rule = 'JSON-TYPE'): value is string {
    if (value === undefined || value === null) {
      if (required) {
        const path = this.pathOf(field);
        this.error(rule, path, `${path} is required`);
      }
      return false;
    }
    if (typeof value !== 'string') {
      const path = this.pathOf(field);
      this.error('JSON-TYPE', path, `${path} must be a string`);
      return false;
    }
    if (required && value.trim() === '') {
      const path = this.pathOf(field);
      this.error(rule, path, `${path} must not be empty`);
      return false;
    }
    return true;
  }

  /** A decimal field; `maxDecimals` applies the BR-DEC rule named by `decRule`. */
  /** The value as a Decimal when it is a valid one, for the caller's own checks without parsing it again. */
  decimal(value: unknown, field: string, required: boolean, decRule?: string): Dec | undefined {
    if (value === undefined || value === null) {
      if (required) {
        const path = this.pathOf(field);
        this.error('JSON-REQUIRED', path, `${path} is required`);
      }
      return undefined;
    }
    const d = parseDecimal(value);
    if (!d) {
      const path = this.pathOf(field);
      this.error(
        'JSON-DECIMAL',
        path,
        `${path} must be a decimal number written with digits and an optional dot (got ${JSON.stringify(value)})`,
      );
      return undefined;
    }
    if (decRule && fractionDigits(String(value)) > 2) {
      const path = this.pathOf(field);
      this.error(decRule, path, `${path} allows at most 2 decimals`);
      return undefined;
    }
    return d;
  }

  date(value: unknown, field: string, required: boolean, missingRule = 'JSON-REQUIRED'): void {
    if (!this.string(value, field, required, missingRule)) return;
    if (!isValidDate(value)) {
      const path = this.pathOf(field);
      this.error('PEPPOL-EN16931-F001', path, `${path} must be a date formatted YYYY-MM-DD`);
    }
  }
}

function checkAddress(c: Checker, a: Address | undefined, path: string): void {
  if (a === undefined || a === null) return;
  if (typeof a !== 'object') return c.error('JSON-TYPE', path, `${path} must be an object`);
  if (c.string(a.country, `${path}.country`, true, 'BR-CL-14') && !CL.ISO3166.has(a.country)) {
    c.error('BR-CL-14', `${path}.country`, `${a.country} is not an ISO 3166-1 alpha-2 country code`);
  }
  for (const f of ['street', 'additionalStreet', 'city', 'region'] as const) c.string(a[f], `${path}.${f}`, false);
  if (c.string(a.postalCode, `${path}.postalCode`, false) && a.postalCode.length > 20) {
    c.error('JSON-POSTAL-CODE', `${path}.postalCode`, 'postalCode allows at most 20 characters');
  }
}

/**
 * `addressed`: whether the party needs a postal address — the seller and buyer of every type but the
 * buyer of an order, where the Peppol Order (T01) makes it optional.
 */
function checkParty(
  c: Checker,
  p: Party | undefined,
  path: string,
  role: 'seller' | 'buyer' | 'other',
  identifiers: boolean,
  addressed = role !== 'other',
): void {
  if (p === undefined || p === null) return;
  if (typeof p !== 'object') return c.error('JSON-TYPE', path, `${path} must be an object`);
  if (role !== 'other' && !(p.legalName ?? p.name)) {
    c.error(role === 'seller' ? 'BR-06' : 'BR-07', `${path}.name`, `The ${role} name is required`);
  }
  if (c.string(p.vatNumber, `${path}.vatNumber`, false) && identifiers) {
    const vat = checkVatNumber(p.vatNumber);
    // A wrong pattern is a request error (INVALID_VAT_FORMAT); a failed national checksum only warns,
    // because the official Peppol rules accept such numbers and registries are the final word.
    if (!vat.valid && !vat.checksumVerified) c.error('JSON-VAT', `${path}.vatNumber`, vat.problems.join('; '));
    else if (!vat.valid) c.warn('JSON-VAT-CHECKSUM', `${path}.vatNumber`, vat.problems.join('; '));
  }
  if (c.string(p.peppolId, `${path}.peppolId`, false) && identifiers) {
    const id = checkParticipantId(p.peppolId);
    if (!id.scheme) c.error('JSON-PEPPOL-ID', `${path}.peppolId`, id.problems.join('; '));
    else if (!id.valid) c.warn('JSON-PEPPOL-ID', `${path}.peppolId`, id.problems.join('; '));
  }
  checkAddress(c, p.address, `${path}.address`);
  if (addressed && !p.address)
    c.error(role === 'seller' ? 'BR-08' : 'BR-10', `${path}.address`, `The ${role} postal address is required`);
  if (p.contact && typeof p.contact === 'object') {
    for (const f of ['name', 'email', 'phone'] as const) c.string(p.contact[f], `${path}.contact.${f}`, false);
  }
}

function checkAllowanceCharge(
  c: Checker,
  ac: AllowanceCharge,
  path: string,
  charge: boolean,
  lineLevel: boolean,
): void {
  if (!ac || typeof ac !== 'object') return c.error('JSON-TYPE', path, `${path} must be an object`);
  const amountRule = lineLevel ? (charge ? 'BR-DEC-27' : 'BR-DEC-24') : charge ? 'BR-DEC-05' : 'BR-DEC-01';
  const baseRule = lineLevel ? (charge ? 'BR-DEC-28' : 'BR-DEC-25') : charge ? 'BR-DEC-06' : 'BR-DEC-02';
  c.decimal(ac.amount, `${path}.amount`, false, amountRule);
  c.decimal(ac.percent, `${path}.percent`, false);
  c.decimal(ac.baseAmount, `${path}.baseAmount`, false, baseRule);
  if (ac.amount === undefined && ac.percent === undefined) {
    c.error(
      lineLevel ? (charge ? 'BR-43' : 'BR-41') : charge ? 'BR-36' : 'BR-31',
      `${path}.amount`,
      'An allowance or charge needs an amount or a percent',
    );
  }
  if (!ac.reason && !ac.reasonCode) {
    c.error(
      lineLevel ? (charge ? 'BR-CO-24' : 'BR-CO-23') : charge ? 'BR-CO-22' : 'BR-CO-21',
      `${path}.reason`,
      'An allowance or charge needs a reason or a reason code',
    );
  }
  if (ac.reasonCode !== undefined) {
    const list = charge ? CL.UNCL7161 : CL.UNCL5189;
    if (!list.has(String(ac.reasonCode)))
      c.error(
        charge ? 'BR-CL-20' : 'BR-CL-19',
        `${path}.reasonCode`,
        `${ac.reasonCode} is not a ${charge ? 'UNCL 7161' : 'UNCL 5189'} code`,
      );
  }
  if (ac.vatCategory !== undefined && !VAT_CATEGORIES.includes(ac.vatCategory))
    c.error('BR-CL-17', `${path}.vatCategory`, `${ac.vatCategory} is not a VAT category`);
  c.decimal(ac.vatRate, `${path}.vatRate`, false);
}

export interface BodyCheckOptions {
  /**
   * Also check IBAN/BIC checksums, VAT numbers and participant ids (default true). Rendering a body
   * parsed from inbound XML turns this off: the official Peppol rules do not check them either.
   */
  identifiers?: boolean;
}

/**
 * Structural checks of a DocumentBody before rendering: types, decimals, dates, code lists and
 * identifiers, reported with JSON paths. Business rules run afterwards on the rendered UBL.
 */
export function checkDocumentBody(
  type: DocumentType,
  body: DocumentBody,
  options: BodyCheckOptions = {},
): { errors: ValidationIssue[]; warnings: ValidationIssue[] } {
  const c = new Checker();
  if (!DOCUMENT_TYPES.includes(type)) {
    c.error('JSON-TYPE', '$.type', `type must be one of ${DOCUMENT_TYPES.join(', ')}`);
    return c;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    c.error('JSON-TYPE', '$', 'document must be an object');
    return c;
  }
  c.string(body.number, '$.number', true, 'BR-02');
  c.date(body.issueDate, '$.issueDate', true, 'BR-03');
  c.date(body.dueDate, '$.dueDate', false);
  c.date(body.taxPointDate, '$.taxPointDate', false);
  c.date(body.validUntil, '$.validUntil', false);
  const currency = body.currency ?? 'EUR';
  if (c.string(currency, '$.currency', true, 'BR-05') && !CL.ISO4217.has(currency))
    c.error('BR-CL-04', '$.currency', `${currency} is not an ISO 4217 currency code`);
  if (c.string(body.taxCurrency, '$.taxCurrency', false)) {
    if (!CL.ISO4217.has(body.taxCurrency))
      c.error('BR-CL-05', '$.taxCurrency', `${body.taxCurrency} is not an ISO 4217 currency code`);
    if (body.taxCurrency === currency)
      c.error('PEPPOL-EN16931-R005', '$.taxCurrency', 'taxCurrency must differ from currency');
  }
  c.decimal(body.taxExchangeRate, '$.taxExchangeRate', false);
  for (const f of [
    'buyerReference',
    'orderReference',
    'salesOrderReference',
    'contractReference',
    'projectReference',
    'note',
    'typeCode',
  ] as const) {
    c.string(body[f], `$.${f}`, false);
  }
  if (body.invoicePeriod) {
    c.date(body.invoicePeriod.start, '$.invoicePeriod.start', false);
    c.date(body.invoicePeriod.end, '$.invoicePeriod.end', false);
    if (body.invoicePeriod.start && body.invoicePeriod.end && body.invoicePeriod.end < body.invoicePeriod.start) {
      c.error('BR-29', '$.invoicePeriod.end', 'The invoicing period end date must not be before its start date');
    }
  }
  (body.billingReferences ?? []).forEach((ref, i) => {
    c.string(ref?.number, `$.billingReferences[${i}].number`, true, 'BR-55');
    c.date(ref?.issueDate, `$.billingReferences[${i}].issueDate`, false);
  });

  const ids = options.identifiers ?? true;
  checkParty(c, body.seller, '$.seller', type === 'event' ? 'other' : 'seller', ids);
  checkParty(
    c,
    body.buyer,
    '$.buyer',
    type === 'event' ? 'other' : 'buyer',
    ids,
    type !== 'event' && type !== 'purchase-order',
  );
  checkParty(c, body.payee, '$.payee', 'other', ids);
  checkParty(c, body.taxRepresentative, '$.taxRepresentative', 'other', ids);

  const p = body.payment;
  if (p && typeof p === 'object') {
    if (p.means !== undefined && !PAYMENT_MEANS.includes(p.means))
      c.error('JSON-ENUM', '$.payment.means', `means must be one of ${PAYMENT_MEANS.join(', ')}`);
    if (p.meansCode !== undefined && !CL.UNCL4461.has(String(p.meansCode)))
      c.error('BR-CL-16', '$.payment.meansCode', `${p.meansCode} is not a UNCL 4461 code`);
    if (c.string(p.iban, '$.payment.iban', false) && ids && !isValidIban(p.iban))
      c.error('JSON-IBAN', '$.payment.iban', 'IBAN checksum (mod-97) failed');
    if (
      c.string(p.debitedAccount, '$.payment.debitedAccount', false) &&
      ids &&
      /^[A-Z]{2}\d{2}/.test(p.debitedAccount) &&
      !isValidIban(p.debitedAccount)
    ) {
      c.error('JSON-IBAN', '$.payment.debitedAccount', 'IBAN checksum (mod-97) failed');
    }
    if (c.string(p.bic, '$.payment.bic', false) && ids && !isValidBic(p.bic))
      c.error('JSON-BIC', '$.payment.bic', 'not a valid SWIFT BIC');
    if (p.means === 'direct_debit' && !p.mandateId)
      c.error('PEPPOL-EN16931-R061', '$.payment.mandateId', 'A direct debit needs a mandate reference');
    if (p.means === 'credit_transfer' && !p.iban)
      c.error('BR-61', '$.payment.iban', 'A credit transfer needs the payee account (IBAN)');
    if (p.cardLast4 !== undefined && !/^\d{4,6}$/.test(String(p.cardLast4)))
      c.error('BR-51', '$.payment.cardLast4', 'Only the last 4 to 6 digits of a card number may be given');
    (p.discountTerms ?? []).forEach((d, i) => {
      c.decimal(d?.percent, `$.payment.discountTerms[${i}].percent`, true);
      if (!Number.isInteger(d?.days) || d.days < 0)
        c.error('JSON-TYPE', `$.payment.discountTerms[${i}].days`, 'days must be a non-negative integer');
    });
  }

  const lines = body.lines;
  if (!Array.isArray(lines) || lines.length === 0) {
    if (type !== 'event') c.error('BR-16', '$.lines', 'A document needs at least one line');
  } else {
    for (let i = 0; i < lines.length; i++) checkLine(c, type, lines[i], i);
  }
  (body.allowances ?? []).forEach((a, i) => checkAllowanceCharge(c, a, `$.allowances[${i}]`, false, false));
  (body.charges ?? []).forEach((a, i) => checkAllowanceCharge(c, a, `$.charges[${i}]`, true, false));
  (body.attachments ?? []).forEach((a, i) => {
    const path = `$.attachments[${i}]`;
    if (!a || typeof a !== 'object') return c.error('JSON-TYPE', path, `${path} must be an object`);
    c.string(a.id, `${path}.id`, true, 'BR-52');
    if (a.mimeCode !== undefined && !CL.MIME.has(a.mimeCode))
      c.error('BR-CL-24', `${path}.mimeCode`, `${a.mimeCode} is not an allowed attachment MIME code`);
    if (a.content !== undefined && (typeof a.content !== 'string' || !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(a.content))) {
      c.error('JSON-BASE64', `${path}.content`, 'content must be base64');
    }
    if (a.content !== undefined && !a.mimeCode)
      c.error('BR-CL-24', `${path}.mimeCode`, 'Embedded content needs a mimeCode');
  });
  if (body.delivery) {
    c.date(body.delivery.date, '$.delivery.date', false);
    checkAddress(c, body.delivery.address, '$.delivery.address');
  }
  const t = body.totals;
  if (t && typeof t === 'object') {
    for (const [field, rule] of Object.entries(TOTAL_DECIMAL_RULES))
      c.decimal((t as Record<string, unknown>)[field], `$.totals.${field}`, false, rule);
    (t.vatBreakdown ?? []).forEach((v, i) => {
      c.decimal(v?.taxableAmount, `$.totals.vatBreakdown[${i}].taxableAmount`, true, 'BR-DEC-19');
      c.decimal(v?.taxAmount, `$.totals.vatBreakdown[${i}].taxAmount`, true, 'BR-DEC-20');
      if (!VAT_CATEGORIES.includes(v?.category))
        c.error('BR-CL-17', `$.totals.vatBreakdown[${i}].category`, 'unknown VAT category');
    });
  }
  return c;
}

const linePath = (index: number) => `$.lines[${index}]`;
const NONE: readonly never[] = [];

function checkLine(c: Checker, type: DocumentType, line: DocumentLine, i: number): void {
  if (!line || typeof line !== 'object') {
    const path = linePath(i);
    c.error('JSON-TYPE', path, `${path} must be an object`);
    return;
  }
  c.line = i;
  try {
    c.string(line.description, 'description', true, 'BR-25');
    c.decimal(line.quantity, 'quantity', true);
    // Each value is parsed once, and tested by sign and exponent where that decides: a decimal.js
    // comparison copies its operand (a Decimal constant as well as a number) into a new Decimal.
    if (c.decimal(line.unitPrice, 'unitPrice', true)?.isNegative())
      c.error('BR-27', c.pathOf('unitPrice'), 'The item net price must not be negative');
    const baseQuantity = c.decimal(line.baseQuantity, 'baseQuantity', false);
    if (baseQuantity && !aboveZero(baseQuantity))
      c.error('PEPPOL-EN16931-R121', c.pathOf('baseQuantity'), 'Base quantity must be above zero');
    if (c.decimal(line.grossPrice, 'grossPrice', false)?.isNegative())
      c.error('BR-28', c.pathOf('grossPrice'), 'The item gross price must not be negative');
    c.decimal(line.netAmount, 'netAmount', false, 'BR-DEC-23');
    if (line.unit !== undefined && !CL.REC20.has(String(line.unit)))
      c.error('BR-CL-23', c.pathOf('unit'), `${line.unit} is not a UN/ECE Recommendation 20 unit code`);
    const rate = c.decimal(line.vatRate, 'vatRate', false);
    if (rate) {
      // Below 100 the exponent is below 2: only a rate of 100 or more needs the comparison.
      if (!atLeastZero(rate) || (rate.e >= 2 && rate.gt(HUNDRED)))
        c.error('JSON-VAT-RATE', c.pathOf('vatRate'), 'vatRate must be between 0 and 100');
    }
    if (line.vatCategory !== undefined && !VAT_CATEGORIES.includes(line.vatCategory)) {
      c.error('BR-CL-18', c.pathOf('vatCategory'), `${line.vatCategory} is not one of ${VAT_CATEGORIES.join(', ')}`);
    } else if (type !== 'event' && !lineCategory(line)) {
      c.error(
        'BR-CO-04',
        c.pathOf('vatCategory'),
        'vatCategory is required unless vatRate is above zero (then S is assumed)',
      );
    }
    if (line.period) {
      c.date(line.period.start, 'period.start', false);
      c.date(line.period.end, 'period.end', false);
    }
    if (line.originCountry !== undefined && !CL.ISO3166.has(line.originCountry))
      c.error('BR-CL-15', c.pathOf('originCountry'), `${line.originCountry} is not an ISO 3166-1 country code`);
  } finally {
    c.line = -1;
  }
  (line.allowances ?? NONE).forEach((a, j) =>
    checkAllowanceCharge(c, a, `${linePath(i)}.allowances[${j}]`, false, true),
  );
  (line.charges ?? NONE).forEach((a, j) => checkAllowanceCharge(c, a, `${linePath(i)}.charges[${j}]`, true, true));
}
