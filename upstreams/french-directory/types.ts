/**
 * The French e-invoicing directory (the annuaire of the PPF), in the vocabulary of the AFNOR XP
 * Z12-013 Directory Service 1.2.0 that both the public annuaire and our facade speak.
 */

export type AdministrativeStatus = 'A' | 'C';
export type EntityType = 'Public' | 'PrivateVatRegistered';
export type FacilityType = 'P' | 'S';
/** UNTDID 3035: `WK` an approved platform (PA), `DFH` the public platform (PPF). */
export type PlatformType = 'WK' | 'DFH';
export type DirectoryLineStatus = 'Enabled' | 'Disabled' | 'Upcoming';

export interface AnnuaireAddress {
  addressLines?: string[];
  postalCode?: string;
  countrySubdivision?: string;
  locality?: string;
  country?: string;
}

export interface LegalUnit {
  siren: string;
  businessName: string;
  entityType: EntityType;
  administrativeStatus: AdministrativeStatus;
  instructions: { isSalesProspectingForbidden: boolean };
}

export interface Facility {
  siret: string;
  siren: string;
  facilityType: FacilityType;
  name: string;
  address: AnnuaireAddress;
  administrativeStatus: AdministrativeStatus;
  legalUnit?: LegalUnit;
}

export interface RoutingCode {
  routingIdentifier: string;
  siret: string;
  routingCodeName: string;
  administrativeStatus: AdministrativeStatus;
  address: AnnuaireAddress;
  legalUnit?: LegalUnit;
  facility?: Facility;
}

export interface DirectoryLine {
  addressingIdentifier: string;
  platformType: PlatformType;
  directoryLineStatus: DirectoryLineStatus;
  siren: string;
  siret?: string;
  addressingSuffix?: string;
  /** Without `include: ["routingCode"]` only its identifier. */
  routingCode?: Partial<RoutingCode>;
  legalUnit?: LegalUnit;
  facility?: Facility;
}

/** The four collections of the annuaire, named as the paths of the standard name them. */
export type AnnuaireKind = 'siren' | 'siret' | 'routing-code' | 'directory-line';

export interface AnnuaireEntry {
  siren: LegalUnit;
  siret: Facility;
  'routing-code': RoutingCode;
  'directory-line': DirectoryLine;
}

export interface AnnuaireFilter {
  op: 'strict' | 'contains' | 'startWith';
  value: string;
}

/** A search body of the standard, defaults filled in (limit 50, ignore 0). */
export interface AnnuaireSearch {
  filters: Record<string, AnnuaireFilter>;
  sorting: Array<{ field: string; sortingOrder: 'ascending' | 'descending' }>;
  fields: string[];
  include: string[];
  limit: number;
  ignore: number;
}

export interface AnnuaireResults<T> {
  totalNumberOfResults: number;
  results: T[];
}

/** The key of a single read: a SIREN, a SIRET, a SIRET and routing identifier, an addressing identifier. */
export type AnnuaireKey =
  | { kind: 'siren'; siren: string }
  | { kind: 'siret'; siret: string }
  | { kind: 'routing-code'; siret: string; routingIdentifier: string }
  | { kind: 'directory-line'; addressingIdentifier: string };

/** Where invoices to a SIREN or SIRET go: the Peppol participant of its directory line. */
export interface FrenchRoute {
  addressingIdentifier: string;
  peppolId: string;
  name: string;
  /** The line belongs to one of the caller's own companies. */
  companyId?: string;
}

/** Who asks: the sandbox directory also lists the organization's own French companies. */
export interface AnnuaireCaller {
  organizationId: string;
}

/** The annuaire: the four searches and single reads of the Directory Service, and recipient routing. */
export interface FrenchDirectory {
  search<K extends AnnuaireKind>(
    kind: K,
    search: AnnuaireSearch,
    caller: AnnuaireCaller,
  ): Promise<AnnuaireResults<Partial<AnnuaireEntry[K]>>>;
  get<K extends AnnuaireKind>(
    key: AnnuaireKey & { kind: K },
    options: { fields: string[]; include: string[] },
    caller: AnnuaireCaller,
  ): Promise<Partial<AnnuaireEntry[K]> | undefined>;
  /** The enabled directory line a SIREN or SIRET is invoiced at (a SIRET without its own line: its SIREN's). */
  route(identifier: { siren: string } | { siret: string }, caller: AnnuaireCaller): Promise<FrenchRoute | undefined>;
}
