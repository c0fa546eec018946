import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isAllowedAddress, refusalOf, type TargetPolicy } from '../../core/webhook-targets.ts';
import type { WebhookAnswer, WebhookSender } from './types.ts';

export interface HttpWebhookSenderOptions {
  /** Where this mode's webhooks may point, checked on the addresses actually connected to. */
  policy: TargetPolicy;
  timeoutMs: number;
}

export function createHttpWebhookSender({ policy, timeoutMs }: HttpWebhookSenderOptions): WebhookSender {
  return {
    policy,
    send: ({ url, body, headers, signal }) => post(url, body, headers, policy, timeoutMs, signal),
  };
}

/**
 * POSTs without following redirects. The address is checked where the connection is made (IP
 * literal here, names in the lookup), which defeats DNS rebinding between save and delivery.
 */
function post(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  timeoutMs: number,
  cancellation: AbortSignal | undefined,
): Promise<WebhookAnswer> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return resolve({ statusCode: null, error: 'the webhook URL is not valid' });
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !isAllowedAddress(host, policy)) {
      return resolve({ statusCode: null, error: `refused: ${refusalOf(host, policy)}` });
    }
    let settled = false;
    const finish = (result: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      cancellation?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: 'POST', headers, agent: false, lookup: guardedLookup(policy) }, (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('error', () => undefined);
      if (status >= 300 && status < 400) {
        finish({
          statusCode: status,
          error: `redirect to ${res.headers.location ?? '(no Location)'} not followed: answer with a 2xx at the webhook URL itself`,
        });
      } else if (status >= 200 && status < 300) {
        finish({ statusCode: status, error: null });
      } else {
        finish({ statusCode: status, error: `HTTP ${status}` });
      }
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish({ statusCode: null, error: 'attempt cancelled' });
    };
    cancellation?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({
        statusCode: null,
        error: err.code === 'EBLOCKEDADDRESS' ? err.message : `${err.code ?? 'ERROR'}: ${err.message}`,
      });
    });
    req.end(body);
  });
}
