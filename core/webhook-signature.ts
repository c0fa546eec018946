import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures of part 6.3: `X-Service-Signature: t=<unix seconds>,v1=<hex>` where `v1` is
 * HMAC-SHA256(secret, "<t>.<raw body>"). The service signs with {@link signWebhookPayload};
 * receivers check with {@link verifyWebhookSignature} (Node only, no other dependency).
 */

/** Part 8: a receiver rejects a signature whose timestamp is more than 5 minutes off. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export const SIGNATURE_HEADER = 'X-Service-Signature';

export interface SignInput {
  payload: string | Buffer;
  secret: string;
  /** Unix seconds; defaults to now. */
  timestamp?: number;
}

export function signWebhookPayload({ payload, secret, timestamp }: SignInput): { header: string; timestamp: number; signature: string } {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  const signature = hmacHex(secret, t, payload);
  return { header: `t=${t},v1=${signature}`, timestamp: t, signature };
}

export interface VerifyInput {
  /** The raw request body exactly as received: never a re-serialised parse of it. */
  payload: string | Buffer;
  /** The value of the X-Service-Signature header. */
  header: string | string[] | undefined | null;
  secret: string;
  toleranceSeconds?: number;
  /** The receiver's current time (a Date or epoch milliseconds); defaults to now. */
  now?: Date | number;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch'; timestamp?: number };

/**
 * Checks a delivery's signature: the header parses, its timestamp is within the tolerance of now,
 * and one of its `v1` values equals the HMAC of `<t>.<payload>` (compared in constant time).
 */
export function verifyWebhookSignature({ payload, header, secret, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now }: VerifyInput): VerifyResult {
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
  const nowSeconds = Math.floor((now instanceof Date ? now.getTime() : now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'timestamp_out_of_tolerance', timestamp };
  const expected = Buffer.from(hmacHex(secret, timestamp, payload), 'hex');
  // Every candidate is compared (no early exit), each in constant time.
  let matched = false;
  for (const candidate of candidates) {
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch', timestamp };
}

function hmacHex(secret: string, timestamp: number, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}
