import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../core/config.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { FLOWS, flowForm, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { eventsOf, invoiceBody, RECIPIENT, waitForDocument } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

const fixture = (name: string) => readFileSync(path.join(PROJECT_ROOT, 'test/data/afnor', name), 'utf8');
/** A fixture about another invoice, with its own message id. */
const about = (xml: string, number: string, messageId = `CDV-${Math.random().toString(36).slice(2, 10)}`) =>
  xml.replace(/F2026-0042/g, number).replace(/CDV-\d{8}-\d{4}/, messageId);

describe('AFNOR flow service: CDAR lifecycle messages in', () => {
  let app: TestApp;
  let tenant: Tenant;

  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const submit = (form: FormData, key = tenant.key) =>
    fetch(`${app.url}${FLOWS}/flows`, { method: 'POST', headers: bearer(key), body: form });
  const sendInvoice = async (number: string, owner = tenant) => {
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(owner.key),
      body: JSON.stringify({
        type: 'invoice',
        from: owner.companyId,
        to: RECIPIENT,
        document: invoiceBody({ number }),
      }),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    return ((await res.json()) as { id: string }).id;
  };
  const history = async (id: string) =>
    (await (await fetch(`${app.url}/v1/documents/${id}/lifecycle`, { headers: bearer(tenant.key) })).json()) as {
      history: Array<Record<string, unknown>>;
    };

  it('a 205 Approuvée moves the invoice to approved as its recipient said, with lifecycle.updated, and is a CDAR flow', async () => {
    const number = `F-${Math.random().toString(36).slice(2, 8)}`;
    const invoiceId = await sendInvoice(number);
    const res = await submit(
      flowForm({ name: 'cdv-205.xml', flowSyntax: 'CDAR' }, about(fixture('cdar-205-approuvee.xml'), number)),
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(202);
    expect(body).to.include({ name: 'cdv-205.xml', flowSyntax: 'CDAR' });

    const doc = await waitForDocument(app.url, tenant.key, invoiceId, (d) => d.lifecycleStatus === 'approved');
    expect(doc.lifecycleStatus).to.equal('approved');
    const steps = (await history(invoiceId)).history;
    expect(steps.at(-1)).to.deep.include({ to: 'approved', source: 'recipient' });
    expect(steps.at(-1)!.note).to.match(/^CDAR 205 /);
    expect(await eventsOf(invoiceId)).to.include('lifecycle.updated');

    const flow = await (await fetch(`${app.url}${FLOWS}/flows/${body.flowId}`, { headers: bearer(tenant.key) })).json();
    expect(flow).to.deep.include({
      flowSyntax: 'CDAR',
      flowType: 'CustomerInvoiceLC',
      flowDirection: 'Out',
      acknowledgement: { status: 'Ok' },
    });
    const original = await fetch(`${app.url}${FLOWS}/flows/${body.flowId}?docType=Original`, {
      headers: bearer(tenant.key),
    });
    expect(await original.text()).to.include('<ram:ProcessConditionCode>205</ram:ProcessConditionCode>');
  });

  it('a 210 Refusée with its reason rejects the invoice, the reason kept in the history', async () => {
    const number = `F-${Math.random().toString(36).slice(2, 8)}`;
    const invoiceId = await sendInvoice(number);
    const res = await submit(
      flowForm({ name: 'cdv-210.xml', flowSyntax: 'CDAR' }, about(fixture('cdar-210-refusee.xml'), number)),
    );
    expect(res.status, await res.clone().text()).to.equal(202);
    await waitForDocument(app.url, tenant.key, invoiceId, (d) => d.lifecycleStatus === 'rejected');
    const last = (await history(invoiceId)).history.at(-1)!;
    expect(last).to.deep.include({ to: 'rejected', reasonCode: 'REF' });
    expect(last.reason).to.match(/^Bon de commande inconnu/);
  });

  it('409 INVALID_TRANSITION for a status the invoice’s state does not allow, and no flow is kept', async () => {
    const number = `F-${Math.random().toString(36).slice(2, 8)}`;
    await sendInvoice(number);
    const refuse = about(fixture('cdar-210-refusee.xml'), number);
    expect((await submit(flowForm({ name: 'a.xml', flowSyntax: 'CDAR' }, refuse))).status).to.equal(202);
    const again = about(fixture('cdar-205-approuvee.xml'), number);
    const res = await submit(flowForm({ name: 'b.xml', flowSyntax: 'CDAR', trackingId: `t-${number}` }, again));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(409);
    expect(body).to.include({ errorCode: 'INVALID_TRANSITION', instance: res.headers.get('x-request-id') });
    const search = await fetch(`${app.url}${FLOWS}/flows/search`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ where: { trackingId: `t-${number}` } }),
    });
    expect((await search.json()).results).to.deep.equal([]);
  });

  it('concurrent CDARs under one trackingId: one moves the invoice, the other is 409 AlreadyExistingFlow and moves nothing', async () => {
    const number = `F-${Math.random().toString(36).slice(2, 8)}`;
    const invoiceId = await sendInvoice(number);
    const trackingId = `t-${number}`;
    // Either order of these two moves is legal (approved → rejected, or rejected alone), so a refused
    // submission that still moved the invoice shows in its history.
    const submissions = [
      { code: '205', status: 'approved', xml: about(fixture('cdar-205-approuvee.xml'), number) },
      { code: '210', status: 'rejected', xml: about(fixture('cdar-210-refusee.xml'), number) },
    ];
    const answers = await Promise.all(
      submissions.map(({ code, xml }) =>
        submit(flowForm({ name: `${code}.xml`, flowSyntax: 'CDAR', trackingId }, xml)),
      ),
    );
    const bodies = await Promise.all(answers.map((res) => res.json()));
    expect(answers.map((res) => res.status).sort(), JSON.stringify(bodies)).to.deep.equal([202, 409]);
    const winner = submissions[answers.findIndex((res) => res.status === 202)];
    const refused = bodies[answers.findIndex((res) => res.status === 409)];
    expect(refused.errorCode).to.equal('DOCUMENT_EXISTS');
    expect(refused.details[0]).to.include({
      rule: 'AlreadyExistingFlow',
      existingId: bodies[answers.findIndex((res) => res.status === 202)].flowId,
    });

    // The move is made before the answer: once both answers are in, the history is complete.
    const steps = (await history(invoiceId)).history;
    const notes = steps.map((step) => step.note).filter((note) => typeof note === 'string' && note.startsWith('CDAR'));
    expect(notes, JSON.stringify(steps)).to.have.length(1);
    expect(notes[0]).to.match(new RegExp(`^CDAR ${winner.code} `));
    expect(steps.at(-1)).to.deep.include({ to: winner.status });
    expect((await eventsOf(invoiceId)).filter((type) => type === 'lifecycle.updated')).to.have.length(steps.length);
    const search = await fetch(`${app.url}${FLOWS}/flows/search`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ where: { trackingId } }),
    });
    expect((await search.json()).results).to.have.length(1);
  });

  it('404 DOCUMENT_NOT_FOUND naming the invoice when it is not one of the caller’s, even another tenant’s', async () => {
    const other = await createTenant({ livemode: false, plan: 'pro' });
    const number = `F-${Math.random().toString(36).slice(2, 8)}`;
    await sendInvoice(number, other);
    const res = await submit(
      flowForm({ name: 'x.xml', flowSyntax: 'CDAR' }, about(fixture('cdar-205-approuvee.xml'), number)),
    );
    const body = await res.json();
    expect(res.status).to.equal(404);
    expect(body.errorCode).to.equal('DOCUMENT_NOT_FOUND');
    expect(body.errorMessage).to.include(number);
    expect(body.details[0]).to.include({ field: 'file', rule: 'InvoiceLCRuleError' });
  });

  it('400 InvalidSchema for a file that is not a CDAR, and InvoiceLCStatusError for an unknown status', async () => {
    const notCdar = await submit(flowForm({ name: 'x.xml', flowSyntax: 'CDAR' }, '<Invoice/>'));
    expect(notCdar.status).to.equal(400);
    expect((await notCdar.json()).details[0].rule).to.equal('InvalidSchema');
    const unknown = fixture('cdar-205-approuvee.xml').replace(
      '<ram:ProcessConditionCode>205<',
      '<ram:ProcessConditionCode>299<',
    );
    const res = await submit(flowForm({ name: 'x.xml', flowSyntax: 'CDAR' }, unknown));
    expect(res.status).to.equal(400);
    expect((await res.json()).details[0].rule).to.equal('InvoiceLCStatusError');
  });
});

describe('AFNOR flow service: CDAR lifecycle messages out', () => {
  let app: TestApp;
  let tenant: Tenant;

  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const send = async (number: string) => {
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({
        type: 'invoice',
        from: tenant.companyId,
        to: RECIPIENT,
        document: invoiceBody({ number }),
      }),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    return (await res.json()) as { id: string; grossAmount: number };
  };
  const cdarFlowsOf = async (invoiceId: string) => {
    const res = await fetch(`${app.url}${FLOWS}/flows/search`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ where: { flowType: ['CustomerInvoiceLC'], flowDirection: ['Out'] }, limit: 100 }),
    });
    expect(res.status).to.equal(200);
    const flows = (await res.json()).results as Array<{ flowId: string; name: string; flowSyntax: string }>;
    return flows.filter((f) => f.name.startsWith(`CDV-${invoiceId}-`));
  };
  const pay = (id: string, amount: number) =>
    fetch(`${app.url}/v1/documents/${id}/payments`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ amount, date: '2026-11-25', reference: 'VIR-1' }),
    });

  it('a payment recorded on a French company’s invoice emits a CDAR 212 Encaissée with the amount, as an Out flow', async () => {
    await testServers().db.updateTable('companies').set({ country: 'FR' }).where('id', '=', tenant.companyId).execute();
    const invoice = await send(`FR-${Math.random().toString(36).slice(2, 8)}`);
    const paid = await pay(invoice.id, invoice.grossAmount);
    expect(paid.status, await paid.clone().text()).to.be.oneOf([200, 201]);

    const flows = await cdarFlowsOf(invoice.id);
    // The implied approval is the buyer's to tell: only the supplier's cashing is emitted.
    expect(flows).to.have.length(1);
    expect(flows[0].flowSyntax).to.equal('CDAR');
    const original = await fetch(`${app.url}${FLOWS}/flows/${flows[0].flowId}?docType=Original`, {
      headers: bearer(tenant.key),
    });
    const xml = await original.text();
    expect(xml).to.include('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
    expect(xml).to.include(`<ram:ValueAmount currencyID="EUR">${invoice.grossAmount.toFixed(2)}</ram:ValueAmount>`);
    expect(xml).to.include('urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100');

    // The emitted message is announced as any stored flow is.
    const events = await (
      await fetch(`${app.url}/v1/events?type=flow.stored&limit=100`, { headers: bearer(tenant.key) })
    ).json();
    const stored = (events.data as Array<{ type: string; data: { documentId: string } }>).filter(
      (e) => e.data.documentId === flows[0].flowId,
    );
    expect(stored).to.have.length(1);
    expect(stored[0].data).to.deep.include({
      flowType: 'CustomerInvoiceLC',
      flowSyntax: 'CDAR',
      flowDirection: 'Out',
      name: flows[0].name,
      linkedDocumentIds: [invoice.id],
    });
  });

  it('emits nothing for a company and parties outside France', async () => {
    await testServers().db.updateTable('companies').set({ country: 'BE' }).where('id', '=', tenant.companyId).execute();
    const invoice = await send(`BE-${Math.random().toString(36).slice(2, 8)}`);
    expect((await pay(invoice.id, invoice.grossAmount)).status).to.be.oneOf([200, 201]);
    expect(await cdarFlowsOf(invoice.id)).to.deep.equal([]);
  });
});
