import { createHash } from 'node:crypto';
import { checkVatNumber } from '../../peppol/index.ts';
import type { Address } from '../../db/tables/companies.ts';
import { looksLikeVatNumber, peppolIdFromVat } from './peppol-id.ts';
import { RegistryError, type NationalRegistry, type RegistryCompany } from './types.ts';

/**
 * Sandbox VAT numbers with a fixed answer (all pass the Belgian checksum, so they reach the
 * registry). docs/companies.md lists them for users.
 */
export const MAGIC_VAT_NUMBERS = {
  BE0400000086: 'VAT_NOT_FOUND',
  BE0400000185: 'VAT_INACTIVE',
  BE0400000284: 'UPSTREAM_UNAVAILABLE',
  BE0400000383: 'UPSTREAM_TIMEOUT',
} as const;

/** Companies the sandbox registry "knows" by name, so autocomplete has something to find. */
export const SEEDED_COMPANIES: ReadonlyArray<Omit<RegistryCompany, 'peppolId' | 'registrationNumber'>> = [
  {
    vatNumber: 'BE0888888895',
    country: 'BE',
    legalName: 'Brussels Office Supplies BV',
    address: { street: 'Rue Royale 120', postalCode: '1000', city: 'Brussels', country: 'BE' },
  },
  {
    vatNumber: 'BE0777777771',
    country: 'BE',
    legalName: 'Gent Logistics NV',
    address: { street: 'Kortrijksesteenweg 88', postalCode: '9000', city: 'Gent', country: 'BE' },
  },
  {
    vatNumber: 'BE0666666647',
    country: 'BE',
    legalName: 'Antwerp Harbour Services BV',
    address: { street: 'Noorderlaan 1', postalCode: '2030', city: 'Antwerpen', country: 'BE' },
  },
  {
    vatNumber: 'FR44732829320',
    country: 'FR',
    legalName: 'Librairie Parisienne SAS',
    address: { street: '12 rue de Rivoli', postalCode: '75004', city: 'Paris', country: 'FR' },
  },
  {
    vatNumber: 'FR59542051180',
    country: 'FR',
    legalName: 'Lyon Mécanique SARL',
    address: { street: '4 quai Perrache', postalCode: '69002', city: 'Lyon', country: 'FR' },
  },
  {
    vatNumber: 'DE811907980',
    country: 'DE',
    legalName: 'Berliner Werkzeug GmbH',
    address: { street: 'Friedrichstraße 50', postalCode: '10117', city: 'Berlin', country: 'DE' },
  },
  {
    vatNumber: 'NL810433941B01',
    country: 'NL',
    legalName: 'Amsterdam Fietsen B.V.',
    address: { street: 'Damrak 70', postalCode: '1012 LM', city: 'Amsterdam', country: 'NL' },
  },
  {
    vatNumber: 'IT00743110157',
    country: 'IT',
    legalName: 'Milano Tessuti S.r.l.',
    address: { street: 'Via Torino 21', postalCode: '20123', city: 'Milano', country: 'IT' },
  },
  {
    vatNumber: 'ESB12345674',
    country: 'ES',
    legalName: 'Madrid Azulejos S.L.',
    address: { street: 'Calle Mayor 5', postalCode: '28013', city: 'Madrid', country: 'ES' },
  },
];

const LEGAL_FORMS: Record<string, string> = {
  BE: 'BV',
  NL: 'B.V.',
  FR: 'SAS',
  DE: 'GmbH',
  AT: 'GmbH',
  IT: 'S.r.l.',
  ES: 'S.L.',
  PT: 'Lda',
  PL: 'Sp. z o.o.',
  SE: 'AB',
  DK: 'ApS',
  FI: 'Oy',
  LU: 'S.à r.l.',
  IE: 'Ltd',
};
const FIRST = [
  'Blue',
  'North',
  'Bright',
  'Silver',
  'Green',
  'Oak',
  'Harbor',
  'Summit',
  'Golden',
  'Cedar',
  'River',
  'Stone',
];
const SECOND = [
  'Trading',
  'Logistics',
  'Foods',
  'Systems',
  'Textiles',
  'Consulting',
  'Print',
  'Tools',
  'Energy',
  'Design',
  'Builders',
  'Supplies',
];
const CITIES: Record<string, Array<[string, string]>> = {
  BE: [
    ['1000', 'Brussels'],
    ['2000', 'Antwerpen'],
    ['9000', 'Gent'],
    ['4000', 'Liège'],
    ['3000', 'Leuven'],
  ],
  FR: [
    ['75001', 'Paris'],
    ['69001', 'Lyon'],
    ['13001', 'Marseille'],
    ['31000', 'Toulouse'],
  ],
  DE: [
    ['10115', 'Berlin'],
    ['80331', 'München'],
    ['20095', 'Hamburg'],
    ['50667', 'Köln'],
  ],
  NL: [
    ['1011 AB', 'Amsterdam'],
    ['3011 AA', 'Rotterdam'],
    ['3511 AA', 'Utrecht'],
  ],
  IT: [
    ['00184', 'Roma'],
    ['20121', 'Milano'],
    ['10121', 'Torino'],
  ],
};
const STREETS = ['Main Street', 'Station Road', 'Market Square', 'Church Lane', 'Harbour Way', 'Park Avenue'];

/** The same VAT number always yields the same company. */
export function synthesizeCompany(vatNumber: string, country: string): RegistryCompany {
  const digest = createHash('sha256').update(vatNumber).digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[digest[byte] % list.length];
  const form = LEGAL_FORMS[country] ?? 'Ltd';
  const [postalCode, city] = pick(CITIES[country] ?? [['1000', 'Capital City']], 2);
  const address: Address = { street: `${pick(STREETS, 3)} ${1 + (digest[4] % 200)}`, postalCode, city, country };
  return {
    vatNumber,
    country,
    legalName: `${pick(FIRST, 0)} ${pick(SECOND, 1)} ${form}`,
    address,
    registrationNumber: null,
    peppolId: peppolIdFromVat(vatNumber, country),
  };
}

function seeded(seed: (typeof SEEDED_COMPANIES)[number]): RegistryCompany {
  return { ...seed, registrationNumber: null, peppolId: peppolIdFromVat(seed.vatNumber, seed.country) };
}

/** The company another sandbox upstream already lists under a VAT number (the directory's seeded cards). */
export type ListedCompanyOf = (vatNumber: string) => RegistryCompany | undefined;

/**
 * The company the sandbox registry knows under a VAT number: seeded, else the one `listed` gives,
 * else synthesized from the number; undefined for a number with a fixed failure or no valid
 * checksum. The sandbox directory names a participant it does not list after it, so both upstreams
 * tell the same company apart by one name.
 */
export function sandboxRegistryCompany(vatNumber: string, listed?: ListedCompanyOf): RegistryCompany | undefined {
  if (vatNumber in MAGIC_VAT_NUMBERS) return undefined;
  const check = checkVatNumber(vatNumber);
  if (!check.valid || !check.country) return undefined;
  const seed = SEEDED_COMPANIES.find((s) => s.vatNumber === vatNumber);
  if (seed) return seeded(seed);
  return listed?.(vatNumber) ?? synthesizeCompany(vatNumber, check.country);
}

/**
 * The sandbox registry: every VAT number with a valid format and checksum exists (a seeded company,
 * or one synthesized from the number), except the {@link MAGIC_VAT_NUMBERS}.
 */
export function createRegistrySimulator(
  options: {
    /** Answered for a listed VAT number instead of a synthesized company, so a company keeps its one name. */
    listed?: ListedCompanyOf;
  } = {},
): NationalRegistry {
  async function lookupVat(vatNumber: string): Promise<RegistryCompany> {
    const magic = MAGIC_VAT_NUMBERS[vatNumber as keyof typeof MAGIC_VAT_NUMBERS];
    if (magic === 'VAT_NOT_FOUND')
      throw new RegistryError('VAT_NOT_FOUND', `${vatNumber} is not registered for VAT (sandbox magic number).`);
    if (magic === 'VAT_INACTIVE')
      throw new RegistryError('VAT_INACTIVE', `${vatNumber} has ceased its activity (sandbox magic number).`);
    if (magic === 'UPSTREAM_UNAVAILABLE')
      throw new RegistryError('UPSTREAM_UNAVAILABLE', 'The VAT registry is unavailable (sandbox magic number).', 30);
    if (magic === 'UPSTREAM_TIMEOUT')
      throw new RegistryError('UPSTREAM_TIMEOUT', 'The VAT registry timed out (sandbox magic number).', 5);
    const company = sandboxRegistryCompany(vatNumber, options.listed);
    if (!company) throw new RegistryError('VAT_NOT_FOUND', `${vatNumber} is not a VAT number.`);
    return company;
  }

  return {
    name: 'registry-simulator',
    lookupVat,
    async search({ text, countryCode, limit }) {
      const candidate = text.replace(/[\s.-]/g, '').toUpperCase();
      if (looksLikeVatNumber(candidate) && !(candidate in MAGIC_VAT_NUMBERS)) {
        const found = await lookupVat(candidate);
        return !countryCode || found.country === countryCode ? [found] : [];
      }
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      return SEEDED_COMPANIES.filter((s) => !countryCode || s.country === countryCode)
        .filter((s) => {
          const name = s.legalName.toLowerCase().split(/\s+/);
          return words.every((w) => name.some((n) => n.startsWith(w)));
        })
        .slice(0, limit)
        .map(seeded);
    },
    async probe() {
      return `simulator: ${SEEDED_COMPANIES.length} seeded companies`;
    },
  };
}
