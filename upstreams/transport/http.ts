import { failure } from '../../core/failures.ts';
import type { HandOff, HandOffResult, PeppolTransport } from './types.ts';

export interface HttpTransportOptions {
  baseUrl: string;
  /** Shared secret the gateway expects as a bearer token. */
  token: string | undefined;
  timeoutMs: number;
}

/**
 * The AS4 gateway's REST face: `POST {base}/outbound` with the SBD as `application/xml`, answered
 * 202 `{messageId}`. The document id is the idempotency key, so a hand-off retried after a lost
 * answer is not sent twice. 4xx = the access point refused the message (SBDH_ERROR when the
 * gateway says the envelope is at fault); 5xx, timeouts and network errors are temporary.
 */
export function createHttpTransport(options: HttpTransportOptions): PeppolTransport {
  const headers = (extra: Record<string, string>) => ({
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...extra,
  });
  return {
    async handOff(input: HandOff): Promise<HandOffResult> {
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl}/outbound`, {
          method: 'POST',
          headers: headers({
            'content-type': 'application/xml',
            'idempotency-key': input.documentId,
            'x-peppol-sender': input.senderId,
            'x-peppol-receiver': input.receiverId,
            'x-peppol-document-type': input.documentTypeId,
            'x-peppol-process': input.processId,
          }),
          body: input.sbd,
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        throw failure('TRANSPORT_FAILURE', `access point unreachable: ${(err as Error).message}`);
      }
      const text = await res.text();
      let json: { messageId?: unknown; code?: unknown; message?: unknown } = {};
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        // a non-JSON answer is judged by its status below
      }
      if (res.status >= 500 || res.status === 429)
        throw failure('TRANSPORT_FAILURE', `access point answered ${res.status}`);
      if (res.status >= 400) {
        const message =
          typeof json.message === 'string' ? json.message : `access point refused the message (${res.status})`;
        throw failure(json.code === 'SBDH_ERROR' ? 'SBDH_ERROR' : 'AP_REJECTED', message);
      }
      if (typeof json.messageId !== 'string' || json.messageId.length === 0) {
        throw failure('TRANSPORT_FAILURE', `access point answered ${res.status} without a messageId`);
      }
      return { messageId: json.messageId };
    },
    async probe() {
      const res = await fetch(`${options.baseUrl}/health`, {
        headers: headers({}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!res.ok) throw new Error(`AS4 gateway health answered ${res.status}`);
      return 'AS4 gateway answers';
    },
  };
}
