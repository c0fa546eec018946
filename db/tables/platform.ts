import type { Json, NullableTimestamp, Timestamp } from './columns.ts';

export interface Branding {
  displayName?: string;
  /** A `data:image/png;base64,…` or `data:image/svg+xml;base64,…` URL, checked to hold such an image. */
  logo?: string;
  primaryColor?: string;
  supportEmail?: string;
}

export interface PlatformDefaults {
  capabilities?: { send: string[]; receive: string[] };
  settings?: Record<string, unknown>;
  webhook?: { url: string; events: string[] };
}

export interface TenantQuotas {
  documentsPerMonth?: number;
  requestsPerMinute?: number;
}

export interface PlatformSettingsTable {
  organization_id: string;
  livemode: boolean;
  branding: Json<Branding>;
  defaults: Json<PlatformDefaults>;
  quotas: Json<TenantQuotas>;
  custom_domain: string | null;
  custom_domain_token: string | null;
  custom_domain_status: 'pending' | 'verified' | null;
  custom_domain_checked_at: NullableTimestamp;
  custom_domain_verified_at: NullableTimestamp;
  custom_domain_failure: string | null;
  updated_at: Timestamp;
}

export interface CompanyUsageCountersTable {
  company_id: string;
  /** `YYYY-MM` (UTC). */
  period: string;
  documents: number;
}

export interface PlatformTables {
  platform_settings: PlatformSettingsTable;
  company_usage_counters: CompanyUsageCountersTable;
}
