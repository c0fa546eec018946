import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { code as currencyByCode } from 'currency-codes';

/**
 * Custom OpenAPI string formats. A failure surfaces as the matching catalog code
 * (`format: iban` → INVALID_IBAN ...; see middleware/validation-errors.ts).
 */
export const FORMATS: Record<string, (value: string) => boolean> = {
  iban: (value) => isValidIBAN(electronicFormatIBAN(value) ?? ''),
  currency: (value) => /^[A-Z]{3}$/.test(value) && currencyByCode(value) !== undefined,
  'vat-number': (value) => /^[A-Z]{2}[A-Z0-9]+$/.test(value),
};
