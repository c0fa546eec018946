import type { ApiKeyRow } from '../../db/schema.ts';

/** The one JSON shape of an API key (part 2.9); the secret is added only by the create response. */
export function toApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    keyPrefix: row.key_prefix,
    name: row.name,
    keyType: row.key_type,
    livemode: row.livemode,
    scopes: row.scopes,
    companyId: row.company_id,
    rateLimit: row.rate_limit,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}
