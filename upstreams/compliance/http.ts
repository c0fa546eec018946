import { failure } from '../../core/failures.ts';
import type { ComplianceAnswer, CompliancePlatform, ComplianceSubmission } from './types.ts';

export interface PlatformHttpOptions {
  baseUrl: string;
  token?: string | undefined;
  timeoutMs: number;
}

/** PPF lifecycle status codes (French e-invoicing reform) for our lifecycle statuses. */
export const PPF_STATUS_CODES: Record<string, string> = {
  under_review: '204',
  approved: '205',
  partially_paid: '211',
  paid: '212',
  rejected: '210',
  disputed: '207',
};

async function call(
  options: PlatformHttpOptions,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    // Temporary: the activity's retry policy tries again with backoff.
    throw failure('UPSTREAM_UNAVAILABLE', `compliance platform unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (res.status >= 500 || res.status === 429)
    throw failure('UPSTREAM_UNAVAILABLE', `compliance platform answered ${res.status}`);
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    throw failure('UPSTREAM_UNAVAILABLE', `compliance platform answered ${res.status} without JSON`);
  }
  if (res.status >= 400 && res.status !== 422)
    throw failure('INVALID_INPUT', `compliance platform refused the request (${res.status}): ${text.slice(0, 200)}`);
  return json;
}

/**
 * PPF (France): `POST {base}/v1/lifecycle-statuses` files a status {reportId, invoiceNumber,
 * issueDate, sellerVat, buyerVat, statusCode}; → `{id, state}`; `GET {base}/v1/lifecycle-statuses/{id}`
 * → `{id, state: RECEIVED|PROCESSING|ACCEPTED|REJECTED, errors: [{code, message}]}`.
 */
export function createPpfPlatform(options: PlatformHttpOptions): CompliancePlatform {
  const answer = (json: Record<string, unknown>): ComplianceAnswer => {
    const state = String(json.state ?? '');
    const error = Array.isArray(json.errors)
      ? (json.errors[0] as { code?: string; message?: string } | undefined)
      : undefined;
    const status = state === 'ACCEPTED' ? 'accepted' : state === 'REJECTED' ? 'failed' : 'submitted';
    return {
      submissionId: String(json.id),
      status,
      errorCode: status === 'failed' ? error?.code : undefined,
      errorMessage: status === 'failed' ? error?.message : undefined,
      platformResponse: json,
    };
  };
  return {
    name: 'PPF',
    async submit(s: ComplianceSubmission) {
      return answer(
        await call(options, 'POST', '/v1/lifecycle-statuses', {
          reportId: s.reportId,
          invoiceNumber: s.documentNumber,
          issueDate: s.issueDate,
          sellerVat: s.sellerVat,
          buyerVat: s.buyerVat,
          statusCode: PPF_STATUS_CODES[s.lifecycleStatus] ?? '204',
          amount: s.grossAmount,
          currency: s.currency,
        }),
      );
    },
    async status(id: string) {
      return answer(await call(options, 'GET', `/v1/lifecycle-statuses/${encodeURIComponent(id)}`));
    },
  };
}
