import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { findDocumentById } from '../../db/documents.ts';
import { insertFile } from '../../db/files.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import { participantIdDirectory } from '../../api/documents/parties.ts';
import { sendDocument } from '../../api/documents/send.ts';
import type { HandOff, PeppolTransport } from '../../upstreams/transport/types.ts';
import { createSimulatedTransport } from '../../upstreams/transport/simulator.ts';
import type { InboundMessage } from '../../core/inbound-message.ts';
import type { documentWorkflow } from '../../workflows/documents/document.ts';
import type { inboundWorkflow } from '../../workflows/documents/inbound.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, tenantScope, type Tenant } from '../support/access.ts';
import { eventsOf, invoiceBody, RECIPIENT } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';

const SECRET = 'as4-receipts-secret';

/** A live access point that accepts every hand-off and answers later with a receipt. */
class ReceiptingAccessPoint implements PeppolTransport {
  async handOff(input: HandOff) {
    return { messageId: `as4-${input.documentId}-${randomUUID()}` };
  }
  async probe() {
    return 'receipting';
  }
}

describe('AS4 receipts and the inbound workflow (time-skipping)', () => {
  let env: TestWorkflowEnvironment;
  let tenant: Tenant;
  let app: TestApp;
  let stop: AbortController;
  let running: Promise<void>;

  before(async () => {
    env = await createTimeSkippingEnv();
    tenant = await createTenant();
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams: testUpstreams({
        transports: { live: new ReceiptingAccessPoint(), sandbox: createSimulatedTransport() },
      }),
      taskQueues: [TASK_QUEUES.documents, TASK_QUEUES.webhooks],
    });
    stop = new AbortController();
    running = runWorkers(workers, stop.signal);
    app = await startTestApp({ temporal: env.client, as4: { inboundSecret: SECRET } });
  });
  after(async () => {
    await app.close();
    stop.abort();
    await running;
    await env.teardown();
  });

  /** Sends a live document and waits until the access point has taken it (its message id is known). */
  async function handedOff(): Promise<{ id: string; messageId: string }> {
    const { db } = testServers();
    const row = await sendDocument(
      { db, temporal: env.client, recipients: participantIdDirectory },
      tenantScope(tenant.organizationId, true),
      { type: 'invoice', format: 'json', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() as any },
    );
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const current = await findDocumentById(db, row.id);
      if (current?.transport_message_id) return { id: row.id, messageId: current.transport_message_id };
      await new Promise((r) => setTimeout(r, 50));
    }
    expect.fail(`document ${row.id} was never handed off`);
  }

  const postReceipt = (body: unknown) =>
    fetch(`${app.url}/internal/as4/receipts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(body),
    });

  it('a delivered receipt moves the live document from pending to delivered', async () => {
    const { id, messageId } = await handedOff();
    expect((await findDocumentById(testServers().db, id))!.delivery_status).to.equal('pending');
    const res = await postReceipt({ messageId, status: 'delivered' });
    expect(res.status).to.equal(202);
    expect(await res.json()).to.deep.equal({ documentId: id });
    const result = await env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(id)).result();
    expect(result).to.deep.include({ documentId: id, deliveryStatus: 'delivered' });
    expect(await findDocumentById(testServers().db, id)).to.deep.include({
      delivery_status: 'delivered',
      status: 'delivered',
    });
    expect(await eventsOf(id)).to.include.members(['document.sent', 'document.delivered']);
  });

  it("a rejected receipt fails the document with the access point's code and message", async () => {
    const { id, messageId } = await handedOff();
    const res = await postReceipt({
      messageId,
      status: 'rejected',
      errorCode: 'AP_REJECTED',
      errorMessage: 'unknown buyer reference at the receiving access point',
    });
    expect(res.status).to.equal(202);
    await env.client.workflow.getHandle(workflowIds.document(id)).result();
    expect(await findDocumentById(testServers().db, id)).to.deep.include({
      delivery_status: 'rejected',
      status: 'rejected',
      error_code: 'AP_REJECTED',
      error_message: 'unknown buyer reference at the receiving access point',
    });
    expect(await eventsOf(id)).to.include('document.failed');
  });

  it('a late receipt for a delivery that has ended is accepted and changes nothing', async () => {
    const { id, messageId } = await handedOff();
    await postReceipt({ messageId, status: 'delivered' });
    await env.client.workflow.getHandle(workflowIds.document(id)).result();
    const late = await postReceipt({ messageId, status: 'rejected' });
    expect(late.status).to.equal(202);
    expect((await findDocumentById(testServers().db, id))!.delivery_status).to.equal('delivered');
  });

  /** An inbound message for the tenant's live company, ready to run through inboundWorkflow. */
  async function inboundMessage(): Promise<InboundMessage> {
    const { db } = testServers();
    const company = await db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    const xml = readFileSync(new URL('../data/peppol/examples/bis-3.0.21/base-example.xml', import.meta.url), 'utf8');
    const file = await insertFile(db, {
      organizationId: tenant.organizationId,
      livemode: true,
      content: Buffer.from(xml),
      contentType: 'application/xml',
      filename: 'm.xml',
    });
    const documentId = `doc_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    return {
      documentId,
      organizationId: tenant.organizationId,
      livemode: true,
      companyId: company.id,
      fileId: file.id,
      messageId: randomUUID(),
      senderId: '0088:9482348239847239874',
      receiverId: company.peppol_id!,
      source: 'peppol',
    };
  }
  const run = (message: InboundMessage, workflowId = workflowIds.inbound(message.documentId)) =>
    env.client.workflow.execute<typeof inboundWorkflow>('inboundWorkflow', {
      taskQueue: TASK_QUEUES.documents,
      workflowId,
      args: [message],
    });

  it('a receipt never matches an incoming document carrying the same message id', async () => {
    const message = await inboundMessage();
    await run(message);
    expect((await findDocumentById(testServers().db, message.documentId))!.transport_message_id).to.equal(
      message.messageId,
    );
    const res = await postReceipt({ messageId: message.messageId, status: 'delivered' });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
  });

  it('inboundWorkflow is idempotent: a second run for the same document creates nothing and counts nothing', async () => {
    const { db } = testServers();
    const message = await inboundMessage();
    const { documentId, companyId } = message;
    const first = await run(message);
    const statsAfterFirst = (
      await db.selectFrom('companies').select('stats').where('id', '=', companyId).executeTakeFirstOrThrow()
    ).stats;
    const second = await run(message, `${workflowIds.inbound(documentId)}-again`);
    expect(first).to.deep.equal({ documentId, deliveryStatus: 'delivered', created: true });
    expect(second).to.deep.equal({ documentId, deliveryStatus: 'delivered', created: false });
    expect(await eventsOf(documentId)).to.deep.equal(['document.received']);
    expect(
      (await db.selectFrom('companies').select('stats').where('id', '=', companyId).executeTakeFirstOrThrow()).stats,
    ).to.deep.equal(statsAfterFirst);
    const row = await findDocumentById(db, documentId);
    expect(row).to.deep.include({
      direction: 'incoming',
      delivery_status: 'delivered',
      transport_message_id: message.messageId,
      file_id: message.fileId,
    });
  });
});
