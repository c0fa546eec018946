import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardedSbd {
  /** The path the gateway posted to, e.g. `/b`: each gateway gets its own. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received. */
  body: Buffer;
}

export interface ForwardReceiver {
  /** Base URL; give each gateway `${url}/<name>`. */
  url: string;
  received: ForwardedSbd[];
  /** What was forwarded with this SBDH InstanceIdentifier. */
  withInstanceId(instanceId: string): ForwardedSbd[];
  close(): Promise<void>;
}

/**
 * The service's end of phoss-ap's synchronous HTTP forwarding, on 127.0.0.1: it records every SBD and
 * answers with what `answer` returns for its X-SBDH-Instance-ID ({"countryCodeC4": …} to accept,
 * {"retry":"none", …} to refuse for good, or an HTTP status for a temporary failure).
 */
export async function startForwardReceiver(
  answer: (instanceId: string) => object | number = () => ({ countryCodeC4: 'BE' }),
): Promise<ForwardReceiver> {
  const received: ForwardedSbd[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const reply = answer(String(req.headers['x-sbdh-instance-id'] ?? ''));
      if (typeof reply === 'number') res.writeHead(reply).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    withInstanceId: (id) => received.filter((r) => r.headers['x-sbdh-instance-id'] === id),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
