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

/** SDI outcome notifications: EC01 accepted, EC02 refused; other moves are sent as information (NS). */
export const SDI_OUTCOMES: Record<string, string> = { approved: 'EC01', rejected: 'EC02', disputed: 'EC02' };

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

/**
 * SDI (Italy): `POST {base}/v1/notifiche` {riferimento, numeroFattura, dataFattura, cedente,
 * cessionario, esito} → `{id, stato}`; `GET {base}/v1/notifiche/{id}` → `{id, stato:
 * RICEVUTA|IN_ELABORAZIONE|CONSEGNATA|SCARTATA, codice, descrizione}`.
 */
export function createSdiPlatform(options: PlatformHttpOptions): CompliancePlatform {
  const answer = (json: Record<string, unknown>): ComplianceAnswer => {
    const state = String(json.stato ?? '');
    const status = state === 'CONSEGNATA' ? 'accepted' : state === 'SCARTATA' ? 'failed' : 'submitted';
    return {
      submissionId: String(json.id),
      status,
      errorCode: status === 'failed' ? String(json.codice ?? '') || undefined : undefined,
      errorMessage: status === 'failed' ? String(json.descrizione ?? '') || undefined : undefined,
      platformResponse: json,
    };
  };
  return {
    name: 'SDI',
    async submit(s: ComplianceSubmission) {
      return answer(
        await call(options, 'POST', '/v1/notifiche', {
          riferimento: s.reportId,
          numeroFattura: s.documentNumber,
          dataFattura: s.issueDate,
          cedente: s.sellerVat,
          cessionario: s.buyerVat,
          esito: SDI_OUTCOMES[s.lifecycleStatus] ?? 'NS',
          stato: s.lifecycleStatus,
        }),
      );
    },
    async status(id: string) {
      return answer(await call(options, 'GET', `/v1/notifiche/${encodeURIComponent(id)}`));
    },
  };
}
