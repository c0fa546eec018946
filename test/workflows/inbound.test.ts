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
import type { HandOff, PeppolTransport, TransmissionState } from '../../upstreams/transport/types.ts';
import { transmissionId } from '../../core/ids.ts';
import { SBDH_NS } from '../../peppol/index.ts';
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

const SECRET = 'access-point-forward-token';

/**
 * A live access point that accepts every hand-off (the receiving access point's AS4 receipt is in)
 * and tells, when asked, the MLS it was given for the transmission.
 */
class AnsweringAccessPoint implements PeppolTransport {
  readonly asked: string[] = [];
  readonly states = new Map<string, TransmissionState>();
  /** Runs before the hand-off answers: what the receiving side does meanwhile. */
  meanwhile: ((input: HandOff) => Promise<void>) | undefined;
  async handOff(input: HandOff) {
    await this.meanwhile?.(input);
    return { messageId: input.instanceId };
  }
  async transmission(messageId: string): Promise<TransmissionState> {
    this.asked.push(messageId);
    return this.states.get(messageId) ?? { mls: 'pending' };
  }
  async probe() {
    return 'answering';
  }
}

describe('Message Level Status through the inbound door, and the inbound workflow (time-skipping)', () => {
  let env: TestWorkflowEnvironment;
  let tenant: Tenant;
  let app: TestApp;
  let stop: AbortController;
  let running: Promise<void>;
  const accessPoint = new AnsweringAccessPoint();

  before(async () => {
    env = await createTimeSkippingEnv();
    tenant = await createTenant();
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams: testUpstreams({
        transports: { live: accessPoint, sandbox: createSimulatedTransport({ db: testServers().db }) },
      }),
      taskQueues: [TASK_QUEUES.documents, TASK_QUEUES.webhooks],
    });
    stop = new AbortController();
    running = runWorkers(workers, stop.signal);
    app = await startTestApp({ temporal: env.client, accessPoint: { forwardToken: SECRET } });
  });
  after(async () => {
    await app.close();
    stop.abort();
    await running;
    await env.teardown();
  });

  /** Sends a live document and waits until the access point has taken it (its InstanceIdentifier is known). */
  async function handedOff(): Promise<{ id: string; instanceId: string }> {
    const { db } = testServers();
    const row = await sendDocument(
      { db, temporal: env.client, recipients: participantIdDirectory },
      tenantScope(tenant.organizationId, true),
      { type: 'invoice', format: 'json', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() as any },
    );
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const current = await findDocumentById(db, row.id);
      if (current?.transport_message_id) return { id: row.id, instanceId: current.transport_message_id };
      await new Promise((r) => setTimeout(r, 50));
    }
    expect.fail(`document ${row.id} was never handed off`);
  }

  const mlsExample = (name: string) =>
    readFileSync(new URL(`../../../shared/standards/peppol-mls/examples/good/${name}`, import.meta.url), 'utf8');
  /** The receiving access point's MLS about `instanceId`, forwarded by ours in its SBD. */
  const forwardMls = (name: string, instanceId: string) => {
    const payload = mlsExample(name)
      .replace('90f14eff-3705-4869-ad3c-caae270a234e', instanceId)
      .replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
    const sbd =
      `<?xml version="1.0" encoding="UTF-8"?><StandardBusinessDocument xmlns="${SBDH_NS}"><StandardBusinessDocumentHeader><HeaderVersion>1.0</HeaderVersion>` +
      `<Sender><Identifier Authority="iso6523-actorid-upis">0242:123456</Identifier></Sender><Receiver><Identifier Authority="iso6523-actorid-upis">0242:234567</Identifier></Receiver>` +
      `<DocumentIdentification><Standard>urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2</Standard><TypeVersion>2.1</TypeVersion><InstanceIdentifier>${randomUUID()}</InstanceIdentifier><Type>ApplicationResponse</Type><CreationDateAndTime>2026-11-29T10:00:00Z</CreationDateAndTime></DocumentIdentification>` +
      `</StandardBusinessDocumentHeader>${payload}</StandardBusinessDocument>`;
    return fetch(`${app.url}/internal/access-point/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-token': SECRET },
      body: sbd,
    });
  };

  it('an MLS AP delivers the waiting live document and stays on it', async () => {
    const { id, instanceId } = await handedOff();
    expect(instanceId).to.equal(transmissionId(id));
    expect((await findDocumentById(testServers().db, id))!.delivery_status).to.equal('pending');
    const res = await forwardMls('MessageLevelStatus_Example_AP.xml', instanceId);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ documentId: id, countryCodeC4: 'BE' });
    const result = await env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(id)).result();
    expect(result).to.deep.include({ documentId: id, deliveryStatus: 'delivered' });
    const row = await findDocumentById(testServers().db, id);
    expect(row).to.deep.include({ delivery_status: 'delivered', status: 'delivered' });
    expect(row!.mls).to.deep.include({ code: 'AP' });
    expect(await eventsOf(id)).to.include.members(['document.sent', 'document.delivered']);
  });

  it('an MLS that arrives before the access point has answered the hand-off finds its document and delivers it', async () => {
    const forwarded: number[] = [];
    accessPoint.meanwhile = async (input) => {
      forwarded.push((await forwardMls('MessageLevelStatus_Example_AP.xml', input.instanceId)).status);
    };
    try {
      const { id, instanceId } = await handedOff();
      const result = await env.client.workflow.getHandle(workflowIds.document(id)).result();
      expect(forwarded).to.deep.equal([200]);
      expect(result).to.deep.include({ deliveryStatus: 'delivered' });
      expect((await findDocumentById(testServers().db, id))!.mls).to.deep.include({ code: 'AP' });
      expect(accessPoint.asked.filter((asked) => asked === instanceId)).to.have.length(0);
    } finally {
      accessPoint.meanwhile = undefined;
    }
  });

  it('an MLS RE rejects the document with its reason (AP_REJECTED, document.failed)', async () => {
    const { id, instanceId } = await handedOff();
    const res = await forwardMls('MessageLevelStatus_Example_RE.xml', instanceId);
    expect(res.status).to.equal(200);
    const result = await env.client.workflow.getHandle(workflowIds.document(id)).result();
    expect(result).to.deep.include({ deliveryStatus: 'rejected', errorCode: 'AP_REJECTED' });
    const row = await findDocumentById(testServers().db, id);
    expect(row).to.deep.include({ delivery_status: 'rejected', status: 'rejected', error_code: 'AP_REJECTED' });
    expect(row!.error_message).to.include('Rejected due to validation errors');
    expect(row!.mls).to.deep.include({ code: 'RE' });
    expect(await eventsOf(id)).to.include('document.failed');
  });

  it('without a forwarded MLS the access point is asked; an RE it holds rejects the document', async () => {
    const { id, instanceId } = await handedOff();
    accessPoint.states.set(instanceId, { mls: { code: 'RE', reason: 'BV: the buyer reference is unknown' } });
    const result = await env.client.workflow.getHandle(workflowIds.document(id)).result();
    expect(result).to.deep.include({ deliveryStatus: 'rejected' });
    expect(accessPoint.asked.filter((asked) => asked === instanceId)).to.have.length(1);
    expect((await findDocumentById(testServers().db, id))!.error_message).to.equal(
      'BV: the buyer reference is unknown',
    );
  });

  it('with no MLS within the hour the AS4 receipt stands: delivered, without MLS, after asking five times', async () => {
    const { id, instanceId } = await handedOff();
    const handle = env.client.workflow.getHandle(workflowIds.document(id));
    const result = await handle.result();
    expect(result).to.deep.include({ deliveryStatus: 'delivered' });
    expect(accessPoint.asked.filter((asked) => asked === instanceId)).to.have.length(5);
    const timers = ((await handle.fetchHistory()).events ?? [])
      .filter((e) => e.timerStartedEventAttributes)
      .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
    expect(timers).to.deep.equal([60, 240, 600, 1200, 1500]);
    expect(await findDocumentById(testServers().db, id)).to.deep.include({ delivery_status: 'delivered', mls: null });
  });

  it('an access point that will get no MLS for the transmission delivers at the first check', async () => {
    const { id, instanceId } = await handedOff();
    accessPoint.states.set(instanceId, { mls: 'not_expected' });
    const result = await env.client.workflow.getHandle(workflowIds.document(id)).result();
    expect(result).to.deep.include({ deliveryStatus: 'delivered' });
    expect(accessPoint.asked.filter((asked) => asked === instanceId)).to.have.length(1);
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

  it('an MLS never matches an incoming document carrying the same InstanceIdentifier', async () => {
    const message = await inboundMessage();
    await run(message);
    expect((await findDocumentById(testServers().db, message.documentId))!.transport_message_id).to.equal(
      message.messageId,
    );
    const res = await forwardMls('MessageLevelStatus_Example_AP.xml', message.messageId);
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
