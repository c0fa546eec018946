import { expect } from 'chai';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { failure } from '../../core/failures.ts';
import { registry } from '../../core/metrics.ts';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { findDocumentById } from '../../db/documents.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import { participantIdDirectory, type RecipientDirectory } from '../../api/documents/parties.ts';
import { newId, transmissionId } from '../../core/ids.ts';
import { insertPartner } from '../../db/partners.ts';
import { sendDocument } from '../../api/documents/send.ts';
import type { HandOff, PeppolTransport } from '../../upstreams/transport/types.ts';
import { createSimulatedTransport } from '../../upstreams/transport/simulator.ts';
import { messageLevelStatusSignal, type documentWorkflow } from '../../workflows/documents/document.ts';
import type { Worker } from '@temporalio/worker';
import { createTenant, tenantScope, type Tenant } from '../support/access.ts';
import { eventsOf, invoiceBody, RECIPIENT } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';

/** An access point that answers with the outcomes it is given, one per hand-off, and records each. */
class ScriptedAccessPoint implements PeppolTransport {
  readonly handOffs: HandOff[] = [];
  constructor(
    private readonly outcomes: Array<
      'ok' | 'TRANSPORT_FAILURE' | 'AP_REJECTED' | 'SBDH_ERROR' | 'RECIPIENT_NOT_FOUND' | 'our-side'
    >,
  ) {}
  async handOff(input: HandOff) {
    this.handOffs.push(input);
    const outcome = this.outcomes[Math.min(this.handOffs.length - 1, this.outcomes.length - 1)];
    // What a lost database connection or a crashing dependency of our own throws: no typed failure.
    if (outcome === 'our-side') throw new Error('Connection terminated unexpectedly');
    if (outcome !== 'ok') throw failure(outcome, `scripted ${outcome}`);
    return { messageId: `msg-${input.documentId}` };
  }
  async transmission() {
    return { mls: 'pending' as const };
  }
  async probe() {
    return 'scripted';
  }
}

describe('documentWorkflow (delivery)', () => {
  let env: TestWorkflowEnvironment;
  let tenant: Tenant;
  let stop: AbortController;
  let running: Promise<void>;
  // One set of workers for the suite; each test scripts the access point behind this delegate.
  let accessPoint = new ScriptedAccessPoint(['ok']);
  const delegate: PeppolTransport = {
    handOff: (input) => accessPoint.handOff(input),
    transmission: () => accessPoint.transmission(),
    probe: () => accessPoint.probe(),
  };

  before(async () => {
    env = await createTimeSkippingEnv();
    tenant = await createTenant();
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams: testUpstreams({
        transports: { live: delegate, sandbox: createSimulatedTransport({ db: testServers().db }) },
      }),
      taskQueues: [TASK_QUEUES.documents, TASK_QUEUES.webhooks],
    });
    stop = new AbortController();
    running = runWorkers(workers, stop.signal);
  });
  after(async () => {
    stop.abort();
    await running;
    await env.teardown();
  });

  async function deliver(
    scripted: ScriptedAccessPoint,
    onStarted?: (workflowId: string) => Promise<void>,
    recipients: RecipientDirectory = participantIdDirectory,
  ) {
    const { db } = testServers();
    accessPoint = scripted;
    {
      const row = await sendDocument(
        { db, temporal: env.client, recipients },
        tenantScope(tenant.organizationId, true),
        { type: 'invoice', format: 'json', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() as any },
      );
      const handle = env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(row.id));
      if (onStarted) await onStarted(handle.workflowId);
      const result = await handle.result();
      const events = (await handle.fetchHistory()).events ?? [];
      const timers = events
        .filter((e) => e.timerStartedEventAttributes)
        .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
      return { row: (await findDocumentById(db, row.id))!, result, timers };
    }
  }

  it('re-sends temporary failures after 30 s, 2 min and 10 min under one InstanceIdentifier, then waits for the MLS', async () => {
    const accessPoint = new ScriptedAccessPoint(['TRANSPORT_FAILURE', 'TRANSPORT_FAILURE', 'TRANSPORT_FAILURE', 'ok']);
    const { row, result, timers } = await deliver(accessPoint, async (workflowId) => {
      // The MLS arrives whenever the receiving access point sends it; the workflow holds it until handed off.
      await env.client.workflow.getHandle(workflowId).signal(messageLevelStatusSignal, { code: 'AP' });
    });
    expect(result).to.deep.equal({ documentId: row.id, deliveryStatus: 'delivered', attempts: 4 });
    expect(timers.slice(0, 3)).to.deep.equal([30, 120, 600]);
    expect(accessPoint.handOffs.map((h) => h.attempt)).to.deep.equal([1, 2, 3, 4]);
    expect(new Set(accessPoint.handOffs.map((h) => h.instanceId))).to.deep.equal(new Set([transmissionId(row.id)]));
    expect(accessPoint.handOffs[3].sbd).to.include(
      `<InstanceIdentifier>${transmissionId(row.id)}</InstanceIdentifier>`,
    );
    expect(accessPoint.handOffs[0].sbd).to.include('StandardBusinessDocumentHeader');
    expect(accessPoint.handOffs[0].receiverId).to.equal(RECIPIENT);
    expect(row).to.deep.include({
      delivery_status: 'delivered',
      status: 'delivered',
      transport_message_id: `msg-${row.id}`,
    });
    expect(await eventsOf(row.id)).to.include.members(['document.sent', 'document.delivered']);
  });

  it('counts a delivered document once for the sending company and for its partner; a failed one not at all', async () => {
    const { db } = testServers();
    const partner = await insertPartner(db, {
      id: newId('part'),
      scope: { organizationId: tenant.organizationId, livemode: true },
      peppolId: RECIPIENT,
      vatNumber: null,
      name: 'Counted Buyer',
      country: 'BE',
      role: 'buyer',
      contactName: null,
      contactEmail: null,
      peppolStatus: 'registered',
      defaults: {},
      identifiers: [],
      enrichment: {},
      metadata: {},
    });
    const withPartner: RecipientDirectory = {
      ...participantIdDirectory,
      resolve: async () => ({ peppolId: RECIPIENT, partnerId: partner.id }),
    };
    const counts = async () => ({
      company: (
        await db.selectFrom('companies').select('stats').where('id', '=', tenant.companyId).executeTakeFirstOrThrow()
      ).stats,
      partner: await db
        .selectFrom('partners')
        .select(['documents_sent', 'documents_received'])
        .where('id', '=', partner.id)
        .executeTakeFirstOrThrow(),
    });
    const before = await counts();
    const delivered = await deliver(
      new ScriptedAccessPoint(['ok']),
      (workflowId) => env.client.workflow.getHandle(workflowId).signal(messageLevelStatusSignal, { code: 'AP' }),
      withPartner,
    );
    expect(delivered.row).to.deep.include({ delivery_status: 'delivered', partner_id: partner.id });
    const after = await counts();
    expect(Number(after.company.sent)).to.equal(Number(before.company.sent) + 1);
    expect(Number(after.company.received)).to.equal(Number(before.company.received));
    expect(after.partner).to.deep.equal({
      documents_sent: before.partner.documents_sent + 1,
      documents_received: before.partner.documents_received,
    });
    const failed = await deliver(new ScriptedAccessPoint(['AP_REJECTED']), undefined, withPartner);
    expect(failed.row.delivery_status).to.equal('rejected');
    expect(await counts()).to.deep.equal(after);
  });

  it('retries a failure of our own side without failing the document, and counts it for an alert', async () => {
    const counted = async () =>
      (await registry.getSingleMetric('docex_infrastructure_failures_total')!.get()).values.find(
        (v) => v.labels.activity === 'handOffDocument',
      )?.value ?? 0;
    const before = await counted();
    const accessPoint = new ScriptedAccessPoint(['our-side', 'our-side', 'ok']);
    const { row, result } = await deliver(accessPoint, (workflowId) =>
      env.client.workflow.getHandle(workflowId).signal(messageLevelStatusSignal, { code: 'AP' }),
    );
    expect(result).to.deep.equal({ documentId: row.id, deliveryStatus: 'delivered', attempts: 1 });
    expect(accessPoint.handOffs).to.have.length(3);
    expect(row.error_code).to.equal(null);
    expect(await counted()).to.equal(before + 2);
  });

  it('gives up after five re-sends: failed with TRANSPORT_FAILURE', async () => {
    const accessPoint = new ScriptedAccessPoint(['TRANSPORT_FAILURE']);
    const { row, result, timers } = await deliver(accessPoint);
    expect(result).to.deep.include({ deliveryStatus: 'failed', attempts: 6, errorCode: 'TRANSPORT_FAILURE' });
    expect(timers).to.deep.equal([30, 120, 600, 1800, 7200]);
    expect(row).to.deep.include({ delivery_status: 'failed', status: 'sent', error_code: 'TRANSPORT_FAILURE' });
    expect(row.error_message).to.include('after 6 attempts');
    expect(await eventsOf(row.id)).to.deep.equal(['document.failed']);
  });

  for (const code of ['AP_REJECTED', 'SBDH_ERROR'] as const) {
    it(`${code} is permanent: no re-send`, async () => {
      const accessPoint = new ScriptedAccessPoint([code]);
      const { row, result, timers } = await deliver(accessPoint);
      expect(result).to.deep.include({
        attempts: 1,
        errorCode: code,
        deliveryStatus: code === 'AP_REJECTED' ? 'rejected' : 'failed',
      });
      expect(timers).to.deep.equal([]);
      expect(row.error_code).to.equal(code);
    });
  }

  it('an MLS RE fails the delivery as rejected, with its reason', async () => {
    const { row, result } = await deliver(new ScriptedAccessPoint(['ok']), async (workflowId) => {
      await env.client.workflow.getHandle(workflowId).signal(messageLevelStatusSignal, {
        code: 'RE',
        reason: 'BV: schematron failure at the receiving access point',
      });
    });
    expect(result).to.deep.include({ deliveryStatus: 'rejected', errorCode: 'AP_REJECTED' });
    expect(row).to.deep.include({
      delivery_status: 'rejected',
      error_message: 'BV: schematron failure at the receiving access point',
    });
    expect(row.mls).to.deep.include({ code: 'RE', reason: 'BV: schematron failure at the receiving access point' });
  });

  it('RECIPIENT_NOT_FOUND from the access point is permanent: failed, no re-send', async () => {
    const accessPoint = new ScriptedAccessPoint(['RECIPIENT_NOT_FOUND']);
    const { row, result, timers } = await deliver(accessPoint);
    expect(result).to.deep.include({ attempts: 1, errorCode: 'RECIPIENT_NOT_FOUND', deliveryStatus: 'failed' });
    expect(timers).to.deep.equal([]);
    expect(row).to.deep.include({ delivery_status: 'failed', error_code: 'RECIPIENT_NOT_FOUND' });
  });
});
