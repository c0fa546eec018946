import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import {
  createDocexClient,
  DocexApiError,
  ok,
  paginate,
  verifyDocumentXml,
  verifyWebhook,
  WebhookVerificationError,
  type DocexClient,
  type Schema,
  type WebhookEvent,
} from '../../clients/typescript/src/index.ts';
import { generateSdkSchema, SDK_SCHEMA_PATH } from '../../scripts/generate-sdk.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loopbackWebhookSenders } from '../support/upstreams.ts';
import { createTenant, type Tenant } from '../support/access.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { RECIPIENT } from '../support/documents.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const invoice = (): Schema<'CheckedDocumentBody'> => ({
  number: `SDK-${Math.random().toString(36).slice(2, 10)}`,
  issueDate: '2026-11-21',
  dueDate: '2026-12-21',
  currency: 'EUR',
  buyerReference: 'PO-7781',
  buyer: {
    name: 'Proximus SA',
    address: { street: 'Boulevard du Roi Albert II 27', city: 'Brussels', postalCode: '1030', country: 'BE' },
  },
  payment: { means: 'credit_transfer', iban: 'BE68539007547034' },
  lines: [{ description: 'Consulting', quantity: 10, unit: 'HUR', unitPrice: 95, vatRate: 21, vatCategory: 'S' }],
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) expect.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('TypeScript SDK (clients/typescript)', () => {
  it('its committed types are exactly what npm run sdk:generate makes of the contract', async () => {
    expect(readFileSync(SDK_SCHEMA_PATH, 'utf8') === (await generateSdkSchema()), 'run npm run sdk:generate').to.equal(
      true,
    );
  });

  describe('against the running service', () => {
    let app: TestApp;
    let tenant: Tenant;
    let docex: DocexClient;
    let receiver: WebhookReceiver;
    before(async () => {
      await ensureTestWorkers();
      // Its webhook test delivers to a receiver on loopback.
      app = await startTestApp({ upstreams: { webhooks: loopbackWebhookSenders() } });
      receiver = await startWebhookReceiver(() => 204);
      tenant = await createTenant({ livemode: false, plan: 'pro' });
      docex = createDocexClient({ apiKey: tenant.key, baseUrl: app.url });
    });
    after(async () => {
      await receiver.close();
      await app.close();
    });

    const send = () =>
      ok(
        docex.POST('/v1/documents/send', {
          body: { type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoice() },
        }),
      );

    it('sends an invoice, polls it to delivered and reads its typed body', async () => {
      const sent = await send();
      expect(sent.id).to.match(/^doc_/);
      const delivered = await until('delivery', async () => {
        const doc = await ok(docex.GET('/v1/documents/{document_id}', { params: { path: { document_id: sent.id } } }));
        return doc.deliveryStatus === 'delivered' ? doc : undefined;
      });
      expect(delivered.document?.lines[0]?.description).to.equal('Consulting');
      expect(delivered.document?.payment?.iban).to.equal('BE68539007547034');
      expect(delivered.grossAmount).to.equal(1149.5);
    });

    it('moves a document along its lifecycle', async () => {
      const sent = await send();
      const moved = await ok(
        docex.POST('/v1/documents/{document_id}/lifecycle', {
          params: { path: { document_id: sent.id } },
          body: { status: 'under_review' },
        }),
      );
      expect(moved).to.include({ previousStatus: 'issued', currentStatus: 'under_review' });
    });

    it('iterates every event page by page, each narrowed by its type', async () => {
      const sent = await send();
      const types = await until('the document.sent event', async () => {
        const seen: string[] = [];
        for await (const event of paginate((cursor) =>
          docex.GET('/v1/events', { params: { query: { limit: 1, ...(cursor ? { cursor } : {}) } } }),
        )) {
          // The union narrows on `type`: sentAt exists only on document.sent.
          if (event.type === 'document.sent' && event.data.documentId === sent.id) {
            expect(Date.parse(event.data.sentAt ?? '')).to.be.greaterThan(0);
            seen.push(event.type);
          }
        }
        return seen.length ? seen : undefined;
      });
      expect(types).to.deep.equal(['document.sent']);
    });

    it('verifies a signed XML download against the published keys, and refuses it once tampered', async () => {
      const sent = await send();
      const path = `/v1/documents/${sent.id}/xml`;
      const download = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${tenant.key}` } });
      expect(download.status).to.equal(200);
      const body = new Uint8Array(await download.arrayBuffer());
      const jwks = (await (await fetch(`${app.url}/.well-known/jwks.json`)).json()) as {
        keys: Array<Record<string, unknown>>;
      };
      const verified = await verifyDocumentXml({ body, headers: download.headers, path, jwks, documentId: sent.id });
      expect(verified).to.include({ ok: true, documentId: sent.id });
      const tampered = body.slice();
      tampered[tampered.length - 2] ^= 1;
      expect(await verifyDocumentXml({ body: tampered, headers: download.headers, path, jwks })).to.deep.equal({
        ok: false,
        reason: 'digest_mismatch',
      });
    });

    it('verifies a real webhook delivery and rejects a tampered or stale one', async () => {
      const hook = await ok(docex.POST('/v1/webhooks', { body: { url: receiver.url, events: ['document.sent'] } }));
      const secret = hook.secret ?? expect.fail('the created webhook carries its secret');
      const sent = await send();
      const delivery = await until('the delivery', async () =>
        receiver.received.find((r) => r.body.includes(sent.id) && r.headers['x-service-event'] === 'document.sent'),
      );
      const event: WebhookEvent = verifyWebhook(delivery.body, delivery.headers, secret);
      expect(event.type).to.equal('document.sent');
      if (event.type === 'document.sent') expect(event.data.documentId).to.equal(sent.id);
      expect(event.apiVersion).to.match(/^\d{4}-\d{2}-\d{2}$/);

      const rejects = (reason: string, run: () => unknown) =>
        expect(run).to.throw(WebhookVerificationError).with.property('reason', reason);
      rejects('signature_mismatch', () =>
        verifyWebhook(delivery.body.replace(sent.id, 'doc_x'), delivery.headers, secret),
      );
      rejects('signature_mismatch', () => verifyWebhook(delivery.body, delivery.headers, `${secret}x`));
      rejects('missing_header', () => verifyWebhook(delivery.body, {}, secret));
      rejects('timestamp_out_of_tolerance', () =>
        verifyWebhook(delivery.body, delivery.headers, secret, { now: new Date(Date.now() + 301_000) }),
      );
      // A fresh signature over the same body within the tolerance passes (headers as a Headers object too).
      const t = Math.floor(Date.now() / 1000) - 299;
      // The key of an issued secret: the bytes its base64 (after whsec_) decodes to.
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const v1 = createHmac('sha256', key).update(`${t}.${delivery.body}`).digest('hex');
      expect(
        verifyWebhook(delivery.body, new Headers({ 'X-Service-Signature': `t=${t},v1=${v1}` }), secret).id,
      ).to.equal(event.id);
    });

    it('throws DocexApiError with the code and the request id', async () => {
      const answer = await ok(
        docex.GET('/v1/documents/{document_id}', { params: { path: { document_id: 'doc_doesNotExist0000000' } } }),
      ).catch((err: unknown) => err);
      expect(answer).to.be.instanceOf(DocexApiError);
      if (!(answer instanceof DocexApiError)) return;
      expect(answer.status).to.equal(404);
      expect(answer.code).to.be.oneOf(['DOCUMENT_NOT_FOUND', 'RESOURCE_NOT_FOUND']);
      expect(answer.requestId).to.match(/^req_/);
    });

    it('waits out a 429 after Retry-After and then succeeds', async () => {
      const own = await createTenant({ livemode: false, plan: 'pro' });
      const client = createDocexClient({ apiKey: own.key, baseUrl: app.url });
      await ok(client.POST('/v1/sandbox/rate-limit', { body: { durationSeconds: 1 } }));
      const started = Date.now();
      const me = await ok(client.GET('/v1/me'));
      expect(me.organizationId).to.equal(own.organizationId);
      expect(Date.now() - started).to.be.greaterThan(500);
    });
  });

  describe('retries (against a loopback stub)', () => {
    let stub: http.Server;
    let url: string;
    const seen: Array<{ method: string; key: string | undefined; auth: string | undefined; at: number }> = [];
    /** `drop`: the connection is closed without an answer, as a lost connection looks to the client. */
    let answers: Array<{ status: number | 'drop'; code?: string; headers?: Record<string, string> }> = [];
    before(async () => {
      stub = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          seen.push({
            method: req.method ?? '',
            key: req.headers['idempotency-key']?.toString(),
            auth: req.headers.authorization,
            at: Date.now(),
          });
          const answer = answers.shift() ?? { status: 200 };
          if (answer.status === 'drop') return req.socket.destroy();
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(
            answer.status < 300
              ? JSON.stringify({ acknowledged: 1 })
              : JSON.stringify({
                  error: {
                    type: 'upstream_error',
                    code: answer.code ?? 'UPSTREAM_UNAVAILABLE',
                    message: 'down',
                    requestId: 'req_stub',
                  },
                }),
          );
        });
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      const address = stub.address();
      if (!address || typeof address === 'string') throw new Error('the stub has no port');
      url = `http://127.0.0.1:${address.port}`;
    });
    after(() => new Promise<void>((resolve) => stub.close(() => resolve())));
    beforeEach(() => {
      seen.length = 0;
    });

    it('retries a POST on 503 with one Idempotency-Key, backing off from 250 ms', async () => {
      answers = [{ status: 503 }, { status: 503 }, { status: 200 }];
      const client = createDocexClient({ apiKey: 'svc_test_stub', baseUrl: url });
      const result = await ok(client.POST('/v1/events/ack', { body: { eventIds: ['evt_1'] } }));
      expect(result.acknowledged).to.equal(1);
      expect(seen.map((s) => s.method)).to.deep.equal(['POST', 'POST', 'POST']);
      expect(new Set(seen.map((s) => s.key)).size).to.equal(1);
      expect(seen[0].key).to.be.a('string');
      expect(seen[0].auth).to.equal('Bearer svc_test_stub');
      // Jittered between half and all of 250 ms, then of 500 ms.
      expect(seen[1].at - seen[0].at).to.be.within(120, 400);
      expect(seen[2].at - seen[1].at).to.be.within(240, 700);
    });

    it('honours Retry-After, gives up after maxRetries and never retries other 4xx', async () => {
      answers = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }];
      const client = createDocexClient({ apiKey: 'k', baseUrl: url, maxRetries: 1 });
      await ok(client.POST('/v1/events/ack', { body: { eventIds: ['evt_1'] } }));
      expect(seen[1].at - seen[0].at).to.be.at.least(950);

      seen.length = 0;
      answers = [{ status: 503 }, { status: 503 }];
      const failed = await ok(client.POST('/v1/events/ack', { body: { eventIds: ['evt_1'] } })).catch(
        (e: unknown) => e,
      );
      expect(failed).to.be.instanceOf(DocexApiError).with.property('code', 'UPSTREAM_UNAVAILABLE');
      expect(seen).to.have.length(2);

      seen.length = 0;
      answers = [{ status: 400 }];
      await ok(client.POST('/v1/events/ack', { body: { eventIds: ['evt_1'] } })).catch(() => undefined);
      expect(seen).to.have.length(1);
    });

    it('retries a lost connection, a 500 and a 409 IDEMPOTENCY_IN_PROGRESS with the same key, backing off', async () => {
      answers = [
        { status: 'drop' },
        { status: 500, code: 'INTERNAL_ERROR' },
        { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', headers: { 'retry-after': '1' } },
        { status: 200 },
      ];
      const client = createDocexClient({ apiKey: 'k', baseUrl: url });
      const result = await ok(client.POST('/v1/events/ack', { body: { eventIds: ['evt_1'] } }));
      expect(result.acknowledged).to.equal(1);
      expect(seen).to.have.length(4);
      expect(new Set(seen.map((s) => s.key)).size).to.equal(1);
      expect(seen[1].at - seen[0].at).to.be.within(120, 400);
      expect(seen[2].at - seen[1].at).to.be.within(240, 700);
      // The 409 said Retry-After: 1.
      expect(seen[3].at - seen[2].at).to.be.at.least(950);
    });

    it('gives up on a lost connection after maxRetries with the fetch error, and never retries other 409s', async () => {
      answers = [{ status: 'drop' }, { status: 'drop' }];
      const client = createDocexClient({ apiKey: 'k', baseUrl: url, maxRetries: 1 });
      const thrown = await client.GET('/v1/me').catch((e: unknown) => e);
      expect(thrown).to.be.instanceOf(TypeError);
      expect(seen).to.have.length(2);

      seen.length = 0;
      answers = [{ status: 409, code: 'IDEMPOTENCY_BODY_MISMATCH' }];
      const mismatch = await ok(client.POST('/v1/events/ack', { body: { eventIds: ['evt_1'] } })).catch(
        (e: unknown) => e,
      );
      expect(mismatch).to.be.instanceOf(DocexApiError).with.property('code', 'IDEMPOTENCY_BODY_MISMATCH');
      expect(seen).to.have.length(1);
    });

    it('does not send a PATCH again after a lost connection or a 500, which may have applied it', async () => {
      const client = createDocexClient({ apiKey: 'k', baseUrl: url });
      answers = [{ status: 500, code: 'INTERNAL_ERROR' }];
      const failed = await ok(
        client.PATCH('/v1/webhooks/{webhook_id}', {
          params: { path: { webhook_id: 'wh_1' } },
          body: { rotateSecret: true },
        }),
      ).catch((e: unknown) => e);
      expect(failed).to.be.instanceOf(DocexApiError).with.property('status', 500);
      expect(seen).to.have.length(1);
      answers = [{ status: 'drop' }];
      await client
        .PATCH('/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: 'wh_1' } }, body: { rotateSecret: true } })
        .catch(() => undefined);
      expect(seen).to.have.length(2);
    });

    it('does not wait for a Retry-After beyond maxDelayMs (a spent quota)', async () => {
      answers = [{ status: 429, headers: { 'retry-after': '86400' } }];
      const client = createDocexClient({ apiKey: 'k', baseUrl: url });
      const failed = await ok(client.GET('/v1/me')).catch((e: unknown) => e);
      expect(failed).to.be.instanceOf(DocexApiError).with.property('status', 429);
      expect(seen).to.have.length(1);
    });
  });
});
