import type { Address } from '../../db/tables/companies.ts';

/** What a national registry knows about a VAT-registered company. */
export interface RegistryCompany {
  vatNumber: string;
  country: string;
  legalName: string;
  address: Address | null;
  /** National registration number when the registry gives one (KBO, SIREN/SIRET, partita IVA ...). */
  registrationNumber: string | null;
  /** The participant id the registry data implies (see peppol-id.ts); the directory may override it. */
  peppolId: string | null;
}

export type RegistryErrorCode = 'VAT_NOT_FOUND' | 'VAT_INACTIVE' | 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_TIMEOUT';

/** A registry answer that is not a company: unknown, ceased, or the registry itself failing. */
export class RegistryError extends Error {
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

/**
 * A national company registry (VIES for every EU VAT number, plus national registries where they
 * exist). `lookupVat` throws {@link RegistryError}; it never returns a partial answer.
 */
export interface NationalRegistry {
  readonly name: string;
  lookupVat(vatNumber: string): Promise<RegistryCompany>;
  /** Companies whose name or number matches `text`; registries without a name search return []. */
  search(query: { text: string; countryCode?: string | undefined; limit: number }): Promise<RegistryCompany[]>;
  /** Exercises the registry for /health/contracts; resolves with a detail line or throws. */
  probe(): Promise<string>;
}
