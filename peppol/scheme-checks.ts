/**
 * Value checks of the Peppol participant identifier schemes, as the eDEC code list "Participant
 * identifier schemes" v9.7 states them (its `validation-rules`, and the check digits its `structure`
 * defines). Participant identifiers are case-insensitive, so every pattern is too. Where the list
 * gives no rule, nothing beyond the general shape is checked.
 */
import {
  isValidAbn,
  isValidBelgianEnterpriseNumber,
  isValidCodiceFiscale,
  isValidFinnishBusinessId,
  isValidGln,
  isValidGreekTin,
  isValidLuhn,
  isValidMod11,
  isValidSiren,
  isValidSiret,
  isValidSwedishOrgNumber,
} from './checksums.ts';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** A weighted sum of the digits of `value` (weights from the left). */
function weighted(value: string, weights: number[]): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += (value.charCodeAt(i) - 48) * weights[i];
  return total;
}

/** Slovak IČO: mod 11 with weights 8…2, the check digit (11 − r) mod 10. */
export function isValidSlovakIco(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  return (11 - (weighted(value, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10 === Number(value[7]);
}

/** Swiss UID `CHE` + 9 digits: mod 11 with weights 5,4,3,2,7,6,5,4; a remainder giving 10 is never issued. */
export function isValidSwissUid(value: string): boolean {
  const m = /^CHE(\d{9})$/i.exec(value);
  if (!m) return false;
  const check = 11 - (weighted(m[1], [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(m[1][8]);
}

/** Estonian registry code: the code list's two-pass mod 11 (weights 1…9,1, then 3…9,1,2,3). */
export function isValidEstonianRegistryCode(value: string): boolean {
  if (!/^[1789]\d{7}$/.test(value)) return false;
  const body = value.slice(0, -1);
  let check = [...body].reduce((s, c, i) => s + ((i % 9) + 1) * Number(c), 0) % 11;
  if (check === 10) check = [...body].reduce((s, c, i) => s + (((i + 2) % 9) + 1) * Number(c), 0) % 11;
  return String(check % 10) === value[7];
}

/** Icelandic kennitala: 10 digits, the 9th a mod-11 check over the first eight (weights 3,2,7,6,5,4,3,2). */
export function isValidKennitala(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const check = 11 - (weighted(value, [3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(value[8]);
}

/** Danish CVR as the Business Authority writes it (`DK` + 8 digits): weights 2,7,6,5,4,3,2,1, sum divisible by 11. */
export function isValidDanishCvr(digits: string): boolean {
  return /^\d{8}$/.test(digits) && weighted(digits, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

/** Lithuanian legal entity code: 9 digits, the 9th the sum of the first eight weighted 1…8, mod 11. */
export function isValidLithuanianEntityCode(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const rest = weighted(value, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  return rest < 10 && rest === Number(value[8]);
}

/** LEI (ISO 17442): 18 characters and 2 check digits, ISO 7064 MOD 97-10 over the whole leaves 1. */
export function isValidLei(value: string): boolean {
  if (!/^[A-Z0-9]{18}\d{2}$/i.test(value)) return false;
  let rest = 0;
  for (const c of value.toUpperCase()) rest = Number(`${rest}${parseInt(c, 36)}`) % 97;
  return rest === 1;
}

/**
 * Japanese corporate number (13 digits) and qualified invoice issuer number (`T` + 13 digits): the
 * leading digit is 9 − (Σ Pn·Qn mod 9) over the 12 digits after it, Pn counted from the last digit,
 * Qn 1 on odd and 2 on even positions.
 */
export function isValidJapaneseCorporateNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const base = value.slice(1);
  let total = 0;
  for (let n = 1; n <= 12; n++) total += (base.charCodeAt(12 - n) - 48) * (n % 2 === 1 ? 1 : 2);
  return 9 - (total % 9) === Number(value[0]);
}

/** Dutch KVK: 8 digits as issued (the code list's 17-digit form with its mod-97 check is accepted too). */
function isValidKvk(value: string): boolean {
  if (/^\d{8}$/.test(value)) return true;
  return /^\d{17}$/.test(value) && Number(BigInt(value.slice(0, 15)) % 97n) === Number(value.slice(15));
}

const re = (pattern: string) => {
  const compiled = new RegExp(`^(?:${pattern})$`, 'i');
  return (value: string) => compiled.test(value);
};

/** Value checks per scheme (ICD): the code list's regular expression and check digits. */
export const SCHEME_CHECKS: Readonly<Record<string, (value: string) => boolean>> = {
  '0002': (v) => (v.length === 14 ? isValidSiret(v) : isValidSiren(v)),
  '0007': isValidSwedishOrgNumber,
  // The list states no check digit for 0009, but the SIRET's Luhn digit (its 0002 entry) always holds.
  '0009': isValidSiret,
  // 0037 (FI:OVT) left the code list; older registrations still carry it.
  '0037': (v) => /^0037\d{8}[0-9A-Z]{0,5}$/i.test(v) && isValidFinnishBusinessId(v.slice(4, 12)),
  '0060': re('[0-9]{9}'),
  '0088': (v) => /^\d{13}$/.test(v) && isValidGln(v),
  '0096': re('[0-9]{10}'),
  '0097': re('[0-9]{11,16}'),
  '0106': isValidKvk,
  '0151': isValidAbn,
  '0158': isValidSlovakIco,
  '0183': isValidSwissUid,
  '0184': re('[1-9][0-9]{7}'),
  '0188': isValidJapaneseCorporateNumber,
  '0190': re('[0-9]{20}'),
  '0191': isValidEstonianRegistryCode,
  '0192': (v) => /^\d{9}$/.test(v) && isValidMod11(v),
  '0193': re('.{4,50}'),
  '0195': re('[a-z]{2}[a-z]{3}([0-9]{8}|[0-9]{9}|[RST][0-9]{2}[a-z]{2}[0-9]{4})[0-9a-z]'),
  '0196': isValidKennitala,
  '0198': (v) => /^DK\d{8}$/i.test(v) && isValidDanishCvr(v.slice(2)),
  '0199': isValidLei,
  '0200': isValidLithuanianEntityCode,
  '0201': re('[0-9a-z]{6}'),
  '0204': re('[0-9]{2,12}(-[0-9A-Z]{0,30})?-[0-9]{2}'),
  '0205': re('[0-9a-z]{7}'),
  '0208': (v) => /^[01]\d{9}$/.test(v) && isValidBelgianEnterpriseNumber(v),
  '0210': isValidCodiceFiscale,
  '0211': (v) => /^IT\d{11}$/i.test(v) && isValidLuhn(v.slice(2)),
  '0216': (v) => /^0037\d{8}[0-9A-Z]{0,5}$/i.test(v) && isValidFinnishBusinessId(v.slice(4, 12)),
  '0218': re('[0-9]{9}([0-9]{2})?'),
  '0221': (v) => /^T\d{13}$/i.test(v) && isValidJapaneseCorporateNumber(v.slice(1)),
  '0225': re('[A-Za-z0-9_-]{1,130}'),
  '0230': re('[0-9a-z-]{1,50}'),
  '0235': re('1[0-9]{9}'),
  '0240': re('[0-9]{11}'),
  '0242': re('[0-9]{6}(-[0-9A-Z_]{3,12}(\\.[0-9A-Z\\-._~]{3,24})?)?'),
  '0244': re('[0-9]{13}'),
  '0245': (v) => /^\d{10}$/.test(v) && BigInt(v) % 11n === 0n,
  '0246': re('DE[0-9]{9}(-[0-9]{5})?(\\.[0-9A-Z]{1,8})?'),
  '0248': re('OM[0-9]{10}'),
  // The list's regex wants the NO prefix, its own example (990399123MVA) has none: both are accepted.
  '9909': (v) => /^(NO)?\d{9}MVA$/i.test(v) && isValidMod11(v.replace(/^NO/i, '').slice(0, 9)),
  '9910': re('HU[0-9]{8}'),
  '9912': re('[A-Z]{2}[A-Z0-9]{0,20}'),
  '9915': re('[A-Z][A-Z0-9]*'),
  '9917': isValidKennitala,
  '9918': (v) => {
    const iban = electronicFormatIBAN(v);
    return iban !== null && isValidIBAN(iban);
  },
  '9925': (v) => /^BE[01]\d{9}$/i.test(v) && isValidBelgianEnterpriseNumber(v.slice(2)),
  '9933': (v) => isValidGreekTin(v.replace(/^(EL|GR)/i, '')),
};

/** The `<CC>:VAT` schemes without a rule of their own: the value is a VAT number of that country. */
export function vatSchemeValueCheck(country: string): (value: string) => boolean {
  const prefix = country === 'GR' ? '(EL|GR)' : country;
  return re(`${prefix}[0-9A-Z]{2,18}`);
}
