import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures: `X-Service-Signature: t=<unix seconds>,v1=<hex>` where `v1` is
 * HMAC-SHA256(key, "<t>.<raw body>"). The service signs with {@link signWebhookPayload};
 * receivers check with {@link verifyWebhookSignature} (Node only, no other dependency).
 *
 * The key: a secret the service issues is `whsec_` + base64 of 32 random bytes (the Standard Webhooks
 * form) and its key is those decoded bytes. Any other secret (one chosen by the owner, or one issued
 * before 2026-11-29, which keeps signing this way until rotated) signs with its UTF-8 bytes.
 */

/** How a secret gives its HMAC key: `whsec` the base64 after `whsec_`, `text` its UTF-8 bytes. */
export type WebhookSecretFormat = 'text' | 'whsec';

/** A secret as the API returned it, or the key bytes themselves. */
export type WebhookKey = string | Buffer;

const WHSEC = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/** `whsec` when the secret is `whsec_` + base64 of 24 to 64 bytes (as Standard Webhooks reads it), else `text`. */
export function webhookSecretFormat(secret: string): WebhookSecretFormat {
  const base64 = WHSEC.exec(secret)?.[1];
  if (!base64) return 'text';
  const length = Buffer.from(base64, 'base64').length;
  return length >= 24 && length <= 64 ? 'whsec' : 'text';
}

/** The HMAC key of a secret: its decoded bytes in the `whsec` form, its UTF-8 bytes otherwise. */
export function webhookSigningKey(secret: string, format = webhookSecretFormat(secret)): Buffer {
  return format === 'whsec' ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** A fresh secret: `whsec_` + base64 of 32 random bytes, as the Standard Webhooks libraries take it. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The key to sign with: bytes as given, a secret string read by its form. */
const signingKey = (key: WebhookKey) => (typeof key === 'string' ? webhookSigningKey(key) : key);

/**
 * The keys a receiver tries: the secret read by its form and, for a `whsec_…` secret, its UTF-8
 * bytes too (a secret issued before 2026-11-29 has that shape but signs as text until rotated).
 */
function verifyingKeys(key: WebhookKey): Buffer[] {
  if (typeof key !== 'string') return [key];
  const keys = [webhookSigningKey(key)];
  if (webhookSecretFormat(key) === 'whsec') keys.push(Buffer.from(key, 'utf8'));
  return keys;
}

/** Part 8: a receiver rejects a signature whose timestamp is more than 5 minutes off. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export const SIGNATURE_HEADER = 'X-Service-Signature';

export interface SignInput {
  payload: string | Buffer;
  /** The webhook's secret, or its key bytes ({@link webhookSigningKey}). */
  secret: WebhookKey;
  /** Unix seconds; defaults to now. */
  timestamp?: number;
}

export function signWebhookPayload({ payload, secret, timestamp }: SignInput): {
  header: string;
  timestamp: number;
  signature: string;
} {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  const signature = hmacHex(signingKey(secret), t, payload);
  return { header: `t=${t},v1=${signature}`, timestamp: t, signature };
}

export interface VerifyInput {
  /** The raw request body exactly as received: never a re-serialised parse of it. */
  payload: string | Buffer;
  /** The value of the X-Service-Signature header. */
  header: string | string[] | undefined | null;
  /** The webhook's secret as the API returned it (or its key bytes). */
  secret: WebhookKey;
  toleranceSeconds?: number;
  /** The receiver's current time (a Date or epoch milliseconds); defaults to now. */
  now?: Date | number;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | {
      ok: false;
      reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch';
      timestamp?: number;
    };

/**
 * Checks a delivery's signature: the header parses, its timestamp is within the tolerance of now,
 * and one of its `v1` values equals the HMAC of `<t>.<payload>` (compared in constant time).
 */
export function verifyWebhookSignature({
  payload,
  header,
  secret,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now,
}: VerifyInput): VerifyResult {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return { ok: false, reason: 'missing_header' };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(val)) timestamp = Number(val);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(val)) candidates.push(val.toLowerCase());
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed_header' };
  const nowSeconds = Math.floor((now instanceof Date ? now.getTime() : (now ?? Date.now())) / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return { ok: false, reason: 'timestamp_out_of_tolerance', timestamp };
  // Every candidate is compared with every key (no early exit), each in constant time.
  let matched = false;
  for (const key of verifyingKeys(secret)) {
    const expected = Buffer.from(hmacHex(key, timestamp, payload), 'hex');
    for (const candidate of candidates) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
    }
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch', timestamp };
}

function hmacHex(key: Buffer, timestamp: number, payload: string | Buffer): string {
  return createHmac('sha256', key).update(`${timestamp}.`).update(payload).digest('hex');
}

/**
 * Standard Webhooks (standardwebhooks.com), sent alongside `X-Service-Signature` so receivers can use
 * the `standardwebhooks` or `svix` libraries: `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "<webhook-id>.<webhook-timestamp>.<raw body>">`, with the same key. Those libraries take a
 * `whsec_<base64 key>` secret: an issued secret is one already; {@link standardWebhooksSecret} gives
 * that form of any other.
 */
export const STANDARD_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export interface StandardSignInput extends SignInput {
  /** The event id: the same on every attempt and replay, so receivers deduplicate on it. */
  id: string;
}

export function signStandardWebhook({
  id,
  payload,
  secret,
  timestamp,
}: StandardSignInput): Record<(typeof STANDARD_HEADERS)[keyof typeof STANDARD_HEADERS], string> {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(t),
    'webhook-signature': `v1,${standardHmac(signingKey(secret), id, t, payload).toString('base64')}`,
  };
}

/**
 * The secret to hand to the Standard Webhooks or Svix libraries: an issued `whsec_…` secret as is,
 * any other `whsec_` + base64 of its UTF-8 bytes. Pass `'text'` for a secret issued before
 * 2026-11-29 that was not rotated since.
 */
export function standardWebhooksSecret(secret: string, format = webhookSecretFormat(secret)): string {
  return `whsec_${webhookSigningKey(secret, format).toString('base64')}`;
}

export interface StandardVerifyInput {
  /** The raw request body exactly as received. */
  payload: string | Buffer;
  /** The request headers (names in lower case, as Node gives them). */
  headers: Record<string, string | string[] | undefined>;
  /** The webhook's secret as the API returned it (not the `standardWebhooksSecret` form), or its key bytes. */
  secret: WebhookKey;
  toleranceSeconds?: number;
  now?: Date | number;
}

/**
 * Checks the Standard Webhooks headers of a delivery with the same rules as part 6.3: timestamp
 * within the tolerance, any of the space-separated `v1,` signatures equal in constant time.
 */
export function verifyStandardWebhook({
  payload,
  headers,
  secret,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now,
}: StandardVerifyInput): VerifyResult {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one(STANDARD_HEADERS.id);
  const rawTimestamp = one(STANDARD_HEADERS.timestamp);
  const signatures = one(STANDARD_HEADERS.signature);
  if (!id || !rawTimestamp || !signatures) return { ok: false, reason: 'missing_header' };
  if (!/^\d{1,12}$/.test(rawTimestamp)) return { ok: false, reason: 'malformed_header' };
  const timestamp = Number(rawTimestamp);
  const candidates = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  if (candidates.length === 0) return { ok: false, reason: 'malformed_header', timestamp };
  const nowSeconds = Math.floor((now instanceof Date ? now.getTime() : (now ?? Date.now())) / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return { ok: false, reason: 'timestamp_out_of_tolerance', timestamp };
  let matched = false;
  for (const key of verifyingKeys(secret)) {
    const expected = standardHmac(key, id, timestamp, payload);
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(expected, candidate)) matched = true;
    }
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch', timestamp };
}

function standardHmac(key: Buffer, id: string, timestamp: number, payload: string | Buffer): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(payload).digest();
}
