import { checkVatNumber } from '../../peppol/index.ts';
import { participantIdOfTaxNumber } from '../../peppol/countries.ts';

/**
 * The Peppol participant id a company is registered under, derived from its VAT (tax) number as the
 * countries table says (docs/countries.md): the national number inside it where that is the
 * country's scheme (BE, FR, IT, SE, DK, FI, NO, AU, SG, JP, MY, AE, OM ...), else the country's
 * `<CC>:VAT` scheme. Null when the number determines no id (IS, a NZ GST number ...) or the result
 * fails the scheme's rule.
 */
export function peppolIdFromVat(
  vatNumber: string,
  country: string,
  registrationNumber: string | null = null,
): string | null {
  return participantIdOfTaxNumber(vatNumber, country, registrationNumber) ?? null;
}

/** French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97. */
function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/**
 * The VAT number a national registration number determines (KBO → BE, SIREN/SIRET → FR, partita
 * IVA → IT; elsewhere a number that already carries the country prefix). Undefined when the
 * number does not determine one.
 */
export function vatFromRegistrationNumber(country: string, registrationNumber: string): string | undefined {
  const value = registrationNumber.replace(/[\s.-]/g, '').toUpperCase();
  if (country === 'BE' && /^[01]?\d{9}$/.test(value)) return `BE${value.padStart(10, '0')}`;
  if (country === 'FR' && /^(\d{9}|\d{14})$/.test(value))
    return `FR${frenchVatKey(value.slice(0, 9))}${value.slice(0, 9)}`;
  if (country === 'IT' && /^\d{11}$/.test(value)) return `IT${value}`;
  const prefix = country === 'GR' ? 'EL' : country;
  if (value.startsWith(prefix) && value.length > 4) return value;
  return undefined;
}

/** A search text that is a VAT number (with digits, valid for its country), not a name like "GENT". */
export function looksLikeVatNumber(text: string): boolean {
  return /\d/.test(text) && checkVatNumber(text).valid;
}
