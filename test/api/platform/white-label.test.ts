import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { expect } from 'chai';
import { usagePeriod } from '../../../db/usage.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { randomBelgianEnterpriseNumber } from '../../../api/sandbox/company-seed.ts';
import { seedDocument } from '../documents/seed-document.ts';
import { createPlatform, type Platform } from './fixtures.ts';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG_LOGO = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#0a7d55"/></svg>').toString('base64')}`;

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

/** GET with a Host header of our choosing, as a browser on the custom domain sends it. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('white-label: branding, tenant quotas and per-tenant settings', () => {
  let app: TestApp;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
  });
  after(() => app.close());

  const patch = (key: string, body: unknown) =>
    fetch(`${app.url}/v1/platform/settings`, {
      method: 'PATCH',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });
  const verify = (key: string) =>
    fetch(`${app.url}/v1/platform/settings/custom-domain/verify`, { method: 'POST', headers: bearer(key) });
  const tenantOf = (p: Platform): Tenant => ({
    organizationId: p.organizationId,
    key: p.tenantKeyA,
    keyId: '',
    companyId: p.companyA,
  });
  const pdfOf = async (key: string, id: string) => {
    const res = await fetch(`${app.url}/v1/documents/${id}/pdf`, { headers: bearer(key) });
    expect(res.status, await res.clone().text()).to.equal(200);
    return pdfText(Buffer.from(await res.arrayBuffer()));
  };
  const body = JSON.stringify(invoiceBody({ number: 'INV-WL-1', issueDate: '2026-11-21' }));

  describe('branding in the PDF', () => {
    it("shows the white-label's name, support address and logo on its tenants' documents", async () => {
      const wl = await createPlatform({ keyType: 'white_label' });
      const brand = { displayName: 'Nimbus Billing', primaryColor: '#0a7d55', supportEmail: 'help@nimbus.example' };
      expect((await patch(wl.key, { branding: { ...brand, logo: PNG_1X1 } })).status).to.equal(200);
      const id = await seedDocument(tenantOf(wl), { number: 'INV-WL-1', body });
      const text = await pdfOf(wl.tenantKeyA, id);
      expect(text).to.include('Nimbus Billing');
      expect(text).to.include('help@nimbus.example');
      expect(text).to.include('Invoice INV-WL-1');
      // An SVG logo renders too.
      await patch(wl.key, { branding: { logo: SVG_LOGO } });
      expect(await pdfOf(wl.tenantKeyA, id)).to.include('Nimbus Billing');
    });

    it("leaves an integrator's (platform) documents unbranded", async () => {
      const p = await createPlatform();
      await patch(p.key, { branding: { displayName: 'Integrator Brand' } });
      const id = await seedDocument(tenantOf(p), { body });
      expect(await pdfOf(p.tenantKeyA, id)).not.to.include('Integrator Brand');
    });
  });

  describe('branding on /docs', () => {
    it('shows the brand when the Host is the verified custom domain, and only then', async () => {
      const wl = await createPlatform({ keyType: 'white_label' });
      const host = `docs.${Math.random().toString(36).slice(2, 10)}.example`;
      await patch(wl.key, { branding: { displayName: 'Nimbus Docs', primaryColor: '#123456' }, customDomain: host });
      const url = `${app.url}/docs`;
      expect((await getWithHost(url, host)).body).not.to.include('Nimbus Docs');
      expect((await verify(wl.key)).status).to.equal(200);
      const page = await getWithHost(url, host);
      expect(page.status).to.equal(200);
      expect(page.body).to.include('<title>Nimbus Docs reference</title>');
      // The brand colour is the page's accent and the reference's.
      expect(page.body).to.include('--brand: #123456').and.include('--scalar-color-accent: #123456');
      expect((await getWithHost(url, 'other.example')).body).not.to.include('Nimbus Docs');
    });

    it("?brand= previews the platform's own brand with its key; 401 without, 404 for another's", async () => {
      const [wl, other] = await Promise.all([createPlatform({ keyType: 'white_label' }), createPlatform()]);
      await patch(wl.key, { branding: { displayName: 'Preview Brand', logo: PNG_1X1 } });
      const preview = await fetch(`${app.url}/docs?brand=${wl.organizationId}`, { headers: bearer(wl.key) });
      expect(preview.status).to.equal(200);
      const html = await preview.text();
      expect(html).to.include('Preview Brand');
      expect(html).to.include(`src="${PNG_1X1}"`);
      const anonymous = await fetch(`${app.url}/docs?brand=${wl.organizationId}`);
      expect(anonymous.status).to.equal(401);
      expect((await errorBody(anonymous)).code).to.equal('MISSING_AUTH');
      const foreign = await fetch(`${app.url}/docs?brand=${wl.organizationId}`, { headers: bearer(other.key) });
      expect(foreign.status).to.equal(404);
      expect((await errorBody(foreign)).code).to.equal('RESOURCE_NOT_FOUND');
      const tenant = await fetch(`${app.url}/docs?brand=${wl.organizationId}`, { headers: bearer(wl.tenantKeyA) });
      expect((await errorBody(tenant)).code).to.equal('KEY_TYPE_FORBIDDEN');
    });
  });

  describe('quotas per tenant', () => {
    it("429 RATE_LIMITED past requestsPerMinute for the company's keys (sandbox too), with the headers; the white-label itself is not limited", async () => {
      const wl = await createPlatform({ keyType: 'white_label' });
      const second = await createKey(wl.organizationId, { livemode: false, companyId: wl.companyA });
      await patch(wl.key, { quotas: { requestsPerMinute: 3 } });
      const me = (key: string, extra: Record<string, string> = {}) =>
        fetch(`${app.url}/v1/me`, { headers: bearer(key, extra) });
      const first = await me(wl.tenantKeyA);
      expect(first.status).to.equal(200);
      expect(first.headers.get('x-ratelimit-limit')).to.equal('3');
      expect(first.headers.get('x-ratelimit-remaining')).to.equal('2');
      expect((await me(wl.tenantKeyA)).status).to.equal(200);
      // The window is the company's, shared by all its keys.
      expect((await me(second.secret)).status).to.equal(200);
      const refused = await me(wl.tenantKeyA);
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
      expect(refused.headers.get('x-ratelimit-remaining')).to.equal('0');
      expect((await errorBody(refused)).code).to.equal('RATE_LIMITED');
      for (let i = 0; i < 4; i++) {
        expect((await me(wl.key, { 'x-service-company': wl.companyA })).status).to.equal(200);
      }
    });

    it('429 QUOTA_EXCEEDED past documentsPerMonth for a live tenant, counted per company; the sandbox has none', async () => {
      const live = await createPlatform({ keyType: 'white_label', livemode: true });
      await patch(live.key, { quotas: { documentsPerMonth: 2 } });
      await testServers()
        .db.insertInto('company_usage_counters')
        .values({ company_id: live.companyA, period: usagePeriod(), documents: 2 })
        .execute();
      const send = (key: string) =>
        fetch(`${app.url}/v1/documents/send`, {
          method: 'POST',
          headers: jsonHeaders(key),
          body: JSON.stringify({ type: 'invoice' }),
        });
      const refused = await send(live.tenantKeyA);
      expect(refused.status).to.equal(429);
      const error = await errorBody(refused);
      expect(error).to.include({ code: 'QUOTA_EXCEEDED', type: 'rate_limit_error' });
      expect(error.message).to.include(live.companyA);
      // Company B has its own month, and the white-label's own key is unlimited.
      const tenantB = await createKey(live.organizationId, { livemode: true, companyId: live.companyB });
      expect((await send(tenantB.secret)).status).to.equal(400);
      expect((await send(live.key)).status).to.equal(400);
      // The request that failed validation gave its document back.
      const row = await testServers()
        .db.selectFrom('company_usage_counters')
        .select('documents')
        .where('company_id', '=', live.companyB)
        .executeTakeFirst();
      expect(row?.documents ?? 0).to.equal(0);

      const sandbox = await createPlatform({ keyType: 'white_label' });
      await patch(sandbox.key, { quotas: { documentsPerMonth: 0 } });
      expect((await send(sandbox.tenantKeyA)).status).to.equal(400);
    });
  });

  describe('per-tenant settings', () => {
    it("a new company takes the platform's defaults; the request and later updates override them", async () => {
      const wl = await createPlatform({ keyType: 'white_label' });
      const patched = await patch(wl.key, {
        defaults: {
          capabilities: { send: ['invoice', 'credit-note'], receive: ['invoice'] },
          settings: { defaultCurrency: 'USD', autoReporting: false },
          webhook: { url: 'https://defaults.webhook.test/hook', events: ['document.received'] },
        },
      });
      expect(patched.status, await patched.clone().text()).to.equal(200);
      const create = (extra: Record<string, unknown> = {}) =>
        fetch(`${app.url}/v1/platform/companies`, {
          method: 'POST',
          headers: jsonHeaders(wl.key),
          body: JSON.stringify({ vatNumber: `BE${randomBelgianEnterpriseNumber()}`, ...extra }),
        });
      const res = await create();
      expect(res.status, await res.clone().text()).to.equal(201);
      const created = await res.json();
      expect(created.company.capabilities).to.deep.equal({ send: ['invoice', 'credit-note'], receive: ['invoice'] });
      expect(created.company.settings).to.deep.equal({ defaultCurrency: 'USD', autoReporting: false });
      expect(created.webhook).to.deep.include({ status: 'active' });
      const hook = await (
        await fetch(`${app.url}/v1/webhooks/${created.webhook.id}`, { headers: bearer(wl.key) })
      ).json();
      expect(hook).to.deep.include({ url: 'https://defaults.webhook.test/hook', companyId: created.company.id });

      const own = await (
        await create({
          settings: { defaultCurrency: 'GBP' },
          receiveDocuments: false,
          webhook: { url: 'https://own.webhook.test/hook', events: ['*'] },
        })
      ).json();
      expect(own.company.settings).to.deep.equal({ defaultCurrency: 'GBP', autoReporting: false });
      expect(own.company.capabilities.receive).to.deep.equal([]);
      const ownHook = await (
        await fetch(`${app.url}/v1/webhooks/${own.webhook.id}`, { headers: bearer(wl.key) })
      ).json();
      expect(ownHook.url).to.equal('https://own.webhook.test/hook');

      const updated = await fetch(`${app.url}/v1/companies/${created.company.id}`, {
        method: 'PATCH',
        headers: jsonHeaders(wl.key),
        body: JSON.stringify({ settings: { defaultCurrency: 'EUR' } }),
      });
      expect((await updated.json()).settings).to.deep.equal({ defaultCurrency: 'EUR' });
    });
  });
});
