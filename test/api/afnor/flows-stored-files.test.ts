import { expect } from 'chai';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { FLOWS, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

/**
 * Part 4.15: a flow is an invoice in a syntax of the standard (CII, UBL, Factur-X) or a lifecycle or
 * e-reporting message. A file stored as it came through /v1 (a PDF, a text) is none of them.
 */
describe('AFNOR flow search: files stored as they came are not flows', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const sendRaw = async (contentType: string, body: string) => {
    const res = await fetch(`${app.url}/v1/documents/send?type=invoice`, {
      method: 'POST',
      headers: { ...bearer(tenant.key), 'content-type': contentType },
      body,
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    return doc.id as string;
  };

  it('lists a structured invoice with its syntax, type and number, and neither a stored PDF nor a stored text', async () => {
    const pdf = await sendRaw('application/pdf', '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const text = await sendRaw('text/plain', 'Invoice 42: 100 EUR, thank you.');
    const number = `INV-FLOW-${Date.now()}`;
    const sent = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', to: RECIPIENT, document: invoiceBody({ number }) }),
    });
    const invoice = await sent.json();
    expect(sent.status, JSON.stringify(invoice)).to.equal(201);

    const res = await fetch(`${app.url}${FLOWS}/flows/search`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ where: { flowDirection: ['Out'] }, limit: 100 }),
    });
    expect(res.status).to.equal(200);
    const { results } = await res.json();
    const ids = results.map((flow: { flowId: string }) => flow.flowId);
    expect(ids).to.include(invoice.id);
    expect(ids).not.to.include(pdf);
    expect(ids).not.to.include(text);
    expect(results.find((flow: { flowId: string }) => flow.flowId === invoice.id)).to.include({
      name: number,
      flowSyntax: 'UBL',
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
    });

    for (const id of [pdf, text]) {
      const one = await fetch(`${app.url}${FLOWS}/flows/${id}`, { headers: bearer(tenant.key) });
      expect(one.status, id).to.equal(404);
    }
  });
});
