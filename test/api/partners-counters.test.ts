import { expect } from 'chai';
import { startSandboxSuite, type TestApp } from '../support/app.ts';
import { bearer, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT, waitForDocument } from '../support/documents.ts';
import { seedDocument } from './documents/seed-document.ts';

/** Part 2.6: a partner's `stats` count the documents exchanged with it, whenever it became a partner. */
describe('Partner counters count from the documents', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    ({ app, tenant } = await startSandboxSuite());
  });
  after(() => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });
  const partnerOf = async (peppolId: string) =>
    (
      await fetch(`${app.url}/v1/partners/${encodeURIComponent(`peppol:${peppolId}`)}`, { headers: bearer(tenant.key) })
    ).json();

  it('a partner created after documents were exchanged with it starts from them, and keeps counting', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post('/v1/documents/send', {
        type: 'invoice',
        from: tenant.companyId,
        to: RECIPIENT,
        document: invoiceBody(),
      });
      expect(res.status, await res.clone().text()).to.equal(201);
      ids.push((await res.json()).id);
    }
    for (const id of ids) await waitForDocument(app.url, tenant.key, id, (d) => d.deliveryStatus === 'delivered');
    // Two documents received from it, one on its way to it that has not arrived.
    const receivedAt = new Date('2026-11-28T10:00:00Z');
    for (let i = 0; i < 2; i++)
      await seedDocument(tenant, {
        direction: 'incoming',
        sender: JSON.stringify({ peppolId: RECIPIENT, name: 'Proximus SA', vatNumber: null }),
        sender_peppol_id: RECIPIENT,
        receiver: JSON.stringify({ peppolId: '0208:0403019261', name: 'Acme BV', vatNumber: null }),
        receiver_peppol_id: '0208:0403019261',
        status: 'delivered',
        delivery_status: 'delivered',
        received_at: receivedAt,
        delivered_at: receivedAt,
      });
    await seedDocument(tenant, { receiver_peppol_id: RECIPIENT });

    // A bare participant id provisions no partner: the organization adds it afterwards.
    const before = await fetch(`${app.url}/v1/partners/${encodeURIComponent(`peppol:${RECIPIENT}`)}`, {
      headers: bearer(tenant.key),
    });
    expect(before.status).to.equal(404);
    const create = async () => {
      const res = await post('/v1/partners', { peppolId: RECIPIENT, name: 'Proximus' });
      const partner = await res.json();
      expect(res.status, JSON.stringify(partner)).to.equal(201);
      return partner;
    };
    const partner = await create();
    expect(partner.stats).to.include({ documentsSent: 3, documentsReceived: 2 });
    const last = new Date(partner.stats.lastActivityAt).getTime();
    expect(last).to.be.above(receivedAt.getTime()).and.at.most(Date.now());
    expect(await partnerOf(RECIPIENT)).to.deep.include({ stats: partner.stats });

    // Removed and added again, it keeps its history.
    const removed = await fetch(`${app.url}/v1/partners/${partner.id}`, {
      method: 'DELETE',
      headers: bearer(tenant.key),
    });
    expect(removed.status).to.equal(204);
    expect((await create()).stats).to.include({ documentsSent: 3, documentsReceived: 2 });

    // Later deliveries add to the count.
    const more = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody(),
    });
    expect(more.status).to.equal(201);
    await waitForDocument(app.url, tenant.key, (await more.json()).id, (d) => d.deliveryStatus === 'delivered');
    expect((await partnerOf(RECIPIENT)).stats).to.include({ documentsSent: 4, documentsReceived: 2 });
  });
});
