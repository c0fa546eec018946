import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp, Json } from './columns.ts';

export interface Address {
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country: string;
}

/** A live company's presence on the Peppol network as last checked (companies.network). */
export interface CompanyNetwork {
  smp: 'not_registered' | 'pending' | 'published' | 'conflict';
  sml: 'unchecked' | 'resolves' | 'elsewhere' | 'absent';
  directory: 'unchecked' | 'listed' | 'absent';
  checkedAt: string | null;
  problem: string | null;
}

export type CompanyStatus = 'active' | 'inactive' | 'suspended';

export interface CompaniesTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  name: string;
  legal_name: string;
  vat_number: string;
  country: string;
  peppol_id: string | null;
  additional_identifiers: Json<Array<{ scheme: string; value: string }>>;
  address: Json<Address | null>;
  capabilities: Json<{ send: string[]; receive: string[] }>;
  status: Generated<CompanyStatus>;
  smp_registered: Generated<boolean>;
  smp_registered_at: NullableTimestamp;
  compliance: Json<Record<string, unknown>>;
  settings: Json<Record<string, unknown>>;
  stats: Json<{ sent: number; received: number }>;
  metadata: Json<Record<string, string>>;
  clock_offset_ms: ColumnType<number, number | undefined, number>;
  /** Bumped by each live SMP registration the workflow records (see db/companies.ts markCompanySmpRegistered). */
  smp_generation: Generated<number>;
  network: ColumnType<CompanyNetwork | null, string | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The sandbox SMP simulator's registry: participants and the document types they receive. */
export interface SandboxSmpParticipantsTable {
  participant_id: string;
  document_types: Json<string[]>;
  registered_at: Timestamp;
}

export interface CompanyTables {
  companies: CompaniesTable;
  sandbox_smp_participants: SandboxSmpParticipantsTable;
}
