import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, type Tenant } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { newId } from '../../../core/ids.ts';
import { seedDocument } from '../documents/seed-document.ts';
import { createPlatform, type Platform } from './fixtures.ts';

describe('GET /v1/platform/usage', () => {
  let app: TestApp;
  let p: Platform;
  let q: Platform;
  let fr: string;
  before(async () => {
    app = await startTestApp();
    [p, q] = await Promise.all([createPlatform(), createPlatform()]);
    fr = p.companyB;
    await testServers().db.updateTable('companies').set({ country: 'FR' }).where('id', '=', fr).execute();
    const as = (companyId: string, org = p.organizationId): Tenant => ({
      organizationId: org,
      key: '',
      keyId: '',
      companyId,
    });
    // March 2025: A sends 3 invoices (2 delivered, 1 failed) and receives a credit note in week 11;
    // B (FR) sends an order on 20 March; A sends one in April, outside; Q's documents are never P's.
    const at = (iso: string) => new Date(iso);
    await seedDocument(as(p.companyA), {
      created_at: at('2025-03-10T08:00:00Z'),
      delivery_status: 'delivered',
      status: 'delivered',
    });
    await seedDocument(as(p.companyA), {
      created_at: at('2025-03-12T08:00:00Z'),
      delivery_status: 'delivered',
      status: 'delivered',
    });
    await seedDocument(as(p.companyA), { created_at: at('2025-03-16T23:59:59Z'), delivery_status: 'failed' });
    await seedDocument(as(p.companyA), {
      created_at: at('2025-03-11T08:00:00Z'),
      type: 'credit-note',
      direction: 'incoming',
      delivery_status: 'stored',
    });
    await seedDocument(as(fr), { created_at: at('2025-03-20T08:00:00Z'), type: 'purchase-order' });
    await seedDocument(as(p.companyA), { created_at: at('2025-04-01T00:00:00Z') });
    await seedDocument(as(q.companyA, q.organizationId), { created_at: at('2025-03-10T09:00:00Z') });
    const log = (companyId: string | null, created: string, org = p.organizationId) => ({
      id: newId('req'),
      organization_id: org,
      livemode: false,
      api_key_id: null,
      user_id: null,
      company_id: companyId,
      method: 'GET',
      path: '/v1/me',
      operation_id: 'getMe',
      status: 200,
      duration_ms: 3,
      idempotency_key: null,
      error_code: null,
      user_agent: null,
      created_at: new Date(created),
    });
    await testServers()
      .db.insertInto('request_logs')
      .values([
        log(p.companyA, '2025-03-10T10:00:00Z'),
        log(p.companyA, '2025-03-10T10:00:01Z'),
        log(fr, '2025-03-21T10:00:00Z'),
        log(null, '2025-03-15T10:00:00Z'),
        log(p.companyA, '2025-04-02T10:00:00Z'),
        log(q.companyA, '2025-03-10T10:00:00Z', q.organizationId),
      ])
      .execute();
  });
  after(() => app.close());

  const usage = async (query: string, key = p.key, extra: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}/v1/platform/usage${query}`, { headers: bearer(key, extra) });
    expect(res.status, await res.clone().text()).to.equal(200);
    return await res.json();
  };

  it('a month by company: totals and one row per company, exactly what was seeded', async () => {
    const body = await usage('?period=2025-03&groupBy=company');
    expect(body.period).to.deep.equal({
      name: '2025-03',
      start: '2025-03-01T00:00:00.000Z',
      end: '2025-04-01T00:00:00.000Z',
    });
    expect(body.totals).to.deep.equal({ sent: 4, received: 1, delivered: 2, failed: 1, apiRequests: 4 });
    expect(body.groups).to.deep.equal(
      [
        { key: p.companyA, sent: 3, received: 1, delivered: 2, failed: 1, apiRequests: 2 },
        { key: fr, sent: 1, received: 0, delivered: 0, failed: 0, apiRequests: 1 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it('by country and by type; requests have no type (null)', async () => {
    const byCountry = await usage('?period=2025-03&groupBy=country');
    expect(byCountry.groups).to.deep.equal([
      { key: 'BE', sent: 3, received: 1, delivered: 2, failed: 1, apiRequests: 2 },
      { key: 'FR', sent: 1, received: 0, delivered: 0, failed: 0, apiRequests: 1 },
    ]);
    const byType = await usage('?period=2025-03&groupBy=type');
    expect(byType.totals.apiRequests).to.equal(4);
    expect(byType.groups).to.deep.equal([
      { key: 'credit-note', sent: 0, received: 1, delivered: 0, failed: 0, apiRequests: null },
      { key: 'invoice', sent: 3, received: 0, delivered: 2, failed: 1, apiRequests: null },
      { key: 'purchase-order', sent: 1, received: 0, delivered: 0, failed: 0, apiRequests: null },
    ]);
  });

  it('a year, an ISO week, a day', async () => {
    expect((await usage('?period=2025')).totals).to.deep.equal({
      sent: 5,
      received: 1,
      delivered: 2,
      failed: 1,
      apiRequests: 5,
    });
    const week = await usage('?period=2025-W11');
    expect(week.period).to.deep.include({ start: '2025-03-10T00:00:00.000Z', end: '2025-03-17T00:00:00.000Z' });
    expect(week.totals).to.deep.equal({ sent: 3, received: 1, delivered: 2, failed: 1, apiRequests: 3 });
    expect((await usage('?period=2025-03-10')).totals).to.deep.equal({
      sent: 1,
      received: 0,
      delivered: 1,
      failed: 0,
      apiRequests: 2,
    });
  });

  it('acting for a company narrows to it; the current month by default', async () => {
    const acting = await usage('?period=2025-03', p.key, { 'x-service-company': fr });
    expect(acting.totals).to.deep.equal({ sent: 1, received: 0, delivered: 0, failed: 0, apiRequests: 1 });
    expect(acting.groups.map((g: any) => g.key)).to.deep.equal([fr]);
    const current = await usage('');
    expect(current.period.name).to.equal(new Date().toISOString().slice(0, 7));
  });

  it('400 for a period that names no calendar period or a bad groupBy; 403 KEY_TYPE_FORBIDDEN for personal keys', async () => {
    for (const period of ['2025-13', '2025-W54', '2025-02-30', 'last-month']) {
      const res = await fetch(`${app.url}/v1/platform/usage?period=${period}`, { headers: bearer(p.key) });
      expect(res.status, period).to.equal(400);
      expect((await errorBody(res)).details[0].field, period).to.equal('period');
    }
    const group = await fetch(`${app.url}/v1/platform/usage?groupBy=partner`, { headers: bearer(p.key) });
    expect((await errorBody(group)).code).to.equal('INVALID_ENUM');
    const personal = await createTenant({ livemode: false });
    const res = await fetch(`${app.url}/v1/platform/usage`, { headers: bearer(personal.key) });
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('KEY_TYPE_FORBIDDEN');
  });
});
