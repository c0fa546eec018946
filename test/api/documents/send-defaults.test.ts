import { expect } from 'chai';
import { errorBody, startSandboxSuite, type TestApp } from '../../support/app.ts';
import { createCompany, createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';

describe('POST /v1/documents/send: what the sending company supplies', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const send = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/documents/send`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const withoutCurrency = (overrides: Record<string, unknown> = {}) => {
    const { currency: _none, ...body } = invoiceBody(overrides);
    return body;
  };

  describe('settings.defaultCurrency', () => {
    it('is the document currency when neither the body nor the partner defaults give one', async () => {
      const patched = await fetch(`${app.url}/v1/companies/${tenant.companyId}`, {
        method: 'PATCH',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ settings: { defaultCurrency: 'USD' } }),
      });
      expect(patched.status).to.equal(200);
      const res = await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: withoutCurrency() });
      const doc = await res.json();
      expect(res.status, JSON.stringify(doc)).to.equal(201);
      expect(doc.currency).to.equal('USD');
      expect(doc.xml).to.include('<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>');

      const given = await (
        await send({
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody({ currency: 'EUR' }),
        })
      ).json();
      expect(given.currency).to.equal('EUR');
      const partner = await fetch(`${app.url}/v1/partners`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ peppolId: RECIPIENT, defaults: { currency: 'GBP' } }),
      });
      expect(partner.status).to.equal(201);
      const byPartner = await (
        await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: withoutCurrency() })
      ).json();
      expect(byPartner.currency).to.equal('GBP');
    });
  });

  describe('raw-body mode without from', () => {
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
    const raw = (
      key: string,
      query = '',
      headers: Record<string, string> = {},
      body: string = pdf,
      contentType = 'application/pdf',
    ) =>
      fetch(`${app.url}/v1/documents/send?type=invoice${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': contentType, ...headers },
        body,
      });

    it("uses the organization's only company, and sends UBL given as the body through the pipeline", async () => {
      const single = await createTenant({ livemode: false, plan: 'pro' });
      const stored = await raw(single.key);
      const doc = await stored.json();
      expect(stored.status, JSON.stringify(doc)).to.equal(201);
      expect(doc).to.deep.include({ companyId: single.companyId, deliveryStatus: 'stored' });

      const rendered = await (
        await send({ type: 'invoice', from: single.companyId, to: RECIPIENT, document: invoiceBody() }, single.key)
      ).json();
      const ubl = await raw(
        single.key,
        `&to=${encodeURIComponent(RECIPIENT)}`,
        {},
        rendered.xml.replace(rendered.number, `${rendered.number}-RAW`),
        'application/octet-stream',
      );
      const sent = await ubl.json();
      expect(ubl.status, JSON.stringify(sent)).to.equal(201);
      expect(sent).to.deep.include({ companyId: single.companyId, deliveryStatus: 'pending', direction: 'outgoing' });
    });

    it('uses the company the key is bound to or acts for (X-Service-Company) when the organization has several', async () => {
      const org = await createTenant({ livemode: false, plan: 'pro' });
      const second = await createCompany(org.organizationId, false);
      const bound = await createKey(org.organizationId, { livemode: false, companyId: second });
      const byBound = await (await raw(bound.secret)).json();
      expect(byBound.companyId).to.equal(second);
      const acting = await raw(org.key, '', { 'X-Service-Company': second });
      expect(acting.status).to.equal(201);
      expect((await acting.json()).companyId).to.equal(second);
      const actingFirst = await (await raw(org.key, '', { 'X-Service-Company': org.companyId })).json();
      expect(actingFirst.companyId).to.equal(org.companyId);
    });

    it('asks an organization with several companies and no acting company to name one', async () => {
      const org = await createTenant({ livemode: false, plan: 'pro' });
      await createCompany(org.organizationId, false);
      const res = await raw(org.key);
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('MISSING_FIELD');
      expect(error.message).to.include('several companies').and.include('X-Service-Company');
      expect(error.details[0]).to.include({ field: 'from' });
    });
  });
});
