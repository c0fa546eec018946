import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, createTenant, jsonHeaders } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { insertEvent } from '../../../db/events.ts';
import { createPlatform, type Platform } from './fixtures.ts';

describe('GET /v1/platform/events', () => {
  let app: TestApp;
  let p: Platform;
  let q: Platform;
  const ids: Record<string, string> = {};
  before(async () => {
    app = await startTestApp();
    [p, q] = await Promise.all([createPlatform(), createPlatform()]);
    const { db } = testServers();
    const add = async (
      name: string,
      org: string,
      companyId: string | null,
      type: 'document.received' | 'document.failed' | 'webhook.paused',
    ) => {
      ids[name] = (
        await insertEvent(db, {
          organizationId: org,
          livemode: false,
          companyId,
          type,
          data: { documentId: `doc_${name}` },
        })
      ).id;
      await new Promise((r) => setTimeout(r, 5));
    };
    await add('a1', p.organizationId, p.companyA, 'document.received');
    await add('b1', p.organizationId, p.companyB, 'document.failed');
    await add('org', p.organizationId, null, 'webhook.paused');
    await add('a2', p.organizationId, p.companyA, 'document.failed');
    await add('q1', q.organizationId, q.companyA, 'document.received');
  });
  after(() => app.close());

  const list = async (query = '', key = p.key, extra: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}/v1/platform/events${query}`, { headers: bearer(key, extra) });
    expect(res.status, await res.clone().text()).to.equal(200);
    return await res.json();
  };

  it("lists every managed company's events newest first with companyId, acknowledged ones too", async () => {
    // The tenant acknowledges a1 in its own queue: gone from /v1/events, kept in the platform's stream.
    expect(
      (await fetch(`${app.url}/v1/events/${ids.a1}/ack`, { method: 'POST', headers: jsonHeaders(p.tenantKeyA) }))
        .status,
    ).to.equal(204);
    const body = await list();
    expect(body.data.map((e: any) => e.id)).to.deep.equal([ids.a2, ids.org, ids.b1, ids.a1]);
    expect(body.data.map((e: any) => e.companyId)).to.deep.equal([p.companyA, null, p.companyB, p.companyA]);
    const a1 = body.data.find((e: any) => e.id === ids.a1);
    expect(a1).to.deep.include({ type: 'document.received', livemode: false, data: { documentId: 'doc_a1' } });
    expect(a1.acknowledgedAt).to.be.a('string');
    expect(body.data.find((e: any) => e.id === ids.a2).acknowledgedAt).to.equal(null);
  });

  it('filters by type and companyId (any reference form), pages with a cursor', async () => {
    expect((await list('?type=document.failed')).data.map((e: any) => e.id)).to.deep.equal([ids.a2, ids.b1]);
    expect((await list(`?companyId=${p.companyA}`)).data.map((e: any) => e.id)).to.deep.equal([ids.a2, ids.a1]);
    expect((await list(`?companyId=${p.companyB}&type=document.received`)).data).to.deep.equal([]);
    const first = await list('?limit=3');
    expect(first.hasMore).to.equal(true);
    const second = await list(`?limit=3&cursor=${first.cursor}`);
    expect(second).to.deep.include({ hasMore: false, cursor: null });
    expect(second.data.map((e: any) => e.id)).to.deep.equal([ids.a1]);
  });

  it('acting for a company narrows to it; 403 COMPANY_FORBIDDEN for another in companyId', async () => {
    expect((await list('', p.key, { 'x-service-company': p.companyB })).data.map((e: any) => e.id)).to.deep.equal([
      ids.b1,
    ]);
    const res = await fetch(`${app.url}/v1/platform/events?companyId=${p.companyA}`, {
      headers: bearer(p.key, { 'x-service-company': p.companyB }),
    });
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('COMPANY_FORBIDDEN');
  });

  it("never another platform's events or the other mode's: 404 COMPANY_NOT_FOUND for a company it does not manage", async () => {
    expect((await list('', q.key)).data.map((e: any) => e.id)).to.deep.equal([ids.q1]);
    const res = await fetch(`${app.url}/v1/platform/events?companyId=${q.companyA}`, { headers: bearer(p.key) });
    expect(res.status).to.equal(404);
    expect(await errorBody(res)).to.deep.include({
      code: 'COMPANY_NOT_FOUND',
      message: `No company ${q.companyA} managed by this platform.`,
    });
    const live = await createKey(p.organizationId, { livemode: true, keyType: 'platform' });
    expect((await list('', live.secret)).data).to.deep.equal([]);
  });

  it('403 KEY_TYPE_FORBIDDEN for personal keys; 400 INVALID_ENUM for an unknown type', async () => {
    const personal = await createTenant({ livemode: false });
    const res = await fetch(`${app.url}/v1/platform/events`, { headers: bearer(personal.key) });
    expect((await errorBody(res)).code).to.equal('KEY_TYPE_FORBIDDEN');
    const bad = await fetch(`${app.url}/v1/platform/events?type=document.exploded`, { headers: bearer(p.key) });
    expect(bad.status).to.equal(400);
    expect((await errorBody(bad)).code).to.equal('INVALID_ENUM');
  });
});
