import { expect } from 'chai';
import { SANDBOX_RECIPIENTS } from '../../../core/sandbox-scenarios.ts';
import { errorBody, type TestApp, startSandboxSuite } from '../../support/app.ts';
import { bearer, companyPeppolId, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { createReceivingCompany, eventsOf, invoiceBody, RECIPIENT, waitForDocument } from '../../support/documents.ts';
import { workflowIds } from '../../../core/temporal.ts';
import { testServers } from '../../support/servers.ts';

describe('POST /v1/documents/send', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const send = (body: unknown, key = tenant.key, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(key, extra),
      body: JSON.stringify(body),
    });
  const senderPeppolId = async () => await companyPeppolId(tenant.companyId);
  const advance = (by: string) =>
    fetch(`${app.url}/v1/sandbox/clock/advance`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ companyId: tenant.companyId, by }),
    });

  it('accepts a JSON invoice: 201 sent/pending/issued, totals computed, then delivered with events', async () => {
    const res = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({ number: 'INV-HAPPY-1' }),
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc).to.deep.include({
      type: 'invoice',
      direction: 'outgoing',
      status: 'sent',
      deliveryStatus: 'pending',
      lifecycleStatus: 'issued',
      number: 'INV-HAPPY-1',
      currency: 'EUR',
      netAmount: 950,
      vatAmount: 199.5,
      grossAmount: 1149.5,
      companyId: tenant.companyId,
    });
    expect(doc.sender.peppolId).to.equal(await senderPeppolId());
    expect(doc.receiver).to.deep.include({ peppolId: RECIPIENT, name: 'Proximus SA' });
    expect(doc.xml).to.include('<cbc:ID>INV-HAPPY-1</cbc:ID>');
    // The answer echoes what was written: the same body and XML as the stored document.
    const stored = await (await fetch(`${app.url}/v1/documents/${doc.id}`, { headers: bearer(tenant.key) })).json();
    expect(doc.document).to.deep.equal(stored.document);
    expect(doc.xml).to.equal(stored.xml);
    await advance('1h');
    const delivered = await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');
    expect(delivered.status).to.equal('delivered');
    expect(delivered.sentAt).to.be.a('string');
    expect(delivered.deliveredAt).to.be.a('string');
    expect(await eventsOf(doc.id)).to.include.members(['document.sent', 'document.delivered']);
  });

  it("normalizes every sender form to the company's bare Peppol id", async () => {
    const peppolId = await senderPeppolId();
    const vat = (
      await testServers()
        .db.selectFrom('companies')
        .select('vat_number')
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow()
    ).vat_number;
    for (const from of [peppolId, `peppol:${peppolId}`, `vat:${vat}`, tenant.companyId, 'org:']) {
      const res = await send({ type: 'invoice', from, to: `peppol:${RECIPIENT}`, document: invoiceBody() });
      const doc = await res.json();
      expect(res.status, `${from}: ${JSON.stringify(doc)}`).to.equal(201);
      expect(doc.sender.peppolId).to.equal(peppolId);
      expect(doc.receiver.peppolId).to.equal(RECIPIENT);
    }
  });

  it('404 COMPANY_NOT_FOUND for a sender outside the organization', async () => {
    const other = await createTenant({ livemode: false });
    const res = await send({ type: 'invoice', from: other.companyId, to: RECIPIENT, document: invoiceBody() });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('COMPANY_NOT_FOUND');
  });

  it('422 UBL_VALIDATION_FAILED with the failed rules, storing nothing', async () => {
    const before = await testServers()
      .db.selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', tenant.organizationId)
      .executeTakeFirstOrThrow();
    const res = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({
        lines: [{ description: 'x', quantity: 1, unitPrice: 10, vatRate: 21, vatCategory: 'E' }],
      }),
    });
    expect(res.status).to.equal(422);
    const error = await errorBody(res);
    expect(error.type).to.equal('validation_error');
    expect(error.code).to.equal('UBL_VALIDATION_FAILED');
    expect(error.details.map((d: any) => d.rule)).to.include('BR-E-05');
    expect(error.details[0]).to.have.keys(['field', 'rule', 'message']);
    expect(error.message).to.match(new RegExp(`^The document fails ${error.details.length} Peppol BIS rules?: `));
    const after = await testServers()
      .db.selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', tenant.organizationId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).to.equal(Number(before.n));
  });

  it('422 RECIPIENT_NOT_FOUND and RECIPIENT_CANNOT_RECEIVE for unreachable recipients', async () => {
    const missing = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: SANDBOX_RECIPIENTS.notRegistered,
      document: invoiceBody(),
    });
    expect(missing.status).to.equal(422);
    expect(await errorBody(missing)).to.deep.include({ type: 'delivery_error', code: 'RECIPIENT_NOT_FOUND' });
    const cannot = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: SANDBOX_RECIPIENTS.ordersOnly,
      document: invoiceBody(),
    });
    expect(cannot.status).to.equal(422);
    expect((await errorBody(cannot)).code).to.equal('RECIPIENT_CANNOT_RECEIVE');
  });

  it('400 for a malformed Peppol id and MISSING_FIELD without to', async () => {
    const bad = await send({ type: 'invoice', from: tenant.companyId, to: '0208:123', document: invoiceBody() });
    expect(bad.status).to.equal(400);
    expect((await errorBody(bad)).details[0].field).to.equal('to');
    const missing = await send({ type: 'invoice', from: tenant.companyId, document: invoiceBody() });
    expect(missing.status).to.equal(400);
    expect((await errorBody(missing)).code).to.equal('MISSING_FIELD');
  });

  it('AP_REJECTED fails the delivery at once: rejected, document.failed with the code', async () => {
    const res = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: SANDBOX_RECIPIENTS.apRejected,
      document: invoiceBody(),
    });
    const doc = await res.json();
    expect(res.status).to.equal(201);
    const failed = await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus !== 'pending');
    expect(failed).to.deep.include({ deliveryStatus: 'rejected', status: 'rejected', errorCode: 'AP_REJECTED' });
    const event = await testServers()
      .db.selectFrom('events')
      .select('data')
      .where('type', '=', 'document.failed')
      .where(({ ref }) => ref('data', '->>').key('documentId' as never), '=', doc.id as never)
      .executeTakeFirst();
    expect((event?.data as any)?.errorCode).to.equal('AP_REJECTED');
  });

  it('re-sends after temporary transport failures and then delivers', async () => {
    const res = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: SANDBOX_RECIPIENTS.transportFlaky,
      document: invoiceBody(),
    });
    const doc = await res.json();
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 300));
      await advance('1h');
    }
    const delivered = await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');
    expect(delivered.errorCode).to.equal(null);
  });

  it('delivers to another sandbox company of the organization: its inbound: run receives it, links it and provisions the sender as a partner', async () => {
    const receiving = await createReceivingCompany(tenant.organizationId);
    const res = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: receiving.peppolId,
      document: invoiceBody({ number: 'INV-LOCAL-1' }),
    });
    const doc = await res.json();
    await advance('1h');
    await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const copy = await testServers()
        .db.selectFrom('documents')
        .select('id')
        .where('company_id', '=', receiving.id)
        .executeTakeFirst();
      if (copy) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    const list = await (
      await fetch(`${app.url}/v1/documents?direction=incoming&companyId=${receiving.id}`, {
        headers: bearer(tenant.key),
      })
    ).json();
    const incoming = list.data;
    expect(incoming).to.have.length(1);
    expect(incoming[0]).to.deep.include({
      direction: 'incoming',
      number: 'INV-LOCAL-1',
      companyId: receiving.id,
      linkedDocumentIds: [doc.id],
    });
    expect(await eventsOf(incoming[0].id)).to.deep.equal(['document.received']);
    const run = await testServers().temporal.workflow.getHandle(workflowIds.inbound(incoming[0].id)).describe();
    expect(run.type).to.equal('inboundWorkflow');
    const partner = await testServers()
      .db.selectFrom('documents')
      .innerJoin('partners', 'partners.id', 'documents.partner_id')
      .select(['partners.peppol_id', 'partners.role'])
      .where('documents.id', '=', incoming[0].id)
      .executeTakeFirstOrThrow();
    expect(partner).to.deep.equal({ peppol_id: doc.sender.peppolId, role: 'supplier' });
  });

  it('replays an idempotent send without a second document', async () => {
    const body = {
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({ number: 'INV-IDEM-1' }),
    };
    const first = await (await send(body, tenant.key, { 'Idempotency-Key': 'send-once' })).json();
    const again = await send(body, tenant.key, { 'Idempotency-Key': 'send-once' });
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect((await again.json()).id).to.equal(first.id);
    const count = await testServers()
      .db.selectFrom('documents')
      .select('id')
      .where('number', '=', 'INV-IDEM-1')
      .execute();
    expect(count).to.have.length(1);
  });
});
