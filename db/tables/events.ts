import type { NullableTimestamp, Timestamp, Json } from './columns.ts';

export interface EventsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  company_id: string | null;
  type: string;
  data: Json<Record<string, unknown>>;
  api_version: string;
  created_at: Timestamp;
  acknowledged_at: NullableTimestamp;
  /** Set once the fan-out to matching webhooks has been scheduled. */
  dispatched_at: NullableTimestamp;
}

export interface EventTables {
  events: EventsTable;
}
