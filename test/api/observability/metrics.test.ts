import { expect } from 'chai';
import { registry } from '../../../core/metrics.ts';
import { startMetricsServer, type MetricsServer } from '../../../core/metrics-server.ts';
import { startSandboxSuite, type TestApp } from '../../support/app.ts';
import { bearer, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT, waitForDocument } from '../../support/documents.ts';

/** The value of one sample of the exposition text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => inside.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics on the metrics listener (issue 19)', () => {
  let app: TestApp;
  let tenant: Tenant;
  let metrics: MetricsServer;
  before(async () => {
    ({ app, tenant } = await startSandboxSuite());
    metrics = await startMetricsServer(registry, { port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await metrics.close();
  });

  const scrape = async () => {
    const res = await fetch(metrics.url);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain/);
    return res.text();
  };

  it('exposes the request histogram by route template and the document counters after a send', async () => {
    const before = await scrape();
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() }),
    });
    expect(res.status).to.equal(201);
    const doc = (await res.json()) as { id: string };
    await waitForDocument(app.url, tenant.key, doc.id, (d) => d.deliveryStatus === 'delivered');
    const after = await scrape();

    const route = { method: 'POST', route: '/v1/documents/send', status: '201' };
    expect(
      sample(after, 'docex_http_request_duration_seconds_count', route) -
        sample(before, 'docex_http_request_duration_seconds_count', route),
    ).to.equal(1);
    expect(sample(after, 'docex_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).to.be.at.least(1);
    const sandboxInvoice = { type: 'invoice', livemode: 'false' };
    for (const outcome of ['accepted', 'delivered']) {
      expect(
        sample(after, 'docex_documents_total', { ...sandboxInvoice, outcome }) -
          sample(before, 'docex_documents_total', { ...sandboxInvoice, outcome }),
        outcome,
      ).to.equal(1);
    }
    expect(sample(after, 'docex_document_delivery_seconds_count', sandboxInvoice)).to.be.at.least(1);
    expect(sample(after, 'docex_delivery_attempts_total', { outcome: 'handed_off', livemode: 'false' })).to.be.at.least(
      1,
    );
    expect(after).to.match(/docex_db_pool_connections\{pool="[^"]+",state="total"\} \d+/);
    expect(after).to.match(/docex_circuit_state\{circuit="postgres"\} 0/);
  });

  it('groups unknown paths under one label and is not served on the API port', async () => {
    await (await fetch(`${app.url}/v1/no-such-thing-${Date.now()}`, { headers: bearer(tenant.key) })).arrayBuffer();
    expect(
      sample(await scrape(), 'docex_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).to.be.at.least(1);
    expect((await fetch(`${app.url}/metrics`)).status).to.equal(404);
  });
});
