import { expect } from 'chai';
import { SANDBOX_RECIPIENTS } from '../../../core/sandbox-scenarios.ts';
import { usagePeriod } from '../../../db/usage.ts';
import { errorBody, type TestApp, startSandboxSuite } from '../../support/app.ts';
import { createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { eventsOf, invoiceBody, RECIPIENT, waitForDocument } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';

/** The delivery scenarios of the README's sandbox catalogue, driven through the API and the clock. */
describe('sandbox delivery scenarios', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const send = async (to: string) => {
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to, document: invoiceBody() }),
    });
    expect(res.status).to.equal(201);
    return (await res.json()).id as string;
  };
  const advance = async (by: string, times = 1) => {
    for (let i = 0; i < times; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await fetch(`${app.url}/v1/sandbox/clock/advance`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ companyId: tenant.companyId, by }),
      });
    }
  };

  it(`${SANDBOX_RECIPIENTS.transportDown}: TRANSPORT_FAILURE on every hand-off, failed after five re-sends`, async () => {
    const id = await send(SANDBOX_RECIPIENTS.transportDown);
    await advance('3h', 8);
    const doc = await waitForDocument(app.url, tenant.key, id, (d) => d.deliveryStatus === 'failed');
    expect(doc.errorCode).to.equal('TRANSPORT_FAILURE');
    expect(doc.errorMessage).to.include('after 6 attempts');
    expect(await eventsOf(id)).to.deep.equal(['document.failed']);
  });

  it(`${SANDBOX_RECIPIENTS.sbdhError}: SBDH_ERROR fails at once`, async () => {
    const id = await send(SANDBOX_RECIPIENTS.sbdhError);
    const doc = await waitForDocument(app.url, tenant.key, id, (d) => d.deliveryStatus === 'failed');
    expect(doc.errorCode).to.equal('SBDH_ERROR');
  });

  it(`${SANDBOX_RECIPIENTS.slowDelivery}: still pending after 5 hours, delivered after 6`, async () => {
    const id = await send(SANDBOX_RECIPIENTS.slowDelivery);
    await waitForDocument(app.url, tenant.key, id, (d) => d.sentAt !== null && d.deliveryStatus === 'pending');
    await advance('5h');
    await new Promise((r) => setTimeout(r, 1000));
    const row = await testServers()
      .db.selectFrom('documents')
      .select('delivery_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.delivery_status).to.equal('pending');
    await advance('1h');
    await waitForDocument(app.url, tenant.key, id, (d) => d.deliveryStatus === 'delivered');
  });

  it("live keys: 429 QUOTA_EXCEEDED once the month's documents are used, before anything is resolved", async () => {
    const live = await createTenant({ plan: 'free' });
    await testServers()
      .db.insertInto('usage_counters')
      .values({ organization_id: live.organizationId, period: usagePeriod(), documents: 50 })
      .execute();
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(live.key),
      body: JSON.stringify({ type: 'invoice', from: live.companyId, to: RECIPIENT, document: invoiceBody() }),
    });
    expect(res.status).to.equal(429);
    expect(await errorBody(res)).to.deep.include({ type: 'rate_limit_error', code: 'QUOTA_EXCEEDED' });
  });
});
