import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLifecycleActivities } from '../../activities/lifecycle.ts';
import type { HandOff, PeppolTransport } from '../../upstreams/transport/types.ts';
import { receiveInvoiceResponse } from '../../core/lifecycle-commands.ts';
import { toApiError } from '../../api/foreign-errors.ts';
import { findDocumentById } from '../../db/documents.ts';
import { listLifecycleEvents } from '../../db/lifecycle.ts';
import { amountPaid } from '../../db/payments.ts';
import { parseInvoiceResponse, renderInvoiceResponse, unwrapSbdh, type InvoiceResponse } from '../../peppol/index.ts';
import { type TestApp, startSandboxSuite } from '../support/app.ts';
import { jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { storedDocument } from './lifecycle-fixtures.ts';
import { createReceivingCompany, invoiceBody, waitForDocument } from '../support/documents.ts';
import { SHARED } from '../support/paths.ts';

class RecordingTransport implements PeppolTransport {
  readonly handOffs: HandOff[] = [];
  async handOff(input: HandOff) {
    this.handOffs.push(input);
    return { messageId: `msg-${this.handOffs.length}` };
  }
  async transmission() {
    return { mls: 'not_expected' as const };
  }
  async probe() {
    return 'recording';
  }
}

function schemaErrors(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ir-')), 'payload.xml');
  writeFileSync(file, xml);
  try {
    execFileSync(
      'xmllint',
      ['--noout', '--schema', `${SHARED}/standards/ubl-2.1/xsd/maindoc/UBL-ApplicationResponse-2.1.xsd`, file],
      { stdio: 'pipe' },
    );
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}

describe('Peppol Invoice Response and the lifecycle', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  describe('sending (a move of an incoming invoice)', () => {
    it('hands a schema-valid ApplicationResponse with the matching code and reason to the transport', async () => {
      const transport = new RecordingTransport();
      const activities = createLifecycleActivities({
        db: testServers().db,
        events: { dispatch: async () => undefined },
        transports: { live: transport, sandbox: transport },
      });
      const doc = await storedDocument(tenant, { direction: 'incoming', number: 'INV-IR-1' });
      const messageId = await activities.sendInvoiceResponse({
        documentId: doc.id,
        status: 'rejected',
        sequence: 7,
        reasonCode: 'PRI',
        reason: 'Price differs',
        date: '2026-11-22',
      });
      expect(messageId).to.equal('msg-1');
      const sent = transport.handOffs[0];
      expect(sent).to.deep.include({
        senderId: '0208:0403170701',
        receiverId: '0208:0202239951',
        processId: 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3',
      });
      expect(sent.documentTypeId).to.equal(
        'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:invoice_response:3::2.1',
      );
      const unwrapped = unwrapSbdh(sent.sbd);
      expect(unwrapped.ok).to.equal(true);
      if (!unwrapped.ok) return;
      expect(schemaErrors(unwrapped.payload)).to.equal('');
      const parsed = parseInvoiceResponse(unwrapped.payload);
      expect(parsed.ok && parsed.response).to.deep.include({
        id: `${doc.id}-7`,
        responseCode: 'RE',
        reasonCode: 'PRI',
        reason: 'Price differs',
        invoice: { id: 'INV-IR-1', issueDate: '2026-11-21', typeCode: '380' },
      });
    });

    it('sends nothing for an outgoing invoice, a status without a response code, or an order or a quote', async () => {
      const transport = new RecordingTransport();
      const activities = createLifecycleActivities({
        db: testServers().db,
        events: { dispatch: async () => undefined },
        transports: { live: transport, sandbox: transport },
      });
      const outgoing = await storedDocument(tenant, { direction: 'outgoing' });
      const incoming = await storedDocument(tenant, { direction: 'incoming' });
      expect(
        await activities.sendInvoiceResponse({
          documentId: outgoing.id,
          status: 'approved',
          sequence: 1,
          date: '2026-11-22',
        }),
      ).to.equal(null);
      expect(
        await activities.sendInvoiceResponse({
          documentId: incoming.id,
          status: 'partially_paid',
          sequence: 1,
          date: '2026-11-22',
        }),
      ).to.equal(null);
      // Peppol answers an order with an Order Response; an Invoice Response about one would name an invoice that is not.
      for (const type of ['purchase-order', 'sales-order', 'quote'] as const) {
        const received = await storedDocument(tenant, { direction: 'incoming', type });
        expect(
          await activities.sendInvoiceResponse({
            documentId: received.id,
            status: 'approved',
            sequence: 1,
            date: '2026-11-22',
          }),
          type,
        ).to.equal(null);
      }
      expect(transport.handOffs).to.have.length(0);
      // The same move of an incoming credit note is answered.
      const note = await storedDocument(tenant, { direction: 'incoming', type: 'credit-note' });
      await activities.sendInvoiceResponse({
        documentId: note.id,
        status: 'approved',
        sequence: 1,
        date: '2026-11-22',
      });
      expect(transport.handOffs).to.have.length(1);
    });

    it('a lifecycle update of an incoming invoice runs the Invoice Response through the sandbox transport', async () => {
      const doc = await storedDocument(tenant, { direction: 'incoming', status: 'under_review' });
      const res = await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ status: 'approved' }),
      });
      expect(res.status).to.equal(200);
      const handle = testServers().temporal.workflow.getHandle(`document:${doc.id}`);
      const deadline = Date.now() + 10_000;
      let completed: string | undefined;
      while (!completed && Date.now() < deadline) {
        const events = (await handle.fetchHistory()).events ?? [];
        const scheduled = events.find(
          (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'sendInvoiceResponse',
        );
        const done =
          scheduled &&
          events.find(
            (e) =>
              e.activityTaskCompletedEventAttributes &&
              Number(e.activityTaskCompletedEventAttributes.scheduledEventId) === Number(scheduled.eventId),
          );
        if (done)
          completed = Buffer.from(done.activityTaskCompletedEventAttributes!.result!.payloads![0].data!).toString(
            'utf8',
          );
        else await new Promise((r) => setTimeout(r, 150));
      }
      expect(completed, 'sendInvoiceResponse completed').to.be.a('string');
      expect(JSON.parse(completed!)).to.be.a('string').and.not.equal('');
    });
  });

  describe('between two sandbox companies of one organization', () => {
    it("the recipient company's moves of its copy reach the sender's invoice, in order, from the recipient", async () => {
      const receiving = await createReceivingCompany(tenant.organizationId);
      const sent = await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({
          type: 'invoice',
          from: tenant.companyId,
          to: receiving.peppolId,
          document: invoiceBody({ number: 'INV-IR-LOCAL-1' }),
        }),
      });
      const invoice = await sent.json();
      expect(sent.status, JSON.stringify(invoice)).to.equal(201);
      await fetch(`${app.url}/v1/sandbox/clock/advance`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ companyId: tenant.companyId, by: '1h' }),
      });
      await waitForDocument(app.url, tenant.key, invoice.id, (d) => d.deliveryStatus === 'delivered');
      let copy: { id: string } | undefined;
      for (
        const deadline = Date.now() + 10_000;
        !copy && Date.now() < deadline;
        await new Promise((r) => setTimeout(r, 150))
      ) {
        copy = await testServers()
          .db.selectFrom('documents')
          .select('id')
          .where('company_id', '=', receiving.id)
          .where('number', '=', 'INV-IR-LOCAL-1')
          .executeTakeFirst();
      }
      expect(copy, 'the incoming copy').to.not.equal(undefined);

      for (const status of ['under_review', 'approved']) {
        const moved = await fetch(`${app.url}/v1/documents/${copy!.id}/lifecycle`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify({ status }),
        });
        expect(moved.status, await moved.clone().text()).to.equal(200);
      }
      const approved = await waitForDocument(app.url, tenant.key, invoice.id, (d) => d.lifecycleStatus === 'approved');
      expect(approved.lifecycleStatus).to.equal('approved');
      const lifecycle = await (
        await fetch(`${app.url}/v1/documents/${invoice.id}/lifecycle`, { headers: jsonHeaders(tenant.key) })
      ).json();
      expect(lifecycle.history.map((h: any) => [h.from, h.to, h.source, h.actor])).to.deep.equal([
        ['issued', 'under_review', 'recipient', receiving.peppolId],
        ['under_review', 'approved', 'recipient', receiving.peppolId],
      ]);
    });
  });

  describe('receiving (receiveInvoiceResponse for an outgoing invoice)', () => {
    const deps = () => ({ db: testServers().db, temporal: testServers().temporal });
    const responseFor = (number: string, code: InvoiceResponse['responseCode'], extra: Partial<InvoiceResponse> = {}) =>
      renderInvoiceResponse({
        id: `IR-${code}-${number}`,
        issueDate: '2026-11-25',
        sender: { peppolId: '0208:0403170701', name: 'Buyer NV' },
        receiver: { peppolId: '0208:0202239951', name: 'Proximus SA' },
        responseCode: code,
        invoice: { id: number, typeCode: '380' },
        ...extra,
      });

    it('AP on an issued invoice approves it, recording the skipped review as implied, from the recipient', async () => {
      const doc = await storedDocument(tenant, { number: 'INV-RCV-1' });
      const received = await receiveInvoiceResponse(deps(), { xml: responseFor('INV-RCV-1', 'AP'), livemode: false });
      expect(received?.documentId).to.equal(doc.id);
      expect(received?.outcome).to.deep.include({ previousStatus: 'issued', currentStatus: 'approved' });
      const history = await listLifecycleEvents(testServers().db, doc.id);
      expect(history.map((h) => [h.from_status, h.to_status, h.implied, h.source, h.actor])).to.deep.equal([
        ['issued', 'under_review', true, 'recipient', '0208:0403170701'],
        ['under_review', 'approved', false, 'recipient', '0208:0403170701'],
      ]);
      expect(history[1].note).to.equal('Invoice Response AP (IR-AP-INV-RCV-1)');
    });

    it('PD marks it paid and books what was due; RE with a reason rejects', async () => {
      const paid = await storedDocument(tenant, { number: 'INV-RCV-2', status: 'approved' });
      const received = await receiveInvoiceResponse(deps(), {
        xml: responseFor('INV-RCV-2', 'PD', { effectiveDate: '2026-11-30' }),
        livemode: false,
      });
      expect(received?.outcome?.currentStatus).to.equal('paid');
      expect(await amountPaid(testServers().db, paid.id)).to.equal('1149.50');

      const rejected = await storedDocument(tenant, { number: 'INV-RCV-3', status: 'under_review' });
      await receiveInvoiceResponse(deps(), {
        xml: responseFor('INV-RCV-3', 'RE', { reasonCode: 'QUA', reason: 'Damaged goods' }),
        livemode: false,
      });
      const history = await listLifecycleEvents(testServers().db, rejected.id);
      expect(history.at(-1)).to.deep.include({
        to_status: 'rejected',
        reason_code: 'QUA',
        reason: 'Damaged goods',
        source: 'recipient',
      });
    });

    it('moves the invoice of that number, never an order or a quote the company sent under the same number', async () => {
      const invoice = await storedDocument(tenant, { number: 'RCV-1001' });
      const order = await storedDocument(tenant, { number: 'RCV-1001', type: 'purchase-order' });
      const quote = await storedDocument(tenant, { number: 'RCV-1002', type: 'quote' });
      const received = await receiveInvoiceResponse(deps(), { xml: responseFor('RCV-1001', 'AP'), livemode: false });
      expect(received?.documentId).to.equal(invoice.id);
      expect((await findDocumentById(testServers().db, order.id))?.lifecycle_status).to.equal('issued');
      expect(await receiveInvoiceResponse(deps(), { xml: responseFor('RCV-1002', 'AP'), livemode: false })).to.equal(
        null,
      );
      expect((await findDocumentById(testServers().db, quote.id))?.lifecycle_status).to.equal('issued');
    });

    it('AB moves nothing; an unknown invoice is null; an impossible move is INVALID_TRANSITION; junk is INVALID_REQUEST', async () => {
      const doc = await storedDocument(tenant, { number: 'INV-RCV-4', status: 'paid' });
      const ab = await receiveInvoiceResponse(deps(), { xml: responseFor('INV-RCV-4', 'AB'), livemode: false });
      expect(ab).to.deep.include({ documentId: doc.id, outcome: null });
      expect(await receiveInvoiceResponse(deps(), { xml: responseFor('INV-NOPE', 'AP'), livemode: false })).to.equal(
        null,
      );
      const refused = await receiveInvoiceResponse(deps(), {
        xml: responseFor('INV-RCV-4', 'RE', { reasonCode: 'OTH', reason: 'late' }),
        livemode: false,
      }).catch((e) => e);
      expect(toApiError(refused)?.code).to.equal('INVALID_TRANSITION');
      expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal('paid');
      const junk = await receiveInvoiceResponse(deps(), { xml: '<Invoice/>', livemode: false }).catch((e) => e);
      expect(toApiError(junk)?.code).to.equal('INVALID_REQUEST');
    });
  });
});
