import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { loopbackWebhookSenders } from '../../support/upstreams.ts';
import { bearer, createCompany, createKey, createTenant, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { insertEvent } from '../../../db/events.ts';
import { sandboxDirectory } from '../../../upstreams/directory/seed.ts';

interface Probe {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * Every operation that takes an id, called by four kinds of strangers to the object: another
 * organization, the other mode of the same organization, the same platform key acting for another
 * company (X-Service-Company), and a key bound to another company. Each answers 404 and its body
 * names nothing of the object beyond the id the caller gave.
 */
describe('tenant isolation of every id-taking operation', () => {
  let app: TestApp;
  let owner: Tenant;
  let otherCompany: string;
  let ownerHeaders: Record<string, string>;
  const ids: Record<string, string> = {};
  /** Values of the owner's objects that a stranger's answer must never contain. */
  const secrets: string[] = [];

  const call = (key: string, probe: Probe, extra: Record<string, string> = {}) =>
    fetch(`${app.url}${probe.path}`, {
      method: probe.method,
      headers: bearer(key, { 'content-type': 'application/json', ...extra }),
      ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body) }),
    });

  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp({ upstreams: { webhooks: loopbackWebhookSenders() } });
    owner = await createTenant({ livemode: false, plan: 'platform', keyType: 'platform' });
    otherCompany = await createCompany(owner.organizationId, false);
    ownerHeaders = { 'X-Service-Company': owner.companyId };
    const { db } = testServers();
    const post = async (path: string, body: unknown) => {
      const res = await call(owner.key, { method: 'POST', path, body }, ownerHeaders);
      const json = await res.json();
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    const doc = await post('/v1/documents/send', {
      type: 'invoice',
      from: 'org:',
      to: RECIPIENT,
      document: invoiceBody({ number: 'ISO-SECRET-1' }),
    });
    const webhook = await post('/v1/webhooks', { url: 'http://127.0.0.1:9/secret-hook', events: ['*'] });
    const card = sandboxDirectory().find((p) => !p.parentPeppolId && p.vatNumber && p.country === 'BE')!;
    const partner = await post('/v1/partners', { peppolId: card.peppolId, role: 'buyer', name: 'Partner Secret Name' });
    const event = await insertEvent(db, {
      organizationId: owner.organizationId,
      livemode: false,
      companyId: owner.companyId,
      type: 'document.updated',
      data: { documentId: doc.id },
    });
    const key = await createKey(owner.organizationId, { livemode: false, companyId: owner.companyId });
    const company = await db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', owner.companyId)
      .executeTakeFirstOrThrow();
    const keyRow = await db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    const requestId = (await call(owner.key, { method: 'GET', path: '/v1/me' }, ownerHeaders)).headers.get(
      'x-request-id',
    )!;
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      if (await db.selectFrom('request_logs').select('id').where('id', '=', requestId).executeTakeFirst()) break;
    }

    Object.assign(ids, {
      doc: doc.id,
      webhook: webhook.id,
      partner: partner.id,
      partnerVat: partner.vatNumber,
      partnerPeppol: partner.peppolId,
      event: event.id,
      key: key.id,
      request: requestId,
      company: company.id,
      companyVat: company.vat_number,
      companyPeppol: company.peppol_id!,
    });
    expect(ids.partnerVat, JSON.stringify(partner)).to.be.a('string');
    secrets.push(
      'ISO-SECRET-1',
      'secret-hook',
      webhook.secret,
      'Partner Secret Name',
      company.name,
      keyRow.key_prefix,
      owner.companyId,
    );
  });
  after(() => app.close());

  function probes(options: { partners: boolean }): Probe[] {
    const d = `/v1/documents/${ids.doc}`;
    const companies = [ids.company, `vat:${ids.companyVat}`, `peppol:${ids.companyPeppol}`];
    const partners = [ids.partner, `vat:${ids.partnerVat}`, `peppol:${ids.partnerPeppol}`];
    return [
      { method: 'GET', path: d },
      { method: 'GET', path: `${d}/xml` },
      { method: 'GET', path: `${d}/pdf` },
      { method: 'GET', path: `${d}/structured` },
      { method: 'POST', path: `${d}/actions`, body: { action: 'mark-read' } },
      { method: 'POST', path: `${d}/lifecycle`, body: { status: 'under_review' } },
      { method: 'GET', path: `${d}/lifecycle` },
      { method: 'GET', path: `${d}/payment` },
      { method: 'POST', path: `${d}/payments`, body: { amount: 1, date: '2026-01-15' } },
      ...companies.flatMap((ref): Probe[] => [
        { method: 'GET', path: `/v1/companies/${encodeURIComponent(ref)}` },
        { method: 'PATCH', path: `/v1/companies/${encodeURIComponent(ref)}`, body: { name: 'stolen' } },
        { method: 'DELETE', path: `/v1/companies/${encodeURIComponent(ref)}` },
      ]),
      ...(options.partners
        ? partners.flatMap((ref): Probe[] => [
            { method: 'GET', path: `/v1/partners/${encodeURIComponent(ref)}` },
            { method: 'PATCH', path: `/v1/partners/${encodeURIComponent(ref)}`, body: { role: 'both' } },
            { method: 'DELETE', path: `/v1/partners/${encodeURIComponent(ref)}` },
          ])
        : []),
      { method: 'GET', path: `/v1/webhooks/${ids.webhook}` },
      { method: 'PATCH', path: `/v1/webhooks/${ids.webhook}`, body: { status: 'paused' } },
      { method: 'DELETE', path: `/v1/webhooks/${ids.webhook}` },
      { method: 'POST', path: `/v1/events/${ids.event}/ack` },
      { method: 'POST', path: `/v1/events/${ids.event}/replay` },
      { method: 'DELETE', path: `/v1/api-keys/${ids.key}` },
      { method: 'GET', path: `/v1/requests/${ids.request}` },
    ];
  }

  async function expectAllNotFound(who: string, key: string, list: Probe[], extra: Record<string, string> = {}) {
    for (const probe of list) {
      const what = `${who}: ${probe.method} ${probe.path}`;
      const res = await call(key, probe, extra);
      const text = await res.clone().text();
      expect(res.status, `${what} → ${text}`).to.equal(404);
      expect((await errorBody(res)).code, what).to.match(/NOT_FOUND$/);
      for (const secret of secrets) {
        if (!decodeURIComponent(probe.path).includes(secret))
          expect(text, `${what} leaks ${secret}`).to.not.include(secret);
      }
    }
  }

  it('the owner reaches every object (the probes below are not 404 by accident)', async () => {
    const reads = probes({ partners: true }).filter((p) => p.method === 'GET');
    for (const probe of reads) {
      const res = await call(owner.key, probe, ownerHeaders);
      expect(res.status, `${probe.method} ${probe.path}`).to.equal(200);
    }
  });

  it('another organization gets 404 for every operation', async () => {
    const stranger = await createTenant({ livemode: false, plan: 'platform', keyType: 'platform' });
    await expectAllNotFound('other organization', stranger.key, probes({ partners: true }));
  });

  it('the other mode of the same organization gets 404 for every operation', async () => {
    const live = await createKey(owner.organizationId, { livemode: true, keyType: 'platform' });
    await expectAllNotFound('live key', live.secret, probes({ partners: true }));
  });

  // Partners belong to the organization, not to one of its companies: the company a caller acts
  // for does not hide them, so they are not probed by company below.
  it('the same platform key acting for another company (X-Service-Company) gets 404', async () => {
    await expectAllNotFound('X-Service-Company', owner.key, probes({ partners: false }), {
      'X-Service-Company': otherCompany,
    });
  });

  it('a key bound to another company of the organization gets 404', async () => {
    const bound = await createKey(owner.organizationId, { livemode: false, companyId: otherCompany });
    await expectAllNotFound('bound key', bound.secret, probes({ partners: false }));
  });

  it('lists show a caller acting for another company none of the objects', async () => {
    const bound = await createKey(owner.organizationId, { livemode: false, companyId: otherCompany });
    for (const [key, extra] of [
      [owner.key, { 'X-Service-Company': otherCompany }],
      [bound.secret, {}],
    ] as const) {
      for (const path of ['/v1/documents', '/v1/webhooks', '/v1/events', '/v1/api-keys', '/v1/companies']) {
        const res = await call(key, { method: 'GET', path }, extra);
        expect(res.status, path).to.equal(200);
        const listed = (await res.json()).data.map((r: any) => r.id);
        expect(listed, path).to.not.include.members([ids.doc, ids.webhook, ids.event, ids.key, ids.company]);
      }
    }
  });

  it("the owner's objects are untouched afterwards", async () => {
    const get = async (path: string) => {
      const res = await call(owner.key, { method: 'GET', path }, ownerHeaders);
      expect(res.status, path).to.equal(200);
      return await res.json();
    };
    expect((await get(`/v1/documents/${ids.doc}`)).read).to.equal(false);
    expect((await get(`/v1/documents/${ids.doc}/lifecycle`)).history.map((h: any) => h.to)).to.not.include(
      'under_review',
    );
    expect(await get(`/v1/companies/${ids.company}`)).to.deep.include({ status: 'active' });
    expect((await get(`/v1/companies/${ids.company}`)).name).to.not.equal('stolen');
    expect((await get(`/v1/webhooks/${ids.webhook}`)).status).to.equal('active');
    expect((await get(`/v1/partners/${ids.partner}`)).role).to.equal('buyer');
    const key = await testServers()
      .db.selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', ids.key)
      .executeTakeFirstOrThrow();
    expect(key.revoked_at).to.equal(null);
    const event = await testServers()
      .db.selectFrom('events')
      .select('acknowledged_at')
      .where('id', '=', ids.event)
      .executeTakeFirstOrThrow();
    expect(event.acknowledged_at).to.equal(null);
  });
});
