import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

export interface ProbesTable {
  id: string;
  requested_by: string;
  created_at: Generated<Date>;
}

/** The service's signing keys; the highest generation is the active one. */
export interface SigningKeysTable {
  generation: number;
  kid: string;
  public_jwk: Json<Record<string, unknown>>;
  /** PKCS #8 PEM. */
  private_key: string;
  created_at: Timestamp;
}

export interface SystemTables {
  probes: ProbesTable;
  signing_keys: SigningKeysTable;
}
