import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns.ts';

export type WebhookStatus = 'active' | 'paused';
export type WebhookSecretFormat = 'text' | 'whsec';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhooksTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  /** Null: every event of the organization (in this mode); else only that company's events. */
  company_id: string | null;
  url: string;
  /** Catalog event types, or `*`. */
  events: ColumnType<string[], string[], string[]>;
  secret: string;
  /** `whsec`: the HMAC key is the base64 after `whsec_`; `text`: the UTF-8 bytes of the secret (before 2026-11-29). */
  secret_format: Generated<WebhookSecretFormat>;
  status: Generated<WebhookStatus>;
  /** Failed attempts since the last successful one (reset on success and on re-activation). */
  failure_count: Generated<number>;
  last_delivered_at: NullableTimestamp;
  /** The owner notice: when and why the service paused the webhook (cleared on re-activation). */
  paused_at: NullableTimestamp;
  paused_reason: string | null;
  /** A subscription of the AFNOR flow service: delivers the `Flow` of matching flows, not the event. */
  afnor: Json<AfnorSubscription | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AfnorSubscription {
  headers: Array<{ headerName: string; headerValue: string }>;
  authentication:
    | { authType: 'BASIC'; userId: string; userPassword: string }
    | { authType: 'OAUTH2'; tokenUrl: string; clientId: string; clientSecret: string }
    | null;
  signature: { algo: string; key: string } | null;
  metadata: { flowType: string; flowDirection: 'In' | 'Out'; processingRule?: string; ackStatus?: string };
}

export interface WebhookDeliveriesTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  webhook_id: string;
  event_id: string;
  /** A replay makes a new delivery of an event already delivered to the same webhook. */
  replay: Generated<boolean>;
  status: Generated<DeliveryStatus>;
  attempt_count: Generated<number>;
  next_attempt_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WebhookDeliveryAttemptsTable {
  delivery_id: string;
  /** 1 to 8, as sent in X-Service-Attempt. */
  attempt: number;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Null while the attempt runs (or if its worker died mid-request). */
  outcome: 'succeeded' | 'failed' | null;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}
