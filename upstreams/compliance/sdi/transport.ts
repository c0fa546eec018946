import { request as httpRequest } from 'node:http';
import { request as httpsRequest, Agent } from 'node:https';
import { failure } from '../../../core/failures.ts';
import { readSoapBody, SoapError, type SoapBody } from './soap.ts';

/** Mutual TLS with the SdI: the client certificate the SdI issued to our channel, and its CA. */
export interface SdiTls {
  cert: string | Buffer;
  key: string | Buffer;
  /** The CA the SdI's server certificate chains to. */
  ca?: string | Buffer | undefined;
}

export interface SoapCallOptions {
  url: string;
  soapAction: string;
  envelope: string;
  timeoutMs: number;
  /** Required for https URLs (the SdI accepts no call without a client certificate). */
  tls?: SdiTls | undefined;
  agent?: Agent | undefined;
}

/** An HTTPS agent holding the channel's certificate, key and CA, kept for the adapter's life. */
export function sdiAgent(tls: SdiTls): Agent {
  return new Agent({ cert: tls.cert, key: tls.key, ca: tls.ca, keepAlive: true, minVersion: 'TLSv1.2' });
}

/**
 * POSTs a SOAP 1.1 envelope and reads the answer's body element. Unreachable, timed out, 5xx or a
 * Server fault: temporary (`UPSTREAM_UNAVAILABLE`, the activity retries). A Client fault or a
 * 4xx: our message is refused for good (`INVALID_INPUT`).
 */
export async function soapCall(options: SoapCallOptions): Promise<SoapBody | null> {
  const url = new URL(options.url);
  const secure = url.protocol === 'https:';
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: `"${options.soapAction}"`,
          'content-length': Buffer.byteLength(options.envelope),
        },
        timeout: options.timeoutMs,
        ...(secure ? { agent: options.agent ?? (options.tls ? sdiAgent(options.tls) : undefined) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.envelope);
  }).catch((err: Error) => {
    throw failure('UPSTREAM_UNAVAILABLE', `SdI unreachable: ${err.message}`);
  });
  // One-way operations answer with an empty body (HTTP 200 or 202).
  if ((status === 200 || status === 202) && text.trim() === '') return null;
  try {
    const body = readSoapBody(text);
    if (status >= 400) throw new SoapError(`SdI answered HTTP ${status}`);
    return body;
  } catch (err) {
    const fault = err instanceof SoapError ? err.fault : undefined;
    const client = fault ? /(^|:)Client/.test(fault.code) : status >= 400 && status < 500 && status !== 429;
    if (client) throw failure('INVALID_INPUT', `SdI refused the message: ${(err as Error).message}`);
    throw failure('UPSTREAM_UNAVAILABLE', `SdI answered HTTP ${status}: ${(err as Error).message}`);
  }
}
