/** Plans of part 8: requests per minute per key, and documents per organization per month. */
export const PLANS = {
  free: { requestsPerMinute: 60, documentsPerMonth: 50 },
  starter: { requestsPerMinute: 120, documentsPerMonth: 500 },
  pro: { requestsPerMinute: 300, documentsPerMonth: 5_000 },
  platform: { requestsPerMinute: 600, documentsPerMonth: 50_000 },
  white_label: { requestsPerMinute: 1_200, documentsPerMonth: Number.POSITIVE_INFINITY },
} as const;

export type Plan = keyof typeof PLANS;

export function isPlan(value: string): value is Plan {
  return value in PLANS;
}

/** Scopes of part 5; `*` grants them all. */
export const SCOPES = [
  'send',
  'receive',
  'documents.read',
  'documents.search',
  'documents.write',
  'companies.read',
  'companies.write',
  'directory',
  'partners',
  'payments',
  'lifecycle',
  'compliance',
  'stats',
  'platform',
  '*',
] as const;

export type Scope = (typeof SCOPES)[number];

export type KeyType = 'personal' | 'platform' | 'white_label';

/** Secret prefixes by key type and mode (part 5). */
export const KEY_PREFIXES: Record<KeyType, { live: string; test: string }> = {
  personal: { live: 'svc_live_', test: 'svc_test_' },
  platform: { live: 'svc_plat_live_', test: 'svc_plat_test_' },
  white_label: { live: 'svc_wl_live_', test: 'svc_wl_test_' },
};

/** Document types of part 1, the default capability set of a company. */
export const DOCUMENT_TYPES = [
  'invoice',
  'credit-note',
  'debit-note',
  'purchase-order',
  'sales-order',
  'quote',
  'event',
] as const;
