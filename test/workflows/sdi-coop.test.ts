import { expect } from 'chai';
import { rmSync } from 'node:fs';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { newId } from '../../core/ids.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { findCompanyById } from '../../db/companies.ts';
import { insertDocument } from '../../db/documents.ts';
import { queueSdiTransmission, sdiTransmissionDue } from '../../api/sdi/transmission.ts';
import { SDI_TRASMISSIONE_FATTURE_PATH } from '../../api/sdi/routes.ts';
import { createSimulatedPlatform } from '../../upstreams/compliance/index.ts';
import { createSdiCoopPlatform } from '../../upstreams/compliance/sdi/index.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import type { complianceWorkflow } from '../../workflows/compliance/report.ts';
import { createCompany, createTenant, type Tenant } from '../support/access.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { ITALIAN_BODY, makeSdiPki, startSdiStub, type SdiPki, type SdiStub } from '../support/sdi.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';
import { complianceReportedOf } from '../support/documents.ts';

const MESSAGGI = 'http://www.fatturapa.gov.it/sdi/messaggi/v1.0';
const TYPES = 'http://www.fatturapa.gov.it/sdi/ws/trasmissione/v1.0/types';

/** A notification as the SdI sends it to TrasmissioneFatture: the message file inside fileSdI_Type. */
function notification(
  element: string,
  message: string,
  id: string,
  invoiceFile: string,
  extra = '',
  suffix = 'RC_001',
): string {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><types:${message} xmlns:types="${MESSAGGI}" versione="1.0">` +
    `<IdentificativoSdI>${id}</IdentificativoSdI><NomeFile>${invoiceFile}</NomeFile>` +
    `<DataOraRicezione>2026-11-29T10:00:00Z</DataOraRicezione>${extra}<MessageId>${id}1</MessageId></types:${message}>`;
  const name = invoiceFile.replace(/\.xml$/, `_${suffix}.xml`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:types="${TYPES}">` +
    `<soapenv:Body><types:${element}><IdentificativoSdI>${id}</IdentificativoSdI><NomeFile>${name}</NomeFile>` +
    `<File>${Buffer.from(xml).toString('base64')}</File></types:${element}></soapenv:Body></soapenv:Envelope>`
  );
}
const RC = (id: string, file: string) => notification('ricevutaConsegna', 'RicevutaConsegna', id, file);
const MC = (id: string, file: string) =>
  notification('notificaMancataConsegna', 'NotificaMancataConsegna', id, file, '', 'MC_001');
const NS = (id: string, file: string, code: string, text: string) =>
  notification(
    'notificaScarto',
    'NotificaScarto',
    id,
    file,
    `<ListaErrori><Errore><Codice>${code}</Codice><Descrizione>${text}</Descrizione></Errore></ListaErrori>`,
    'NS_001',
  );

describe('Italy through SDICoop: SdIRiceviFile, then the SdI notifications at TrasmissioneFatture', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;
  let tenant: Tenant;
  let company: string;
  let pki: SdiPki;
  let sdi: SdiStub;
  let app: TestApp;
  let stop: AbortController;
  let running: Promise<void>;

  before(async () => {
    env = await createTimeSkippingEnv();
    pki = makeSdiPki();
    sdi = await startSdiStub(pki);
    tenant = await createTenant({ livemode: true, plan: 'pro' });
    company = await createCompany(tenant.organizationId, true);
    await testServers().db.updateTable('companies').set({ country: 'IT' }).where('id', '=', company).execute();
    const live = createSdiCoopPlatform({
      riceviFileUrl: `${sdi.url}/ricevi_file`,
      riceviNotificaUrl: `${sdi.url}/ricevi_notifica`,
      transmitter: { country: 'IT', code: '01234567890' },
      tls: { ...pki.client, ca: pki.ca },
      timeoutMs: 5_000,
    });
    const workers: Worker[] = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db: testServers().db,
      events: createEventDispatcher(env.client, testServers().db),
      upstreams: testUpstreams({
        compliance: {
          live: { PPF: createSimulatedPlatform('PPF'), SDI: live },
          sandbox: { PPF: createSimulatedPlatform('PPF'), SDI: createSimulatedPlatform('SDI') },
        },
      }),
      taskQueues: [TASK_QUEUES.documents],
    });
    stop = new AbortController();
    running = runWorkers(workers, stop.signal);
    app = await startTestApp({ temporal: env.client, sdiInbound: true });
  });
  after(async () => {
    await app.close();
    stop.abort();
    await running;
    await env.teardown();
    await sdi.close();
    rmSync(pki.dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    sdi.answer = () => undefined;
  });

  /** A live Italian invoice as the send stores it, its `issued` report, and its compliance run. */
  async function transmitted() {
    const { db } = testServers();
    const doc = await insertDocument(db, {
      id: newId('doc'),
      organization_id: tenant.organizationId,
      livemode: true,
      company_id: company,
      partner_id: null,
      type: 'invoice',
      direction: 'outgoing',
      number: `FT-${Math.random().toString(36).slice(2, 8)}`,
      issue_date: '2026-11-20',
      due_date: null,
      currency: 'EUR',
      gross_amount: '122.00',
      net_amount: '100.00',
      vat_amount: '22.00',
      sender: JSON.stringify({ peppolId: null, name: 'Alpha Srl', vatNumber: 'IT01234567897' }),
      receiver: JSON.stringify({ peppolId: '0205:ABC1234', name: 'Beta Gamma Spa', vatNumber: 'IT09876543217' }),
      sender_peppol_id: null,
      receiver_peppol_id: '0205:ABC1234',
      status: 'sent',
      delivery_status: 'pending',
      lifecycle_status: 'issued',
      body: JSON.stringify(ITALIAN_BODY),
      xml: null,
      source_format: 'json',
      metadata: '{}',
      notes: '[]',
    });
    const sender = (await findCompanyById(db, company))!;
    expect(sdiTransmissionDue(sender, 'invoice', true)).to.equal(true);
    const before = sdi.files.length;
    await db.transaction().execute((trx) => queueSdiTransmission(trx, doc, sender));
    const handle = await env.client.workflow.start<typeof complianceWorkflow>('complianceWorkflow', {
      taskQueue: TASK_QUEUES.documents,
      workflowId: workflowIds.compliance(doc.id, 'IT'),
      args: [{ documentId: doc.id, country: 'IT', livemode: true }],
      typedSearchAttributes: searchAttributesFor({
        organizationId: tenant.organizationId,
        livemode: true,
        companyId: company,
        documentId: doc.id,
      }),
    });
    // The SdI's answer is recorded before any notification can come (a retry waits 5 s of real time).
    for (let i = 0; i < 400; i += 1) {
      const row = await db
        .selectFrom('compliance_reports')
        .select('status')
        .where('document_id', '=', doc.id)
        .executeTakeFirst();
      if (row?.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const files = () => sdi.files.slice(before);
    return { doc, handle, files };
  }

  const post = (body: string) =>
    fetch(`${app.url}${SDI_TRASMISSIONE_FATTURE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"x"' },
      body,
    });

  async function state(documentId: string) {
    const { db } = testServers();
    const row = await db
      .selectFrom('compliance_reports')
      .selectAll()
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    const reported = await complianceReportedOf(tenant.organizationId, documentId);
    return { row, reported, response: row.platform_response as Record<string, any> };
  }

  it('RC: transmitted (XSD-valid, mutual TLS), delivered, reported accepted once even when the SdI repeats it', async () => {
    const { doc, handle, files } = await transmitted();
    const [file] = files();
    expect(file.envelopeErrors).to.equal('');
    expect(file.fileErrors).to.equal('');
    const mid = await state(doc.id);
    expect(mid.row).to.deep.include({ status: 'submitted', submission_id: file.identificativoSdI });
    expect(mid.reported).to.deep.equal([]);

    expect((await post(RC(file.identificativoSdI, file.nomeFile))).status).to.equal(200);
    const result = await handle.result();
    expect(result.reports).to.deep.equal([{ reportId: mid.row.id, status: 'accepted' }]);
    expect((await post(RC(file.identificativoSdI, file.nomeFile))).status).to.equal(200);

    const end = await state(doc.id);
    expect(end.row.status).to.equal('accepted');
    expect(end.response.delivery).to.equal('delivered');
    expect(end.response.notifications.map((n: { type: string }) => n.type)).to.deep.equal(['RC']);
    expect(end.reported).to.deep.equal([
      {
        documentId: doc.id,
        reportId: mid.row.id,
        reportedTo: 'SDI',
        country: 'IT',
        lifecycleStatus: 'issued',
        status: 'accepted',
      },
    ]);
  });

  for (const [code, text] of [
    ['00200', 'File non conforme al formato'],
    ['00306', 'Codice destinatario non valido'],
    ['00404', 'Fattura duplicata'],
  ] as const) {
    it(`NS ${code}: discarded, reported failed with the SdI's code`, async () => {
      const { doc, handle, files } = await transmitted();
      const [file] = files();
      expect((await post(NS(file.identificativoSdI, file.nomeFile, code, text))).status).to.equal(200);
      expect((await handle.result()).reports[0].status).to.equal('failed');
      const end = await state(doc.id);
      expect(end.row).to.deep.include({ status: 'failed', error_code: code, error_message: text });
      expect(end.response.delivery).to.equal('discarded');
      expect(end.reported).to.have.length(1);
      expect(end.reported[0]).to.deep.include({ status: 'failed', errorCode: code, errorMessage: text });
    });
  }

  it('MC: not delivered but available to the recipient: issued, reported accepted', async () => {
    const { doc, handle, files } = await transmitted();
    const [file] = files();
    expect((await post(MC(file.identificativoSdI, file.nomeFile))).status).to.equal(200);
    expect((await handle.result()).reports[0].status).to.equal('accepted');
    const end = await state(doc.id);
    expect(end.response.delivery).to.equal('available_to_recipient');
    expect(end.reported.map((r) => r.status)).to.deep.equal(['accepted']);
  });

  it('the answer to the first transmission is lost: sent again under the same name, the 00404 of the second does not hide the RC of the first', async () => {
    let calls = 0;
    sdi.answer = () => ((calls += 1) === 1 ? { status: 503 } : undefined);
    const { doc, handle, files } = await transmitted();
    const [first, second] = files();
    expect(second.nomeFile).to.equal(first.nomeFile);
    const mid = await state(doc.id);
    expect(mid.row.submission_id).to.equal(second.identificativoSdI);
    expect(mid.response.transmissions).to.equal(2);

    // The SdI discards the second as a duplicate of the first, then delivers the first.
    expect((await post(NS(second.identificativoSdI, second.nomeFile, '00404', 'Fattura duplicata'))).status).to.equal(
      200,
    );
    expect((await state(doc.id)).row.status).to.equal('submitted');
    expect((await post(RC(first.identificativoSdI, first.nomeFile))).status).to.equal(200);
    expect((await handle.result()).reports[0].status).to.equal('accepted');
    const end = await state(doc.id);
    expect(end.row.status).to.equal('accepted');
    expect(end.reported.map((r) => r.status)).to.deep.equal(['accepted']);
    expect(end.response.notifications.map((n: { type: string }) => n.type)).to.deep.equal(['NS', 'RC']);
  });

  it('a call that is no SDICoop notification is a SOAP Client fault; one for no transmission of ours is taken', async () => {
    const bad = await post('<nope/>');
    expect(bad.status).to.equal(500);
    expect(await bad.text()).to.contain('Client');
    expect((await post(RC('999999999', 'IT01234567890_ZZZZZ.xml'))).status).to.equal(200);
  });
});
