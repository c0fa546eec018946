import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { jsonHeaders } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { createPlatform, type Platform } from '../platform/fixtures.ts';

describe('send and validate without from: the company the key acts for', () => {
  let app: TestApp;
  let p: Platform;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    p = await createPlatform();
  });
  after(() => app.close());

  const post = (path: string, body: unknown, key: string, company?: string) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: jsonHeaders(key, company ? { 'x-service-company': company } : {}),
      body: JSON.stringify(body),
    });

  it('a key bound to one company sends from that company', async () => {
    const res = await post(
      '/v1/documents/send',
      { type: 'invoice', to: RECIPIENT, document: invoiceBody() },
      p.tenantKeyA,
    );
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.companyId).to.equal(p.companyA);
  });

  it('a platform key with X-Service-Company sends and validates from the acting company', async () => {
    const res = await post(
      '/v1/documents/send',
      { type: 'invoice', to: RECIPIENT, document: invoiceBody() },
      p.key,
      p.companyB,
    );
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.companyId).to.equal(p.companyB);

    const checked = await post(
      '/v1/documents/validate',
      { type: 'invoice', to: RECIPIENT, document: invoiceBody() },
      p.key,
      p.companyB,
    );
    expect(checked.status, JSON.stringify(await checked.clone().json())).to.equal(200);
  });

  it('a batch item without from is sent from the acting company', async () => {
    const res = await post(
      '/v1/documents/send/batch',
      { documents: [{ type: 'invoice', to: RECIPIENT, document: invoiceBody() }] },
      p.tenantKeyA,
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.be.oneOf([200, 207]);
    expect(body.results[0].ok, JSON.stringify(body)).to.equal(true);
  });

  it('an organization-wide key of several companies is still asked to name one', async () => {
    const res = await post('/v1/documents/send', { type: 'invoice', to: RECIPIENT, document: invoiceBody() }, p.key);
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.code).to.equal('MISSING_FIELD');
    expect(error.details[0].field).to.equal('from');
  });
});
