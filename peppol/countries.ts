/**
 * The countries the service serves, as data: the Peppol participant schemes used there, how a
 * company's participant id follows from its tax number (or which identifier it has to give), the
 * document specification exchanged, tax categories and rates, and currency. `docs/countries.md` is
 * generated from this table (`npm run docs:countries`).
 */
import { isValidAbn, isValidGln } from './checksums.ts';
import { PARTICIPANT_SCHEMES } from './participant-schemes.ts';
import { documentSpecificationFor as pintSpecificationFor } from './pint/specification.ts';
import { isValidJapaneseCorporateNumber, SCHEME_CHECKS, vatSchemeValueCheck } from './scheme-checks.ts';

/** The billing document specifications exchanged on Peppol. */
export const DOCUMENT_SPECIFICATIONS = [
  'peppol-bis-3',
  'pint',
  'pint-anz',
  'pint-sg',
  'pint-jp',
  'pint-my',
  'pint-ae',
  'pint-om',
] as const;
export type DocumentSpecification = (typeof DOCUMENT_SPECIFICATIONS)[number];

export type Region = 'EU' | 'EEA' | 'Europe' | 'Asia-Pacific' | 'Middle East';

export interface TaxCategory {
  /** The category code of the specification (UNCL5305 for BIS 3 and most PINT specializations). */
  code: string;
  description: string;
}

export interface Country {
  code: string;
  name: string;
  region: Region;
  currency: string;
  /** The tax number a company is created with (`vatNumber`): its name and an example. */
  taxNumber: { name: string; example: string; tax: string };
  /** Peppol participant identifier schemes (ICD) used there, the derived one first. */
  schemes: string[];
  /** How the participant id follows from the tax number, in words (for the documentation). */
  derivation: string;
  /** The participant id the tax number (country prefix included) determines, if it does. */
  derive?: (taxNumber: string, registrationNumber: string | null) => string | undefined;
  /** The identifier to give in `additionalIdentifiers` when the tax number determines no id. */
  give: { scheme: string; name: string };
  /** Checks a tax number the VAT library does not know (format and check digits). */
  checkTaxNumber?: (taxNumber: string) => boolean;
  /** The tax number a participant id of the country's derived scheme implies. */
  taxNumberOf?: (scheme: string, value: string) => string | undefined;
  specification: DocumentSpecification;
  rates: { standard: string; reduced: string[]; note?: string };
  taxCategories: TaxCategory[];
}

const BIS3_CATEGORIES: TaxCategory[] = [
  { code: 'S', description: 'standard rate' },
  { code: 'Z', description: 'zero rated' },
  { code: 'E', description: 'exempt' },
  { code: 'AE', description: 'reverse charge' },
  { code: 'K', description: 'intra-community supply' },
  { code: 'G', description: 'export outside the EU' },
  { code: 'O', description: 'outside the scope of VAT' },
];
const NON_EU_CATEGORIES = BIS3_CATEGORIES.filter((c) => c.code !== 'K').map((c) =>
  c.code === 'G' ? { code: 'G', description: 'export' } : c,
);
const GST_CATEGORIES: TaxCategory[] = [
  { code: 'S', description: 'GST at the standard rate' },
  { code: 'Z', description: 'GST-free / zero rated' },
  { code: 'E', description: 'input taxed / exempt' },
  { code: 'G', description: 'export' },
  { code: 'O', description: 'outside the scope of GST' },
];

/** The undeprecated `<CC>:VAT` scheme of the code list for a country (9930 DE:VAT, 9944 NL:VAT ...). */
export function vatSchemeOf(country: string): string | undefined {
  const id = country === 'GR' ? 'GR:VAT' : `${country}:VAT`;
  return Object.entries(PARTICIPANT_SCHEMES).find(([, s]) => s.schemeId === id && !s.deprecated)?.[0];
}

function digitsAfterPrefix(taxNumber: string): string {
  return taxNumber.slice(2);
}

interface EuropeanOptions {
  region?: Region;
  currency?: string;
  taxName?: string;
  example: string;
  standard: string;
  reduced?: string[];
  note?: string;
}

/** A country whose participant id is its `<CC>:VAT` scheme with the VAT number as value. */
function vatCountry(code: string, name: string, options: EuropeanOptions): Country {
  const scheme = vatSchemeOf(code)!;
  const region = options.region ?? 'EU';
  return {
    code,
    name,
    region,
    currency: options.currency ?? 'EUR',
    taxNumber: { name: options.taxName ?? 'VAT number', example: options.example, tax: 'VAT' },
    schemes: [scheme],
    derivation: `the VAT number under ${scheme} (${PARTICIPANT_SCHEMES[scheme].schemeId})`,
    derive: (vat) => `${scheme}:${vat}`,
    give: { scheme, name: `${PARTICIPANT_SCHEMES[scheme].schemeId} VAT number` },
    taxNumberOf: (s, value) => (s === scheme ? value : undefined),
    specification: 'peppol-bis-3',
    rates: {
      standard: options.standard,
      reduced: options.reduced ?? [],
      ...(options.note ? { note: options.note } : {}),
    },
    taxCategories: region === 'EU' ? BIS3_CATEGORIES : NON_EU_CATEGORIES,
  };
}

/** Singapore UEN: 8 or 9 digits and a letter, or T/S/R, 2 digits, 2 letters, 4 digits and a letter. */
const SG_UEN = /^(\d{8}|\d{9}|[RST]\d{2}[A-Z]{2}\d{4})[A-Z]$/;
/** UAE TRN: 15 digits, the first 10 of which are the TIN (`1` + 9 digits). */
const AE_TRN = /^AE(1\d{9})\d{5}$/;

/** The countries, EU first, then the rest of Europe, then Asia-Pacific and the Middle East. */
export const COUNTRIES: readonly Country[] = [
  vatCountry('AT', 'Austria', { example: 'ATU13585627', standard: '20', reduced: ['10', '13'] }),
  {
    code: 'BE',
    name: 'Belgium',
    region: 'EU',
    currency: 'EUR',
    taxNumber: { name: 'VAT number (the enterprise number with BE)', example: 'BE0202239951', tax: 'VAT' },
    schemes: ['0208', '9925'],
    derivation: 'the enterprise number (KBO/BCE) inside the VAT number, under 0208',
    derive: (vat) => `0208:${digitsAfterPrefix(vat)}`,
    give: { scheme: '0208', name: 'enterprise number (KBO/BCE)' },
    taxNumberOf: (s, value) => (s === '0208' ? `BE${value}` : s === '9925' ? value : undefined),
    specification: 'peppol-bis-3',
    rates: { standard: '21', reduced: ['6', '12'] },
    taxCategories: BIS3_CATEGORIES,
  },
  vatCountry('BG', 'Bulgaria', { example: 'BG175074752', standard: '20', reduced: ['9'] }),
  vatCountry('HR', 'Croatia', { example: 'HR33392005961', standard: '25', reduced: ['5', '13'] }),
  vatCountry('CY', 'Cyprus', { example: 'CY10259033P', standard: '19', reduced: ['3', '5', '9'] }),
  vatCountry('CZ', 'Czechia', { example: 'CZ25123891', currency: 'CZK', standard: '21', reduced: ['12'] }),
  {
    code: 'DK',
    name: 'Denmark',
    region: 'EU',
    currency: 'DKK',
    taxNumber: { name: 'VAT number (the CVR number with DK)', example: 'DK13585628', tax: 'VAT' },
    schemes: ['0184', '0198', '0096'],
    derivation: 'the CVR number (8 digits) inside the VAT number, under 0184 (DK:DIGST)',
    derive: (vat) => `0184:${digitsAfterPrefix(vat)}`,
    give: { scheme: '0184', name: 'CVR number' },
    taxNumberOf: (s, value) => (s === '0184' ? `DK${value.replace(/^DK/i, '')}` : s === '0198' ? value : undefined),
    specification: 'peppol-bis-3',
    rates: { standard: '25', reduced: [] },
    taxCategories: BIS3_CATEGORIES,
  },
  vatCountry('EE', 'Estonia', { example: 'EE100931558', standard: '24', reduced: ['9', '13'] }),
  {
    code: 'FI',
    name: 'Finland',
    region: 'EU',
    currency: 'EUR',
    taxNumber: { name: 'VAT number (the business id with FI)', example: 'FI01120389', tax: 'VAT' },
    schemes: ['0216'],
    derivation:
      'the business id (Y-tunnus, 8 digits) inside the VAT number, as the OVT code 0037 + business id under 0216 (the removed 0037 is still read)',
    derive: (vat) => `0216:0037${digitsAfterPrefix(vat)}`,
    give: { scheme: '0216', name: 'OVT code (0037 + business id)' },
    taxNumberOf: (s, value) => (s === '0216' || s === '0037' ? `FI${value.slice(4, 12)}` : undefined),
    specification: 'peppol-bis-3',
    rates: { standard: '25.5', reduced: ['10', '13.5'] },
    taxCategories: BIS3_CATEGORIES,
  },
  {
    code: 'FR',
    name: 'France',
    region: 'EU',
    currency: 'EUR',
    taxNumber: { name: 'VAT number (key + SIREN)', example: 'FR44732829320', tax: 'VAT' },
    schemes: ['0002', '0009', '0225', '9957'],
    derivation: 'the SIREN inside the VAT number under 0002, or the SIRET under 0009 when the registry gives one',
    derive: (vat, reg) => (reg && /^\d{14}$/.test(reg) ? `0009:${reg}` : `0002:${vat.slice(4)}`),
    give: { scheme: '0002', name: 'SIREN' },
    specification: 'peppol-bis-3',
    rates: { standard: '20', reduced: ['2.1', '5.5', '10'] },
    taxCategories: BIS3_CATEGORIES,
  },
  vatCountry('DE', 'Germany', { example: 'DE811907980', standard: '19', reduced: ['7'] }),
  vatCountry('GR', 'Greece', { example: 'EL094014201', standard: '24', reduced: ['6', '13'] }),
  vatCountry('HU', 'Hungary', { example: 'HU12892312', currency: 'HUF', standard: '27', reduced: ['5', '18'] }),
  vatCountry('IE', 'Ireland', { example: 'IE6388047V', standard: '23', reduced: ['4.8', '9', '13.5'] }),
  {
    code: 'IT',
    name: 'Italy',
    region: 'EU',
    currency: 'EUR',
    taxNumber: { name: 'VAT number (partita IVA with IT)', example: 'IT00743110157', tax: 'VAT' },
    schemes: ['0211', '0210', '0201'],
    derivation: 'the VAT number (IT + partita IVA) under 0211',
    derive: (vat) => `0211:${vat}`,
    give: { scheme: '0211', name: 'partita IVA' },
    taxNumberOf: (s, value) => (s === '0211' ? (/^IT/i.test(value) ? value : `IT${value}`) : undefined),
    specification: 'peppol-bis-3',
    rates: { standard: '22', reduced: ['4', '5', '10'] },
    taxCategories: BIS3_CATEGORIES,
  },
  vatCountry('LV', 'Latvia', { example: 'LV40003521600', standard: '21', reduced: ['5', '12'] }),
  vatCountry('LT', 'Lithuania', { example: 'LT119511515', standard: '21', reduced: ['5', '9'] }),
  vatCountry('LU', 'Luxembourg', { example: 'LU15027442', standard: '17', reduced: ['3', '8', '14'] }),
  vatCountry('MT', 'Malta', { example: 'MT11679112', standard: '18', reduced: ['5', '7'] }),
  vatCountry('NL', 'Netherlands', { example: 'NL810433941B01', standard: '21', reduced: ['9'] }),
  vatCountry('PL', 'Poland', { example: 'PL5260250274', currency: 'PLN', standard: '23', reduced: ['5', '8'] }),
  vatCountry('PT', 'Portugal', { example: 'PT501964843', standard: '23', reduced: ['6', '13'] }),
  vatCountry('RO', 'Romania', { example: 'RO18547290', currency: 'RON', standard: '21', reduced: ['11'] }),
  vatCountry('SK', 'Slovakia', { example: 'SK2020317068', standard: '23', reduced: ['5', '19'] }),
  vatCountry('SI', 'Slovenia', { example: 'SI50223054', standard: '22', reduced: ['5', '9.5'] }),
  vatCountry('ES', 'Spain', { example: 'ESB12345674', standard: '21', reduced: ['4', '10'] }),
  {
    code: 'SE',
    name: 'Sweden',
    region: 'EU',
    currency: 'SEK',
    taxNumber: { name: 'VAT number (SE + organisation number + 01)', example: 'SE556016068001', tax: 'VAT' },
    schemes: ['0007'],
    derivation: 'the organisation number (10 digits) inside the VAT number, under 0007',
    derive: (vat) => (/^SE\d{10}01$/.test(vat) ? `0007:${vat.slice(2, 12)}` : undefined),
    give: { scheme: '0007', name: 'organisation number (organisationsnummer)' },
    taxNumberOf: (s, value) => (s === '0007' ? `SE${value}01` : undefined),
    specification: 'peppol-bis-3',
    rates: { standard: '25', reduced: ['6', '12'] },
    taxCategories: BIS3_CATEGORIES,
  },
  // The rest of the EEA, and Europe outside it.
  {
    code: 'IS',
    name: 'Iceland',
    region: 'EEA',
    currency: 'ISK',
    taxNumber: { name: 'VAT number (VSK-númer, IS + 5 or 6 digits)', example: 'IS12345', tax: 'VAT' },
    schemes: ['0196'],
    derivation:
      'none: the VAT number is not the kennitala, so give the kennitala in additionalIdentifiers (scheme 0196)',
    give: { scheme: '0196', name: 'kennitala' },
    checkTaxNumber: (vat) => /^IS\d{5,6}$/.test(vat),
    taxNumberOf: () => undefined,
    specification: 'peppol-bis-3',
    rates: { standard: '24', reduced: ['11'] },
    taxCategories: NON_EU_CATEGORIES,
  },
  vatCountry('LI', 'Liechtenstein', {
    region: 'EEA',
    currency: 'CHF',
    example: 'LI12345',
    taxName: 'VAT number (MWST-Nr.)',
    standard: '8.1',
    reduced: ['2.6', '3.8'],
  }),
  {
    code: 'NO',
    name: 'Norway',
    region: 'EEA',
    currency: 'NOK',
    taxNumber: { name: 'VAT number (NO + organisation number + MVA)', example: 'NO974760673MVA', tax: 'VAT' },
    schemes: ['0192'],
    derivation: 'the organisation number (9 digits) inside NO…MVA, under 0192',
    derive: (vat) => (/^NO\d{9}MVA$/.test(vat) ? `0192:${vat.slice(2, 11)}` : undefined),
    give: { scheme: '0192', name: 'organisation number (organisasjonsnummer)' },
    taxNumberOf: (s, value) => (s === '0192' ? `NO${value}MVA` : undefined),
    specification: 'peppol-bis-3',
    rates: { standard: '25', reduced: ['12', '15'] },
    taxCategories: NON_EU_CATEGORIES,
  },
  vatCountry('CH', 'Switzerland', {
    region: 'Europe',
    currency: 'CHF',
    example: 'CHE116281710MWST',
    taxName: 'VAT number (UID + MWST/TVA/IVA)',
    standard: '8.1',
    reduced: ['2.6', '3.8'],
  }),
  vatCountry('GB', 'United Kingdom', {
    region: 'Europe',
    currency: 'GBP',
    example: 'GB980780684',
    standard: '20',
    reduced: ['5'],
  }),
  vatCountry('AD', 'Andorra', {
    region: 'Europe',
    example: 'ADU132950U',
    taxName: 'NRT',
    standard: '4.5',
    reduced: ['1', '2.5', '9.5'],
  }),
  vatCountry('AL', 'Albania', {
    region: 'Europe',
    currency: 'ALL',
    example: 'ALJ61922018S',
    taxName: 'NIPT',
    standard: '20',
    reduced: ['6', '10'],
  }),
  vatCountry('BA', 'Bosnia and Herzegovina', {
    region: 'Europe',
    currency: 'BAM',
    example: 'BA4200000000000',
    standard: '17',
  }),
  vatCountry('ME', 'Montenegro', { region: 'Europe', example: 'ME02005549', standard: '21', reduced: ['7', '15'] }),
  vatCountry('MK', 'North Macedonia', {
    region: 'Europe',
    currency: 'MKD',
    example: 'MK4030000000000',
    standard: '18',
    reduced: ['5', '10'],
  }),
  vatCountry('RS', 'Serbia', {
    region: 'Europe',
    currency: 'RSD',
    example: 'RS100000024',
    taxName: 'PIB',
    standard: '20',
    reduced: ['10'],
  }),
  vatCountry('SM', 'San Marino', {
    region: 'Europe',
    example: 'SM00000',
    taxName: 'COE',
    standard: '17',
    note: 'single-stage import tax (imposta monofase), no VAT',
  }),
  vatCountry('TR', 'Türkiye', {
    region: 'Europe',
    currency: 'TRY',
    example: 'TR0000000000',
    taxName: 'VKN',
    standard: '20',
    reduced: ['1', '10'],
  }),
  // Asia-Pacific.
  {
    code: 'AU',
    name: 'Australia',
    region: 'Asia-Pacific',
    currency: 'AUD',
    taxNumber: { name: 'ABN (AU + 11 digits)', example: 'AU51824753556', tax: 'GST' },
    schemes: ['0151', '0088'],
    derivation: 'the ABN under 0151',
    derive: (abn) => `0151:${digitsAfterPrefix(abn)}`,
    give: { scheme: '0151', name: 'ABN' },
    checkTaxNumber: (abn) => /^AU\d{11}$/.test(abn) && isValidAbn(abn.slice(2)),
    taxNumberOf: (s, value) => (s === '0151' ? `AU${value}` : undefined),
    specification: 'pint-anz',
    rates: { standard: '10', reduced: [] },
    taxCategories: GST_CATEGORIES,
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    region: 'Asia-Pacific',
    currency: 'NZD',
    taxNumber: {
      name: 'NZBN (NZ + 13 digits) or GST number (NZ + 8/9 digits)',
      example: 'NZ9429041535431',
      tax: 'GST',
    },
    schemes: ['0088'],
    derivation:
      'the NZBN (a GS1 GLN, 94…) under 0088 when the tax number is the NZBN; a GST (IRD) number does not determine it: give the NZBN in additionalIdentifiers (scheme 0088)',
    derive: (taxNumber) => (/^NZ94\d{11}$/.test(taxNumber) ? `0088:${digitsAfterPrefix(taxNumber)}` : undefined),
    give: { scheme: '0088', name: 'NZBN' },
    checkTaxNumber: (taxNumber) => {
      const digits = digitsAfterPrefix(taxNumber);
      if (/^94\d{11}$/.test(digits)) return isValidGln(digits);
      return /^\d{8,9}$/.test(digits) && isValidIrdNumber(digits);
    },
    taxNumberOf: (s, value) => (s === '0088' && /^94\d{11}$/.test(value) ? `NZ${value}` : undefined),
    specification: 'pint-anz',
    rates: { standard: '15', reduced: [] },
    taxCategories: GST_CATEGORIES,
  },
  {
    code: 'SG',
    name: 'Singapore',
    region: 'Asia-Pacific',
    currency: 'SGD',
    taxNumber: { name: 'GST registration number (SG + UEN, or SG + M…)', example: 'SG201912345K', tax: 'GST' },
    schemes: ['0195'],
    derivation:
      "the UEN inside the GST number, as 'SGUEN' + UEN under 0195; a GST number that is not a UEN (M…) does not determine it",
    derive: (taxNumber) =>
      SG_UEN.test(digitsAfterPrefix(taxNumber)) ? `0195:SGUEN${digitsAfterPrefix(taxNumber)}` : undefined,
    give: { scheme: '0195', name: "UEN (as 'SGUEN' + UEN)" },
    checkTaxNumber: (taxNumber) =>
      SG_UEN.test(digitsAfterPrefix(taxNumber)) || /^SGM[0-9A-Z]\d{7}[A-Z]$/.test(taxNumber),
    taxNumberOf: (s, value) =>
      s === '0195' && /^SGUEN/i.test(value) ? `SG${value.slice(5).toUpperCase()}` : undefined,
    specification: 'pint-sg',
    rates: { standard: '9', reduced: [] },
    taxCategories: [
      { code: 'SR', description: 'standard-rated supply' },
      { code: 'SRCA-S', description: 'customer accounting, supplier side' },
      { code: 'ZR', description: 'zero-rated supply' },
      { code: 'ES33', description: 'exempt supply (regulation 33)' },
      { code: 'ESN33', description: 'exempt supply (other)' },
      { code: 'DS', description: 'deemed supply' },
      { code: 'OS', description: 'out-of-scope supply' },
      { code: 'NG', description: 'seller not GST-registered' },
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    region: 'Asia-Pacific',
    currency: 'JPY',
    taxNumber: {
      name: 'qualified invoice issuer number (JP + T + 13 digits)',
      example: 'JPT7000012050002',
      tax: 'consumption tax',
    },
    schemes: ['0221', '0188'],
    derivation: 'the registration number (T + 13 digits) under 0221; a bare 13-digit corporate number under 0188',
    derive: (taxNumber) => {
      const value = digitsAfterPrefix(taxNumber);
      if (/^T\d{13}$/.test(value)) return `0221:${value}`;
      return /^\d{13}$/.test(value) ? `0188:${value}` : undefined;
    },
    give: { scheme: '0221', name: 'qualified invoice issuer number (T + 13 digits)' },
    checkTaxNumber: (taxNumber) =>
      /^JPT?\d{13}$/.test(taxNumber) && isValidJapaneseCorporateNumber(taxNumber.slice(-13)),
    taxNumberOf: (s, value) => (s === '0221' ? `JP${value.toUpperCase()}` : s === '0188' ? `JP${value}` : undefined),
    specification: 'pint-jp',
    rates: { standard: '10', reduced: ['8'] },
    taxCategories: [
      { code: 'S', description: 'standard rate (10%)' },
      { code: 'AA', description: 'reduced rate (8%)' },
      { code: 'E', description: 'exempt' },
      { code: 'Z', description: 'zero rated' },
      { code: 'G', description: 'export' },
      { code: 'O', description: 'outside the scope' },
    ],
  },
  {
    code: 'MY',
    name: 'Malaysia',
    region: 'Asia-Pacific',
    currency: 'MYR',
    taxNumber: { name: 'TIN (MY + TIN, e.g. C + 10 digits)', example: 'MYC2584563222', tax: 'SST' },
    schemes: ['0230'],
    derivation: 'the TIN under 0230',
    derive: (taxNumber) =>
      /^MY[A-Z]{1,2}\d{8,12}$/.test(taxNumber) ? `0230:${digitsAfterPrefix(taxNumber)}` : undefined,
    give: { scheme: '0230', name: 'TIN' },
    checkTaxNumber: (taxNumber) => /^MY[A-Z]{1,2}\d{8,12}$/.test(taxNumber),
    taxNumberOf: (s, value) => (s === '0230' ? `MY${value.toUpperCase()}` : undefined),
    specification: 'pint-my',
    rates: { standard: '10', reduced: ['5'], note: 'sales tax 5% / 10%; service tax 6% / 8%' },
    taxCategories: [
      { code: 'SA', description: 'sales tax' },
      { code: 'SE', description: 'service tax' },
      { code: 'HVG', description: 'high-value goods tax' },
      { code: 'LVG', description: 'sales tax on low-value goods' },
      { code: 'E', description: 'exempt' },
      { code: 'O', description: 'not applicable' },
    ],
  },
  // Middle East.
  {
    code: 'AE',
    name: 'United Arab Emirates',
    region: 'Middle East',
    currency: 'AED',
    taxNumber: { name: 'TRN (AE + 15 digits)', example: 'AE100123456700003', tax: 'VAT' },
    schemes: ['0235'],
    derivation: 'the TIN (the first 10 digits of the TRN) under 0235',
    derive: (trn) => {
      const m = AE_TRN.exec(trn);
      return m ? `0235:${m[1]}` : undefined;
    },
    give: { scheme: '0235', name: 'TIN (10 digits, 1…)' },
    checkTaxNumber: (trn) => AE_TRN.test(trn),
    specification: 'pint-ae',
    rates: { standard: '5', reduced: [] },
    taxCategories: [
      { code: 'S', description: 'standard rate' },
      { code: 'Z', description: 'zero rated' },
      { code: 'E', description: 'exempt' },
      { code: 'AE', description: 'reverse charge' },
      { code: 'O', description: 'outside the scope of VAT' },
    ],
  },
  {
    code: 'OM',
    name: 'Oman',
    region: 'Middle East',
    currency: 'OMR',
    taxNumber: { name: 'VATIN (OM + 10 digits)', example: 'OM1100003554', tax: 'VAT' },
    schemes: ['0248'],
    derivation: 'the VATIN under 0248',
    derive: (vat) => `0248:${vat}`,
    give: { scheme: '0248', name: 'VATIN (OM + 10 digits)' },
    checkTaxNumber: (vat) => /^OM\d{10}$/.test(vat),
    taxNumberOf: (s, value) => (s === '0248' ? value.toUpperCase() : undefined),
    specification: 'pint-om',
    rates: { standard: '5', reduced: [] },
    taxCategories: [
      { code: 'S', description: 'standard rate' },
      { code: 'Z', description: 'zero rated' },
      { code: 'E', description: 'exempt' },
      { code: 'AE', description: 'reverse charge' },
      { code: 'O', description: 'outside the scope of VAT' },
    ],
  },
];

/** New Zealand IRD (GST) number: 8 or 9 digits, mod 11 with weights 3,2,7,6,5,4,3,2 (then 7,4,3,2,5,2,7,6). */
export function isValidIrdNumber(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const padded = digits.padStart(9, '0');
  const body = padded.slice(0, 8);
  const checkWith = (weights: number[]) => {
    const rest = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0) % 11;
    return rest === 0 ? 0 : 11 - rest;
  };
  let check = checkWith([3, 2, 7, 6, 5, 4, 3, 2]);
  if (check === 10) check = checkWith([7, 4, 3, 2, 5, 2, 7, 6]);
  return check !== 10 && check === Number(padded[8]);
}

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function countryInfo(code: string): Country | undefined {
  return BY_CODE.get(code === 'EL' ? 'GR' : code);
}

/**
 * The billing specification a document from a seller in one country to a buyer in another is
 * exchanged in: the renderer's one rule (`peppol/pint/specification.ts`).
 */
export function documentSpecificationFor(sellerCountry: string, buyerCountry: string): DocumentSpecification {
  return pintSpecificationFor(sellerCountry, buyerCountry);
}

/** A scheme named by its ICD, its code-list id (`IS:KTNR`) or a usual name (GLN, NZBN, UEN ...). */
const SCHEME_ALIASES: Record<string, string> = {
  GLN: '0088',
  NZBN: '0088',
  DUNS: '0060',
  LEI: '0199',
  SIREN: '0002',
  SIRET: '0009',
  UEN: '0195',
  ABN: '0151',
  CVR: '0184',
  KENNITALA: '0196',
  ORGNR: '0007',
  KVK: '0106',
};

export function schemeIcd(scheme: string): string | undefined {
  const upper = scheme.trim().toUpperCase();
  if (/^\d{4}$/.test(upper)) return upper in PARTICIPANT_SCHEMES || upper === '0037' ? upper : undefined;
  const alias = SCHEME_ALIASES[upper];
  if (alias) return alias;
  return Object.entries(PARTICIPANT_SCHEMES).find(([, s]) => s.schemeId.toUpperCase() === upper)?.[0];
}

/** The check of a participant id value under a scheme: the code list's rule, else a VAT scheme's prefix. */
export function schemeValueCheck(scheme: string): ((value: string) => boolean) | undefined {
  const own = SCHEME_CHECKS[scheme];
  if (own) return own;
  const entry = PARTICIPANT_SCHEMES[scheme];
  if (entry && entry.schemeId.endsWith(':VAT') && entry.country !== 'international')
    return vatSchemeValueCheck(entry.country);
  return undefined;
}

function validId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  const [scheme, ...rest] = id.split(':');
  const value = rest.join(':');
  const check = schemeValueCheck(scheme);
  return !check || check(value) ? id : undefined;
}

/** The participant id a tax number (country prefix included, normalized) determines, when it does. */
export function participantIdOfTaxNumber(
  taxNumber: string,
  country: string,
  registrationNumber: string | null = null,
): string | undefined {
  return validId(countryInfo(country)?.derive?.(taxNumber, registrationNumber));
}

/** The tax number a participant id implies (the reverse of the derivation), when it does. */
export function taxNumberOfParticipantId(scheme: string, value: string): string | undefined {
  const country = PARTICIPANT_SCHEMES[scheme]?.country ?? (scheme === '0037' ? 'FI' : undefined);
  if (country && country !== 'international') return countryInfo(country)?.taxNumberOf?.(scheme, value);
  if (scheme === '0088') return countryInfo('NZ')!.taxNumberOf!(scheme, value);
  return undefined;
}

/** Whether a tax number of a country the VAT library does not know has that country's format and check digits. */
export function checkTaxNumberOf(country: string, taxNumber: string): boolean | undefined {
  return countryInfo(country)?.checkTaxNumber?.(taxNumber);
}

export type ParticipantIdResolution =
  | { ok: true; peppolId: string; source: 'tax-number' | 'additional-identifier' }
  | { ok: false; field: string; rule: string; message: string };

/**
 * The participant id a company is registered under: the one its tax number determines, else an
 * `additionalIdentifiers` entry in one of its country's schemes (valid by that scheme's rule), else a
 * problem naming the identifier to give. An entry in a Peppol scheme that fails the scheme's rule
 * is a problem too, whether or not it is needed.
 */
export function resolveParticipantId(input: {
  country: string;
  taxNumber: string;
  registrationNumber?: string | null;
  additionalIdentifiers?: ReadonlyArray<{ scheme: string; value: string }>;
}): ParticipantIdResolution {
  const info = countryInfo(input.country);
  const identifiers = input.additionalIdentifiers ?? [];
  let fromIdentifiers: string | undefined;
  for (const [index, entry] of identifiers.entries()) {
    const icd = schemeIcd(entry.scheme);
    if (!icd) continue;
    const value = entry.value.trim().replace(/\s+/g, '');
    const check = schemeValueCheck(icd);
    if (check && !check(value)) {
      return {
        ok: false,
        field: `additionalIdentifiers[${index}].value`,
        rule: `scheme_${icd}`,
        message: `${entry.value} is not a valid ${PARTICIPANT_SCHEMES[icd]?.schemeId ?? icd} identifier (scheme ${icd})${
          icd === '0195' ? ": give 'SGUEN' followed by the UEN, e.g. SGUEN201912345K" : ''
        }.`,
      };
    }
    if (!fromIdentifiers && info?.schemes.includes(icd)) fromIdentifiers = `${icd}:${value}`;
  }
  const derived = participantIdOfTaxNumber(input.taxNumber, input.country, input.registrationNumber ?? null);
  if (derived) return { ok: true, peppolId: derived, source: 'tax-number' };
  if (fromIdentifiers) return { ok: true, peppolId: fromIdentifiers, source: 'additional-identifier' };
  const give = info?.give;
  return {
    ok: false,
    field: 'additionalIdentifiers',
    rule: 'peppol_participant_id',
    message: give
      ? `${input.taxNumber} does not determine a Peppol participant id in ${info.name}: give the ${give.name} in additionalIdentifiers as {"scheme": "${give.scheme}", "value": "…"}.`
      : `${input.country} is not a country this service serves (docs/countries.md lists them).`,
  };
}

/** For the documentation: the checks of a tax number are the VAT library's for the EU, the table's elsewhere. */
export const TAX_NUMBER_CHECKS_NOTE =
  'EU, NO, CH, GB and the other European VAT numbers are checked by format and check digits of their country; AU (ABN mod 89), NZ (NZBN GS1 / IRD mod 11), SG (UEN), JP (corporate number check digit), MY, AE (TRN) and OM by the table.';
