import { expect } from 'chai';
import { Client } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../../../core/telemetry.ts';
import { createEventDispatcher } from '../../../core/event-dispatcher.ts';
import { createWorkers, runWorkers } from '../../../workers/create-workers.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { loopbackWebhookSenders, testUpstreams } from '../../support/upstreams.ts';
import { createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT, waitForDocument } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { stopTestWorkers } from '../../support/workers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('traces of a send and of a webhook delivery (issue 19)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let app: TestApp;
  let tenant: Tenant;
  let receiver: WebhookReceiver;
  let stopWorkers: () => Promise<void>;

  before(async function () {
    this.timeout(120_000);
    tracing = startTracing({ serviceName: 'docex-test', exporter })!;
    // The shared workers run the untraced bundle: this suite runs its own, and later suites start theirs again.
    await stopTestWorkers();
    const { temporalAddress, db, temporal } = testServers();
    const client = new Client({
      connection: temporal.connection,
      namespace: 'default',
      interceptors: tracing.clientInterceptors,
    });
    const connection = await NativeConnection.connect({ address: temporalAddress });
    const workers: Worker[] = await createWorkers({
      connection,
      namespace: 'default',
      db,
      events: createEventDispatcher(client, db),
      upstreams: testUpstreams({ webhooks: loopbackWebhookSenders() }),
      tracing,
    });
    const stop = new AbortController();
    const done = runWorkers(workers, stop.signal);
    stopWorkers = async () => {
      stop.abort();
      await done.catch(() => undefined);
      await connection.close();
    };
    app = await startTestApp({ temporal: client, upstreams: { webhooks: loopbackWebhookSenders() } });
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    receiver = await startWebhookReceiver(() => 200);
  });
  after(async () => {
    await app?.close();
    await receiver?.close();
    await stopWorkers?.();
    await tracing?.shutdown();
  });

  const spans = () => exporter.getFinishedSpans();
  const byId = () => new Map(spans().map((s) => [s.spanContext().spanId, s]));
  /** Names from the span up to the root, as far as the exported spans reach. */
  const ancestry = (span: ReadableSpan): string[] => {
    const index = byId();
    const names: string[] = [];
    for (let at: ReadableSpan | undefined = span; at; at = at.parentSpanId ? index.get(at.parentSpanId) : undefined)
      names.push(at.name);
    return names;
  };
  const waitForSpan = async (predicate: (s: ReadableSpan) => boolean, timeoutMs = 20_000): Promise<ReadableSpan> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = spans().find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no such span among ${spans()
            .map((s) => s.name)
            .join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("continues the caller's trace from the HTTP request through the workflow start, the activity and its SQL", async () => {
    const hook = await fetch(`${app.url}/v1/webhooks`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ url: receiver.url, events: ['document.sent'] }),
    });
    expect(hook.status).to.equal(201);
    exporter.reset();

    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key, { traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01` }),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() }),
    });
    expect(res.status).to.equal(201);
    const doc = (await res.json()) as { id: string };
    await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');

    const server = await waitForSpan((s) => s.name === 'POST /v1/documents/send');
    expect(server.spanContext().traceId).to.equal(CALLER_TRACE);
    expect(server.attributes['http.route']).to.equal('/v1/documents/send');
    expect(server.parentSpanId).to.equal('00f067aa0ba902b7');

    const start = await waitForSpan(
      (s) => s.name === 'StartWorkflow:documentWorkflow' && s.spanContext().traceId === CALLER_TRACE,
    );
    expect(ancestry(start)).to.deep.equal(['StartWorkflow:documentWorkflow', 'POST /v1/documents/send']);

    const handOff = await waitForSpan(
      (s) => s.name === 'RunActivity:handOffDocument' && s.spanContext().traceId === CALLER_TRACE,
    );
    const sql = await waitForSpan(
      (s) => s.name.startsWith('pg.query') && s.parentSpanId === handOff.spanContext().spanId,
    );
    const chain = ancestry(sql);
    expect(chain.slice(0, 3)).to.deep.equal([sql.name, 'RunActivity:handOffDocument', 'StartActivity:handOffDocument']);
    // Workflow spans are exported as each activation finishes; the run itself ends with the workflow.
    expect(chain).to.include('StartWorkflow:documentWorkflow');
    expect(chain.at(-1)).to.equal('POST /v1/documents/send');
  });

  it('carries the trace through the webhook delivery to the POST, which sends traceparent', async () => {
    const [delivery] = await receiver.waitFor(1);
    const traceparent = String(delivery.headers.traceparent ?? '');
    expect(traceparent).to.match(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const [, traceId, parentId] = traceparent.split('-');

    const post = await waitForSpan((s) => s.spanContext().spanId === parentId);
    expect(post.spanContext().traceId).to.equal(traceId);
    expect(post.name).to.equal('POST');
    const chain = ancestry(post);
    expect(chain[1]).to.match(/^RunActivity:/);
    expect(
      chain.some((name) => name.endsWith(':eventDeliveriesWorkflow')),
      chain.join(' < '),
    ).to.equal(true);
    // The delivery belongs to the trace of the document that raised the event.
    expect(traceId).to.equal(CALLER_TRACE);
  });
});
