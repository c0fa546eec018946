import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { FLOWS, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

const KEY = Buffer.from('flow-webhook-signing-key').toString('base64');

describe('AFNOR flow service: webhooks', () => {
  let app: TestApp;
  let tenant: Tenant;
  let receiver: Server;
  let receiverUrl: string;
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/flows`;
  });
  after(async () => {
    await app.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const call = (method: string, path: string, body?: unknown, key = tenant.key) =>
    fetch(`${app.url}${FLOWS}${path}`, {
      method,
      headers: body === undefined ? bearer(key) : jsonHeaders(key),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const subscribe = async (metadata: Record<string, string>, callback: Record<string, unknown> = {}) => {
    const res = await call('POST', '/webhooks', { callback: { url: receiverUrl, ...callback }, metadata });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(201);
    return body.webhookId as string;
  };

  it('delivers the Flow of each matching flow to the callback, with its headers, Basic credentials and HS256 Signature', async () => {
    const webhookId = await subscribe(
      { flowType: 'CustomerInvoice', flowDirection: 'Out' },
      {
        headers: [{ headerName: 'X-Erp-Channel', headerValue: 'ap-7' }],
        authentication: { authType: 'BASIC', userId: 'erp', userPassword: 's3cret' },
        signature: { algo: 'HS256', key: KEY },
      },
    );
    expect(webhookId).to.match(/^[0-9a-f-]{36}$/);
    const unmatched = await subscribe({ flowType: 'SupplierInvoice', flowDirection: 'In' });

    const sent = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() }),
    });
    expect(sent.status).to.equal(201);
    const documentId = ((await sent.json()) as { id: string }).id;

    const deadline = Date.now() + 20_000;
    while (!received.some((r) => r.body.includes(documentId)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 150));
    const delivery = received.find((r) => r.body.includes(documentId));
    expect(delivery, 'no delivery reached the callback').to.not.equal(undefined);
    const flow = JSON.parse(delivery!.body);
    expect(flow).to.deep.include({ flowId: documentId, flowType: 'CustomerInvoice', flowDirection: 'Out' });
    expect(flow.acknowledgement.status).to.be.oneOf(['Pending', 'Ok']);
    expect(delivery!.headers['x-erp-channel']).to.equal('ap-7');
    expect(delivery!.headers.authorization).to.equal(`Basic ${Buffer.from('erp:s3cret').toString('base64')}`);
    expect(delivery!.headers.signature).to.equal(
      createHmac('sha256', Buffer.from(KEY, 'base64')).update(delivery!.body).digest('base64'),
    );

    const toUnmatched = await testServers()
      .db.selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', unmatched)
      .execute();
    expect(toUnmatched).to.deep.equal([]);
  });

  it('lists, reads without secrets, replaces the technical part, and deletes', async () => {
    const id = await subscribe(
      { flowType: 'SupplierInvoiceLC', flowDirection: 'In', processingRule: 'B2B', ackStatus: 'Ok' },
      {
        authentication: { authType: 'BASIC', userId: 'erp', userPassword: 'never-echoed' },
        signature: { algo: 'HS256', key: KEY },
      },
    );
    const list = await (await call('GET', '/webhooks')).json();
    expect(list.webhookIds).to.include(id);

    const read = await call('GET', `/webhooks/${id}`);
    const text = await read.text();
    expect(read.status).to.equal(200);
    expect(text).to.not.include('never-echoed').and.not.include(KEY);
    expect(JSON.parse(text)).to.deep.equal({
      webhookId: id,
      callback: {
        url: receiverUrl,
        authentication: { authType: 'BASIC', userId: 'erp' },
        signature: { algo: 'HS256' },
      },
      metadata: { flowType: 'SupplierInvoiceLC', flowDirection: 'In', processingRule: 'B2B', ackStatus: 'Ok' },
    });

    const patched = await call('PATCH', `/webhooks/${id}`, { headers: [{ headerName: 'X-A', headerValue: 'b' }] });
    expect(patched.status).to.equal(204);
    const after = await (await call('GET', `/webhooks/${id}`)).json();
    expect(after.callback).to.deep.equal({ url: receiverUrl, headers: [{ headerName: 'X-A', headerValue: 'b' }] });
    expect(after.metadata.flowType).to.equal('SupplierInvoiceLC');

    const v1 = await (await fetch(`${app.url}/v1/webhooks`, { headers: bearer(tenant.key) })).json();
    expect(JSON.stringify(v1)).to.not.include(id);

    expect((await call('DELETE', `/webhooks/${id}`)).status).to.equal(204);
    const gone = await call('GET', `/webhooks/${id}`);
    expect(gone.status).to.equal(404);
    expect((await gone.json()).errorCode).to.equal('RESOURCE_NOT_FOUND');
  });

  it('400 for an url or metadata that cannot be, and for a signature algorithm not offered', async () => {
    const noType = await call('POST', '/webhooks', {
      callback: { url: receiverUrl },
      metadata: { flowDirection: 'In' },
    });
    expect(noType.status).to.equal(400);
    expect((await noType.json()).errorCode).to.equal('MISSING_REQUIRED_FIELD');
    const internal = await call('POST', '/webhooks', {
      callback: { url: 'http://10.0.0.8/hook' },
      metadata: { flowType: 'CustomerInvoice', flowDirection: 'Out' },
    });
    expect(internal.status).to.equal(400);
    const rs256 = await call('POST', '/webhooks', {
      callback: { url: receiverUrl, signature: { algo: 'RS256', key: KEY } },
      metadata: { flowType: 'CustomerInvoice', flowDirection: 'Out' },
    });
    expect(rs256.status).to.equal(400);
    expect((await rs256.json()).details[0]).to.include({ field: 'callback.signature.algo', rule: 'supported' });
  });

  it('another organization’s webhook is 404 on read, update and delete', async () => {
    const id = await subscribe({ flowType: 'CustomerInvoice', flowDirection: 'Out' });
    const other = await createTenant({ livemode: false, plan: 'pro' });
    expect((await call('GET', `/webhooks/${id}`, undefined, other.key)).status).to.equal(404);
    expect((await call('PATCH', `/webhooks/${id}`, { headers: [] }, other.key)).status).to.equal(404);
    expect((await call('DELETE', `/webhooks/${id}`, undefined, other.key)).status).to.equal(404);
    expect((await (await call('GET', '/webhooks', undefined, other.key)).json()).webhookIds).to.not.include(id);
  });
});
