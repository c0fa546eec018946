import { expect } from 'chai';
import { errorBody, startSandboxSuite, type TestApp } from '../support/app.ts';
import { bearer, createCompany, createKey, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT, waitForDocument } from '../support/documents.ts';
import { seedDocument } from './documents/seed-document.ts';
import { testServers } from '../support/servers.ts';

describe('GET /v1/stats', () => {
  let app: TestApp;
  let tenant: Tenant;
  let second: string;
  const sent: Array<{ id: string; companyId: string }> = [];
  before(async () => {
    ({ app, tenant } = await startSandboxSuite());
    second = await createCompany(tenant.organizationId, false);
    await testServers().db.updateTable('companies').set({ country: 'FR' }).where('id', '=', second).execute();
  });
  after(() => app.close());

  const send = async (from: string, to: string) => {
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from, to, document: invoiceBody() }),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    const doc = await res.json();
    sent.push({ id: doc.id, companyId: from });
    return doc.id as string;
  };
  const stats = (query = '', key = tenant.key, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/stats${query}`, { headers: bearer(key, headers) });

  it('counts exactly what was sent, received, delivered and failed in the period, per type and country', async () => {
    const delivered = [
      await send(tenant.companyId, RECIPIENT),
      await send(tenant.companyId, RECIPIENT),
      await send(second, RECIPIENT),
    ];
    const rejected = await send(tenant.companyId, '0060:999000001');
    for (const id of delivered) await waitForDocument(app.url, tenant.key, id, (d) => d.deliveryStatus === 'delivered');
    await waitForDocument(
      app.url,
      tenant.key,
      rejected,
      (d) => d.deliveryStatus === 'failed' || d.deliveryStatus === 'rejected',
    );
    // Received in the period, and documents outside it, which must not count.
    await seedDocument(tenant, {
      type: 'credit-note',
      direction: 'incoming',
      delivery_status: 'stored',
      status: 'delivered',
    });
    await seedDocument(tenant, { created_at: new Date('2020-03-01T00:00:00Z') });
    await seedDocument(tenant, { created_at: new Date(Date.now() - 400 * 86_400_000) });

    const res = await stats('?period=day');
    expect(res.status).to.equal(200);
    const body = await res.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.period).to.deep.equal({
      start: `${today}T00:00:00.000Z`,
      end: new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString(),
    });
    expect(body.documents).to.deep.equal({ sent: sent.length, received: 1, delivered: 3, failed: 1 });
    expect(body.byType).to.deep.equal({ invoice: sent.length, 'credit-note': 1 });
    expect(body.byCountry).to.deep.equal({
      BE: sent.filter((d) => d.companyId === tenant.companyId).length + 1,
      FR: 1,
    });
    expect(body.quota).to.deep.equal({ limit: null, used: 0, remaining: null });
    expect(body.rateLimit).to.deep.equal({ perMinute: 300 });
    expect(body.partners).to.deep.equal({ total: 0, active: 0 });
    expect(body.companyId).to.equal(null);
  });

  it('narrows to one company with companyId (any reference form) or a key bound to it', async () => {
    const own = sent.filter((d) => d.companyId === second).length;
    const byId = await (await stats(`?period=year&companyId=${second}`)).json();
    expect(byId.companyId).to.equal(second);
    expect(byId.documents).to.deep.equal({ sent: own, received: 0, delivered: own, failed: 0 });
    expect(byId.byCountry).to.deep.equal({ FR: own });
    const bound = await createKey(tenant.organizationId, { livemode: false, companyId: second, scopes: ['stats'] });
    const viaKey = await (await stats('?period=year', bound.secret)).json();
    expect(viaKey.documents).to.deep.equal(byId.documents);
    const viaHeader = await (await stats('?period=year', tenant.key, { 'x-service-company': second })).json();
    expect(viaHeader.documents).to.deep.equal(byId.documents);
  });

  it('month and week hold the day; the year holds none of the documents of earlier years', async () => {
    const day = await (await stats('?period=day')).json();
    for (const period of ['week', 'month', 'year']) {
      const body = await (await stats(`?period=${period}`)).json();
      expect(body.documents.sent, period).to.be.at.least(day.documents.sent);
    }
    const month = await (await stats()).json();
    expect(new Date(month.period.start).getUTCDate()).to.equal(1);
  });

  it('stays exact when documents are deleted or change delivery state (the counts move in the same transaction)', async () => {
    const before = await (await stats('?period=day')).json();
    const extra = await seedDocument(tenant, { delivery_status: 'pending' });
    await testServers()
      .db.updateTable('documents')
      .set({ delivery_status: 'delivered' })
      .where('id', '=', extra)
      .execute();
    const moved = await (await stats('?period=day')).json();
    expect(moved.documents).to.deep.equal({
      ...before.documents,
      sent: before.documents.sent + 1,
      delivered: before.documents.delivered + 1,
    });
    await testServers().db.deleteFrom('documents').where('id', '=', extra).execute();
    expect((await (await stats('?period=day')).json()).documents).to.deep.equal(before.documents);
  });

  it("live: the quota is the organization's month; another tenant and the other mode see nothing of these", async () => {
    const live = await createTenant({ plan: 'starter' });
    await testServers()
      .db.insertInto('usage_counters')
      .values({ organization_id: live.organizationId, period: new Date().toISOString().slice(0, 7), documents: 7 })
      .execute();
    const body = await (await stats('', live.key)).json();
    expect(body.quota).to.deep.equal({ limit: 500, used: 7, remaining: 493 });
    expect(body.documents).to.deep.equal({ sent: 0, received: 0, delivered: 0, failed: 0 });
    const liveKeyOfSameOrg = await createKey(tenant.organizationId, { livemode: true });
    const other = await (await stats('?period=year', liveKeyOfSameOrg.secret)).json();
    expect(other.documents.sent).to.equal(0);
  });

  it('403 INSUFFICIENT_SCOPE without stats; 403 COMPANY_FORBIDDEN for another company; 404 COMPANY_NOT_FOUND; 400 INVALID_ENUM', async () => {
    const narrow = await createKey(tenant.organizationId, { livemode: false, scopes: ['send'] });
    const scope = await stats('', narrow.secret);
    expect(scope.status).to.equal(403);
    expect(await errorBody(scope)).to.deep.include({ code: 'INSUFFICIENT_SCOPE' });
    const bound = await createKey(tenant.organizationId, { livemode: false, companyId: second });
    const forbidden = await stats(`?companyId=${tenant.companyId}`, bound.secret);
    expect(forbidden.status).to.equal(403);
    expect(await errorBody(forbidden)).to.deep.include({
      code: 'COMPANY_FORBIDDEN',
      message: `This key is scoped to company ${second} and cannot act for ${tenant.companyId}.`,
    });
    const stranger = await createTenant({ livemode: false });
    const foreign = await stats(`?companyId=${stranger.companyId}`);
    expect(foreign.status).to.equal(404);
    expect(await errorBody(foreign)).to.deep.include({
      code: 'COMPANY_NOT_FOUND',
      message: `No company ${stranger.companyId} in this organization.`,
    });
    const bad = await stats('?period=decade');
    expect(bad.status).to.equal(400);
    expect((await errorBody(bad)).code).to.equal('INVALID_ENUM');
  });
});
