import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { code as currencyByCode } from 'currency-codes';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` naming a day that exists: no month 13, no 30 February (29 only in leap years). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * Custom OpenAPI string formats. A failure surfaces as the matching catalog code
 * (`format: iban` → INVALID_IBAN ...; see middleware/validation-errors.ts).
 */
export const FORMATS: Record<string, (value: string) => boolean> = {
  iban: (value) => isValidIBAN(electronicFormatIBAN(value) ?? ''),
  currency: (value) => /^[A-Z]{3}$/.test(value) && currencyByCode(value) !== undefined,
  'vat-number': (value) => /^[A-Z]{2}[A-Z0-9]+$/.test(value),
  // The validator's own date formats check the shape only; a date that does not exist would
  // otherwise reach the Peppol rules and come back as a 422 instead of 400 INVALID_DATE.
  date: isCalendarDate,
  'date-time': (value) => {
    const [date, time, ...rest] = value.split(/[tT ]/);
    return rest.length === 0 && date !== undefined && time !== undefined && isCalendarDate(date) && TIME.test(time);
  },
};
