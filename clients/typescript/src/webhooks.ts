import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './schema.ts';

/** A webhook delivery's body: an event of the catalog with the API version of its shape (part 6.2). */
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
  /** Part 6.3: five minutes. */
  toleranceSeconds?: number;
  /** The receiver's clock; defaults to now. */
  now?: Date;
}

/**
 * Verifies a delivery as part 6.3 says and returns its event: `X-Service-Signature: t=<unix>,v1=<hex>`
 * where v1 is HMAC-SHA256(secret, "<t>.<raw body>"); the timestamp must be within 5 minutes and v1 is
 * compared in constant time. Pass the raw body exactly as received, never a re-serialised parse.
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
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  // Every candidate is compared, each in constant time, so timing tells nothing about which failed.
  let matched = false;
  for (const signature of signatures) if (timingSafeEqual(expected, signature)) matched = true;
  if (!matched) throw new WebhookVerificationError('signature_mismatch');
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}
