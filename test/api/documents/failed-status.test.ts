import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { seedDocument } from './seed-document.ts';

describe('status=failed: deliveries that failed, and those the receiving access point rejected', () => {
  let app: TestApp;
  let tenant: Tenant;
  let failed: string;
  let rejected: string;
  let delivered: string;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false });
    failed = await seedDocument(tenant, { delivery_status: 'failed', error_code: 'DELIVERY_FAILED' });
    rejected = await seedDocument(tenant, {
      status: 'rejected',
      delivery_status: 'rejected',
      error_code: 'AP_REJECTED',
    });
    delivered = await seedDocument(tenant, { status: 'delivered', delivery_status: 'delivered' });
  });
  after(() => app.close());

  it('GET /v1/documents?status=failed lists both', async () => {
    const res = await fetch(`${app.url}/v1/documents?status=failed`, { headers: bearer(tenant.key) });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.data.map((d: { id: string }) => d.id)).to.have.members([failed, rejected]);
    expect(body.data.map((d: { id: string }) => d.id)).not.to.include(delivered);
  });

  it('POST /v1/documents/search with status failed lists both', async () => {
    const res = await fetch(`${app.url}/v1/documents/search`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ filters: { field: 'status', value: 'failed' } }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.data.map((d: { id: string }) => d.id)).to.have.members([failed, rejected]);
  });

  it('deliveryStatus=failed stays the exact delivery status', async () => {
    const res = await fetch(`${app.url}/v1/documents?deliveryStatus=failed`, { headers: bearer(tenant.key) });
    const body = await res.json();
    expect(body.data.map((d: { id: string }) => d.id)).to.deep.equal([failed]);
  });
});
