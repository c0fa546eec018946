import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  /** The raw body exactly as sent. */
  body: string;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A webhook endpoint on 127.0.0.1. `respond` picks the answer for the n-th request (0-based):
 * a status code, 'hang' to never answer, a status with headers, or a status given after a delay.
 */
export async function startWebhookReceiver(
  respond: (
    index: number,
    req: http.IncomingMessage,
  ) =>
    number | 'hang' | { status: number; headers: Record<string, string> } | { status: number; afterMs: number } = () =>
    200,
): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const index = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
      const answer = respond(index, req);
      if (answer === 'hang') return;
      if (typeof answer === 'number') {
        res.statusCode = answer;
        res.end('ok');
      } else if ('afterMs' in answer) {
        setTimeout(() => {
          res.statusCode = answer.status;
          res.end('ok');
        }, answer.afterMs);
      } else {
        res.writeHead(answer.status, answer.headers).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} webhook requests, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
