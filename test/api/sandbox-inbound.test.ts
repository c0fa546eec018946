import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { findDocumentById } from '../../db/documents.ts';
import { SANDBOX_INBOUND_SENDER, sandboxSenderIban } from '../../api/sandbox/inbound.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import {
  bearer,
  companyPeppolId,
  createCompany,
  createTenant,
  jsonHeaders,
  setCapabilities,
  type Tenant,
} from '../support/access.ts';
import { invoiceBody } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';

const example = (path: string) => readFileSync(new URL(`../data/peppol/${path}`, import.meta.url), 'utf8');

/** Waits for document.received of the document, then returns the document as the API shows it. */
async function waitForReceived(app: TestApp, key: string, documentId: string, timeoutMs = 20_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const events = await testServers()
      .db.selectFrom('events')
      .select(['data'])
      .where('type', '=', 'document.received')
      .execute();
    if (events.some((e) => (e.data as any).documentId === documentId)) {
      return (await fetch(`${app.url}/v1/documents/${documentId}`, { headers: bearer(key) })).json();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  expect.fail(`document.received never fired for ${documentId}`);
}

describe('POST /v1/sandbox/inbound', () => {
  let app: TestApp;
  let tenant: Tenant;
  let peppolId: string;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    peppolId = await companyPeppolId(tenant.companyId);
  });
  after(() => app.close());

  const simulate = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/sandbox/inbound`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });

  it('renders a JSON document from the default sandbox sender to the company and receives it', async () => {
    const res = await simulate({
      companyId: tenant.companyId,
      document: invoiceBody({ number: 'SUP-JSON-1', buyer: undefined }),
    });
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(202);
    expect(accepted.workflowId).to.equal(`inbound:${accepted.documentId}`);
    const doc = await waitForReceived(app, tenant.key, accepted.documentId);
    expect(doc).to.deep.include({
      type: 'invoice',
      direction: 'incoming',
      companyId: tenant.companyId,
      number: 'SUP-JSON-1',
      status: 'delivered',
      deliveryStatus: 'delivered',
      lifecycleStatus: 'issued',
      netAmount: 950,
      vatAmount: 199.5,
      grossAmount: 1149.5,
    });
    expect(doc.sender).to.deep.include({ peppolId: '0208:0202239951', name: 'Proximus SA' });
    expect(doc.receiver.peppolId).to.equal(peppolId);
    expect(doc.metadata.inbound).to.deep.include({ source: 'sandbox', syntax: 'ubl' });
    expect(doc.xml).to.include('<cbc:ID>SUP-JSON-1</cbc:ID>');
    const stats = (
      await testServers()
        .db.selectFrom('companies')
        .select('stats')
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow()
    ).stats;
    expect(Number(stats.received)).to.be.at.least(1);
  });

  it('receives UBL as given, from the seller it names, and accepts the company by its Peppol id', async () => {
    const res = await simulate({
      companyId: `peppol:${peppolId}`,
      xml: example('examples/bis-3.0.21/base-example.xml'),
    });
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(202);
    const doc = await waitForReceived(app, tenant.key, accepted.documentId);
    expect(doc).to.deep.include({
      number: 'Snippet1',
      direction: 'incoming',
      deliveryStatus: 'delivered',
      grossAmount: 1656.25,
    });
    expect(doc.sender).to.deep.include({ peppolId: '0088:9482348239847239874', name: 'SupplierTradingName Ltd.' });
    const partner = await testServers()
      .db.selectFrom('partners')
      .select(['role', 'livemode'])
      .where('organization_id', '=', tenant.organizationId)
      .where('peppol_id', '=', '0088:9482348239847239874')
      .executeTakeFirstOrThrow();
    expect(partner).to.deep.equal({ role: 'supplier', livemode: false });
  });

  it('takes `from` as the sender of a JSON document', async () => {
    const res = await simulate({
      companyId: tenant.companyId,
      from: '0208:0403019261',
      type: 'invoice',
      document: invoiceBody({
        number: 'SUP-FROM-1',
        buyer: undefined,
        seller: { name: 'Brussels Supplies', vatNumber: 'BE0403019261', address: { city: 'Brussels', country: 'BE' } },
      }),
    });
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(202);
    const doc = await waitForReceived(app, tenant.key, accepted.documentId);
    expect(doc.sender).to.deep.include({ peppolId: '0208:0403019261', name: 'Brussels Supplies' });
  });

  it("without companyId, the organization's only company receives; with several, 400 MISSING_FIELD", async () => {
    const single = await createTenant({ livemode: false });
    const res = await simulate({ document: invoiceBody({ number: 'SUP-ONLY-1', buyer: undefined }) }, single.key);
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(202);
    const doc = await waitForReceived(app, single.key, accepted.documentId);
    expect(doc).to.deep.include({ companyId: single.companyId, direction: 'incoming', number: 'SUP-ONLY-1' });

    await createCompany(single.organizationId, false);
    const ambiguous = await simulate({ document: invoiceBody({ number: 'SUP-ONLY-2', buyer: undefined }) }, single.key);
    expect(ambiguous.status).to.equal(400);
    const error = await errorBody(ambiguous);
    expect(error.code).to.equal('MISSING_FIELD');
    expect(error.details[0]).to.deep.include({ field: 'companyId', rule: 'required' });
    const received = await testServers()
      .db.selectFrom('documents')
      .select('number')
      .where('organization_id', '=', single.organizationId)
      .execute();
    expect(received.map((r) => r.number)).to.deep.equal(['SUP-ONLY-1']);
  });

  it('receives the smallest document the contract allows, quoting its number as the buyer reference', async () => {
    const res = await simulate({
      companyId: tenant.companyId,
      document: {
        number: 'SUP-SMALL-1',
        issueDate: '2026-11-25',
        lines: [{ description: 'Consulting', quantity: 1, unitPrice: 100, vatRate: 21 }],
      },
    });
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(202);
    const doc = await waitForReceived(app, tenant.key, accepted.documentId);
    expect(doc).to.deep.include({ number: 'SUP-SMALL-1', grossAmount: 121, direction: 'incoming' });
    expect(doc.document.buyerReference).to.equal('SUP-SMALL-1');
    // The sandbox sender lends its own account, so the smallest invoice can be approved and paid.
    const iban = sandboxSenderIban(SANDBOX_INBOUND_SENDER);
    expect(doc.document.payment).to.deep.include({ means: 'credit_transfer', iban });
    for (const status of ['under_review', 'approved']) {
      const moved = await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ status }),
      });
      expect(moved.status).to.equal(200);
    }
    const sepa = await fetch(`${app.url}/v1/payments/sepa-export`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({
        documentIds: [doc.id],
        debtor: { name: 'Buyer NV', iban: 'BE68539007547034', bic: 'GKCCBEBB' },
        requestedExecutionDate: '2026-12-01',
      }),
    });
    const xml = await sepa.text();
    expect(sepa.status, xml).to.equal(200);
    expect(xml).to.contain(`<IBAN>${iban}</IBAN>`);
  });

  it('receives the smallest document from an id the user made up, from the party the sandbox directory shows for it', async () => {
    // A company that also takes orders.
    await setCapabilities(tenant.companyId, { send: ['invoice'], receive: ['invoice', 'purchase-order'] });
    for (const [type, from] of [
      ['invoice', '0208:0871234501'],
      ['purchase-order', '0208:0765432146'],
    ] as const) {
      const res = await simulate({
        companyId: tenant.companyId,
        from,
        type,
        document: {
          number: `MADE-UP-${type}`,
          issueDate: '2026-11-25',
          lines: [{ description: 'Consulting', quantity: 1, unitPrice: 100, vatRate: 21 }],
        },
      });
      const accepted = await res.json();
      expect(res.status, JSON.stringify(accepted)).to.equal(202);
      const doc = await waitForReceived(app, tenant.key, accepted.documentId);
      const card = await (
        await fetch(`${app.url}/v1/directory/participants/${from}`, { headers: bearer(tenant.key) })
      ).json();
      const sender = type === 'purchase-order' ? doc.document.buyer : doc.document.seller;
      expect(sender, type).to.deep.include({ peppolId: from, name: card.businessCard.name });
      expect(sender.address, type).to.deep.equal({
        street: card.businessCard.street,
        city: card.businessCard.city,
        postalCode: card.businessCard.postalCode,
        country: card.businessCard.country,
      });
      expect(doc.sender, type).to.deep.include({ peppolId: from, name: card.businessCard.name });
    }
  });

  it('403 SANDBOX_ONLY for a live key', async () => {
    const live = await createTenant({ livemode: true });
    const res = await simulate({ companyId: live.companyId, document: invoiceBody() }, live.key);
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('SANDBOX_ONLY');
  });

  it("404 COMPANY_NOT_FOUND for another organization's company", async () => {
    const other = await createTenant({ livemode: false });
    const res = await simulate({ companyId: other.companyId, document: invoiceBody() });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('COMPANY_NOT_FOUND');
  });

  it('403 INSUFFICIENT_SCOPE without the receive scope', async () => {
    const reader = await createTenant({ livemode: false, scopes: ['documents.read'] });
    const res = await simulate({ companyId: reader.companyId, document: invoiceBody() }, reader.key);
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
  });

  it('400 INVALID_REQUEST unless exactly one of document and xml is sent', async () => {
    for (const body of [
      { companyId: tenant.companyId },
      { companyId: tenant.companyId, document: invoiceBody(), xml: '<Invoice/>' },
    ]) {
      const res = await simulate(body);
      expect(res.status).to.equal(400);
      expect((await errorBody(res)).code).to.equal('INVALID_REQUEST');
    }
  });

  it('422 UBL_VALIDATION_FAILED for a JSON document that breaks a Peppol rule, receiving nothing', async () => {
    const res = await simulate({
      companyId: tenant.companyId,
      document: invoiceBody({
        lines: [{ description: 'x', quantity: 1, unitPrice: 10, vatRate: 21, vatCategory: 'E' }],
      }),
    });
    expect(res.status).to.equal(422);
    const error = await errorBody(res);
    expect(error.code).to.equal('UBL_VALIDATION_FAILED');
    expect(error.details.map((d: any) => d.rule)).to.include('BR-E-05');
  });

  it('422 RECIPIENT_CANNOT_RECEIVE for a type the company does not receive', async () => {
    const res = await simulate({
      companyId: tenant.companyId,
      xml: example('examples/bis-3.0.21/base-creditnote-correction.xml'),
    });
    expect(res.status).to.equal(422);
    expect((await errorBody(res)).code).to.equal('RECIPIENT_CANNOT_RECEIVE');
  });

  it('runs the same inbound workflow as the AS4 gateway (one run per document)', async () => {
    const { documentId, workflowId } = await (
      await simulate({ companyId: tenant.companyId, document: invoiceBody({ buyer: undefined }) })
    ).json();
    const result = await testServers().temporal.workflow.getHandle(workflowId).result();
    expect(result).to.deep.equal({ documentId, deliveryStatus: 'delivered', created: true });
    const description = await testServers().temporal.workflow.getHandle(workflowId).describe();
    expect(description.type).to.equal('inboundWorkflow');
    expect((await findDocumentById(testServers().db, documentId))!.transport_message_id).to.be.a('string');
  });
});
