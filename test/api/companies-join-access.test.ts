import { expect } from 'chai';
import { errorBody, startSandboxSuite, type TestApp } from '../support/app.ts';
import { bearer, createCompany, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';

describe('POST /v1/companies/{id}/join-requests/{rid}/accept: what a join gives', () => {
  let app: TestApp;
  before(async () => ({ app } = await startSandboxSuite()));
  after(() => app.close());

  const get = (key: string, path: string, extra: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { headers: bearer(key, extra) });
  const post = (key: string, path: string) => fetch(`${app.url}${path}`, { method: 'POST', headers: bearer(key) });
  const send = (key: string, from: string, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(key, extra),
      body: JSON.stringify({ type: 'invoice', from, to: RECIPIENT, document: invoiceBody() }),
    });

  async function askToJoin(owner: Tenant, requester: Tenant, decision: 'accept' | 'reject' | undefined) {
    const request = await (await post(requester.key, `/v1/companies/${owner.companyId}/join`)).json();
    if (decision)
      expect(
        (await post(owner.key, `/v1/companies/${owner.companyId}/join-requests/${request.id}/${decision}`)).status,
      ).to.equal(200);
    return request;
  }

  /** Every way the requester could reach the owner's company, as HTTP statuses. */
  async function reach(owner: Tenant, requester: Tenant) {
    const list = await (await get(requester.key, '/v1/companies')).json();
    const acting = await get(requester.key, '/v1/documents', { 'x-service-company': owner.companyId });
    const sent = await send(requester.key, owner.companyId, { 'x-service-company': owner.companyId });
    return {
      listed: list.data.some((c: any) => c.id === owner.companyId),
      get: (await get(requester.key, `/v1/companies/${owner.companyId}`)).status,
      acting: acting.status,
      send: sent.status,
      sentBody: await sent.json(),
    };
  }

  it("accepted: the requester lists and reads the company, acts for it and sends from it, in the owner's data", async () => {
    const owner = await createTenant({ livemode: false, plan: 'pro' });
    const requester = await createTenant({ livemode: false, plan: 'pro' });
    await askToJoin(owner, requester, 'accept');

    const seen = await reach(owner, requester);
    expect(seen, JSON.stringify(seen.sentBody)).to.deep.include({ listed: true, get: 200, acting: 200, send: 201 });
    expect(seen.sentBody.companyId).to.equal(owner.companyId);
    // The document is the company's: its owner sees it, and the requester's own company is unchanged.
    expect((await get(owner.key, `/v1/documents/${seen.sentBody.id}`)).status).to.equal(200);
    expect((await get(requester.key, `/v1/documents/${seen.sentBody.id}`)).status).to.equal(404);
    const own = await (await get(requester.key, '/v1/companies')).json();
    expect(own.data.map((c: any) => c.id).sort()).to.deep.equal([owner.companyId, requester.companyId].sort());
  });

  it('accepted: acting for the company reaches no other object of the owner, and none of its administration', async () => {
    const owner = await createTenant({ livemode: false, plan: 'pro' });
    const requester = await createTenant({ livemode: false, plan: 'pro' });
    const ownerDoc = await (await send(owner.key, owner.companyId)).json();
    const otherOwned = { id: await createCompany(owner.organizationId, false) };
    await askToJoin(owner, requester, 'accept');
    const acting = { 'x-service-company': owner.companyId };

    // The company's own documents are the joined company's to see; another company of the owner is not.
    expect((await get(requester.key, `/v1/documents/${ownerDoc.id}`, acting)).status).to.equal(200);
    expect((await get(requester.key, `/v1/companies/${otherOwned.id}`)).status).to.equal(404);
    expect((await get(requester.key, `/v1/companies/${otherOwned.id}`, acting)).status).to.equal(404);
    expect((await get(requester.key, '/v1/documents', { 'x-service-company': otherOwned.id })).status).to.equal(404);

    const keys = await get(requester.key, '/v1/api-keys', acting);
    expect(keys.status).to.equal(403);
    expect((await errorBody(keys)).code).to.equal('COMPANY_FORBIDDEN');
    const partners = await get(requester.key, '/v1/partners', acting);
    expect(partners.status).to.equal(403);
    // Without acting, a joined company is read-only: changes stay with its owner.
    const patched = await fetch(`${app.url}/v1/companies/${owner.companyId}`, {
      method: 'PATCH',
      headers: jsonHeaders(requester.key),
      body: JSON.stringify({ name: 'Taken over' }),
    });
    expect(patched.status).to.equal(404);
  });

  for (const decision of ['reject', undefined] as const) {
    it(`${decision ? 'rejected' : 'never decided'}: the requester gets no access at all`, async () => {
      const owner = await createTenant({ livemode: false, plan: 'pro' });
      const requester = await createTenant({ livemode: false, plan: 'pro' });
      await askToJoin(owner, requester, decision);

      const seen = await reach(owner, requester);
      expect(seen).to.deep.include({ listed: false, get: 404, acting: 404, send: 404 });
      expect(seen.sentBody.error.code).to.equal('COMPANY_NOT_FOUND');
      const plain = await send(requester.key, owner.companyId);
      expect(plain.status).to.equal(404);
    });
  }
});
