import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

export interface DirectoryAccessPoint {
  /** The provider's Peppol seat id (`P<country><number>`). */
  id: string;
  name: string;
  country: string;
  endpointUrl: string;
  transportProfile: string;
  certificateSubject: string;
}

export interface DirectorySmp {
  hostname: string;
  url: string;
}

/**
 * The sandbox Peppol Directory: participants the simulator answers searches with, generated
 * deterministically at first use. Live searches never read this table.
 */
export interface DirectoryParticipantsTable {
  peppol_id: string;
  name: string;
  country: string;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  vat_number: string | null;
  siren: string | null;
  siret: string | null;
  identifiers: Json<Array<{ scheme: string; value: string }>>;
  nace_codes: ColumnType<string[], string[], string[]>;
  document_types: ColumnType<string[], string[], string[]>;
  /** Set on establishments (sub-entities): the participant id of their legal entity. */
  parent_peppol_id: string | null;
  website: string | null;
  contact_email: string | null;
  access_point: Json<DirectoryAccessPoint>;
  smp: Json<DirectorySmp>;
  registered_at: Timestamp;
}

export interface DirectoryTables {
  directory_participants: DirectoryParticipantsTable;
}
