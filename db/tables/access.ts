import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp, Json } from './columns.ts';

export interface OrganizationsTable {
  id: string;
  name: string;
  /** Unique, URL-safe; the web app's path segment for the organization. */
  slug: string;
  plan: Generated<string>;
  country: string | null;
  vat_number: string | null;
  parent_organization_id: string | null;
  sandbox: Generated<boolean>;
  forced_rate_limit_until: NullableTimestamp;
  settings: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  external_id: string | null;
  email: string | null;
  name: string | null;
  created_at: Timestamp;
}

export interface MembershipsTable {
  organization_id: string;
  user_id: string;
  role: Generated<string>;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  company_id: string | null;
  name: string;
  key_type: string;
  livemode: boolean;
  key_prefix: string;
  key_hash: string;
  scopes: string[];
  rate_limit: number | null;
  expires_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface RateLimitHitsTable {
  bucket: string;
  hit_at: Timestamp;
  /** The hit's number in its bucket, in time order (see `consume_rate_limit`, migration 96). */
  seq: Generated<number>;
}

export interface UsageCountersTable {
  organization_id: string;
  period: string;
  documents: Generated<number>;
}

export interface IdempotencyKeysTable {
  organization_id: string;
  principal: string;
  idempotency_key: string;
  request_hash: string;
  method: string;
  path: string;
  state: string;
  request_id: string;
  response_status: number | null;
  response_headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  response_body: Buffer | null;
  created_at: Timestamp;
  locked_until: Timestamp;
  completed_at: NullableTimestamp;
  /** The API process that claimed the key (see the acceptance-outbox migration). */
  holder: string | null;
}

export interface RequestLogsTable {
  id: string;
  organization_id: string | null;
  livemode: boolean | null;
  api_key_id: string | null;
  user_id: string | null;
  /** The company the request acted for (bound key or X-Service-Company), if any. */
  company_id: string | null;
  method: string;
  path: string;
  operation_id: string | null;
  status: number;
  duration_ms: number;
  idempotency_key: string | null;
  idempotent_replay: Generated<boolean>;
  error_code: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface AccessTables {
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  rate_limit_hits: RateLimitHitsTable;
  usage_counters: UsageCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  request_logs: RequestLogsTable;
}
