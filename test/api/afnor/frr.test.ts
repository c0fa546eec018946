import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Client, Connection } from '@temporalio/client';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../core/config.ts';
import { freePort } from '../../../core/ports.ts';
import { TASK_QUEUES, workflowIds } from '../../../core/temporal.ts';
import type { maintenanceWorkflow } from '../../../workflows/system/maintenance.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { FLOWS, flowForm, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

const FIXTURE = readFileSync(path.join(PROJECT_ROOT, 'test/data/afnor/frr-10-3-transactions-agregees.xml'), 'utf8');
const SIREN = '732829320';
/** The fixture under another report id, so each submission is its own report. */
const report = (id = `FRR-${Math.random().toString(36).slice(2, 10)}`) => ({
  id,
  xml: FIXTURE.replace('FRR-20261205-0007', id),
});

describe('AFNOR flow service: FRR e-reporting flows', () => {
  let app: TestApp;
  let tenant: Tenant;

  const makeFrench = (t: Tenant, settings: Record<string, unknown> = {}) =>
    testServers()
      .db.updateTable('companies')
      .set({ country: 'FR', vat_number: `FR44${SIREN}`, settings: JSON.stringify(settings) })
      .where('id', '=', t.companyId)
      .execute();

  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    await makeFrench(tenant);
  });
  after(() => app.close());

  const submit = (form: FormData, key = tenant.key) =>
    fetch(`${app.url}${FLOWS}/flows`, { method: 'POST', headers: bearer(key), body: form });
  const reportsOf = async (documentId: string, key = tenant.key) => {
    const res = await fetch(`${app.url}/v1/compliance/reports?limit=100`, { headers: bearer(key) });
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { data: Array<Record<string, unknown>> };
    return body.data.filter((r) => r.documentId === documentId);
  };

  it('202: stored with deliveryStatus stored, a flow of its report type, the file as Original', async () => {
    const { id, xml } = report();
    const res = await submit(flowForm({ name: `${id}.xml`, flowSyntax: 'FRR', trackingId: id }, xml));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(202);
    expect(body).to.deep.include({
      name: `${id}.xml`,
      flowSyntax: 'FRR',
      trackingId: id,
      sha256: createHash('sha256').update(xml).digest('hex'),
    });

    const flow = await (await fetch(`${app.url}${FLOWS}/flows/${body.flowId}`, { headers: bearer(tenant.key) })).json();
    expect(flow).to.deep.include({
      flowId: body.flowId,
      flowSyntax: 'FRR',
      flowType: 'AggregatedCustomerTransactionReport',
      flowDirection: 'Out',
    });
    expect(flow.acknowledgement.status).to.equal('Ok');

    const doc = await (await fetch(`${app.url}/v1/documents/${body.flowId}`, { headers: bearer(tenant.key) })).json();
    expect(doc).to.deep.include({ number: id, deliveryStatus: 'stored', companyId: tenant.companyId });

    const original = await fetch(`${app.url}${FLOWS}/flows/${body.flowId}?docType=Original`, {
      headers: bearer(tenant.key),
    });
    expect(await original.text()).to.equal(xml);
  });

  it('a stored flow’s name is its file name: any character, given back in Content-Disposition, control characters as _', async () => {
    const { xml } = report();
    const name = 'Rapport n°7 – “déc.” €\r\nX-Injected: 1.xml';
    const res = await submit(flowForm({ name, flowSyntax: 'FRR' }, xml));
    expect(res.status, await res.clone().text()).to.equal(202);
    const { flowId } = await res.json();
    const original = await fetch(`${app.url}${FLOWS}/flows/${flowId}?docType=Original`, {
      headers: bearer(tenant.key),
    });
    expect(original.status, await original.clone().text()).to.equal(200);
    expect(original.headers.get('x-injected')).to.equal(null);
    const disposition = original.headers.get('content-disposition')!;
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1])).to.equal(
      name.replace(/[\r\n]/g, '_'),
    );
    expect(await original.text()).to.equal(xml);
  });

  it('concurrent reports under one trackingId: one is stored and reported, the others are 409 AlreadyExistingFlow', async () => {
    const trackingId = `frr-race-${Math.random().toString(36).slice(2, 10)}`;
    const reports = [1, 2, 3, 4].map(() => report());
    const answers = await Promise.all(
      reports.map(({ id, xml }) => submit(flowForm({ name: `${id}.xml`, flowSyntax: 'FRR', trackingId }, xml))),
    );
    expect(answers.map((res) => res.status).sort()).to.deep.equal([202, 409, 409, 409]);
    const { flowId } = await answers.find((res) => res.status === 202)!.json();
    for (const refused of answers.filter((res) => res.status === 409))
      expect((await refused.json()).details[0]).to.include({ rule: 'AlreadyExistingFlow', existingId: flowId });
    const stored = await testServers()
      .db.selectFrom('documents')
      .select('id')
      .where('organization_id', '=', tenant.organizationId)
      .where(
        'number',
        'in',
        reports.map((r) => r.id),
      )
      .execute();
    expect(stored).to.deep.equal([{ id: flowId }]);
    expect(await reportsOf(flowId)).to.have.length(1);
  });

  it('is reported to the PPF as a compliance report (part 4.11)', async () => {
    const { id, xml } = report();
    const res = await submit(flowForm({ name: `${id}.xml`, flowSyntax: 'FRR' }, xml));
    const { flowId } = await res.json();
    const deadline = Date.now() + 20_000;
    let reports = await reportsOf(flowId);
    while (!reports.some((r) => r.status !== 'pending') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      reports = await reportsOf(flowId);
    }
    expect(reports).to.have.length(1);
    expect(reports[0]).to.deep.include({ documentId: flowId, country: 'FR', reportedTo: 'PPF' });
    // The sandbox PPF receives it at once and decides at its first status check.
    expect(reports[0].status).to.be.oneOf(['submitted', 'accepted']);
  });

  it('is accepted with its report and its flow.stored owed while the workflow service is unreachable; the sweep files it', async () => {
    const cut = await createTenant({ livemode: false, plan: 'pro' });
    await makeFrench(cut);
    // A subscription makes the flow.stored event one to dispatch, which needs the workflow service too.
    const subscribed = await fetch(`${app.url}${FLOWS}/webhooks`, {
      method: 'POST',
      headers: jsonHeaders(cut.key),
      body: JSON.stringify({
        callback: { url: 'http://127.0.0.1:9/flows' },
        metadata: { flowType: 'AggregatedCustomerTransactionReport', flowDirection: 'Out' },
      }),
    });
    expect(subscribed.status, await subscribed.clone().text()).to.equal(201);
    const { webhookId } = (await subscribed.json()) as { webhookId: string };

    const connection = Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: 300 });
    const down = await startAfnorApp({ temporal: new Client({ connection }) });
    try {
      const { id, xml } = report();
      const started = Date.now();
      const res = await fetch(`${down.url}${FLOWS}/flows`, {
        method: 'POST',
        headers: bearer(cut.key),
        body: flowForm({ name: `${id}.xml`, flowSyntax: 'FRR', trackingId: id }, xml),
      });
      const body = await res.json();
      // Stored is accepted: a 5xx here would invite a retry that the trackingId then refuses.
      expect(res.status, JSON.stringify(body)).to.equal(202);
      // Bounded by the deadlines of the run's start and of the event's dispatch (2 s each), not by the client's retries.
      expect(Date.now() - started).to.be.lessThan(10_000);
      const workflowId = workflowIds.compliance(body.flowId, 'FR');
      const owed = () =>
        testServers().db.selectFrom('workflow_starts').select('workflow_id').where('workflow_id', '=', workflowId);
      expect(await owed().execute()).to.have.length(1);
      expect(await reportsOf(body.flowId, cut.key)).to.have.length(1);
      const stranded = await testServers()
        .db.selectFrom('events')
        .select(['id', 'dispatched_at'])
        .where('type', '=', 'flow.stored')
        .where('organization_id', '=', cut.organizationId)
        .execute();
      expect(stranded).to.have.length(1);
      expect(stranded[0].dispatched_at).to.equal(null);

      await fetch(`${app.url}${FLOWS}/webhooks/${webhookId}`, { method: 'DELETE', headers: bearer(cut.key) });
      // The sweep leaves owed runs younger than its grace period to their request: age this one.
      await testServers()
        .db.updateTable('workflow_starts')
        .set({ created_at: new Date(Date.now() - 60_000) })
        .where('workflow_id', '=', workflowId)
        .execute();
      await testServers().temporal.workflow.execute<typeof maintenanceWorkflow>('maintenanceWorkflow', {
        taskQueue: TASK_QUEUES.system,
        workflowId: `maintenance-frr-${body.flowId}`,
      });
      expect(await owed().execute()).to.deep.equal([]);
      expect((await testServers().temporal.workflow.getHandle(workflowId).describe()).type).to.equal(
        'complianceWorkflow',
      );
    } finally {
      await down.close();
      await connection.close().catch(() => undefined);
    }
  });

  it('is not reported when the company switched reporting off', async () => {
    const quiet = await createTenant({ livemode: false, plan: 'pro' });
    await makeFrench(quiet, { autoReporting: false });
    const { id, xml } = report();
    const res = await submit(flowForm({ name: `${id}.xml`, flowSyntax: 'FRR' }, xml), quiet.key);
    expect(res.status, await res.clone().text()).to.equal(202);
    expect(await reportsOf((await res.json()).flowId, quiet.key)).to.deep.equal([]);
  });

  it('400 InvalidSchema for a file of another shape, naming what is missing', async () => {
    const cases: Array<[string, string]> = [
      ['<Invoice/>', '/Invoice'],
      [FIXTURE.replace('<TypeCode>10.3</TypeCode>', '<TypeCode>11</TypeCode>'), '/Report/ReportDocument/TypeCode'],
      [FIXTURE.replace(/<TransactionsReport>[\s\S]*<\/TransactionsReport>/, ''), '/Report/TransactionsReport'],
      [FIXTURE.replace('<EndDate>2026-11-30</EndDate>', '<EndDate>2026-10-30</EndDate>'), '/Report/ReportPeriod'],
      ['not xml', ''],
    ];
    for (const [xml, field] of cases) {
      const res = await submit(flowForm({ name: 'bad.xml', flowSyntax: 'FRR' }, xml));
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(body).to.deep.include({ errorCode: 'INVALID_REQUEST', instance: res.headers.get('x-request-id') });
      expect(body.details[0].rule).to.equal('InvalidSchema');
      if (field) expect(body.details.map((d: { field: string }) => d.field)).to.include(field);
    }
  });

  it('404 COMPANY_NOT_FOUND when the issuer is none of the caller’s companies', async () => {
    const other = await createTenant({ livemode: false, plan: 'pro' });
    const res = await submit(flowForm({ name: 'x.xml', flowSyntax: 'FRR' }, report().xml), other.key);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(404);
    expect(body.errorCode).to.equal('COMPANY_NOT_FOUND');
    expect(body.details[0].rule).to.equal('UnknownIssuer');
  });

  describe('webhooks: a stored flow writes flow.stored and reaches the matching facade subscriptions', () => {
    let receiver: Server;
    let url: string;
    const received: string[] = [];
    before(async () => {
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push(body);
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/flows`;
    });
    after(() => new Promise((resolve) => receiver.close(resolve)));

    it('POSTs the Flow to the subscription of its flowType, not to another', async () => {
      const subscribe = async (flowType: string) => {
        const res = await fetch(`${app.url}${FLOWS}/webhooks`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify({ callback: { url }, metadata: { flowType, flowDirection: 'Out' } }),
        });
        expect(res.status).to.equal(201);
        return ((await res.json()) as { webhookId: string }).webhookId;
      };
      await subscribe('AggregatedCustomerTransactionReport');
      const other = await subscribe('UnitaryCustomerPaymentReport');

      const { id, xml } = report();
      const res = await submit(flowForm({ name: `${id}.xml`, flowSyntax: 'FRR' }, xml));
      const { flowId } = await res.json();

      const deadline = Date.now() + 20_000;
      while (!received.some((b) => b.includes(flowId)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 150));
      const delivered = received.filter((b) => b.includes(flowId)).map((b) => JSON.parse(b));
      expect(delivered, 'no delivery reached the callback').to.have.length(1);
      expect(delivered[0]).to.deep.include({
        flowId,
        flowSyntax: 'FRR',
        flowType: 'AggregatedCustomerTransactionReport',
      });

      const events = await (
        await fetch(`${app.url}/v1/events?type=flow.stored&limit=100`, { headers: bearer(tenant.key) })
      ).json();
      const event = events.data.find((e: { data: { documentId: string } }) => e.data.documentId === flowId);
      expect(event.data).to.deep.include({
        flowType: 'AggregatedCustomerTransactionReport',
        flowSyntax: 'FRR',
        number: id,
      });
      const toOther = await testServers()
        .db.selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', other)
        .execute();
      expect(toOther).to.deep.equal([]);
    });
  });
});
