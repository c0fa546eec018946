import { expect } from 'chai';
import { errorBody, type TestApp, startTestApp } from '../../support/app.ts';
import { bearer, createTenant, jsonHeaders } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { randomBelgianEnterpriseNumber } from '../../../api/sandbox/company-seed.ts';
import { workflowIds } from '../../../core/temporal.ts';
import { createPlatform, type Platform } from './fixtures.ts';

const vat = () => `BE${randomBelgianEnterpriseNumber()}`;

describe('/v1/platform/companies', () => {
  let app: TestApp;
  let p: Platform;
  let q: Platform;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    [p, q] = await Promise.all([createPlatform(), createPlatform({ keyType: 'white_label' })]);
  });
  after(() => app.close());

  const post = (key: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/platform/companies`, {
      method: 'POST',
      headers: jsonHeaders(key, extra),
      body: JSON.stringify(body),
    });
  const rowsFor = async (vatNumber: string) => {
    const { db } = testServers();
    const companies = await db.selectFrom('companies').select('id').where('vat_number', '=', vatNumber).execute();
    const ids = companies.map((c) => c.id);
    const webhooks = ids.length
      ? await db.selectFrom('webhooks').select('id').where('company_id', 'in', ids).execute()
      : [];
    const keys = ids.length
      ? await db.selectFrom('api_keys').select('id').where('company_id', 'in', ids).execute()
      : [];
    return { companies: ids.length, webhooks: webhooks.length, keys: keys.length };
  };
  const workflowExists = async (companyId: string) => {
    try {
      await testServers().temporal.workflow.getHandle(workflowIds.company(companyId)).describe();
      return true;
    } catch {
      return false;
    }
  };

  describe('POST', () => {
    it('201 {company, apiKey, webhook}: enriched, registering with the SMP, a tenant key bound to it and its webhook', async () => {
      const vatNumber = vat();
      const res = await post(p.key, {
        vatNumber,
        name: 'Acme',
        metadata: { tenant: 'acme-42' },
        webhook: { url: 'https://ok.webhook.test/acme', events: ['document.received'] },
        apiKey: { name: 'Acme production', scopes: ['send', 'documents.read', 'companies.read'] },
      });
      expect(res.status, await res.clone().text()).to.equal(201);
      const body = await res.json();
      expect(body.company).to.deep.include({
        name: 'Acme',
        vatNumber,
        country: 'BE',
        peppolId: `0208:${vatNumber.slice(2)}`,
        status: 'active',
        metadata: { tenant: 'acme-42' },
      });
      expect(body.company.legalName).to.be.a('string').and.not.equal('');
      expect(body.company.capabilities.receive).to.include('invoice');
      expect(res.headers.get('location')).to.equal(`/v1/companies/${body.company.id}`);
      expect(body.apiKey.key).to.match(/^svc_test_/);
      expect(body.apiKey.key.startsWith(body.apiKey.keyPrefix)).to.equal(true);
      expect(body.webhook).to.deep.include({ status: 'active' });
      expect(body.webhook.secret).to.match(/^whsec_/);
      expect(await workflowExists(body.company.id)).to.equal(true);
      // The tenant key sees its company and nothing else of the platform.
      const me = await (await fetch(`${app.url}/v1/me`, { headers: bearer(body.apiKey.key) })).json();
      expect(me).to.deep.include({ companyId: body.company.id, scopes: ['send', 'documents.read', 'companies.read'] });
      expect(
        (await fetch(`${app.url}/v1/companies/${p.companyA}`, { headers: bearer(body.apiKey.key) })).status,
      ).to.equal(404);
      const hook = await (await fetch(`${app.url}/v1/webhooks/${body.webhook.id}`, { headers: bearer(p.key) })).json();
      expect(hook.companyId).to.equal(body.company.id);
    });

    it('receiveDocuments false: send-only, no SMP registration started; no webhook or key unless asked', async () => {
      const res = await post(p.key, { vatNumber: vat(), receiveDocuments: false });
      expect(res.status).to.equal(201);
      const body = await res.json();
      expect(body.company.capabilities.receive).to.deep.equal([]);
      expect(body.company.capabilities.send).to.include('invoice');
      expect(body).to.deep.include({ apiKey: null, webhook: null });
      expect(await workflowExists(body.company.id)).to.equal(false);
    });

    it("all or nothing: a refused webhook URL, a key scope beyond the caller's, an unknown VAT leave nothing behind", async () => {
      const refusedUrl = vat();
      const badHook = await post(p.key, {
        vatNumber: refusedUrl,
        webhook: { url: 'http://10.0.0.1/hook', events: ['*'] },
        apiKey: { name: 'k' },
      });
      expect(badHook.status).to.equal(400);
      expect((await errorBody(badHook)).details[0].field).to.equal('url');
      expect(await rowsFor(refusedUrl)).to.deep.equal({ companies: 0, webhooks: 0, keys: 0 });

      const { createKey } = await import('../../support/access.ts');
      const narrow = await createKey(p.organizationId, {
        livemode: false,
        keyType: 'platform',
        scopes: ['platform', 'send'],
      });
      const tooMuch = vat();
      const badKey = await post(narrow.secret, {
        vatNumber: tooMuch,
        webhook: { url: 'https://ok.webhook.test/x', events: ['*'] },
        apiKey: { name: 'k', scopes: ['send', 'lifecycle'] },
      });
      expect(badKey.status).to.equal(403);
      expect(await errorBody(badKey)).to.deep.include({ code: 'INSUFFICIENT_SCOPE' });
      expect(await rowsFor(tooMuch)).to.deep.equal({ companies: 0, webhooks: 0, keys: 0 });

      const unknown = await post(p.key, { vatNumber: 'BE0400000086', apiKey: { name: 'k' } });
      expect(unknown.status).to.equal(422);
      expect((await errorBody(unknown)).code).to.equal('VAT_NOT_FOUND');
      expect(await rowsFor('BE0400000086')).to.deep.equal({ companies: 0, webhooks: 0, keys: 0 });
    });

    it('409 COMPANY_EXISTS for a VAT the platform manages, with existingId; another platform may onboard it too', async () => {
      const vatNumber = vat();
      const first = await (await post(p.key, { vatNumber, receiveDocuments: false })).json();
      const dup = await post(p.key, { vatNumber, apiKey: { name: 'k' } });
      expect(dup.status).to.equal(409);
      expect(await errorBody(dup)).to.deep.include({
        code: 'COMPANY_EXISTS',
        details: [{ field: 'vatNumber', value: vatNumber, existingId: first.company.id }],
      });
      expect((await rowsFor(vatNumber)).keys).to.equal(0);
      expect((await post(q.key, { vatNumber, receiveDocuments: false })).status).to.equal(201);
    });

    it('idempotent: the same key and body replay the first answer without secrets and create nothing more', async () => {
      const vatNumber = vat();
      const body = {
        vatNumber,
        receiveDocuments: false,
        webhook: { url: 'https://ok.webhook.test/i', events: ['*'] },
        apiKey: { name: 'k' },
      };
      const first = await post(p.key, body, { 'idempotency-key': `onboard-${vatNumber}` });
      const again = await post(p.key, body, { 'idempotency-key': `onboard-${vatNumber}` });
      expect(again.status).to.equal(201);
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      const [a, b] = [await first.json(), await again.json()];
      expect(b.company.id).to.equal(a.company.id);
      expect(b.apiKey).to.deep.equal({ id: a.apiKey.id, keyPrefix: a.apiKey.keyPrefix });
      expect(b.webhook).to.deep.equal({ id: a.webhook.id, status: 'active' });
      expect(await rowsFor(vatNumber)).to.deep.equal({ companies: 1, webhooks: 1, keys: 1 });
    });

    it('403 KEY_TYPE_FORBIDDEN for personal keys; 403 COMPANY_FORBIDDEN acting for a company; 400 for autoVerify false, webhook.companyId, a bad VAT', async () => {
      const personal = await createTenant({ livemode: false });
      const res = await post(personal.key, { vatNumber: vat() });
      expect(res.status).to.equal(403);
      expect((await errorBody(res)).code).to.equal('KEY_TYPE_FORBIDDEN');
      const acting = await post(p.key, { vatNumber: vat() }, { 'x-service-company': p.companyA });
      expect(acting.status).to.equal(403);
      expect((await errorBody(acting)).code).to.equal('COMPANY_FORBIDDEN');
      const verify = await post(p.key, { vatNumber: vat(), autoVerify: false });
      expect(verify.status).to.equal(400);
      expect((await errorBody(verify)).details[0].field).to.equal('autoVerify');
      const hookCompany = await post(p.key, {
        vatNumber: vat(),
        webhook: { url: 'https://ok.webhook.test/x', events: ['*'], companyId: p.companyA },
      });
      expect((await errorBody(hookCompany)).details[0].field).to.equal('webhook.companyId');
      const badVat = await post(p.key, { vatNumber: 'BE0000000001' });
      expect(badVat.status).to.equal(400);
      expect((await errorBody(badVat)).code).to.equal('INVALID_VAT_FORMAT');
      expect((await errorBody(await post(p.key, {}))).code).to.equal('MISSING_FIELD');
    });
  });

  describe('GET', () => {
    it("lists the platform's companies newest first with a cursor; filters country, status, search; never another platform's", async () => {
      const named = await (
        await post(p.key, { vatNumber: vat(), name: 'Zebrafish Trading', receiveDocuments: false })
      ).json();
      const list = async (query: string, key = p.key, extra: Record<string, string> = {}) => {
        const res = await fetch(`${app.url}/v1/platform/companies${query}`, { headers: bearer(key, extra) });
        expect(res.status).to.equal(200);
        return await res.json();
      };
      const all = await list('?limit=100');
      const ids = all.data.map((c: any) => c.id);
      expect(ids[0]).to.equal(named.company.id);
      expect(ids).to.include.members([p.companyA, p.companyB]);
      expect(ids).to.not.include(q.companyA);
      expect((await list('?search=zebrafish')).data.map((c: any) => c.id)).to.deep.equal([named.company.id]);
      expect((await list('?country=FR')).data).to.deep.equal([]);
      expect((await list('?status=active&limit=100')).data.length).to.equal(all.data.length);
      const first = await list('?limit=1');
      expect(first.hasMore).to.equal(true);
      const second = await list(`?limit=1&cursor=${first.cursor}`);
      expect(second.data[0].id).to.equal(ids[1]);
      expect((await list('', p.key, { 'x-service-company': p.companyB })).data.map((c: any) => c.id)).to.deep.equal([
        p.companyB,
      ]);
      expect((await fetch(`${app.url}/v1/platform/companies?status=gone`, { headers: bearer(p.key) })).status).to.equal(
        400,
      );
    });
  });
});
