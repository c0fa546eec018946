import { checkVAT, countries as vatCountries } from 'jsvat';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import currencyCodes from 'currency-codes';
import isoCountries from 'i18n-iso-countries';
import {
  isValidAbn,
  isValidBelgianEnterpriseNumber,
  isValidCodiceFiscale,
  isValidFinnishBusinessId,
  isValidGln,
  isValidGreekTin,
  isValidMod11,
  isValidPartitaIva,
  isValidSiren,
  isValidSiret,
  isValidSwedishOrgNumber,
} from './checksums.ts';
import { ownCopy } from './own-copy.ts';
import { PARTICIPANT_SCHEMES } from './participant-schemes.ts';

export interface ParticipantId {
  scheme: string;
  value: string;
}

const ACTOR_PREFIX = 'iso6523-actorid-upis::';

/** Splits `<scheme>:<value>` (optionally with the Peppol `iso6523-actorid-upis::` prefix); undefined if malformed. */
export function splitParticipantId(id: string): ParticipantId | undefined {
  const bare = id.trim().startsWith(ACTOR_PREFIX) ? id.trim().slice(ACTOR_PREFIX.length) : id.trim();
  const m = /^(\d{4}):(.+)$/.exec(bare);
  if (!m) return undefined;
  return { scheme: m[1], value: m[2].trim() };
}

/**
 * Whether two participant ids (`scheme:value`) name the same participant: Peppol participant
 * identifiers are case-insensitive, as the database's `lower(peppol_id)` indexes compare them.
 */
export function sameParticipant(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/**
 * Country each scheme implies. The Peppol code list is the source; 0037 (FI:OVT) was removed from it
 * but still appears on older registrations, so it is kept here.
 */
export function countryOfScheme(scheme: string): string | undefined {
  if (scheme === '0037') return 'FI';
  const entry = PARTICIPANT_SCHEMES[scheme];
  if (!entry || entry.country === 'international') return undefined;
  return entry.country;
}

export function isKnownScheme(scheme: string): boolean {
  return scheme === '0037' || scheme in PARTICIPANT_SCHEMES;
}

/** Value checks per scheme: format plus check digits where the scheme defines them. */
const SCHEME_CHECKS: Record<string, (value: string) => boolean> = {
  '0002': isValidSiren,
  '0007': isValidSwedishOrgNumber,
  '0009': isValidSiret,
  '0037': (v) => (/^\d{12}$/.test(v) ? isValidFinnishBusinessId(v.slice(4, 12)) : isValidFinnishBusinessId(v)),
  '0088': (v) => /^\d{13}$/.test(v) && isValidGln(v),
  '0106': (v) => /^\d{8}$/.test(v),
  '0151': isValidAbn,
  '0184': (v) => /^DK\d{8}$/.test(v) || /^\d{8}$/.test(v),
  '0192': (v) => /^\d{9}$/.test(v) && isValidMod11(v),
  '0195': (v) => /^[0-9A-Z]{9,10}$/i.test(v),
  '0201': (v) => /^[A-Za-z0-9]{6}$/.test(v),
  '0204': (v) => /^[0-9A-Z]{2,12}(-[0-9A-Z]{1,30})?-\d{2}$/i.test(v),
  '0208': isValidBelgianEnterpriseNumber,
  '0210': isValidCodiceFiscale,
  '0211': (v) => isValidPartitaIva(v.replace(/^IT/i, '')),
  '0216': (v) => /^\d{9,18}$/.test(v),
  '0221': (v) => /^T?\d{13}$/.test(v),
  '9925': (v) => /^BE[01]\d{9}$/i.test(v) && isValidBelgianEnterpriseNumber(v.slice(2)),
  '9930': (v) => /^DE\d{9}$/i.test(v),
  '9933': (v) => isValidGreekTin(v.replace(/^(EL|GR)/i, '')),
};

export interface ParticipantCheck {
  valid: boolean;
  scheme?: string;
  value?: string;
  country?: string;
  problems: string[];
}

/** Checks a Peppol participant id: shape, known ICD scheme, value format and check digits. */
export function checkParticipantId(id: string): ParticipantCheck {
  const parts = typeof id === 'string' ? splitParticipantId(id) : undefined;
  if (!parts) return { valid: false, problems: ['participant id must be <4-digit scheme>:<value>'] };
  const problems: string[] = [];
  if (!isKnownScheme(parts.scheme)) problems.push(`unknown participant identifier scheme ${parts.scheme}`);
  const check = SCHEME_CHECKS[parts.scheme];
  if (check && !check(parts.value))
    problems.push(
      `value ${parts.value} is not a valid ${PARTICIPANT_SCHEMES[parts.scheme]?.schemeId ?? parts.scheme} identifier`,
    );
  const out: ParticipantCheck = { valid: problems.length === 0, scheme: parts.scheme, value: parts.value, problems };
  const country = countryOfScheme(parts.scheme) ?? vatPrefixCountry(parts.value);
  if (country) out.country = country;
  return out;
}

/** International schemes (GLN, DUNS...) imply no country; a VAT-like value may still reveal one. */
function vatPrefixCountry(value: string): string | undefined {
  const m = /^([A-Z]{2})[0-9A-Z]{2,}$/.exec(value);
  if (!m) return undefined;
  const code = m[1] === 'EL' ? 'GR' : m[1];
  return isoCountries.isValid(code) ? code : undefined;
}

export function normalizeVatNumber(vat: string): string {
  return vat.replace(/[\s.-]/g, '').toUpperCase();
}

export interface VatCheck {
  valid: boolean;
  /** ISO 3166 country of the prefix (EL maps to GR). */
  country?: string;
  /** False when no checksum is known for the country and only the general pattern was checked. */
  checksumVerified: boolean;
  problems: string[];
}

/** VAT number pattern (spec 2.1) plus the national format and checksum for the countries jsvat knows. */
export function checkVatNumber(vat: string): VatCheck {
  const value = typeof vat === 'string' ? normalizeVatNumber(vat) : '';
  if (!/^[A-Z]{2}[A-Z0-9]+$/.test(value)) {
    return {
      valid: false,
      checksumVerified: false,
      problems: ['VAT number must be a 2-letter country prefix followed by letters or digits'],
    };
  }
  const prefix = value.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
  if (!isoCountries.isValid(country)) {
    return { valid: false, checksumVerified: false, problems: [`${prefix} is not a country prefix`] };
  }
  const result = checkVAT(value, vatCountries);
  if (!result.isSupportedCountry) return { valid: true, country, checksumVerified: false, problems: [] };
  if (!result.isValid) {
    return {
      valid: false,
      country,
      checksumVerified: true,
      problems: [`${value} fails the ${country} VAT number format or checksum`],
    };
  }
  return { valid: true, country, checksumVerified: true, problems: [] };
}

/**
 * The verdicts of recent IBANs. A company pays into the same few accounts on every document, and the
 * check (a pattern per country, the mod-97 over a digit string) took a few microseconds each time,
 * twice per JSON invoice: as much as a small document's rules on its parties.
 */
const ibanVerdicts = new Map<string, boolean>();
const MAX_IBAN_VERDICTS = 4096;

export function isValidIban(iban: string): boolean {
  let valid = ibanVerdicts.get(iban);
  if (valid === undefined) {
    const electronic = electronicFormatIBAN(iban);
    valid = electronic !== null && isValidIBAN(electronic);
    // Only what could be an IBAN (34 characters, with spaces) is kept, and as a copy: the text may be
    // a cut of a whole document.
    if (iban.length <= 48) {
      if (ibanVerdicts.size >= MAX_IBAN_VERDICTS) ibanVerdicts.clear();
      ibanVerdicts.set(ownCopy(iban), valid);
    }
  }
  return valid;
}

export function isValidBic(bic: string): boolean {
  return isValidBIC(bic.trim().toUpperCase());
}

export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes.code(code) !== undefined;
}

export function isIsoCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && isoCountries.isValid(code);
}

/** The ICD each non-VAT business identifier of the `to` forms is published under on Peppol. */
export const IDENTIFIER_ICDS: Readonly<Record<string, string>> = {
  siren: '0002',
  siret: '0009',
  duns: '0060',
  gln: '0088',
  lei: '0199',
};

/** French VAT number of a SIREN: FR + the mod-97 key + the SIREN. */
export function frenchVatOfSiren(siren: string): string {
  return `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;
}

/**
 * The participant id a VAT number is registered under when the directory has nothing better:
 * the national registration number where Peppol usage prefers it (BE KBO, FR SIREN, NO, SE, DK, IT),
 * else the country's VAT scheme (99xx) with the VAT number as value.
 */
export function participantIdOfVat(vat: string): string | undefined {
  const check = checkVatNumber(vat);
  if (!check.valid || !check.country) return undefined;
  const value = normalizeVatNumber(vat);
  const digits = value.slice(2);
  switch (check.country) {
    case 'BE':
      return `0208:${digits}`;
    case 'FR':
      return /^[0-9A-Z]{2}\d{9}$/.test(digits) ? `0002:${digits.slice(2)}` : undefined;
    case 'NO':
      return /^\d{9}/.test(digits) ? `0192:${digits.slice(0, 9)}` : undefined;
    case 'SE':
      return /^\d{12}$/.test(digits) ? `0007:${digits.slice(0, 10)}` : undefined;
    case 'DK':
      return `0184:${value}`;
    case 'IT':
      return `0211:${value}`;
  }
  const scheme = Object.entries(PARTICIPANT_SCHEMES).find(
    ([, s]) => s.schemeId === `${check.country}:VAT` && !s.deprecated,
  )?.[0];
  return scheme ? `${scheme}:${value}` : undefined;
}

/** The VAT number a participant id carries or implies, when it does. */
export function vatOfParticipantId(peppolId: string): string | undefined {
  const id = splitParticipantId(peppolId);
  if (!id) return undefined;
  const { scheme, value } = id;
  const valid = (vat: string) => (checkVatNumber(vat).valid ? normalizeVatNumber(vat) : undefined);
  switch (scheme) {
    case '0208':
      return valid(`BE${value}`);
    case '0002':
      return /^\d{9}$/.test(value) ? valid(frenchVatOfSiren(value)) : undefined;
    case '0009':
      return /^\d{14}$/.test(value) ? valid(frenchVatOfSiren(value.slice(0, 9))) : undefined;
    case '0192':
      return valid(`NO${value}MVA`);
    case '0007':
      return valid(`SE${value}01`);
    case '0184':
      return valid(/^DK/i.test(value) ? value : `DK${value}`);
    case '0211':
      return valid(/^IT/i.test(value) ? value : `IT${value}`);
  }
  if (PARTICIPANT_SCHEMES[scheme]?.schemeId.endsWith(':VAT')) return valid(value);
  return undefined;
}

/**
 * A participant id as a legal registration identifier (BT-30/BT-47): only ICD schemes (0xxx) are
 * registration schemes; the 99xx VAT schemes are electronic address schemes only.
 */
export function legalIdOfParticipantId(peppolId: string): ParticipantId | undefined {
  const id = splitParticipantId(peppolId);
  return id && id.scheme.startsWith('0') ? id : undefined;
}

/** GS1 company prefixes of the countries the sandbox knows: the country a GLN was issued in. */
const GS1_PREFIXES: Array<[from: number, to: number, country: string]> = [
  [300, 379, 'FR'],
  [380, 380, 'BG'],
  [383, 383, 'SI'],
  [385, 385, 'HR'],
  [400, 440, 'DE'],
  [500, 509, 'GB'],
  [520, 521, 'GR'],
  [529, 529, 'CY'],
  [535, 535, 'MT'],
  [539, 539, 'IE'],
  [540, 549, 'BE'],
  [560, 560, 'PT'],
  [569, 569, 'IS'],
  [570, 579, 'DK'],
  [590, 590, 'PL'],
  [594, 594, 'RO'],
  [599, 599, 'HU'],
  [640, 649, 'FI'],
  [700, 709, 'NO'],
  [730, 739, 'SE'],
  [760, 769, 'CH'],
  [800, 839, 'IT'],
  [840, 849, 'ES'],
  [858, 858, 'SK'],
  [859, 859, 'CZ'],
  [860, 860, 'RS'],
  [870, 879, 'NL'],
  [900, 919, 'AT'],
  [930, 939, 'AU'],
  [940, 949, 'NZ'],
  [450, 459, 'JP'],
  [490, 499, 'JP'],
  [888, 888, 'SG'],
  [955, 955, 'MY'],
  [474, 474, 'EE'],
  [475, 475, 'LV'],
  [477, 477, 'LT'],
];

/**
 * The country a participant id points to: the scheme's (ICD table), else a VAT prefix in the value,
 * else a GLN's GS1 prefix; undefined for identifiers that say nothing (DUNS, LEI …).
 */
export function countryOfParticipantId(peppolId: string): string | undefined {
  const id = splitParticipantId(peppolId);
  if (!id) return undefined;
  const byScheme = countryOfScheme(id.scheme) ?? vatPrefixCountry(id.value);
  if (byScheme) return byScheme;
  if (id.scheme === '0088' && /^\d{13}$/.test(id.value)) {
    const prefix = Number(id.value.slice(0, 3));
    return GS1_PREFIXES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
  }
  return undefined;
}
