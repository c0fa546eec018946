import { expect } from 'chai';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { insertComplianceReport, newComplianceReportId } from '../../db/compliance.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import type { complianceWorkflow } from '../../workflows/compliance/report.ts';
import { createTenant, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';
import { companyIn, storedDocument } from '../api/lifecycle-fixtures.ts';
import { complianceReportedOf } from '../support/documents.ts';

describe('complianceWorkflow (PPF / SDI reporting)', () => {
  let env: TestWorkflowEnvironment;
  let tenant: Tenant;
  let fr: string;
  let it_: string;
  let stop: AbortController;
  let running: Promise<void>;

  before(async () => {
    env = await createTimeSkippingEnv();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    fr = await companyIn(tenant, 'FR');
    it_ = await companyIn(tenant, 'IT');
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams: testUpstreams(),
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

  /** A document with queued reports (as a lifecycle move leaves them), then its compliance run. */
  async function report(country: 'FR' | 'IT', number: string, statuses: string[] = ['approved']) {
    const { db } = testServers();
    const doc = await storedDocument(tenant, { companyId: country === 'FR' ? fr : it_, number });
    const ids: string[] = [];
    for (const status of statuses) {
      const row = await insertComplianceReport(db, {
        id: newComplianceReportId(),
        organization_id: tenant.organizationId,
        livemode: false,
        company_id: doc.company_id,
        document_id: doc.id,
        lifecycle_event_id: null,
        country,
        platform: country === 'FR' ? 'PPF' : 'SDI',
        lifecycle_status: status,
        status: 'pending',
      });
      ids.push(row.id);
    }
    const handle = await env.client.workflow.start<typeof complianceWorkflow>('complianceWorkflow', {
      taskQueue: TASK_QUEUES.documents,
      workflowId: workflowIds.compliance(doc.id, country),
      args: [{ documentId: doc.id, country, livemode: false }],
      typedSearchAttributes: searchAttributesFor({
        organizationId: tenant.organizationId,
        livemode: false,
        companyId: doc.company_id,
        documentId: doc.id,
      }),
    });
    const result = await handle.result();
    const events = (await handle.fetchHistory()).events ?? [];
    const timers = events
      .filter((e) => e.timerStartedEventAttributes)
      .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
    const rows = await db
      .selectFrom('compliance_reports')
      .selectAll()
      .where('document_id', '=', doc.id)
      .orderBy('created_at')
      .execute();
    const reported = await complianceReportedOf(tenant.organizationId, doc.id);
    return { doc, ids, result, timers, rows, reported };
  }

  it('submits to PPF, checks at nextCheckAt (5 min) and records the acceptance with its event', async () => {
    const { doc, ids, result, timers, rows, reported } = await report('FR', 'INV-FR-OK-1');
    expect(result).to.deep.equal({
      documentId: doc.id,
      country: 'FR',
      reports: [{ reportId: ids[0], status: 'accepted' }],
    });
    expect(timers).to.deep.equal([300]);
    expect(rows[0]).to.deep.include({ status: 'accepted', platform: 'PPF', error_code: null, next_check_at: null });
    expect(rows[0].submission_id).to.equal(`sim-ppf-${ids[0]}`);
    expect(rows[0].platform_response).to.deep.include({ platform: 'PPF', state: 'accepted' });
    expect(reported).to.deep.equal([
      {
        documentId: doc.id,
        reportId: ids[0],
        reportedTo: 'PPF',
        country: 'FR',
        lifecycleStatus: 'approved',
        status: 'accepted',
      },
    ]);
  });

  for (const [country, magic, code] of [
    ['FR', 'PPF-00025', '00025'],
    ['FR', 'PPF-00058', '00058'],
    ['IT', 'SDI-00200', '00200'],
    ['IT', 'SDI-00306', '00306'],
  ] as const) {
    it(`${country}: a document numbered …${magic}… is refused with ${code}`, async () => {
      const { result, rows, reported } = await report(country, `INV-${magic}-7`);
      expect(result.reports[0].status).to.equal('failed');
      expect(rows[0]).to.deep.include({ status: 'failed', error_code: code });
      expect(reported[0]).to.deep.include({
        status: 'failed',
        errorCode: code,
        reportedTo: country === 'FR' ? 'PPF' : 'SDI',
      });
      expect(reported[0].errorMessage).to.be.a('string');
    });
  }

  it('an undecided submission is checked again at the next nextCheckAt (15 min later)', async () => {
    const { result, timers, rows } = await report('IT', 'INV-COMPLIANCE-SLOW-1');
    expect(result.reports[0].status).to.equal('accepted');
    expect(timers).to.deep.equal([300, 900]);
    expect(rows[0].status).to.equal('accepted');
  });

  it('a platform that never decides: checked at 5 min, 15 min, 1 h, 6 h, then daily, and failed NO_ANSWER after 7 days', async () => {
    const { result, timers, rows, reported } = await report('FR', 'INV-COMPLIANCE-SILENT-1');
    expect(result.reports[0].status).to.equal('failed');
    expect(timers).to.deep.equal([300, 900, 3600, 21600, 86400, 86400, 86400, 86400, 86400, 86400, 86400]);
    expect(rows[0]).to.deep.include({ status: 'failed', error_code: 'NO_ANSWER', next_check_at: null });
    expect(reported[0]).to.deep.include({ status: 'failed', errorCode: 'NO_ANSWER', reportedTo: 'PPF' });
  });

  it('several queued moves are reported one after the other, in order', async () => {
    const { result, rows } = await report('FR', 'INV-FR-SEQ-1', ['under_review', 'approved', 'paid']);
    expect(result.reports.map((r) => r.status)).to.deep.equal(['accepted', 'accepted', 'accepted']);
    expect(rows.map((r) => [r.lifecycle_status, r.status])).to.deep.equal([
      ['under_review', 'accepted'],
      ['approved', 'accepted'],
      ['paid', 'accepted'],
    ]);
  });
});
