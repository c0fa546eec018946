import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns.ts';

export type PartnerRole = 'supplier' | 'buyer' | 'both';
/** `registered`: in the Peppol directory; `not_registered`: looked up and absent; `unknown`: lookup failed. */
export type PeppolStatus = 'registered' | 'not_registered' | 'unknown';

export interface PartnerDefaults {
  currency?: string;
  paymentTermsDays?: number;
  note?: string;
  orderReference?: string;
  buyerReference?: string;
  [key: string]: unknown;
}

export interface PartnerEnrichment {
  naceCode?: string | null;
  naceCodes?: string[];
  legalName?: string;
  city?: string | null;
  postalCode?: string | null;
  documentTypes?: string[];
  accessPoint?: string | null;
  source?: 'directory' | 'organization';
  enrichedAt?: string;
}

export interface PartnersTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  peppol_id: string | null;
  vat_number: string | null;
  name: string;
  country: string | null;
  role: PartnerRole;
  contact_name: string | null;
  contact_email: string | null;
  peppol_status: PeppolStatus;
  defaults: Json<PartnerDefaults>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Extra identifiers (SIREN, GLN, DUNS ...) that recipient resolution matches on. */
  identifiers: Json<Array<{ scheme: string; value: string }>>;
  enrichment: Json<PartnerEnrichment>;
  documents_sent: Generated<number>;
  documents_received: Generated<number>;
  last_activity_at: NullableTimestamp;
  metadata: Json<Record<string, string>>;
  /** cXML PunchOut credentials of the supplier: set together with the secret's hash, or all null. */
  punchout_identity: ColumnType<string | null, string | null | undefined, string | null>;
  punchout_domain: ColumnType<string | null, string | null | undefined, string | null>;
  punchout_secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PartnerTables {
  partners: PartnersTable;
}
