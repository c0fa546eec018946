import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.ts';

/** A request by another organization to join a company; the owning organization decides. */
export interface JoinRequestsTable {
  id: string;
  company_id: string;
  /** The organization that owns the company (and decides). */
  organization_id: string;
  livemode: boolean;
  requester_organization_id: string;
  requester_user_id: string | null;
  requester_api_key_id: string | null;
  status: Generated<string>;
  /** `user:<id>` or `key:<id>` of whoever accepted or rejected. */
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface JoinRequestTables {
  join_requests: JoinRequestsTable;
}
