import { expect } from 'chai';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createEventDispatcher, startDeliveryRun } from '../../core/event-dispatcher.ts';
import { newId, transmissionId } from '../../core/ids.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { insertComplianceReport, newComplianceReportId } from '../../db/compliance.ts';
import { createFanOutDeliveries } from '../../db/deliveries.ts';
import { insertEvent } from '../../db/events.ts';
import { insertWebhook } from '../../db/webhooks.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import { deregisterSignal, type companyRegistrationWorkflow } from '../../workflows/companies/registration.ts';
import type { complianceWorkflow } from '../../workflows/compliance/report.ts';
import type { documentWorkflow } from '../../workflows/documents/document.ts';
import type { eventDeliveriesWorkflow } from '../../workflows/webhooks/delivery.ts';
import { companyIn, storedDocument } from '../api/lifecycle-fixtures.ts';
import { createTenant, jsonHeaders } from '../support/access.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { invoiceBody } from '../support/documents.ts';
import { readHistoryFixtures, replayFailures, writeHistoryFixture, type History } from '../support/histories.ts';
import { testUpstreams } from '../support/upstreams.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';

/**
 * A history recorded by this run must replay against the code that produced it (no hidden
 * non-determinism: Math.random, Date, iteration order, a branch on something not in history). The
 * committed ones (test/workflows/histories/) stand for runs already in flight on a deployed version:
 * a change they no longer replay against needs a `patched()` branch, or is knowingly incompatible.
 * `RECORD_WORKFLOW_HISTORIES=1 npx mocha test/workflows/replay.test.ts` rewrites them from this run;
 * re-record only with such an incompatible change, never to make this suite pass.
 */
const RECORDING = process.env.RECORD_WORKFLOW_HISTORIES === '1';

describe('workflow replay (determinism)', () => {
  describe('histories recorded now replay against the current bundle', () => {
    let env: TestWorkflowEnvironment;
    let app: TestApp;
    let stop: AbortController;
    let running: Promise<void>;
    const recorded: Array<{ name: string; history: History }> = [];

    before(async () => {
      env = await createTimeSkippingEnv();
      const workers: Worker[] = await createWorkers({
        connection: env.nativeConnection,
        namespace: 'default',
        db: testServers().db,
        events: createEventDispatcher(env.client, testServers().db),
        upstreams: testUpstreams(),
      });
      stop = new AbortController();
      running = runWorkers(workers, stop.signal);
      app = await startTestApp({ temporal: env.client });
    });
    after(async () => {
      await app?.close();
      stop?.abort();
      await running;
      await env?.teardown();
      if (RECORDING) for (const { name, history } of recorded) writeHistoryFixture(name, history);
    });

    async function expectReplays(name: string, workflowId: string, runId?: string): Promise<void> {
      const history = await env.client.workflow.getHandle(workflowId, runId).fetchHistory();
      recorded.push({ name, history });
      expect(await replayFailures([{ workflowId, history }])).to.deep.equal([]);
    }

    it("document: sandbox delivery, a lifecycle update while it runs, the recipient's Invoice Response", async () => {
      const tenant = await createTenant({ livemode: false, plan: 'pro' });
      // The AP responder answers a minute after delivery: under_review → approved.
      const sent = await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({
          type: 'invoice',
          from: tenant.companyId,
          to: '0060:999000106',
          document: invoiceBody(),
        }),
      });
      expect(sent.status).to.equal(201);
      const { id } = (await sent.json()) as { id: string };
      const moved = await fetch(`${app.url}/v1/documents/${id}/lifecycle`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ status: 'under_review' }),
      });
      expect(moved.status).to.equal(200);
      const delivery = await env.client.workflow.getHandle(workflowIds.document(id)).describe();
      // The delivery run: the Invoice Response arrives later, as an update a lifecycle run takes.
      const handle = env.client.workflow.getHandle<typeof documentWorkflow>(workflowIds.document(id), delivery.runId);
      expect(await handle.result()).to.deep.equal({ documentId: id, deliveryStatus: 'delivered', attempts: 1 });
      // The sandbox access point's run answers with the MLS, then the recipient's Invoice Response, through the inbound door.
      const accessPoint = env.client.workflow.getHandle(workflowIds.sandboxAccessPoint(transmissionId(id)));
      await accessPoint.result();
      const { lifecycle_status } = await testServers()
        .db.selectFrom('documents')
        .select('lifecycle_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(lifecycle_status).to.equal('approved');
      await expectReplays('document', handle.workflowId, delivery.runId);
      await expectReplays('sandbox-access-point', accessPoint.workflowId);
    });

    /** A sandbox event of a new organization whose webhooks are the simulated receivers `urls`. */
    async function sandboxEventTo(urls: string[], documentId: string) {
      const { db } = testServers();
      const tenant = await createTenant({ livemode: false });
      for (const url of urls)
        await insertWebhook(db, {
          id: newId('wh'),
          organizationId: tenant.organizationId,
          livemode: false,
          companyId: null,
          url,
          events: ['*'],
          secret: 'whsec_replay_test_secret_00000000',
        });
      return insertEvent(db, {
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: tenant.companyId,
        type: 'document.received',
        data: { documentId },
      });
    }

    it('webhook delivery: a sandbox receiver that fails once, then answers 2xx', async () => {
      const { db } = testServers();
      const event = await sandboxEventTo(['https://fail-1.webhook.test/hooks'], 'doc_replay');
      const [delivery] = await createFanOutDeliveries(db, event);
      const handle = await startDeliveryRun(env.client, event, delivery.id, 0);
      expect(await handle.result()).to.deep.equal({ deliveryId: delivery.id, outcome: 'succeeded', attempts: 2 });
      await expectReplays('delivery', handle.workflowId);
    });

    it("an event's fan-out: two sandbox receivers, one failing once, on their own schedules in one run", async () => {
      const { db } = testServers();
      const event = await sandboxEventTo(
        ['https://fail-1.webhook.test/hooks', 'https://ok.webhook.test/hooks'],
        'doc_replay_fan_out',
      );
      await createEventDispatcher(env.client, db).dispatch([event]);
      const handle = env.client.workflow.getHandle<typeof eventDeliveriesWorkflow>(
        workflowIds.eventDeliveries(event.id),
      );
      const { deliveries } = await handle.result();
      expect(deliveries.map((d) => [d.outcome, d.attempts]).sort()).to.deep.equal([
        ['succeeded', 1],
        ['succeeded', 2],
      ]);
      await expectReplays('event-deliveries', handle.workflowId);
    });

    it('company registration: the sandbox SMP goes live, then the company is deregistered', async () => {
      const tenant = await createTenant({ livemode: false });
      const handle = await env.client.workflow.start<typeof companyRegistrationWorkflow>(
        'companyRegistrationWorkflow',
        {
          taskQueue: TASK_QUEUES.companies,
          workflowId: workflowIds.company(tenant.companyId),
          args: [
            {
              companyId: tenant.companyId,
              organizationId: tenant.organizationId,
              livemode: false,
              clockOffsetMs: 0,
              intent: 'register',
            },
          ],
          typedSearchAttributes: searchAttributesFor({
            organizationId: tenant.organizationId,
            livemode: false,
            companyId: tenant.companyId,
          }),
        },
      );
      const registered = async () =>
        (
          await testServers()
            .db.selectFrom('companies')
            .select('smp_registered')
            .where('id', '=', tenant.companyId)
            .executeTakeFirstOrThrow()
        ).smp_registered;
      for (let i = 0; i < 60 && !(await registered()); i++) await env.sleep('30 seconds');
      expect(await registered()).to.equal(true);
      await handle.signal(deregisterSignal);
      expect(await handle.result()).to.deep.equal({ state: 'deregistered', registrations: 1 });
      await expectReplays('company-registration', handle.workflowId);
    });

    it('compliance report: submitted to the sandbox PPF, accepted at the first status check', async () => {
      const tenant = await createTenant({ livemode: false, plan: 'pro' });
      const doc = await storedDocument(tenant, { companyId: await companyIn(tenant, 'FR'), number: 'INV-FR-REPLAY-1' });
      const report = await insertComplianceReport(testServers().db, {
        id: newComplianceReportId(),
        organization_id: tenant.organizationId,
        livemode: false,
        company_id: doc.company_id,
        document_id: doc.id,
        lifecycle_event_id: null,
        country: 'FR',
        platform: 'PPF',
        lifecycle_status: 'approved',
        status: 'pending',
      });
      const handle = await env.client.workflow.start<typeof complianceWorkflow>('complianceWorkflow', {
        taskQueue: TASK_QUEUES.documents,
        workflowId: workflowIds.compliance(doc.id, 'FR'),
        args: [{ documentId: doc.id, country: 'FR', livemode: false }],
        typedSearchAttributes: searchAttributesFor({
          organizationId: tenant.organizationId,
          livemode: false,
          companyId: doc.company_id,
          documentId: doc.id,
        }),
      });
      expect(await handle.result()).to.deep.equal({
        documentId: doc.id,
        country: 'FR',
        reports: [{ reportId: report.id, status: 'accepted' }],
      });
      await expectReplays('compliance', handle.workflowId);
    });
  });

  describe('committed histories (test/workflows/histories/) replay against the current bundle', () => {
    const fixtures = readHistoryFixtures();

    it('one history of each workflow type, and a delivery whose first attempt ran under its patch', () => {
      expect(fixtures.map((f) => f.name)).to.deep.equal([
        'company-registration',
        'compliance',
        'delivery-patched',
        'delivery',
        'document',
        'event-deliveries',
      ]);
    });

    for (const { name, history } of fixtures) {
      it(`${name}.json replays without a determinism error`, async () => {
        expect(await replayFailures([{ workflowId: name, history }])).to.deep.equal([]);
      });
    }
  });
});
