import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './schema.ts';

/** A webhook delivery's body: an event of the catalog with the API version of its shape. */
export type WebhookEvent = components['schemas']['Event'] & { apiVersion: string };

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch',
  ) {
    super(`webhook signature rejected: ${reason}`);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyWebhookOptions {
  /** Five minutes unless set. */
  toleranceSeconds?: number;
  /** The receiver's clock; defaults to now. */
  now?: Date;
}

/**
 * Verifies a delivery and returns its event: `X-Service-Signature: t=<unix>,v1=<hex>` where v1 is
 * HMAC-SHA256(key, "<t>.<raw body>"); the timestamp must be within 5 minutes and v1 is compared in
 * constant time. The key of a `whsec_<base64>` secret (every secret the service issues) is its
 * decoded bytes; of any other secret, or of one issued before 2026-11-29 and not rotated since, its
 * UTF-8 bytes: both are tried. Pass the raw body exactly as received, never a re-serialised parse.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const header = headerValue(headers, 'x-service-signature');
  if (!header) throw new WebhookVerificationError('missing_header');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && /^\d{1,12}$/.test(value ?? '')) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? '')) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookVerificationError('malformed_header');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('timestamp_out_of_tolerance');
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  // Every candidate is compared with every key, each in constant time: timing tells nothing.
  let matched = false;
  for (const key of webhookKeys(secret)) {
    const expected = createHmac('sha256', key).update(`${timestamp}.`).update(body).digest();
    for (const signature of signatures) if (timingSafeEqual(expected, signature)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('signature_mismatch');
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}

const WHSEC = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/** The HMAC keys a secret may have: the decoded bytes of a `whsec_<base64>` one, and its UTF-8 bytes. */
function webhookKeys(secret: string): Buffer[] {
  const keys = [Buffer.from(secret, 'utf8')];
  const base64 = WHSEC.exec(secret)?.[1];
  const decoded = base64 ? Buffer.from(base64, 'base64') : undefined;
  if (decoded && decoded.length >= 24 && decoded.length <= 64) keys.unshift(decoded);
  return keys;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}
