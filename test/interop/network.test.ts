import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { participantIdDirectory } from '../../api/documents/parties.ts';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { transmissionId } from '../../core/ids.ts';
import { freePort } from '../../core/ports.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { findDocumentById, type DocumentRow } from '../../db/documents.ts';
import { wrapInSbdh } from '../../peppol/index.ts';
import { createPhossApTransport } from '../../upstreams/transport/phoss-ap.ts';
import { createSimulatedTransport } from '../../upstreams/transport/simulator.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import type { documentWorkflow } from '../../workflows/documents/document.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { companyPeppolId, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';
import {
  identityOf,
  startGateway,
  writeLoopbackEndpointTable,
  type RunningGateway,
} from '../../scripts/network/gateway.ts';
import { requireGateway } from './support/available.ts';
import { makeTestPki, type TestPki } from '../../scripts/network/pki.ts';

const API_TOKEN = 'network-api-token';
const FORWARD_TOKEN = 'network-forward-token';

/**
 * The service in live mode on the Peppol network of this machine: two organizations of one
 * installation, each company behind its own phase4 access point (gateway/), a test PKI made for the
 * run. A live send goes API → workflow → phoss-ap contract → access point A → AS4 → access point B →
 * the service's inbound door; B's Message Level Status goes back the same way.
 */
describe('live exchange between two access points (interop)', function () {
  this.timeout(180_000);

  let dir = '';
  let pki: TestPki;
  let env: TestWorkflowEnvironment;
  let app: TestApp;
  let stop: AbortController;
  let running: Promise<void>;
  let a: RunningGateway;
  let b: RunningGateway;
  let sender: Tenant;
  let recipient: Tenant;
  let recipientId = '';
  let endpointsFile = '';
  let ports: { a: number; b: number };

  const gateway = (
    name: 'a' | 'b' | 'c',
    port: number,
    dataDir = path.join(dir, `data-${name}`),
    forwardUrl = `${app.url}/internal/access-point/inbound`,
  ) =>
    startGateway(
      {
        ...identityOf(pki, name),
        endpointsFile,
        forwardUrl,
        forwardToken: FORWARD_TOKEN,
        token: API_TOKEN,
        dataDir,
      },
      port,
    );

  before(async function () {
    requireGateway(this);
    dir = mkdtempSync(path.join(os.tmpdir(), 'docex-network-'));
    pki = makeTestPki(dir);
    [sender, recipient] = await Promise.all([
      createTenant({ livemode: true, plan: 'pro' }),
      createTenant({ livemode: true, plan: 'pro' }),
    ]);
    recipientId = await companyPeppolId(recipient.companyId);
    const senderId = await companyPeppolId(sender.companyId);

    ports = { a: await freePort(), b: await freePort() };
    endpointsFile = path.join(dir, 'endpoints.json');
    writeLoopbackEndpointTable(endpointsFile, pki, ports, { [recipientId]: 'b', [senderId]: 'a' });

    env = await createTimeSkippingEnv();
    app = await startTestApp({
      temporal: env.client,
      accessPoint: { forwardToken: FORWARD_TOKEN },
      // The network's own lookup is the access point's: the service takes any well-formed id.
      recipients: participantIdDirectory,
    });
    [a, b] = await Promise.all([gateway('a', ports.a), gateway('b', ports.b)]);
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams: testUpstreams({
        transports: {
          live: createPhossApTransport({ baseUrl: a.url, token: API_TOKEN, timeoutMs: 60_000 }),
          sandbox: createSimulatedTransport({ db: testServers().db }),
        },
      }),
      taskQueues: [TASK_QUEUES.documents, TASK_QUEUES.webhooks],
    });
    stop = new AbortController();
    running = runWorkers(workers, stop.signal);
  });

  after(async function () {
    await Promise.all([a?.stop(), b?.stop()]);
    stop?.abort();
    await running;
    await app?.close();
    await env?.teardown();
    if (dir && !process.env.KEEP_INTEROP_DIR) rmSync(dir, { recursive: true, force: true });
  });

  async function send(to: string, number = `NET-${Math.random().toString(36).slice(2, 8)}`) {
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(sender.key),
      body: JSON.stringify({ type: 'invoice', from: sender.companyId, to, document: invoiceBody({ number }) }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(201);
    return body as { id: string; number: string };
  }

  /** The row once `done` holds; the time-skipping server moves no timer meanwhile. */
  async function rowWhen(id: string, done: (row: DocumentRow) => boolean, timeoutMs = 60_000): Promise<DocumentRow> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await findDocumentById(testServers().db, id);
      if (row && done(row)) return row;
      if (Date.now() > deadline) expect.fail(`document ${id}: ${JSON.stringify(row && { ...row, xml: undefined })}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const received = async (instanceId: string) =>
    testServers()
      .db.selectFrom('documents')
      .selectAll()
      .where('company_id', '=', recipient.companyId)
      .where('direction', '=', 'incoming')
      .where('transport_message_id', '=', instanceId)
      .execute();

  it("an invoice from A's company reaches B's company under the same InstanceIdentifier; B's MLS delivers it at A", async () => {
    const sent = await send(recipientId);
    const instanceId = transmissionId(sent.id);
    const delivered = await rowWhen(sent.id, (row) => row.delivery_status !== 'pending');
    expect(delivered).to.deep.include({
      delivery_status: 'delivered',
      status: 'delivered',
      transport_message_id: instanceId,
    });
    expect(delivered.mls).to.deep.include({ code: 'AP' });
    const result = await env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(sent.id)).result();
    expect(result).to.deep.include({ deliveryStatus: 'delivered', attempts: 1 });

    const [copy] = await received(instanceId);
    expect(copy, 'the received document at B').to.not.equal(undefined);
    expect(copy).to.deep.include({ organization_id: recipient.organizationId, livemode: true, number: sent.number });
    const shown = await (
      await fetch(`${app.url}/v1/documents/${copy.id}`, { headers: jsonHeaders(recipient.key) })
    ).json();
    expect(shown).to.deep.include({ direction: 'incoming', deliveryStatus: 'delivered', number: sent.number });
    expect(shown.sender.peppolId).to.equal(await companyPeppolId(sender.companyId));
    const events = await testServers()
      .db.selectFrom('events')
      .select(['type', 'company_id'])
      .where('organization_id', '=', recipient.organizationId)
      .where('type', '=', 'document.received')
      .execute();
    expect(events.filter((e) => e.company_id === recipient.companyId)).to.have.length.at.least(1);
    const sentEvents = await testServers()
      .db.selectFrom('events')
      .select('type')
      .where('organization_id', '=', sender.organizationId)
      .where(({ ref }) => ref('data', '->>').key('documentId' as never), '=', sent.id)
      .execute();
    expect(sentEvents.map((e) => e.type)).to.include.members(['document.sent', 'document.delivered']);
  });

  it('an access point that lost its state sends the same message again: B acknowledges it, nothing is stored twice', async () => {
    const sent = await send(recipientId);
    const instanceId = transmissionId(sent.id);
    await rowWhen(sent.id, (row) => row.delivery_status === 'delivered');
    expect(await received(instanceId)).to.have.length(1);
    // Another access point of A's identity, with none of A's records, submits the same message again.
    const amnesiac = await gateway('a', await freePort(), path.join(dir, 'data-a-amnesiac'));
    try {
      const again = await submit(amnesiac, await sbdOf(sent.id, instanceId));
      expect(again.status, again.text).to.equal(200);
      expect(await received(instanceId)).to.have.length(1);
    } finally {
      await amnesiac.stop();
    }
  });

  it('a receiver no access point serves fails for good: RECIPIENT_NOT_FOUND, no re-send', async () => {
    const sent = await send('0208:0202239951');
    const failed = await rowWhen(sent.id, (row) => row.delivery_status !== 'pending');
    expect(failed).to.deep.include({ delivery_status: 'failed', error_code: 'RECIPIENT_NOT_FOUND' });
    const result = await env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(sent.id)).result();
    expect(result).to.deep.include({ deliveryStatus: 'failed', attempts: 1, errorCode: 'RECIPIENT_NOT_FOUND' });
  });

  it("an access point whose certificate another CA issued is refused by B, and nothing reaches B's company", async () => {
    const c = await gateway('c', await freePort());
    try {
      const sent = await send(recipientId);
      await rowWhen(sent.id, (row) => row.delivery_status === 'delivered');
      const foreign = '3e5a1b2c-0000-5000-8000-000000000001';
      const res = await submit(c, await sbdOf(sent.id, foreign));
      expect(res.status, res.text).to.equal(422);
      expect(await received(foreign)).to.have.length(0);
    } finally {
      await c.stop();
    }
  });

  it('kill -9 of B before the exchange: A re-sends on schedule once B is back; one document at B, delivered at A', async () => {
    await b.crash();
    const sent = await send(recipientId);
    const instanceId = transmissionId(sent.id);
    // The first hand-off finds nobody at B's address: a temporary failure, re-sent after 30 s.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const history = await env.client.workflow.getHandle(workflowIds.document(sent.id)).fetchHistory();
      if ((history.events ?? []).some((e) => e.timerStartedEventAttributes)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    b = await gateway('b', ports.b);
    const result = await env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(sent.id)).result();
    const row = await findDocumentById(testServers().db, sent.id);
    expect(result, `${row?.error_code}: ${row?.error_message}`).to.deep.include({
      deliveryStatus: 'delivered',
      attempts: 2,
    });
    expect(await received(instanceId)).to.have.length(1);
  });
  it('the service at C3 answering 500: nothing is acknowledged, A re-sends on schedule, one document at B', async () => {
    // B forwards through a door that fails twice before it lets the service answer.
    let failures = 2;
    const door = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          res.statusCode = 500;
          return res.end('{"error":"service away"}');
        }
        const headers = Object.fromEntries(
          ['content-type', 'x-token', 'x-sbdh-instance-id'].flatMap((h) =>
            req.headers[h] ? [[h, String(req.headers[h])]] : [],
          ),
        );
        void fetch(`${app.url}/internal/access-point/inbound`, { method: 'POST', headers, body: Buffer.concat(chunks) })
          .then(async (answer) => {
            res.statusCode = answer.status;
            res.setHeader('content-type', 'application/json');
            res.end(await answer.text());
          })
          .catch(() => {
            res.statusCode = 502;
            res.end();
          });
      });
    });
    await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
    await b.stop();
    b = await gateway('b', ports.b, undefined, `http://127.0.0.1:${(door.address() as AddressInfo).port}`);
    try {
      const sent = await send(recipientId);
      const instanceId = transmissionId(sent.id);
      const result = await env.client.workflow
        .getHandle<typeof documentWorkflow>(workflowIds.document(sent.id))
        .result();
      expect(result).to.deep.include({ deliveryStatus: 'delivered', attempts: 3 });
      expect(failures).to.equal(0);
      expect(await received(instanceId)).to.have.length(1);
    } finally {
      await b.stop();
      b = await gateway('b', ports.b);
      await new Promise<void>((resolve) => door.close(() => resolve()));
    }
  });
});

/** The SBD of a sent document, as its hand-off builds it, under `instanceId`. */
async function sbdOf(documentId: string, instanceId: string): Promise<string> {
  const row = await findDocumentById(testServers().db, documentId);
  const wrapped = wrapInSbdh(row!.xml!, {
    sender: row!.sender.peppolId!,
    receiver: row!.receiver!.peppolId!,
    instanceId,
    createdAt: new Date(),
    countryC1: 'BE',
  });
  if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
  return wrapped.xml;
}

async function submit(gateway: RunningGateway, sbd: string) {
  const res = await fetch(`${gateway.url}/api/outbound/submit-sbd`, {
    method: 'POST',
    headers: { 'X-Token': API_TOKEN, 'Content-Type': 'application/xml' },
    body: sbd,
  });
  return { status: res.status, text: await res.text() };
}
