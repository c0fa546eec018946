import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../../core/config.ts';
import { insertStoredFlow } from '../../db/flows.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { insertComplianceReport, newComplianceReportId } from '../../db/compliance.ts';
import { parseCdar } from '../../peppol/cdar.ts';
import {
  createFlowServiceClient,
  createPartnerPaPlatform,
  createSimulatedPlatform,
  type CompliancePlatform,
} from '../../upstreams/compliance/index.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import type { complianceWorkflow } from '../../workflows/compliance/report.ts';
import { bearer, createCompany, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { FLOWS, startAfnorApp } from '../support/afnor.ts';
import type { TestApp } from '../support/app.ts';
import { complianceReportedOf, invoiceBody, RECIPIENT, waitForDocument } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { storedDocument } from '../api/lifecycle-fixtures.ts';

const SELLER = { peppolId: '0009:30326504500016', name: 'Vendeur SAS', vatNumber: 'FR40303265045' };
const BUYER = { peppolId: '0009:33417522100012', name: 'Acheteur SARL', vatNumber: 'FR23334175221' };

interface StubFlow {
  flowId: string;
  info: Record<string, any>;
  file: string;
  ack: 'Pending' | 'Ok' | 'Error';
}

/**
 * A partner platform written from XP Z12-013 Flow Service 1.2.0: OAuth2 client credentials at
 * `/token`, `POST /flow-service/v1/flows` (multipart `flowInfo` + `file`, 202 FullFlowInfo, the
 * standard's AlreadyExistingFlow for a repeated trackingId), `GET /flows/{flowId}`, `POST /flows/search`.
 * `script` decides each answer first; by default flows are kept `Pending` until `decide` is called.
 */
async function standardPa(script: { down?: number; decide?: (flow: StubFlow, reads: number) => StubFlow['ack'] } = {}) {
  const flows: StubFlow[] = [];
  const reads = new Map<string, number>();
  const seen: Array<{ method: string; url: string; auth?: string | undefined }> = [];
  let down = script.down ?? 0;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    const send = (status: number, json?: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(json === undefined ? '' : JSON.stringify(json));
    if (req.url === '/token') {
      const form = new URLSearchParams(body.toString());
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 's3cret') return send(401);
      return send(200, { access_token: 'pa-token-1', token_type: 'Bearer', expires_in: 300 });
    }
    if (req.headers.authorization !== 'Bearer pa-token-1')
      return send(401, { errorCode: 'MISSING_TOKEN', errorMessage: 'no token' });
    if (down > 0) {
      down -= 1;
      return send(503, { errorCode: 'INTERNAL_ERROR', errorMessage: 'maintenance' });
    }
    const path = req.url!.replace(/^\/flow-service\/v1/, '');
    if (req.method === 'POST' && path === '/flows') {
      const form = await new Request('http://pa/flows', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body,
      }).formData();
      const info = JSON.parse(await (form.get('flowInfo') as Blob).text()) as Record<string, any>;
      const file = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
      if (!info.name || !['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'].includes(info.flowSyntax))
        return send(400, { errorCode: 'MISSING_REQUIRED_FIELD', errorMessage: 'name and flowSyntax' });
      if (info.sha256 && info.sha256 !== createHash('sha256').update(file).digest('hex'))
        return send(422, { errorCode: 'UNPROCESSABLE_ENTITY', errorMessage: 'ChecksumMismatch' });
      const existing = flows.find((f) => info.trackingId && f.info.trackingId === info.trackingId);
      if (existing)
        return send(409, {
          errorCode: 'UNPROCESSABLE_ENTITY',
          errorMessage: 'trackingId already used',
          details: [{ reasonCode: 'AlreadyExistingFlow' }],
        });
      const flow: StubFlow = {
        flowId: `pa-flow-${flows.length + 1}`,
        info,
        file: file.toString('utf8'),
        ack: 'Pending',
      };
      flows.push(flow);
      return send(202, { ...info, flowId: flow.flowId, submittedAt: new Date().toISOString() });
    }
    const asFlow = (f: StubFlow) => ({
      ...f.info,
      flowId: f.flowId,
      submittedAt: '2026-11-29T10:00:00Z',
      updatedAt: '2026-11-29T10:05:00Z',
      flowType: 'CustomerInvoiceLC',
      flowDirection: 'Out',
      acknowledgement:
        f.ack === 'Error'
          ? {
              status: 'Error',
              details: [{ level: 'Error', reasonCode: 'InvoiceLCStatusError', reasonMessage: 'statut non autorisé' }],
            }
          : { status: f.ack },
    });
    const get = /^\/flows\/([^/?]+)/.exec(path);
    if (req.method === 'GET' && get) {
      const flow = flows.find((f) => f.flowId === decodeURIComponent(get[1]));
      if (!flow) return send(404, { errorCode: 'RESOURCE_ERROR', errorMessage: 'no such flow' });
      const n = (reads.get(flow.flowId) ?? 0) + 1;
      reads.set(flow.flowId, n);
      if (script.decide) flow.ack = script.decide(flow, n);
      return send(200, asFlow(flow));
    }
    if (req.method === 'POST' && path === '/flows/search') {
      const where = (JSON.parse(body.toString()) as { where: Record<string, unknown> }).where;
      return send(200, {
        limit: 25,
        filters: where,
        results: flows.filter((f) => !where.trackingId || f.info.trackingId === where.trackingId).map(asFlow),
      });
    }
    return send(404, { errorCode: 'RESOURCE_ERROR', errorMessage: `no ${req.method} ${path}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { url, flows, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('France through a partner PA (XP Z12-013 Flow Service client, compliance workflow)', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;
  let tenant: Tenant;
  let fr: string;
  let stop: AbortController | undefined;
  let running: Promise<void> | undefined;
  /** The live French platform the workers use; each test points it at its PA. */
  let livePpf: CompliancePlatform;

  before(async () => {
    env = await createTimeSkippingEnv();
    tenant = await createTenant({ livemode: true, plan: 'pro' });
    fr = await createCompany(tenant.organizationId, true);
    await testServers().db.updateTable('companies').set({ country: 'FR' }).where('id', '=', fr).execute();
    const switchable: CompliancePlatform = {
      name: 'PPF',
      submit: (s) => livePpf.submit(s),
      status: (id, s) => livePpf.status(id, s),
    };
    const upstreams = testUpstreams({
      compliance: {
        live: { PPF: switchable, SDI: createSimulatedPlatform('SDI') },
        sandbox: { PPF: createSimulatedPlatform('PPF'), SDI: createSimulatedPlatform('SDI') },
      },
    });
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams,
      taskQueues: [TASK_QUEUES.documents, TASK_QUEUES.webhooks],
    });
    stop = new AbortController();
    running = runWorkers(workers, stop.signal);
  });
  after(async () => {
    stop?.abort();
    await running;
    await env?.teardown();
  });

  /** A live French outgoing invoice of ours with reports queued (as its lifecycle moves leave them), then its compliance run. */
  async function report(number: string, statuses: string[], issueDate = '2026-11-21') {
    const { db } = testServers();
    const stored = await storedDocument(tenant, { companyId: fr, number });
    const doc = await db
      .updateTable('documents')
      .set({
        livemode: true,
        issue_date: issueDate,
        sender: JSON.stringify(SELLER),
        receiver: JSON.stringify(BUYER),
        sender_peppol_id: SELLER.peppolId,
        receiver_peppol_id: BUYER.peppolId,
      })
      .where('id', '=', stored.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return run(doc, statuses);
  }

  /** Queues reports of a live French document (as its moves leave them) and runs its compliance workflow. */
  async function run(doc: { id: string }, statuses: string[]) {
    const { db } = testServers();
    const ids: string[] = [];
    for (const status of statuses) {
      const row = await insertComplianceReport(db, {
        id: newComplianceReportId(),
        organization_id: tenant.organizationId,
        livemode: true,
        company_id: fr,
        document_id: doc.id,
        lifecycle_event_id: null,
        country: 'FR',
        platform: 'PPF',
        lifecycle_status: status,
        status: 'pending',
      });
      ids.push(row.id);
    }
    const handle = await env.client.workflow.start<typeof complianceWorkflow>('complianceWorkflow', {
      taskQueue: TASK_QUEUES.documents,
      workflowId: workflowIds.compliance(doc.id, 'FR'),
      args: [{ documentId: doc.id, country: 'FR', livemode: true }],
      typedSearchAttributes: searchAttributesFor({
        organizationId: tenant.organizationId,
        livemode: true,
        companyId: fr,
        documentId: doc.id,
      }),
    });
    const result = await handle.result();
    const rows = await db
      .selectFrom('compliance_reports')
      .selectAll()
      .where('document_id', '=', doc.id)
      .orderBy('seq')
      .execute();
    const reported = await complianceReportedOf(tenant.organizationId, doc.id);
    return { doc, ids, result, rows, reported };
  }

  describe("this project's own AFNOR facade as the partner PA", () => {
    let pa: TestApp;
    let paTenant: Tenant;

    before(async () => {
      await ensureTestWorkers();
      pa = await startAfnorApp();
      paTenant = await createTenant({ livemode: false, plan: 'pro' });
      livePpf = createPartnerPaPlatform({
        name: 'Facade PA',
        flows: createFlowServiceClient({ baseUrl: `${pa.url}${FLOWS}`, token: paTenant.key, timeoutMs: 10_000 }),
      });
    });
    after(() => pa?.close());

    it('files a 209 (counterparty only) and a 212 Encaissée (tax administration) as CDAR flows; the PA moves its copy and each comes back as compliance.reported', async () => {
      const number = `FPA-${Math.random().toString(36).slice(2, 8)}`;
      // The invoice went through the PA first: its copy there is what our CDAR statuses are about.
      const sent = await fetch(`${pa.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(paTenant.key),
        body: JSON.stringify({
          type: 'invoice',
          from: paTenant.companyId,
          to: RECIPIENT,
          document: invoiceBody({ number }),
        }),
      });
      expect(sent.status, await sent.clone().text()).to.equal(201);
      const paInvoice = ((await sent.json()) as { id: string }).id;
      await waitForDocument(pa.url, paTenant.key, paInvoice, (d) => d.status === 'delivered');

      const { ids, result, rows, reported, doc } = await report(number, ['under_review', 'paid']);
      expect(result.reports).to.deep.equal([
        { reportId: ids[0], status: 'accepted' },
        { reportId: ids[1], status: 'accepted' },
      ]);
      expect(reported).to.deep.equal([
        {
          documentId: doc.id,
          reportId: ids[0],
          reportedTo: 'Facade PA',
          platform: 'Facade PA',
          country: 'FR',
          lifecycleStatus: 'under_review',
          status: 'accepted',
        },
        {
          documentId: doc.id,
          reportId: ids[1],
          reportedTo: 'PPF',
          platform: 'Facade PA',
          country: 'FR',
          lifecycleStatus: 'paid',
          status: 'accepted',
        },
      ]);
      // The acknowledgement is the flowId the PA gave, kept with its answer.
      expect(rows[0].platform_response).to.deep.include({
        platform: 'Facade PA',
        cdarStatus: '209',
        toTaxAdministration: false,
        acknowledgement: { status: 'Ok' },
      });
      expect(rows[1].platform_response).to.deep.include({
        platform: 'Facade PA',
        cdarStatus: '212',
        toTaxAdministration: true,
        acknowledgement: { status: 'Ok' },
      });
      for (const row of rows) expect(row.submission_id).to.equal((row.platform_response as any).flowId);

      // On the PA: two CDAR flows under our report ids, and its copy of the invoice is paid.
      for (const [i, id] of ids.entries()) {
        const search = await fetch(`${pa.url}${FLOWS}/flows/search`, {
          method: 'POST',
          headers: jsonHeaders(paTenant.key),
          body: JSON.stringify({ where: { trackingId: id } }),
        });
        const found = (await search.json()) as { results: Array<Record<string, unknown>> };
        expect(found.results).to.have.length(1);
        expect(found.results[0]).to.include({ flowSyntax: 'CDAR', flowId: rows[i].submission_id });
      }
      const paDoc = await waitForDocument(pa.url, paTenant.key, paInvoice, (d) => d.lifecycleStatus === 'paid');
      expect(paDoc.lifecycleStatus).to.equal('paid');
      const history = (await (
        await fetch(`${pa.url}/v1/documents/${paInvoice}/lifecycle`, { headers: bearer(paTenant.key) })
      ).json()) as { history: Array<{ note: string | null }> };
      expect(history.history.map((h) => h.note).filter(Boolean)).to.deep.equal([
        `CDAR 209 (CDV-${ids[0]})`,
        `CDAR 212 (CDV-${ids[1]})`,
      ]);
    });

    it('a status the PA refuses (no such invoice there) is a failed report with its error code', async () => {
      const { ids, reported } = await report(`NOPE-${Math.random().toString(36).slice(2, 8)}`, ['under_review']);
      expect(reported).to.have.length(1);
      expect(reported[0]).to.deep.include({
        reportId: ids[0],
        reportedTo: 'Facade PA',
        platform: 'Facade PA',
        status: 'failed',
        errorCode: 'DOCUMENT_NOT_FOUND',
      });
    });
  });

  describe('a PA stub written from the standard', () => {
    let stub: Awaited<ReturnType<typeof standardPa>>;
    const use = (s: typeof stub) => {
      stub = s;
      livePpf = createPartnerPaPlatform({
        name: 'Stub PA',
        flows: createFlowServiceClient({
          baseUrl: `${s.url}/flow-service/v1`,
          oauth: { tokenUrl: `${s.url}/token`, clientId: 'docex', clientSecret: 's3cret' },
          timeoutMs: 5_000,
        }),
      });
    };
    afterEach(() => stub?.close());

    it('PA unreachable (503) is retried; the flow is a CDAR 212 with trackingId and sha256, Pending until the PA says Ok', async () => {
      use(await standardPa({ down: 2, decide: (_f, reads) => (reads >= 2 ? 'Ok' : 'Pending') }));
      const { ids, result, rows, reported } = await report(`FST-${Math.random().toString(36).slice(2, 8)}`, ['paid']);
      expect(result.reports).to.deep.equal([{ reportId: ids[0], status: 'accepted' }]);
      expect(stub.seen.filter((s) => s.method === 'POST' && s.url.endsWith('/flows'))).to.have.length(3);
      expect(stub.flows).to.have.length(1);
      const flow = stub.flows[0];
      expect(flow.info).to.deep.include({ flowSyntax: 'CDAR', trackingId: ids[0], processingRule: 'B2B' });
      expect(flow.info.sha256).to.equal(createHash('sha256').update(flow.file).digest('hex'));
      const cdar = parseCdar(flow.file);
      expect(cdar.ok).to.equal(true);
      if (cdar.ok) {
        expect(cdar.message.statusCode).to.equal('212');
        expect(cdar.message.amount).to.deep.equal({ value: '1149.50', currency: 'EUR' });
        expect(cdar.message.seller?.id).to.equal('303265045');
      }
      expect(rows[0]).to.deep.include({ status: 'accepted', submission_id: 'pa-flow-1' });
      expect(reported).to.have.length(1);
      expect(reported[0]).to.deep.include({ reportedTo: 'PPF', platform: 'Stub PA', status: 'accepted' });
      expect(stub.seen.every((s) => s.url === '/token' || s.auth === 'Bearer pa-token-1')).to.equal(true);
    });

    it("the PA's Error acknowledgement is a failed report with its reasonCode, reported once", async () => {
      use(await standardPa({ decide: () => 'Error' }));
      const { ids, rows, reported } = await report(`FER-${Math.random().toString(36).slice(2, 8)}`, ['under_review']);
      expect(rows[0]).to.deep.include({ status: 'failed', error_code: 'InvoiceLCStatusError' });
      expect(reported).to.deep.equal([
        {
          documentId: rows[0].document_id,
          reportId: ids[0],
          reportedTo: 'Stub PA',
          platform: 'Stub PA',
          country: 'FR',
          lifecycleStatus: 'under_review',
          status: 'failed',
          errorCode: 'InvoiceLCStatusError',
          errorMessage: 'statut non autorisé',
        },
      ]);
    });

    it('an e-reporting file received through the facade goes to the PA as an FRR flow, for the tax administration', async () => {
      use(await standardPa({ decide: () => 'Ok' }));
      const xml = readFileSync(path.join(PROJECT_ROOT, 'test/data/afnor/frr-10-3-transactions-agregees.xml'));
      const stored = await insertStoredFlow(testServers().db, {
        organizationId: tenant.organizationId,
        livemode: true,
        companyId: fr,
        direction: 'outgoing',
        number: `FRR-${Math.random().toString(36).slice(2, 8)}`,
        flowType: 'AggregatedCustomerTransactionReport',
        flowSyntax: 'FRR',
        name: 'frr-10-3.xml',
        processingRule: 'B2C',
        content: xml,
        contentType: 'application/xml',
      });
      const { ids, rows, reported } = await run({ id: stored.id }, ['issued']);
      expect(stub.flows).to.have.length(1);
      expect(stub.flows[0].info).to.deep.include({
        name: 'frr-10-3.xml',
        flowSyntax: 'FRR',
        processingRule: 'B2C',
        trackingId: ids[0],
      });
      expect(stub.flows[0].file).to.equal(xml.toString('utf8'));
      expect(rows[0].platform_response).to.deep.include({ flowSyntax: 'FRR', toTaxAdministration: true });
      expect(reported).to.have.length(1);
      expect(reported[0]).to.deep.include({ reportedTo: 'PPF', platform: 'Stub PA', status: 'accepted' });
    });

    it('a submission repeated after a crash finds its flow by trackingId (AlreadyExistingFlow), files nothing twice', async () => {
      use(await standardPa({ decide: () => 'Ok' }));
      const platform = livePpf;
      const submission = {
        reportId: 'cr_crash_1',
        documentId: 'doc_x',
        documentNumber: 'F-1',
        documentType: 'invoice',
        issueDate: '2026-11-21',
        lifecycleStatus: 'paid',
        sellerVat: SELLER.vatNumber,
        buyerVat: BUYER.vatNumber,
        grossAmount: '10.00',
        currency: 'EUR',
        direction: 'outgoing',
        seller: SELLER,
        buyer: BUYER,
      };
      const first = await platform.submit(submission);
      expect(first).to.deep.include({ status: 'submitted', submissionId: 'pa-flow-1' });
      // The answer to the first was lost: the same report is filed again and finds the same flow.
      const again = await platform.submit(submission);
      expect(again).to.deep.include({ status: 'submitted', submissionId: 'pa-flow-1' });
      expect(stub.flows).to.have.length(1);
      expect(await platform.status('pa-flow-1', submission)).to.deep.include({ status: 'accepted', reportedTo: 'PPF' });
    });
  });

  it('configuration: FRENCH_PA_* names the PA; the annuaire defaults to its Directory Service and credentials', () => {
    const config = loadConfig({
      FRENCH_PA_NAME: 'Acme PA',
      FRENCH_PA_FLOW_SERVICE_URL: 'https://api.acme-pa.example/flow-service/v1/',
      FRENCH_PA_TOKEN_URL: 'https://auth.acme-pa.example/token',
      FRENCH_PA_CLIENT_ID: 'id',
      FRENCH_PA_CLIENT_SECRET: 'secret',
    });
    expect(config).to.deep.include({
      frenchPaName: 'Acme PA',
      frenchPaFlowServiceUrl: 'https://api.acme-pa.example/flow-service/v1',
      frenchDirectoryBaseUrl: 'https://api.acme-pa.example/directory-service/v1',
      frenchDirectoryTokenUrl: 'https://auth.acme-pa.example/token',
      frenchDirectoryClientId: 'id',
      frenchDirectoryClientSecret: 'secret',
    });
    const own = loadConfig({
      FRENCH_PA_FLOW_SERVICE_URL: 'https://pa.example/flow-service/v1',
      FRENCH_DIRECTORY_BASE_URL: 'https://annuaire.example/directory-service/v1',
      FRENCH_DIRECTORY_TOKEN: 't',
    });
    expect(own).to.deep.include({
      frenchPaName: 'PA',
      frenchDirectoryBaseUrl: 'https://annuaire.example/directory-service/v1',
      frenchDirectoryToken: 't',
      frenchDirectoryClientId: undefined,
    });
    expect(loadConfig({}).frenchDirectoryBaseUrl).to.equal(undefined);
  });
});
