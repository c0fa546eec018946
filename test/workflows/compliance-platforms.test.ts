import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPpfPlatform, type ComplianceSubmission } from '../../upstreams/compliance/index.ts';
import { loadConfig } from '../../core/config.ts';

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  body: any;
}

/** A stub platform on 127.0.0.1 answering from a script, recording each request. */
async function stub(answer: (req: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const entry = {
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const out = answer(entry);
    res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const submission: ComplianceSubmission = {
  reportId: 'cr_1',
  documentId: 'doc_1',
  documentNumber: 'F-2026-1',
  documentType: 'invoice',
  issueDate: '2026-11-21',
  lifecycleStatus: 'approved',
  sellerVat: 'FR40303265045',
  buyerVat: 'FR23334175221',
  grossAmount: '120.00',
  currency: 'EUR',
};

describe('compliance platform adapters (real HTTP, stub servers)', () => {
  it('PPF: files the status code and reads the decision, rejections with their code', async () => {
    const server = await stub((req) =>
      req.method === 'POST'
        ? { status: 201, body: { id: 'ppf-9', state: 'RECEIVED' } }
        : {
            status: 200,
            body: {
              id: 'ppf-9',
              state: 'REJECTED',
              errors: [{ code: '00025', message: 'Format du numéro de facture invalide' }],
            },
          },
    );
    try {
      const ppf = createPpfPlatform({ baseUrl: server.url, token: 'tok', timeoutMs: 2_000 });
      expect(await ppf.submit(submission)).to.deep.include({ submissionId: 'ppf-9', status: 'submitted' });
      const decided = await ppf.status('ppf-9', submission);
      expect(decided).to.deep.include({
        status: 'failed',
        errorCode: '00025',
        errorMessage: 'Format du numéro de facture invalide',
      });
      expect(server.seen[0]).to.deep.include({ method: 'POST', url: '/v1/lifecycle-statuses', auth: 'Bearer tok' });
      expect(server.seen[0].body).to.deep.include({
        reportId: 'cr_1',
        invoiceNumber: 'F-2026-1',
        statusCode: '205',
        sellerVat: 'FR40303265045',
      });
      expect(server.seen[1]).to.deep.include({ method: 'GET', url: '/v1/lifecycle-statuses/ppf-9' });
    } finally {
      await server.close();
    }
  });

  it('a platform that is down or answers 5xx is a temporary UPSTREAM_UNAVAILABLE; a 4xx is permanent', async () => {
    const server = await stub((req) =>
      req.method === 'POST' ? { status: 503, body: {} } : { status: 400, body: { message: 'bad id' } },
    );
    try {
      const ppf = createPpfPlatform({ baseUrl: server.url, timeoutMs: 2_000 });
      const down = await ppf.submit(submission).catch((e) => e);
      expect(down).to.deep.include({ type: 'UPSTREAM_UNAVAILABLE', nonRetryable: false });
      const refused = await ppf.status('x', submission).catch((e) => e);
      expect(refused).to.deep.include({ type: 'INVALID_INPUT', nonRetryable: true });
    } finally {
      await server.close();
    }
    const unreachable = await createPpfPlatform({ baseUrl: server.url, timeoutMs: 500 })
      .submit(submission)
      .then(() => ({ type: 'answered' }))
      .catch((e: { type: string }) => e);
    expect(unreachable.type).to.equal('UPSTREAM_UNAVAILABLE');
  });

  it('base URLs come from PPF_BASE_URL', () => {
    const config = loadConfig({
      PPF_BASE_URL: 'http://127.0.0.1:9001/',
      PPF_TOKEN: 't',
      COMPLIANCE_TIMEOUT_MS: '500',
    });
    expect(config).to.deep.include({
      ppfBaseUrl: 'http://127.0.0.1:9001',
      ppfToken: 't',
      complianceTimeoutMs: 500,
    });
  });
});
