import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { findDocumentById } from '../../db/documents.ts';
import { listLifecycleEvents } from '../../db/lifecycle.ts';
import { storedDocument } from './lifecycle-fixtures.ts';
import { renderInvoiceResponse, wrapInSbdh, SBDH_NS } from '../../peppol/index.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, companyPeppolId, createCompany, createTenant, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';

const SECRET = 'as4-test-secret-0123456789';
const SUPPLIER = '0088:9482348239847239874';
const example = (path: string) => readFileSync(new URL(`../data/peppol/${path}`, import.meta.url), 'utf8');

/** An SBD around any payload (wrapInSbdh only wraps UBL; the gateway forwards CII too). */
function envelope(
  payload: string,
  header: { sender: string; receiver: string; instanceId: string; type: string },
): string {
  const body = payload.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><StandardBusinessDocument xmlns="${SBDH_NS}"><StandardBusinessDocumentHeader><HeaderVersion>1.0</HeaderVersion>` +
    `<Sender><Identifier Authority="iso6523-actorid-upis">${header.sender}</Identifier></Sender><Receiver><Identifier Authority="iso6523-actorid-upis">${header.receiver}</Identifier></Receiver>` +
    `<DocumentIdentification><Standard>urn:x</Standard><TypeVersion>D16B</TypeVersion><InstanceIdentifier>${header.instanceId}</InstanceIdentifier><Type>${header.type}</Type><CreationDateAndTime>2026-11-21T10:00:00Z</CreationDateAndTime></DocumentIdentification>` +
    `</StandardBusinessDocumentHeader>${body}</StandardBusinessDocument>`
  );
}

function wrapUbl(ubl: string, receiver: string, instanceId = randomUUID()): string {
  const wrapped = wrapInSbdh(ubl, {
    sender: SUPPLIER,
    receiver,
    instanceId,
    createdAt: new Date('2026-11-21T10:00:00Z'),
    countryC1: 'NO',
  });
  if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
  return wrapped.xml;
}

async function waitForRow(id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const row = await findDocumentById(testServers().db, id);
    if (row) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect.fail(`document ${id} was never persisted`);
}

async function receivedEvents(documentId: string) {
  const rows = await testServers()
    .db.selectFrom('events')
    .select(['type', 'data', 'company_id'])
    .where('type', '=', 'document.received')
    .execute();
  return rows.filter((r) => (r.data as any).documentId === documentId);
}

describe('POST /internal/access-point/inbound', () => {
  let app: TestApp;
  let tenant: Tenant;
  let peppolId: string;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp({ accessPoint: { forwardToken: SECRET } });
    tenant = await createTenant({ livemode: true, plan: 'pro' });
    peppolId = await companyPeppolId(tenant.companyId);
  });
  after(() => app.close());

  const post = (body: string, headers: Record<string, string> = { 'x-token': SECRET }) =>
    fetch(`${app.url}/internal/access-point/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', ...headers },
      body,
    });
  const stats = async () =>
    (
      await testServers()
        .db.selectFrom('companies')
        .select('stats')
        .where('id', '=', tenant.companyId)
        .executeTakeFirstOrThrow()
    ).stats;

  it("an Invoice Response to one of our outgoing invoices moves that invoice's lifecycle (source: recipient)", async () => {
    const { db } = testServers();
    const invoice = await storedDocument(tenant, { number: 'INV-AS4-IR-1' });
    await db.updateTable('documents').set({ livemode: true }).where('id', '=', invoice.id).execute();
    const response = renderInvoiceResponse({
      id: 'IR-AS4-1',
      issueDate: '2026-11-25',
      sender: { peppolId: '0208:0403170701', name: 'Buyer NV' },
      receiver: { peppolId: '0208:0202239951', name: 'Proximus SA' },
      responseCode: 'AP',
      invoice: { id: 'INV-AS4-IR-1', typeCode: '380' },
    });
    const sbd = wrapInSbdh(response, {
      sender: '0208:0403170701',
      receiver: '0208:0202239951',
      instanceId: randomUUID(),
      createdAt: new Date(),
      countryC1: 'BE',
    });
    if (!sbd.ok) throw new Error('wrap failed');
    const res = await post(sbd.xml);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ documentId: invoice.id, countryCodeC4: 'BE' });
    expect((await findDocumentById(db, invoice.id))?.lifecycle_status).to.equal('approved');
    const history = await listLifecycleEvents(db, invoice.id);
    expect(history.at(-1)).to.deep.include({ to_status: 'approved', source: 'recipient' });
    const created = await db.selectFrom('documents').select('id').where('number', '=', 'IR-AS4-1').execute();
    expect(created).to.deep.equal([]);
  });

  it('receives a UBL invoice: 200 with the C4 country, an incoming delivered document with parties and amounts, document.received, stats', async () => {
    const before = await stats();
    const res = await post(wrapUbl(example('examples/bis-3.0.21/base-example.xml'), peppolId));
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(200);
    expect(accepted.documentId).to.match(/^doc_/);
    expect(accepted.countryCodeC4).to.equal('BE');
    await waitForRow(accepted.documentId);

    const doc = await (
      await fetch(`${app.url}/v1/documents/${accepted.documentId}`, { headers: bearer(tenant.key) })
    ).json();
    expect(doc).to.deep.include({
      id: accepted.documentId,
      type: 'invoice',
      direction: 'incoming',
      companyId: tenant.companyId,
      number: 'Snippet1',
      currency: 'EUR',
      status: 'delivered',
      deliveryStatus: 'delivered',
      lifecycleStatus: 'issued',
      netAmount: 1325,
      vatAmount: 331.25,
      grossAmount: 1656.25,
    });
    expect(doc.sender).to.deep.include({ peppolId: SUPPLIER, name: 'SupplierTradingName Ltd.' });
    expect(doc.receiver).to.deep.include({ peppolId, name: 'BuyerTradingName AS' });
    expect(doc.receivedAt).to.be.a('string');
    expect(doc.xml).to.include('<cbc:ID>Snippet1</cbc:ID>');
    expect(doc.document.lines).to.have.length(2);
    expect(doc.metadata.inbound).to.deep.include({ source: 'peppol', syntax: 'ubl' });

    const events = await receivedEvents(accepted.documentId);
    expect(events).to.have.length(1);
    expect(events[0].company_id).to.equal(tenant.companyId);
    expect(events[0].data).to.deep.include({
      documentId: accepted.documentId,
      type: 'invoice',
      number: 'Snippet1',
      direction: 'incoming',
    });
    expect((events[0].data as any).sender).to.deep.equal({ peppolId: SUPPLIER, name: 'SupplierTradingName Ltd.' });

    expect((await stats()).received).to.equal(Number(before.received ?? 0) + 1);
    const partner = await testServers()
      .db.selectFrom('partners')
      .selectAll()
      .where('organization_id', '=', tenant.organizationId)
      .where('peppol_id', '=', SUPPLIER)
      .executeTakeFirstOrThrow();
    expect(partner).to.deep.include({ role: 'supplier', name: 'SupplierTradingName Ltd.', livemode: true });
    expect(Number(partner.documents_received)).to.be.at.least(1);
    const row = await findDocumentById(testServers().db, accepted.documentId);
    expect(row!.partner_id).to.equal(partner.id);
  });

  it('receives a CII invoice, converted to UBL, with the findings of the Peppol rules in metadata', async () => {
    const cii = example('cii/CII_example5.xml');
    const res = await post(
      envelope(cii, { sender: SUPPLIER, receiver: peppolId, instanceId: randomUUID(), type: 'CrossIndustryInvoice' }),
    );
    const { documentId } = await res.json();
    expect(res.status).to.equal(200);
    const row = await waitForRow(documentId);
    const doc = await (await fetch(`${app.url}/v1/documents/${documentId}`, { headers: bearer(tenant.key) })).json();
    expect(doc).to.deep.include({
      type: 'invoice',
      direction: 'incoming',
      number: 'TOSL110',
      deliveryStatus: 'delivered',
      netAmount: 4000,
      vatAmount: 675,
      grossAmount: 4675,
    });
    expect(doc.sender).to.deep.include({ peppolId: SUPPLIER, name: 'SelCo' });
    expect(doc.receiver).to.deep.include({ peppolId, name: 'Buyco' });
    expect(doc.xml).to.match(/^<\?xml[^>]*>\s*<Invoice /);
    expect(doc.metadata.inbound.syntax).to.equal('cii');
    expect(doc.metadata.inbound.validation.valid).to.equal(false);
    expect(doc.metadata.inbound.validation.errors.map((e: any) => e.rule)).to.include('NL-R-003');
    expect(row.source_format).to.equal('cii-xml');
    const file = await testServers()
      .db.selectFrom('files')
      .select('content')
      .where('id', '=', row.file_id!)
      .executeTakeFirstOrThrow();
    expect(file.content.toString('utf8')).to.include('CrossIndustryInvoice');
    expect(await receivedEvents(documentId)).to.have.length(1);
  });

  it('a re-posted message (same InstanceIdentifier) lands on the same document, received once', async () => {
    const instanceId = randomUUID();
    const sbd = wrapUbl(example('examples/bis-3.0.21/Vat-category-S.xml'), peppolId, instanceId);
    const first = await (await post(sbd)).json();
    await waitForRow(first.documentId);
    const after = await stats();
    const again = await post(sbd, { 'x-token': SECRET, 'x-sbdh-instance-id': instanceId });
    expect(again.status).to.equal(200);
    expect((await again.json()).documentId).to.equal(first.documentId);
    const concurrent = await Promise.all([post(sbd), post(sbd)]);
    for (const res of concurrent) expect((await res.json()).documentId).to.equal(first.documentId);
    await new Promise((r) => setTimeout(r, 300));
    const rows = await testServers()
      .db.selectFrom('documents')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .where('number', '=', 'Snippet1')
      .where('gross_amount', '=', '8550.00')
      .execute();
    expect(rows).to.have.length(1);
    expect(await receivedEvents(first.documentId)).to.have.length(1);
    expect((await stats()).received).to.equal(after.received);
  });

  it('keeps a payload it cannot read: stored file, findings in metadata, still document.received', async () => {
    const payload = '<Foo xmlns="urn:example:unknown"><Bar>not a business document</Bar></Foo>';
    const res = await post(
      envelope(payload, { sender: SUPPLIER, receiver: peppolId, instanceId: randomUUID(), type: 'Foo' }),
    );
    const { documentId } = await res.json();
    expect(res.status).to.equal(200);
    await waitForRow(documentId);
    const doc = await (await fetch(`${app.url}/v1/documents/${documentId}`, { headers: bearer(tenant.key) })).json();
    expect(doc).to.deep.include({
      direction: 'incoming',
      deliveryStatus: 'stored',
      storedFormat: 'xml',
      number: null,
      grossAmount: null,
      xml: null,
      document: null,
    });
    expect(doc.fileId).to.match(/^file_/);
    expect(doc.sender.peppolId).to.equal(SUPPLIER);
    expect(doc.metadata.inbound.validation.valid).to.equal(false);
    expect(doc.metadata.inbound.validation.errors[0].rule).to.equal('XML-ROOT');
    const file = await testServers()
      .db.selectFrom('files')
      .select('content')
      .where('id', '=', doc.fileId)
      .executeTakeFirstOrThrow();
    expect(file.content.toString('utf8')).to.equal(payload);
    expect(await receivedEvents(documentId)).to.have.length(1);
  });

  it('401 MISSING_AUTH without the token, 401 INVALID_TOKEN with a wrong one (API keys and bearer tokens do not work)', async () => {
    const sbd = wrapUbl(example('examples/bis-3.0.21/base-example.xml'), peppolId);
    for (const headers of [{}, { authorization: `Bearer ${SECRET}` }] as Array<Record<string, string>>) {
      const missing = await post(sbd, headers);
      expect(missing.status).to.equal(401);
      expect((await errorBody(missing)).code).to.equal('MISSING_AUTH');
    }
    for (const token of [`${SECRET}x`, tenant.key, `Bearer ${SECRET}`]) {
      const wrong = await post(sbd, { 'x-token': token });
      expect(wrong.status, token).to.equal(401);
      expect((await errorBody(wrong)).code).to.equal('INVALID_TOKEN');
    }
  });

  it('503 when no ACCESS_POINT_FORWARD_TOKEN is configured', async () => {
    const closed = await startTestApp({ accessPoint: { forwardToken: undefined } });
    try {
      const res = await fetch(`${closed.url}/internal/access-point/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', 'x-token': SECRET },
        body: '<x/>',
      });
      expect(res.status).to.equal(503);
      const error = await errorBody(res);
      expect(error.code).to.equal('UPSTREAM_UNAVAILABLE');
      expect(error.message).to.include('ACCESS_POINT_FORWARD_TOKEN');
    } finally {
      await closed.close();
    }
  });

  /** A refusal for good, as phoss-ap's synchronous forwarder reads it: 200 with `retry: none`. */
  async function expectRefused(res: Response, code: string) {
    expect(res.status).to.equal(200);
    const body = await res.json();
    expect(body.retry).to.equal('none');
    expect(body.errorMessage).to.match(new RegExp(`^${code}: `));
    expect(body.error.code).to.equal(code);
    expect(body.error.requestId).to.equal(res.headers.get('x-request-id'));
    return body.error;
  }

  it('refuses for good (retry: none) a participant no live company holds (sandbox companies included); nothing stored', async () => {
    const sandbox = await createTenant({ livemode: false });
    const sandboxPeppol = await companyPeppolId(sandbox.companyId);
    const files = async () => (await testServers().db.selectFrom('files').select('id').execute()).length;
    const before = await files();
    for (const receiver of ['0208:0999999999', sandboxPeppol]) {
      const res = await post(wrapUbl(example('examples/bis-3.0.21/base-example.xml'), receiver));
      const error = await expectRefused(res, 'RECIPIENT_NOT_FOUND');
      expect(error.message).to.include(receiver);
    }
    expect(await files()).to.equal(before);
  });

  it('refuses for good RECIPIENT_CANNOT_RECEIVE when the company does not receive the document type', async () => {
    // Test companies receive invoices only.
    const res = await post(wrapUbl(example('examples/bis-3.0.21/base-creditnote-correction.xml'), peppolId));
    await expectRefused(res, 'RECIPIENT_CANNOT_RECEIVE');
  });

  it('refuses for good a body that is not a Standard Business Document', async () => {
    const res = await post(example('examples/bis-3.0.21/base-example.xml'));
    const error = await expectRefused(res, 'INVALID_REQUEST');
    expect(error.details[0].rule).to.equal('SBDH_ERROR');
  });

  it('refuses for good a message larger than a document and its envelope may be; nothing stored', async () => {
    const files = async () => (await testServers().db.selectFrom('files').select('id').execute()).length;
    const before = await files();
    const padded = wrapUbl(
      example('examples/bis-3.0.21/base-example.xml').replace('<cbc:Note>', `<cbc:Note>${'x'.repeat(7 * 1024 * 1024)}`),
      peppolId,
    );
    const error = await expectRefused(await post(padded), 'PAYLOAD_TOO_LARGE');
    expect(error.message).to.include(String(6 * 1024 * 1024));
    expect(await files()).to.equal(before);
  });

  it('refuses for good an X-SBDH-Instance-ID that names another message than the envelope', async () => {
    const sbd = wrapUbl(example('examples/bis-3.0.21/base-example.xml'), peppolId, randomUUID());
    const res = await post(sbd, { 'x-token': SECRET, 'x-sbdh-instance-id': randomUUID() });
    const error = await expectRefused(res, 'INVALID_REQUEST');
    expect(error.details[0].field).to.equal('X-SBDH-Instance-ID');
  });

  it("finds the receiver among every organization's live companies", async () => {
    const other = await createTenant({ livemode: true });
    const otherCompany = await createCompany(other.organizationId, true);
    const otherPeppol = await companyPeppolId(otherCompany);
    const { documentId } = await (
      await post(wrapUbl(example('examples/bis-3.0.21/vat-category-Z.xml'), otherPeppol))
    ).json();
    const row = await waitForRow(documentId);
    expect(row).to.deep.include({
      organization_id: other.organizationId,
      company_id: otherCompany,
      livemode: true,
      direction: 'incoming',
    });
  });
});

describe('POST /internal/access-point/inbound: Message Level Status', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp({ accessPoint: { forwardToken: SECRET } });
    tenant = await createTenant({ livemode: true, plan: 'pro' });
  });
  after(() => app.close());

  const mlsExample = (name: string) =>
    readFileSync(new URL(`../../../shared/standards/peppol-mls/examples/good/${name}`, import.meta.url), 'utf8');
  /** An MLS answering `instanceId`, from the receiving access point's service provider to ours. */
  const mls = (name: string, instanceId: string) =>
    envelope(mlsExample(name).replace('90f14eff-3705-4869-ad3c-caae270a234e', instanceId), {
      sender: '0242:123456',
      receiver: '0242:234567',
      instanceId: randomUUID(),
      type: 'ApplicationResponse',
    });
  const post = (body: string) =>
    fetch(`${app.url}/internal/access-point/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-token': SECRET },
      body,
    });

  /** A live outgoing document whose delivery has ended, sent with `instanceId`. */
  async function deliveredDocument(instanceId: string) {
    const { db } = testServers();
    const doc = await storedDocument(tenant, { number: `INV-MLS-${instanceId.slice(0, 8)}` });
    await db
      .updateTable('documents')
      // No structured body: the fixture's is a stub the contract's DocumentBody would not show.
      .set({
        livemode: true,
        transport_message_id: instanceId,
        delivery_status: 'delivered',
        status: 'delivered',
        body: 'null',
      })
      .where('id', '=', doc.id)
      .execute();
    return doc;
  }

  it('an MLS after the delivery ended is kept on the document, the first one only; its state stays', async () => {
    const instanceId = randomUUID();
    const doc = await deliveredDocument(instanceId);
    const res = await post(mls('MessageLevelStatus_Example_RE.xml', instanceId));
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ documentId: doc.id, countryCodeC4: 'BE' });
    const shown = await (await fetch(`${app.url}/v1/documents/${doc.id}`, { headers: bearer(tenant.key) })).json();
    expect(shown).to.deep.include({ deliveryStatus: 'delivered' });
    expect(shown.mls).to.deep.include({ code: 'RE' });
    expect(shown.mls.reason).to.include('Rejected due to validation errors');
    expect(shown.mls.reason).to.include('BV: Validation gives error [CL-T77-R002]');
    expect(shown.mls.receivedAt).to.be.a('string');
    await post(mls('MessageLevelStatus_Example_AP.xml', instanceId));
    expect((await findDocumentById(testServers().db, doc.id))!.mls).to.deep.include({ code: 'RE' });
  });

  it('an MLS naming no transmission sent from here is answered 404, so that the access point forwards it again', async () => {
    const res = await post(mls('MessageLevelStatus_Example_AP.xml', randomUUID()));
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
  });

  it('an MLS that cannot be read is refused for good', async () => {
    const broken = mls('MessageLevelStatus_Example_AP.xml', randomUUID()).replace(
      '<cbc:ResponseCode>AP</cbc:ResponseCode>',
      '<cbc:ResponseCode>XX</cbc:ResponseCode>',
    );
    const res = await post(broken);
    expect(res.status).to.equal(200);
    const body = await res.json();
    expect(body).to.deep.include({ retry: 'none' });
    expect(body.error.message).to.include('ResponseCode XX');
  });
});
