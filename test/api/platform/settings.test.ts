import { expect } from 'chai';
import { createDnsDomainVerifier, createDomainVerifierSimulator } from '../../../upstreams/domains/index.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, jsonHeaders } from '../../support/access.ts';
import { stubDns, type DnsStub } from '../../support/dns-stub.ts';
import { createPlatform, type Platform } from './fixtures.ts';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const svgLogo = (
  text = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
) => `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;
const domain = (first = 'docs') => `${first}.${Math.random().toString(36).slice(2, 10)}.example`;

describe('/v1/platform/settings', () => {
  let app: TestApp;
  let dns: DnsStub;
  const txt = new Map<string, string[][]>();
  let wl: Platform;
  let plat: Platform;
  let liveWl: Platform;
  before(async () => {
    dns = await stubDns(new Map(), txt);
    app = await startTestApp({
      upstreams: {
        domains: {
          live: createDnsDomainVerifier({ servers: [dns.server], timeoutMs: 300 }),
          sandbox: createDomainVerifierSimulator(),
        },
      },
    });
    [wl, plat, liveWl] = await Promise.all([
      createPlatform({ keyType: 'white_label' }),
      createPlatform(),
      createPlatform({ keyType: 'white_label', livemode: true }),
    ]);
  });
  after(async () => {
    await app.close();
    await dns.close();
  });

  const get = (key: string, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/platform/settings`, { headers: bearer(key, extra) });
  const patch = (key: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/platform/settings`, {
      method: 'PATCH',
      headers: jsonHeaders(key, extra),
      body: JSON.stringify(body),
    });
  const verify = (key: string, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/platform/settings/custom-domain/verify`, { method: 'POST', headers: bearer(key, extra) });
  const expectError = async (res: Response, status: number, code: string) => {
    expect(res.status, await res.clone().text()).to.equal(status);
    const error = await errorBody(res);
    expect(error.code).to.equal(code);
    return error;
  };

  describe('GET', () => {
    it('answers empty sections before any change; quotas {} for a white-label key, null for a platform key', async () => {
      const fresh = await createPlatform({ keyType: 'white_label' });
      const res = await get(fresh.key);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({
        branding: {},
        defaults: {},
        customDomain: null,
        quotas: {},
        updatedAt: null,
      });
      expect((await (await get(plat.key)).json()).quotas).to.equal(null);
    });

    it('403 KEY_TYPE_FORBIDDEN for a tenant key', async () => {
      await expectError(await get(wl.tenantKeyA), 403, 'KEY_TYPE_FORBIDDEN');
    });
  });

  describe('PATCH', () => {
    it('merges field by field: the smallest body sets one field, null removes one, other sections stay', async () => {
      const p = await createPlatform({ keyType: 'white_label' });
      let res = await patch(p.key, { branding: { displayName: 'Acme Invoicing' } });
      expect(res.status, await res.clone().text()).to.equal(200);
      expect((await res.json()).branding).to.deep.equal({ displayName: 'Acme Invoicing' });
      res = await patch(p.key, {
        branding: { primaryColor: '#0a7d55', supportEmail: 'help@acme.example', logo: PNG_1X1 },
        quotas: { documentsPerMonth: 500 },
      });
      const body = await res.json();
      expect(body.branding).to.deep.equal({
        displayName: 'Acme Invoicing',
        primaryColor: '#0a7d55',
        supportEmail: 'help@acme.example',
        logo: PNG_1X1,
      });
      expect(body.quotas).to.deep.equal({ documentsPerMonth: 500 });
      expect(body.updatedAt).to.be.a('string');
      res = await patch(p.key, { branding: { logo: null, supportEmail: null }, quotas: { requestsPerMinute: 100 } });
      expect(res.status).to.equal(200);
      const after = await (await get(p.key)).json();
      expect(after.branding).to.deep.equal({ displayName: 'Acme Invoicing', primaryColor: '#0a7d55' });
      expect(after.quotas).to.deep.equal({ documentsPerMonth: 500, requestsPerMinute: 100 });
    });

    it('accepts an SVG logo', async () => {
      const res = await patch(wl.key, { branding: { logo: svgLogo() } });
      expect(res.status, await res.clone().text()).to.equal(200);
    });

    it('400 for an empty body, a colour that is not #rrggbb, an unknown field and a host name that is none', async () => {
      await expectError(await patch(wl.key, {}), 400, 'INVALID_REQUEST');
      const colour = await expectError(
        await patch(wl.key, { branding: { primaryColor: 'red' } }),
        400,
        'INVALID_REQUEST',
      );
      expect(colour.details[0].field).to.match(/primaryColor/);
      await expectError(await patch(wl.key, { branding: { font: 'Comic Sans' } }), 400, 'INVALID_REQUEST');
      const host = await expectError(await patch(wl.key, { customDomain: 'not a domain' }), 400, 'INVALID_REQUEST');
      expect(host.details[0].field).to.match(/customDomain/);
    });

    it('400 for a logo whose bytes are not the image its media type names, or larger than 256 KiB', async () => {
      const fakePng = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
      const lie = await expectError(await patch(wl.key, { branding: { logo: fakePng } }), 400, 'INVALID_REQUEST');
      expect(lie.details).to.deep.equal([
        { field: 'branding.logo', rule: 'image', message: 'says image/png but its bytes are not a PNG image' },
      ]);
      const notSvg = await expectError(
        await patch(wl.key, { branding: { logo: svgLogo('<html><body>hi</body></html>') } }),
        400,
        'INVALID_REQUEST',
      );
      expect(notSvg.details[0].message).to.equal('says image/svg+xml but its bytes are not an SVG document');
      const big = svgLogo(`<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(256 * 1024)}--></svg>`);
      const tooBig = await expectError(await patch(wl.key, { branding: { logo: big } }), 400, 'INVALID_REQUEST');
      expect(tooBig.details[0].message).to.match(/at most 262144 \(256 KiB\)/);
    });

    it('400 for a default webhook the service would not deliver to (live: https only)', async () => {
      const error = await expectError(
        await patch(liveWl.key, { defaults: { webhook: { url: 'http://hooks.example.com/x', events: ['*'] } } }),
        400,
        'INVALID_REQUEST',
      );
      expect(error.details[0]).to.include({ field: 'defaults.webhook.url', rule: 'https' });
    });

    it('403 KEY_TYPE_FORBIDDEN for quotas from a platform key; 403 COMPANY_FORBIDDEN while acting for a company', async () => {
      await expectError(await patch(plat.key, { quotas: { documentsPerMonth: 10 } }), 403, 'KEY_TYPE_FORBIDDEN');
      await expectError(
        await patch(wl.key, { branding: { displayName: 'X' } }, { 'x-service-company': wl.companyA }),
        403,
        'COMPANY_FORBIDDEN',
      );
      await expectError(await patch(wl.tenantKeyA, { branding: { displayName: 'X' } }), 403, 'KEY_TYPE_FORBIDDEN');
    });
  });

  describe('custom domain', () => {
    it('sandbox: PATCH answers the TXT record to publish (pending); verify checks it with the simulator', async () => {
      const p = await createPlatform({ keyType: 'white_label' });
      const name = domain();
      const res = await patch(p.key, { customDomain: name.toUpperCase() });
      const { customDomain } = await res.json();
      expect(customDomain).to.deep.include({ domain: name, status: 'pending', checkedAt: null, verifiedAt: null });
      expect(customDomain.verification).to.deep.include({ type: 'TXT', name: `_docex-verify.${name}` });
      expect(customDomain.verification.value).to.match(/^docex-verify=[A-Za-z0-9]{24}$/);
      // The same domain again keeps its token.
      const again = await (await patch(p.key, { customDomain: name })).json();
      expect(again.customDomain.verification.value).to.equal(customDomain.verification.value);
      const verified = await verify(p.key);
      expect(verified.status, await verified.clone().text()).to.equal(200);
      expect((await verified.json()).customDomain).to.deep.include({ status: 'verified', failureReason: null });
    });

    it('sandbox: a domain whose first label is "pending" never verifies; removing the domain clears it', async () => {
      const p = await createPlatform({ keyType: 'white_label' });
      await patch(p.key, { customDomain: domain('pending') });
      const { customDomain } = await (await verify(p.key)).json();
      expect(customDomain.status).to.equal('pending');
      expect(customDomain.failureReason).to.match(/No TXT record at _docex-verify\.pending\./);
      expect(customDomain.checkedAt).to.be.a('string');
      expect((await (await patch(p.key, { customDomain: null })).json()).customDomain).to.equal(null);
      await expectError(await verify(p.key), 404, 'RESOURCE_NOT_FOUND');
    });

    it('live: resolves TXT _docex-verify.<domain> through the configured resolvers', async () => {
      const name = domain();
      const { customDomain } = await (await patch(liveWl.key, { customDomain: name })).json();
      const record = `_docex-verify.${name}`;
      let check = (await (await verify(liveWl.key)).json()).customDomain;
      expect(check).to.deep.include({ status: 'pending', failureReason: `No TXT record at ${record} yet.` });
      txt.set(record, [['v=spf1 -all']]);
      check = (await (await verify(liveWl.key)).json()).customDomain;
      expect(check.status).to.equal('pending');
      expect(check.failureReason).to.include('"v=spf1 -all"');
      // A long value may come split into several strings.
      const token: string = customDomain.verification.value;
      txt.set(record, [['v=spf1 -all'], [token.slice(0, 10), token.slice(10)]]);
      check = (await (await verify(liveWl.key)).json()).customDomain;
      expect(check).to.deep.include({ status: 'verified', failureReason: null });
      expect(dns.queries).to.include(record);
    });

    it('live: 504 UPSTREAM_TIMEOUT when the DNS does not answer, the domain unchanged', async () => {
      const p = await createPlatform({ keyType: 'white_label', livemode: true });
      await patch(p.key, { customDomain: domain() });
      dns.setSilent(true);
      try {
        const res = await verify(p.key);
        expect(res.headers.get('retry-after')).to.equal('5');
        await expectError(res, 504, 'UPSTREAM_TIMEOUT');
      } finally {
        dns.setSilent(false);
      }
      expect((await (await get(p.key)).json()).customDomain.status).to.equal('pending');
    });

    it('409 DOMAIN_TAKEN when another platform verified the domain first', async () => {
      const [a, b] = await Promise.all([
        createPlatform({ keyType: 'white_label' }),
        createPlatform({ keyType: 'white_label' }),
      ]);
      const name = domain();
      await patch(a.key, { customDomain: name });
      await patch(b.key, { customDomain: name });
      expect((await verify(a.key)).status).to.equal(200);
      const error = await expectError(await verify(b.key), 409, 'DOMAIN_TAKEN');
      expect(error.details[0]).to.include({ field: 'customDomain', rule: 'unique' });
    });
  });

  describe('isolation', () => {
    it('a platform sees and changes its own settings only; test and live settings of one organization are apart', async () => {
      const [p, q] = await Promise.all([createPlatform({ keyType: 'white_label' }), createPlatform()]);
      await patch(p.key, { branding: { displayName: 'P brand' } });
      await patch(q.key, { branding: { displayName: 'Q brand' } });
      expect((await (await get(p.key)).json()).branding).to.deep.equal({ displayName: 'P brand' });
      expect((await (await get(q.key)).json()).branding).to.deep.equal({ displayName: 'Q brand' });
      const live = await createKey(p.organizationId, { livemode: true, keyType: 'white_label' });
      expect((await (await get(live.secret)).json()).branding).to.deep.equal({});
      await patch(live.secret, { branding: { displayName: 'P live' } });
      expect((await (await get(p.key)).json()).branding).to.deep.equal({ displayName: 'P brand' });
    });

    it("naming another platform's company in X-Service-Company is 404 COMPANY_NOT_FOUND", async () => {
      await expectError(await get(wl.key, { 'x-service-company': plat.companyA }), 404, 'COMPANY_NOT_FOUND');
      await expectError(await verify(wl.key, { 'x-service-company': plat.companyA }), 404, 'COMPANY_NOT_FOUND');
    });
  });
});
