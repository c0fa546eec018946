import { expect } from 'chai';
import { Client, Connection } from '@temporalio/client';
import { CircuitBreaker } from '../../../core/circuit-breaker.ts';
import { freePort } from '../../../core/ports.ts';
import { TASK_QUEUES, workflowIds } from '../../../core/temporal.ts';
import type { maintenanceWorkflow } from '../../../workflows/system/maintenance.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT, waitForDocument } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

const owedRuns = (documentId: string) =>
  testServers()
    .db.selectFrom('workflow_starts')
    .select('workflow_id')
    .where('workflow_id', '=', workflowIds.document(documentId))
    .execute();

/** The answer does not wait for the debt's delete: it follows the started run within moments. */
async function untilNothingOwed(documentId: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await owedRuns(documentId)).length > 0) {
    if (Date.now() > deadline) expect.fail(`the run of ${documentId} is still owed after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /v1/documents/send: crash-safe acceptance', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const send = (base: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key, extra),
      body: JSON.stringify(body),
    });
  const invoice = (number: string, extra: Record<string, unknown> = {}) => ({
    type: 'invoice',
    from: tenant.companyId,
    to: RECIPIENT,
    document: invoiceBody({ number }),
    ...extra,
  });

  it('starts the run in the request and owes nothing afterwards', async () => {
    const res = await send(app.url, invoice(`INV-ACC-${Date.now()}`));
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    await untilNothingOwed(doc.id);
    const described = await testServers().temporal.workflow.getHandle(workflowIds.document(doc.id)).describe();
    expect(described.type).to.equal('documentWorkflow');
  });

  describe('with the workflow service unreachable', () => {
    let down: TestApp;
    let connection: Connection;
    let breaker: CircuitBreaker;
    before(async () => {
      connection = Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: 300 });
      breaker = new CircuitBreaker('temporal-acceptance-test');
      down = await startTestApp({
        temporal: new Client({ connection }),
        breakers: { postgres: new CircuitBreaker('postgres-acceptance-test'), temporal: breaker },
      });
    });
    after(async () => {
      await down.close();
      await connection.close().catch(() => undefined);
    });

    it('accepts the document with its run owed, replays it for the same key, and the sweep starts the run', async () => {
      const key = `acc-${Date.now()}`;
      const res = await send(down.url, invoice(`INV-OWED-${Date.now()}`), { 'Idempotency-Key': key });
      const doc = await res.json();
      expect(res.status, JSON.stringify(doc)).to.equal(201);
      expect(await owedRuns(doc.id)).to.have.length(1);

      const retry = await send(down.url, invoice(doc.number), { 'Idempotency-Key': key });
      expect(retry.status).to.equal(201);
      expect(retry.headers.get('idempotent-replayed')).to.equal('true');
      expect((await retry.json()).id).to.equal(doc.id);
      const rows = await testServers()
        .db.selectFrom('documents')
        .select('id')
        .where('company_id', '=', tenant.companyId)
        .where('number', '=', doc.number)
        .execute();
      expect(rows.map((r) => r.id)).to.deep.equal([doc.id]);

      // The sweep leaves owed runs younger than its grace period to their request: age this one.
      await testServers()
        .db.updateTable('workflow_starts')
        .set({ created_at: new Date(Date.now() - 60_000) })
        .where('workflow_id', '=', workflowIds.document(doc.id))
        .execute();
      const result = await testServers().temporal.workflow.execute<typeof maintenanceWorkflow>('maintenanceWorkflow', {
        taskQueue: TASK_QUEUES.system,
        workflowId: `maintenance-acceptance-${doc.id}`,
      });
      expect(result.startedRuns).to.be.greaterThanOrEqual(1);
      expect(await owedRuns(doc.id)).to.deep.equal([]);
      await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');
    });

    it('answers 503 with Retry-After within a second once the circuit is open, storing nothing', async () => {
      for (let i = 0; i < 3; i++) breaker.recordFailure();
      const number = `INV-OPEN-${Date.now()}`;
      const started = Date.now();
      const res = await send(down.url, invoice(number));
      const elapsed = Date.now() - started;
      expect(res.status).to.equal(503);
      expect(elapsed).to.be.lessThan(1000);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      expect((await errorBody(res)).code).to.equal('UPSTREAM_UNAVAILABLE');
      const rows = await testServers().db.selectFrom('documents').select('id').where('number', '=', number).execute();
      expect(rows).to.deep.equal([]);
    });
  });

  describe('a second document of the same number', () => {
    it('is 409 DOCUMENT_EXISTS naming the live document', async () => {
      const number = `INV-DUP-${Date.now()}`;
      const first = await (await send(app.url, invoice(number))).json();
      const res = await send(app.url, invoice(number));
      expect(res.status).to.equal(409);
      const error = await errorBody(res);
      expect(error.code).to.equal('DOCUMENT_EXISTS');
      expect(error.type).to.equal('conflict');
      expect(error.details).to.deep.equal([
        { field: 'document.number', rule: 'unique', message: 'already sent', value: number, existingId: first.id },
      ]);
    });

    it('is accepted with allowDuplicateNumber: true', async () => {
      const number = `INV-DUP-OK-${Date.now()}`;
      expect((await send(app.url, invoice(number))).status).to.equal(201);
      const res = await send(app.url, invoice(number, { allowDuplicateNumber: true }));
      expect(res.status).to.equal(201);
    });

    it('is accepted once the first one failed', async () => {
      const number = `INV-DUP-FAILED-${Date.now()}`;
      const first = await (await send(app.url, invoice(number))).json();
      await testServers()
        .db.updateTable('documents')
        .set({ delivery_status: 'failed' })
        .where('id', '=', first.id)
        .execute();
      expect((await send(app.url, invoice(number))).status).to.equal(201);
    });

    it('of ten concurrent sends, exactly one is accepted', async () => {
      const number = `INV-DUP-RACE-${Date.now()}`;
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => send(app.url, invoice(number)).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 201)).to.have.length(1);
      expect(statuses.filter((s) => s === 409)).to.have.length(9);
    });
  });
});
