import { checkVAT, countries as vatCountries } from 'jsvat';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import currencyCodes from 'currency-codes';
import isoCountries from 'i18n-iso-countries';
import { ownCopy } from './own-copy.ts';
import { PARTICIPANT_SCHEMES } from './participant-schemes.ts';
import { checkTaxNumberOf, participantIdOfTaxNumber, schemeValueCheck, taxNumberOfParticipantId } from './countries.ts';

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
  const check = schemeValueCheck(parts.scheme);
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
  if (!result.isSupportedCountry) {
    // Countries the VAT library does not know (AU, NZ, SG, JP, MY, AE, OM, IS ...): the countries table's check.
    const known = checkTaxNumberOf(country, value);
    if (known === false)
      return {
        valid: false,
        country,
        checksumVerified: true,
        problems: [`${value} fails the ${country} tax number format or check digits (docs/countries.md)`],
      };
    return { valid: true, country, checksumVerified: known === true, problems: [] };
  }
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
 * The participant id a VAT (tax) number is registered under when the directory has nothing better:
 * the derivation of the countries table (docs/countries.md) — the national number where Peppol
 * usage prefers it (BE KBO, FR SIREN, SE, DK, FI, NO, IT, AU ABN, SG UEN, JP, MY, AE, OM), else the
 * country's VAT scheme (99xx) with the VAT number as value.
 */
export function participantIdOfVat(vat: string): string | undefined {
  const check = checkVatNumber(vat);
  if (!check.valid || !check.country) return undefined;
  return participantIdOfTaxNumber(normalizeVatNumber(vat), check.country);
}

/** The VAT number a participant id carries or implies, when it does. */
export function vatOfParticipantId(peppolId: string): string | undefined {
  const id = splitParticipantId(peppolId);
  if (!id) return undefined;
  const { scheme, value } = id;
  const valid = (vat: string | undefined) => (vat && checkVatNumber(vat).valid ? normalizeVatNumber(vat) : undefined);
  switch (scheme) {
    case '0002':
      return /^\d{9}$/.test(value) ? valid(frenchVatOfSiren(value)) : undefined;
    case '0009':
      return /^\d{14}$/.test(value) ? valid(frenchVatOfSiren(value.slice(0, 9))) : undefined;
  }
  const implied = taxNumberOfParticipantId(scheme, value);
  if (implied) return valid(implied);
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
