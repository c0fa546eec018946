import { expect } from 'chai';
import { sql } from 'kysely';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { companyIn, storedDocument } from './lifecycle-fixtures.ts';
import { complianceReportedOf } from '../support/documents.ts';

describe('compliance reporting of lifecycle changes', () => {
  let app: TestApp;
  let tenant: Tenant;
  let fr: string;
  let it_: string;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    fr = await companyIn(tenant, 'FR');
    it_ = await companyIn(tenant, 'IT');
  });
  after(() => app.close());

  const update = (id: string, body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/documents/${id}/lifecycle`, {
      method: 'POST',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });

  /** Moves the document and checks the move owes no report: `not_required` on the answer, no report row. */
  async function expectMovedUnreported(documentId: string, status: string, label: string, key = tenant.key) {
    const res = await update(documentId, { status }, key);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.compliance, label).to.deep.equal({ reportedTo: [], status: 'not_required', nextCheckAt: null });
    const rows = await testServers()
      .db.selectFrom('compliance_reports')
      .select('id')
      .where('document_id', '=', documentId)
      .execute();
    expect(rows, label).to.have.length(0);
  }
  const get = (path: string, key = tenant.key) => fetch(`${app.url}${path}`, { headers: bearer(key) });

  /** Advances the company's sandbox clock until its report is decided (the check runs at nextCheckAt). */
  async function decided(companyId: string, documentId: string, owner: Tenant = tenant) {
    const { db } = testServers();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = await db
        .selectFrom('compliance_reports')
        .selectAll()
        .where('document_id', '=', documentId)
        .execute();
      if (rows.length && rows.every((r) => r.status === 'accepted' || r.status === 'failed')) return rows;
      if (rows.some((r) => r.status === 'submitted'))
        await fetch(`${app.url}/v1/sandbox/clock/advance`, {
          method: 'POST',
          headers: jsonHeaders(owner.key),
          body: JSON.stringify({ companyId, by: '1h' }),
        });
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`reports of ${documentId} never decided`);
  }

  it("a French document's move is reported to PPF: pending in the response, accepted at the check, with compliance.reported", async () => {
    const doc = await storedDocument(tenant, { companyId: fr, number: 'INV-FR-API-1' });
    const res = await update(doc.id, { status: 'under_review' });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.compliance).to.deep.include({ reportedTo: ['PPF'], status: 'pending' });
    expect(Date.parse(body.compliance.nextCheckAt)).to.be.greaterThan(Date.parse(body.updatedAt));
    const rows = await decided(fr, doc.id);
    expect(rows.map((r) => [r.platform, r.lifecycle_status, r.status])).to.deep.equal([
      ['PPF', 'under_review', 'accepted'],
    ]);

    const history = await (await get(`/v1/documents/${doc.id}/lifecycle`)).json();
    expect(history.compliance).to.have.length(1);
    expect(history.compliance[0]).to.deep.include({
      country: 'FR',
      platform: 'PPF',
      status: 'accepted',
      errorCode: null,
      nextCheckAt: null,
    });
    expect(await complianceReportedOf(tenant.organizationId, doc.id)).to.have.length(1);
  });

  it('an Italian document numbered …SDI-00306… fails at SDI; the report record carries the error', async () => {
    const doc = await storedDocument(tenant, { companyId: it_, number: 'INV-SDI-00306-1' });
    expect((await update(doc.id, { status: 'rejected', reasonCode: 'REF', reason: 'no order' })).status).to.equal(200);
    const rows = await decided(it_, doc.id);
    expect(rows[0]).to.deep.include({ platform: 'SDI', status: 'failed', error_code: '00306' });

    const res = await get(`/v1/compliance/reports?companyId=${it_}&status=failed`);
    const list = await res.json();
    expect(res.status, JSON.stringify(list)).to.equal(200);
    expect(list.data.map((r: any) => r.documentId)).to.deep.equal([doc.id]);
    expect(list.data[0]).to.deep.include({
      documentId: doc.id,
      reportedTo: 'SDI',
      country: 'IT',
      lifecycleStatus: 'rejected',
      status: 'failed',
      error: { code: '00306', message: 'Unknown recipient code' },
    });
  });

  for (const [country, platform, code] of [
    ['FR', 'PPF', '00025'],
    ['FR', 'PPF', '00058'],
    ['IT', 'SDI', '00200'],
  ] as const) {
    it(`sandbox catalogue: a ${country} document numbered …${platform}-${code}… fails at ${platform} with ${code}, through the API and the clock`, async () => {
      // Its own organization, so the other tests' counts stay as they are.
      const own = await createTenant({ livemode: false, plan: 'pro' });
      const company = await companyIn(own, country);
      const doc = await storedDocument(own, { companyId: company, number: `INV-${platform}-${code}-${Date.now()}` });
      const moved = await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, {
        method: 'POST',
        headers: jsonHeaders(own.key),
        body: JSON.stringify({ status: 'under_review' }),
      });
      expect(moved.status).to.equal(200);
      const rows = await decided(company, doc.id, own);
      expect(rows[0]).to.deep.include({ platform, status: 'failed', error_code: code });
      const mine = await complianceReportedOf(own.organizationId, doc.id);
      expect(mine).to.have.length(1);
      expect(mine[0]).to.deep.include({ reportedTo: platform, status: 'failed', errorCode: code });
    });
  }

  it("a French company's purchase orders, sales orders and quotes are never reported: the platforms take invoices and notes", async () => {
    for (const type of ['purchase-order', 'sales-order', 'quote'] as const) {
      for (const direction of ['incoming', 'outgoing'] as const) {
        const doc = await storedDocument(tenant, { companyId: fr, type, direction, number: `FR-${type}-${direction}` });
        await expectMovedUnreported(doc.id, 'under_review', `${type} ${direction}`);
        const lifecycleMessages = await testServers()
          .db.selectFrom('documents')
          .select('id')
          .where(sql<boolean>`${doc.id} = any(linked_document_ids)`)
          .execute();
        expect(lifecycleMessages, `no CDAR for a ${type}`).to.have.length(0);
      }
    }
  });

  it("a live Italian company's moves owe the SdI nothing but a recipient's outcome of an invoice it received", async () => {
    const live = await createTenant({ livemode: true, plan: 'pro' });
    const company = await companyIn(live, 'IT', true);
    const moves: Array<['incoming' | 'outgoing', string]> = [
      ['outgoing', 'under_review'],
      ['incoming', 'under_review'],
    ];
    for (const [direction, status] of moves) {
      const doc = await storedDocument(live, {
        companyId: company,
        direction,
        number: `IT-${direction}-${status}`,
        livemode: true,
      });
      await expectMovedUnreported(doc.id, status, `${direction} ${status}`, live.key);
    }
  });

  it('a Belgian document is never reported', async () => {
    const doc = await storedDocument(tenant, { number: 'INV-BE-1' });
    await expectMovedUnreported(doc.id, 'under_review', 'BE');
  });

  describe('the company decides: settings.autoReporting and compliance.<country>.autoReport', () => {
    const patchCompany = async (id: string, body: unknown) => {
      const res = await fetch(`${app.url}/v1/companies/${id}`, {
        method: 'PATCH',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).to.equal(200);
    };
    const skipped = (documentId: string) => complianceReportedOf(tenant.organizationId, documentId);

    it('a French company that switched reporting off in its settings is never reported, even with FR autoReport on', async () => {
      const company = await companyIn(tenant, 'FR');
      await patchCompany(company, {
        settings: { defaultCurrency: 'EUR', autoReporting: false },
        compliance: { FR: { platform: 'PPF', autoReport: true } },
      });
      const doc = await storedDocument(tenant, { companyId: company, number: 'INV-FR-OFF-1', status: 'approved' });
      const res = await update(doc.id, { status: 'paid', paymentDate: '2026-12-01' });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(200);
      expect(body.compliance).to.deep.equal({ reportedTo: [], status: 'disabled', nextCheckAt: null });
      await new Promise((r) => setTimeout(r, 500));
      expect(
        await testServers()
          .db.selectFrom('compliance_reports')
          .select('id')
          .where('document_id', '=', doc.id)
          .execute(),
      ).to.deep.equal([]);
      // Nothing was reported, so no compliance.reported: the decision shows on the move and the status endpoint.
      expect(await skipped(doc.id)).to.deep.equal([]);
      const updated = (
        await testServers()
          .db.selectFrom('events')
          .select('data')
          .where('type', '=', 'lifecycle.updated')
          .where('organization_id', '=', tenant.organizationId)
          .execute()
      )
        .map((e) => e.data as any)
        .filter((d) => d.documentId === doc.id);
      expect(updated.map((d) => d.compliance)).to.deep.include({
        reportedTo: [],
        status: 'disabled',
        nextCheckAt: null,
      });
      const status = await (await get(`/v1/compliance/status?companyId=${company}`)).json();
      expect(status.countries.find((c: any) => c.country === 'FR')).to.deep.include({
        autoReport: false,
        decision: 'company_settings',
        reports: { pending: 0, submitted: 0, accepted: 0, failed: 0 },
      });
      expect(status.countries.find((c: any) => c.country === 'IT')).to.deep.include({
        autoReport: null,
        decision: null,
      });
    });

    it('an Italian company with compliance.IT.autoReport false is not reported; switched back on, it is', async () => {
      const company = await companyIn(tenant, 'IT');
      await patchCompany(company, { compliance: { IT: { platform: 'SDI', autoReport: false } } });
      const off = await storedDocument(tenant, { companyId: company, number: 'INV-IT-OFF-1' });
      expect((await (await update(off.id, { status: 'under_review' })).json()).compliance.status).to.equal('disabled');
      expect(await skipped(off.id)).to.deep.equal([]);
      expect(
        (await (await get(`/v1/compliance/status?companyId=${company}`)).json()).countries.find(
          (c: any) => c.country === 'IT',
        ),
      ).to.deep.include({ autoReport: false, decision: 'company_compliance' });

      await patchCompany(company, { compliance: { IT: { platform: 'SDI', autoReport: true } } });
      const on = await storedDocument(tenant, { companyId: company, number: 'INV-IT-ON-1' });
      expect((await (await update(on.id, { status: 'under_review' })).json()).compliance).to.deep.include({
        reportedTo: ['SDI'],
        status: 'pending',
      });
      expect((await decided(company, on.id)).map((r) => r.status)).to.deep.equal(['accepted']);
      expect(
        (await (await get(`/v1/compliance/status?companyId=${company}`)).json()).countries.find(
          (c: any) => c.country === 'IT',
        ),
      ).to.deep.include({ autoReport: true, decision: 'default' });
    });
  });

  describe('GET /v1/compliance/status and /v1/compliance/reports', () => {
    it('counts reports per country; lists and filters them newest first with a cursor', async () => {
      const status = await get(`/v1/compliance/status?companyId=${fr}`);
      const body = await status.json();
      expect(status.status, JSON.stringify(body)).to.equal(200);
      expect(body.companyId).to.equal(fr);
      expect(body.countries.find((c: any) => c.country === 'FR')).to.deep.include({
        platform: 'PPF',
        reportingRequired: true,
        reports: { pending: 0, submitted: 0, accepted: 1, failed: 0 },
      });
      const be = await (await get('/v1/compliance/status?country=BE')).json();
      expect(be.countries).to.deep.equal([
        {
          country: 'BE',
          platform: null,
          reportingRequired: false,
          autoReport: null,
          decision: null,
          reports: { pending: 0, submitted: 0, accepted: 0, failed: 0 },
          lastReportedAt: null,
          nextCheckAt: null,
        },
      ]);

      const first = await (await get('/v1/compliance/reports?limit=1')).json();
      expect(first.data).to.have.length(1);
      expect(first.hasMore).to.equal(true);
      const second = await (await get(`/v1/compliance/reports?limit=1&cursor=${first.cursor}`)).json();
      expect(second.data[0].id).to.not.equal(first.data[0].id);
      const fromFuture = await (await get('/v1/compliance/reports?from=2099-01-01')).json();
      expect(fromFuture.data).to.deep.equal([]);
      const french = await (await get('/v1/compliance/reports?country=FR')).json();
      expect(french.data.every((r: any) => r.country === 'FR')).to.equal(true);
    });

    it('403 without the compliance scope; 404 COMPANY_NOT_FOUND for a foreign company; 400 for a bad status', async () => {
      const scoped = await createTenant({ livemode: false, plan: 'pro', scopes: ['documents.read'] });
      const denied = await get('/v1/compliance/reports', scoped.key);
      expect(denied.status).to.equal(403);
      expect((await errorBody(denied)).code).to.equal('INSUFFICIENT_SCOPE');
      const foreign = await get(`/v1/compliance/status?companyId=${scoped.companyId}`);
      expect(foreign.status).to.equal(404);
      expect((await errorBody(foreign)).code).to.equal('COMPANY_NOT_FOUND');
      const bad = await get('/v1/compliance/reports?status=lost');
      expect(bad.status).to.equal(400);
      expect((await errorBody(bad)).code).to.equal('INVALID_ENUM');
    });
  });
});
