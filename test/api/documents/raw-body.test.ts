import { expect } from 'chai';
import { startSandboxSuite, type TestApp } from '../../support/app.ts';
import { jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';

describe('POST /v1/documents/send in raw-body mode: media types and query values', () => {
  let app: TestApp;
  let tenant: Tenant;
  let ubl: string;
  before(async () => {
    ({ app, tenant } = await startSandboxSuite());
    const rendered = await (
      await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() }),
      })
    ).json();
    ubl = rendered.xml.replace(rendered.number, '{NUMBER}');
  });
  after(() => app.close());

  const raw = (query: string, body: string, contentType: string) =>
    fetch(`${app.url}/v1/documents/send?type=invoice${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': contentType },
      body,
    });
  const fresh = () => ubl.replace('{NUMBER}', `RAW-${Math.random().toString(36).slice(2, 10)}`);

  for (const contentType of ['application/xml', 'text/xml', 'text/xml; charset=utf-8', 'text/plain']) {
    it(`sends UBL given as ${contentType} through the pipeline`, async () => {
      const res = await raw(`&to=${encodeURIComponent(RECIPIENT)}`, fresh(), contentType);
      const doc = await res.json();
      expect(res.status, JSON.stringify(doc)).to.equal(201);
      expect(doc).to.deep.include({ companyId: tenant.companyId, direction: 'outgoing', deliveryStatus: 'pending' });
      // The answer echoes what was written: the same body and XML as the stored document.
      const stored = await (
        await fetch(`${app.url}/v1/documents/${doc.id}`, { headers: { authorization: `Bearer ${tenant.key}` } })
      ).json();
      expect(doc.document).to.deep.equal(stored.document);
      expect(doc.xml).to.equal(stored.xml);
    });
  }

  it('stores text that is not a document (text/plain)', async () => {
    const res = await raw('', 'order 42: 3 boxes', 'text/plain');
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc).to.deep.include({ deliveryStatus: 'stored' });
  });

  it('takes reserved characters unencoded in from, to, contentType and filename', async () => {
    // Written as a user types it: the ':' of a Peppol id and the '/' of a media type left as they are.
    const res = await raw(`&to=${RECIPIENT}`, fresh(), 'application/xml');
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.receiver.peppolId).to.equal(RECIPIENT);

    const company = await (
      await fetch(`${app.url}/v1/companies/${tenant.companyId}`, { headers: jsonHeaders(tenant.key) })
    ).json();
    const named = await raw(
      `&to=${RECIPIENT}&from=peppol:${company.peppolId}&contentType=application/xml&filename=a:b.xml`,
      fresh(),
      'application/octet-stream',
    );
    const sent = await named.json();
    expect(named.status, JSON.stringify(sent)).to.equal(201);
    expect(sent).to.deep.include({ companyId: tenant.companyId, deliveryStatus: 'pending' });
  });
});
