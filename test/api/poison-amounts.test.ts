import { expect } from 'chai';
import { ApplicationFailure } from '@temporalio/common';
import { sql } from 'kysely';
import { asDeterministicFailure } from '../../activities/deterministic-failures.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { errorBody, startSandboxSuite, type TestApp } from '../support/app.ts';
import { jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { storedDocument } from './lifecycle-fixtures.ts';

describe('amounts no column can hold, and workflows that do not answer', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });

  it('POST /v1/documents/{id}/payments with an amount of 10^16 is 400 naming amount, before any workflow', async () => {
    const doc = await storedDocument(tenant, { status: 'approved' });
    const res = await post(`/v1/documents/${doc.id}/payments`, { amount: 1e16, date: '2026-11-30' });
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.details.map((d: { field: string }) => d.field)).to.include('amount');
  });

  it('a lifecycle update with paymentAmount 10^16 is 400 naming paymentAmount', async () => {
    const doc = await storedDocument(tenant, { status: 'approved' });
    const res = await post(`/v1/documents/${doc.id}/lifecycle`, {
      status: 'partially_paid',
      paymentDate: '2026-11-30',
      paymentAmount: 1e16,
    });
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.details.map((d: { field: string }) => d.field)).to.include('paymentAmount');
  });

  it('a document whose totals reach 10^16 is 422 AMOUNT_OUT_OF_RANGE naming the totals, storing nothing', async () => {
    const number = `INV-HUGE-${Date.now()}`;
    const res = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({
        number,
        lines: [
          {
            description: 'Big',
            quantity: 1000000000,
            unit: 'C62',
            unitPrice: 100000000,
            vatRate: 21,
            vatCategory: 'S',
          },
        ],
      }),
    });
    expect(res.status).to.equal(422);
    const error = await errorBody(res);
    expect(error.code).to.equal('AMOUNT_OUT_OF_RANGE');
    expect(error.details.map((d: { field: string }) => d.field)).to.deep.equal([
      'document.totals.grossAmount',
      'document.totals.netAmount',
      'document.totals.vatAmount',
    ]);
    const rows = await testServers().db.selectFrom('documents').select('id').where('number', '=', number).execute();
    expect(rows).to.deep.equal([]);
  });

  it('a lifecycle update that its workflow does not take within 5 s is 503 with Retry-After', async () => {
    const doc = await storedDocument(tenant);
    // A run of the document that no worker serves: the update waits on it in vain.
    await testServers().temporal.workflow.start('documentWorkflow', {
      taskQueue: `${TASK_QUEUES.documents}-unserved`,
      workflowId: workflowIds.document(doc.id),
      args: [{ documentId: doc.id, livemode: false, deliver: false }],
    });
    const started = Date.now();
    const res = await post(`/v1/documents/${doc.id}/lifecycle`, { status: 'under_review' });
    expect(Date.now() - started).to.be.lessThan(8_000);
    expect(res.status).to.equal(503);
    expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
    expect((await errorBody(res)).code).to.equal('UPSTREAM_UNAVAILABLE');
    await testServers().temporal.workflow.getHandle(workflowIds.document(doc.id)).terminate();
  });

  it('a Postgres data exception in an activity is a non-retryable INVALID_INPUT failure', async () => {
    const err = await sql`select 1e17::numeric(18,2)`.execute(testServers().db).then(
      () => undefined,
      (e: unknown) => e,
    );
    const classified = asDeterministicFailure(err);
    expect(classified).to.be.instanceOf(ApplicationFailure);
    expect(classified).to.deep.include({ type: 'INVALID_INPUT', nonRetryable: true });
    const transient = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    expect(asDeterministicFailure(transient)).to.equal(transient);
  });
});
