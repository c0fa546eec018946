import { checkParticipantId, checkVatNumber } from '../../peppol/index.ts';
import { PARTICIPANT_SCHEMES } from '../../peppol/participant-schemes.ts';

/**
 * Schemes that identify a company by its national number rather than by its VAT number, where that
 * number can be read off the VAT number: Belgium's enterprise number (0208), France's SIREN (0002,
 * or SIRET 0009 when the registry gives one), Italy's partita IVA (0211).
 */
const NATIONAL_SCHEMES: Record<string, (vat: string, registrationNumber: string | null) => string> = {
  BE: (vat) => `0208:${vat.slice(2)}`,
  FR: (vat, reg) => (reg && /^\d{14}$/.test(reg) ? `0009:${reg}` : `0002:${vat.slice(4)}`),
  IT: (vat) => `0211:${vat}`,
};

/** The country's `<CC>:VAT` scheme of the Peppol code list (9930 DE:VAT, 9944 NL:VAT ...). */
function vatSchemeOf(country: string): string | undefined {
  return Object.entries(PARTICIPANT_SCHEMES).find(([, s]) => s.schemeId === `${country}:VAT` && !s.deprecated)?.[0];
}

/**
 * The Peppol participant id a company is registered under, derived from its VAT number; null when
 * the country has no scheme that the VAT number determines, or the result fails the scheme's check.
 */
export function peppolIdFromVat(
  vatNumber: string,
  country: string,
  registrationNumber: string | null = null,
): string | null {
  const national = NATIONAL_SCHEMES[country];
  const vatScheme = vatSchemeOf(country);
  const candidate = national
    ? national(vatNumber, registrationNumber)
    : vatScheme
      ? `${vatScheme}:${vatNumber}`
      : undefined;
  if (!candidate) return null;
  return checkParticipantId(candidate).valid ? candidate : null;
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
