import type { Dec } from '../money.ts';
import type { VatCategory } from '../types.ts';

/**
 * The billing specifications the service renders: Peppol BIS Billing 3 (Europe) and the PINT
 * (Peppol International invoice model) specializations of Asia-Pacific and the Middle East.
 */
export type DocumentSpecification =
  'peppol-bis-3' | 'pint-anz' | 'pint-sg' | 'pint-jp' | 'pint-my' | 'pint-ae' | 'pint-om' | 'pint';

export type PintSpecification = Exclude<DocumentSpecification, 'peppol-bis-3'>;

/** The countries whose Peppol authority mandates a PINT specialization for domestic invoices. */
const JURISDICTIONS: Readonly<Record<string, PintSpecification>> = {
  AU: 'pint-anz',
  NZ: 'pint-anz',
  SG: 'pint-sg',
  JP: 'pint-jp',
  MY: 'pint-my',
  AE: 'pint-ae',
  OM: 'pint-om',
};

/** The PINT specialization of a country, if it has one. */
export function pintJurisdictionOf(country: string | undefined): PintSpecification | undefined {
  return country ? JURISDICTIONS[country.toUpperCase()] : undefined;
}

/**
 * The specification a billing document between a seller and a buyer in these countries (ISO 3166-1
 * alpha-2) is rendered in:
 * - neither country has a PINT specialization: Peppol BIS Billing 3, as before;
 * - both are in the same PINT jurisdiction (AU and NZ are one): that specialization;
 * - only the buyer is: the buyer's specialization, the one its access point accepts;
 * - otherwise (the seller in a PINT jurisdiction, the buyer elsewhere): the generic PINT, the
 *   cross-border model every PINT specialization derives from.
 */
export function documentSpecificationFor(
  sellerCountry: string | undefined,
  buyerCountry: string | undefined,
): DocumentSpecification {
  const seller = pintJurisdictionOf(sellerCountry);
  const buyer = pintJurisdictionOf(buyerCountry);
  if (!seller && !buyer) return 'peppol-bis-3';
  if (seller === buyer) return seller!;
  if (buyer && !seller) return buyer;
  return 'pint';
}

/** How one PINT specialization writes and reads the tax parts of a document. */
export interface PintSpecificationInfo {
  id: PintSpecification;
  /** CustomizationID (ibt-024) of a billing document. */
  customizationId: string;
  /** ProfileID (ibt-023). */
  profileId: string;
  /** The official rule set, as named under external/schematron/ of phive-rules-peppol. */
  officialRules: string;
  /** cac:TaxScheme/cbc:ID of tax categories and of the parties' tax registrations. */
  taxScheme: string;
  /** Document currency when the body gives none. */
  currency: string;
  /** The participant scheme whose identifier is a party's legal registration (ibt-030/ibt-047), by country. */
  legalScheme: Readonly<Record<string, string>>;
  /** A body's tax category (UNCL 5305, as in BIS 3) in this specialization's code list. */
  categoryOut(category: VatCategory, rate: Dec | undefined): string;
  /** A category code read from a document of this specialization, back to the body's code. */
  categoryIn(code: string): string;
}

const same = (category: string) => category;

/** Singapore's GST categories (PINT SG code list) against UNCL 5305. */
const SG_OUT: Record<string, string> = { S: 'SR', Z: 'ZR', E: 'ES33', O: 'OS', G: 'ZR', AE: 'SR', K: 'ZR' };
const SG_IN: Record<string, VatCategory> = {
  SR: 'S',
  SRCA: 'S',
  SRRC: 'S',
  SROVR: 'S',
  ZR: 'Z',
  ES33: 'E',
  ESN33: 'E',
  DS: 'S',
  OS: 'O',
  NG: 'O',
  NA: 'O',
};

export const PINT_SPECIFICATIONS: Readonly<Record<PintSpecification, PintSpecificationInfo>> = {
  'pint-anz': {
    id: 'pint-anz',
    customizationId: 'urn:peppol:pint:billing-1@aunz-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint-aunz/1.1.2',
    taxScheme: 'GST',
    currency: 'AUD',
    legalScheme: { AU: '0151', NZ: '0088' },
    categoryOut: same,
    categoryIn: same,
  },
  'pint-sg': {
    id: 'pint-sg',
    customizationId: 'urn:peppol:pint:billing-1@sg-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint-sg/1.4.0',
    taxScheme: 'GST',
    currency: 'SGD',
    legalScheme: { SG: '0195' },
    categoryOut: (c) => SG_OUT[c] ?? c,
    categoryIn: (code) => SG_IN[code] ?? code,
  },
  'pint-jp': {
    id: 'pint-jp',
    customizationId: 'urn:peppol:pint:billing-1@jp-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint-jp/1.1.2',
    taxScheme: 'VAT',
    currency: 'JPY',
    legalScheme: {},
    categoryOut: same,
    categoryIn: same,
  },
  'pint-my': {
    id: 'pint-my',
    customizationId: 'urn:peppol:pint:billing-1@my-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint-my/1.3.0',
    taxScheme: 'VAT',
    currency: 'MYR',
    legalScheme: {},
    categoryOut: same,
    categoryIn: same,
  },
  'pint-ae': {
    id: 'pint-ae',
    customizationId: 'urn:peppol:pint:billing-1@ae-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint-ae/2026.5',
    taxScheme: 'VAT',
    currency: 'AED',
    legalScheme: {},
    categoryOut: same,
    categoryIn: same,
  },
  'pint-om': {
    id: 'pint-om',
    customizationId: 'urn:peppol:pint:billing-1@om-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint-om/1.0.0',
    taxScheme: 'VAT',
    currency: 'OMR',
    legalScheme: {},
    categoryOut: same,
    categoryIn: same,
  },
  pint: {
    id: 'pint',
    customizationId: 'urn:peppol:pint:billing-1',
    profileId: 'urn:peppol:bis:billing',
    officialRules: 'pint/1.1.2',
    taxScheme: 'VAT',
    currency: 'EUR',
    legalScheme: {},
    categoryOut: same,
    categoryIn: same,
  },
};

/** The PINT specialization a CustomizationID belongs to (the longest matching prefix), if any. */
export function pintSpecificationOf(customizationId: string | undefined): PintSpecificationInfo | undefined {
  const id = customizationId?.trim();
  if (!id?.startsWith('urn:peppol:pint:')) return undefined;
  let best: PintSpecificationInfo | undefined;
  for (const info of Object.values(PINT_SPECIFICATIONS)) {
    if (id.startsWith(info.customizationId) && (!best || info.customizationId.length > best.customizationId.length))
      best = info;
  }
  return best;
}
