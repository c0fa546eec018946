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

/** A workflow run a committed write owes, until the run exists (the acceptance outbox). */
export interface WorkflowStartsTable {
  workflow_id: string;
  workflow_type: string;
  task_queue: string;
  args: Json<unknown[]>;
  /** The run's owner, from which its search attributes are derived. */
  owner: Json<{ organizationId: string; livemode: boolean; companyId?: string | null; documentId?: string | null }>;
  created_at: Generated<Date>;
}

export interface SystemTables {
  probes: ProbesTable;
  workflow_starts: WorkflowStartsTable;
  signing_keys: SigningKeysTable;
}
