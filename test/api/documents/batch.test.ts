import { expect } from 'chai';
import { participantIdDirectory } from '../../../api/documents/parties.ts';
import { SANDBOX_RECIPIENTS } from '../../../core/sandbox-scenarios.ts';
import { findDocumentUsage, usagePeriod } from '../../../db/usage.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';

describe('POST /v1/documents/send/batch', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    // Peppol ids only: live-mode items must not reach out to a real directory.
    app = await startTestApp({ recipients: participantIdDirectory });
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const batch = (documents: unknown[], key = tenant.key, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/documents/send/batch`, {
      method: 'POST',
      headers: jsonHeaders(key, headers),
      body: JSON.stringify({ documents }),
    });
  const item = (overrides: Record<string, unknown> = {}) => ({
    type: 'invoice',
    from: tenant.companyId,
    to: RECIPIENT,
    document: invoiceBody(),
    ...overrides,
  });
  const run = async (documents: unknown[], key = tenant.key) => {
    const res = await batch(documents, key);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    return body;
  };
  const docCount = async (organizationId = tenant.organizationId) =>
    Number(
      (
        await testServers()
          .db.selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends each item on its own: results in input order, a failure does not affect the others', async () => {
    const before = await docCount();
    const body = await run([
      item({ document: invoiceBody({ number: 'B-1' }) }),
      item({ to: SANDBOX_RECIPIENTS.notRegistered }),
      item({
        document: invoiceBody({
          lines: [{ description: 'x', quantity: 1, unitPrice: 10, vatRate: 21, vatCategory: 'E' }],
        }),
      }),
      item({ to: undefined }),
      item({ document: invoiceBody({ number: 'B-5' }) }),
    ]);
    expect(body.sent).to.equal(2);
    expect(body.failed).to.equal(3);
    expect(body.results.map((r: any) => r.ok)).to.deep.equal([true, false, false, false, true]);
    expect(body.results[0]).to.deep.include({ ok: true, status: 'sent', deliveryStatus: 'pending' });
    expect(body.results[1].error.code).to.equal('RECIPIENT_NOT_FOUND');
    expect(body.results[2].error.code).to.equal('UBL_VALIDATION_FAILED');
    expect(body.results[2].error.message).to.include('BR-E-05');
    expect(body.results[3].error.code).to.equal('MISSING_FIELD');
    expect(await docCount()).to.equal(before + 2);
    const numbers = await testServers()
      .db.selectFrom('documents')
      .select(['id', 'number'])
      .where('id', 'in', [body.results[0].id, body.results[4].id])
      .execute();
    expect(Object.fromEntries(numbers.map((r) => [r.id, r.number]))).to.deep.equal({
      [body.results[0].id]: 'B-1',
      [body.results[4].id]: 'B-5',
    });
  });

  it("replays an item's outcome for its idempotencyKey, in a later batch and within the same batch", async () => {
    const key = `item-${Math.random().toString(36).slice(2)}`;
    const document = invoiceBody();
    const first = await run([item({ document, idempotencyKey: key }), item({ document, idempotencyKey: key })]);
    expect(first.results[0].ok).to.equal(true);
    expect(first.results[1]).to.deep.equal(first.results[0]);
    const before = await docCount();
    const again = await run([item({ document: invoiceBody() }), item({ document, idempotencyKey: key })]);
    expect(again.results[1]).to.deep.equal(first.results[0]);
    expect(await docCount()).to.equal(before + 1);
  });

  it('replays a domain failure (422) but lets an item rejected as malformed (400) run again', async () => {
    const rejected = `item-${Math.random().toString(36).slice(2)}`;
    const unreachable = item({ to: SANDBOX_RECIPIENTS.notRegistered, idempotencyKey: rejected });
    expect((await run([unreachable])).results[0].error.code).to.equal('RECIPIENT_NOT_FOUND');
    expect((await run([unreachable])).results[0].error.code).to.equal('RECIPIENT_NOT_FOUND');
    const fixable = `item-${Math.random().toString(36).slice(2)}`;
    const document = invoiceBody();
    expect(
      (await run([{ type: 'invoice', from: tenant.companyId, document, idempotencyKey: fixable }])).results[0].error
        .code,
    ).to.equal('MISSING_FIELD');
    expect((await run([item({ document, idempotencyKey: fixable })])).results[0].ok).to.equal(true);
  });

  it('fails an item that reuses an idempotencyKey with another body: IDEMPOTENCY_BODY_MISMATCH', async () => {
    const key = `item-${Math.random().toString(36).slice(2)}`;
    await run([item({ idempotencyKey: key })]);
    const body = await run([item({ idempotencyKey: key })]);
    expect(body.results[0]).to.deep.include({ ok: false });
    expect(body.results[0].error.code).to.equal('IDEMPOTENCY_BODY_MISMATCH');
    expect(body).to.deep.include({ sent: 0, failed: 1 });
  });

  it('the request-level Idempotency-Key replays the whole batch response', async () => {
    const headers = { 'Idempotency-Key': `batch-${Math.random().toString(36).slice(2)}` };
    const payload = [item()];
    const first = await batch(payload, tenant.key, headers);
    const again = await batch(payload, tenant.key, headers);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await again.json()).to.deep.equal(await first.json());
  });

  it('400 for more than 100 items or none', async () => {
    const tooMany = await batch(Array.from({ length: 101 }, () => item()));
    expect(tooMany.status).to.equal(400);
    expect((await errorBody(tooMany)).message).to.match(/100/);
    const none = await batch([]);
    expect(none.status).to.equal(400);
    await errorBody(none);
  });

  it('an item that fails the schema fails alone, with the error the single send gives; the others are sent', async () => {
    const before = await docCount();
    const send = (body: unknown) =>
      fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify(body),
      });
    const bad = [
      item({ document: invoiceBody({ currency: 'XYZ' }) }),
      { from: tenant.companyId, to: RECIPIENT, document: invoiceBody() },
      item({ format: 'pdf' }),
    ];
    const body = await run([
      item({ document: invoiceBody({ number: 'S-1' }) }),
      ...bad,
      item({ document: invoiceBody({ number: 'S-5' }) }),
    ]);
    expect(body).to.deep.include({ sent: 2, failed: 3 });
    expect(body.results.map((r: any) => r.ok)).to.deep.equal([true, false, false, false, true]);
    expect(body.results.slice(1, 4).map((r: any) => r.error.code)).to.deep.equal([
      'INVALID_CURRENCY',
      'MISSING_FIELD',
      'INVALID_ENUM',
    ]);
    for (const [i, single] of bad.entries()) {
      const res = await send(single);
      expect(res.status).to.equal(400);
      const { requestId, ...envelope } = await errorBody(res);
      expect(requestId).to.match(/^req_/);
      expect(body.results[i + 1].error).to.deep.equal(envelope);
    }
    expect(body.results[1].error).to.deep.include({
      type: 'validation_error',
      docUrl: `http://docs.test/docs/errors#INVALID_CURRENCY`,
    });
    expect(body.results[1].error.details).to.deep.equal([
      {
        field: 'document.currency',
        rule: 'format:currency',
        message: 'must be an ISO 4217 currency code, such as EUR',
      },
    ]);
    expect(await docCount()).to.equal(before + 2);
  });

  it("a domain failure of an item carries the envelope's type and docUrl too", async () => {
    const body = await run([item({ to: SANDBOX_RECIPIENTS.notRegistered })]);
    expect(body.results[0].error).to.deep.include({
      type: 'delivery_error',
      code: 'RECIPIENT_NOT_FOUND',
      docUrl: `http://docs.test/docs/errors#RECIPIENT_NOT_FOUND`,
    });
  });

  it('an item with an idempotencyKey that fails the schema is not recorded: fixed, it is sent', async () => {
    const key = `item-${Math.random().toString(36).slice(2)}`;
    const failed = await run([item({ document: invoiceBody({ currency: 'eur' }), idempotencyKey: key })]);
    expect(failed.results[0].error.code).to.equal('INVALID_CURRENCY');
    const document = invoiceBody();
    const fixed = await run([item({ document, idempotencyKey: key })]);
    expect(fixed.results[0].ok).to.equal(true);
    expect((await run([item({ document, idempotencyKey: key })])).results[0]).to.deep.equal(fixed.results[0]);
  });

  it('400 for a malformed envelope: not JSON, documents missing or not an array of objects', async () => {
    const notJson = await fetch(`${app.url}/v1/documents/send/batch`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: '{"documents": [',
    });
    expect(notJson.status).to.equal(400);
    await errorBody(notJson);
    for (const envelope of [{}, { documents: 'x' }, { documents: [item(), 3] }]) {
      const res = await fetch(`${app.url}/v1/documents/send/batch`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify(envelope),
      });
      expect(res.status, JSON.stringify(envelope)).to.equal(400);
      expect((await errorBody(res)).type).to.equal('validation_error');
    }
  });

  it('live keys: counts the quota per item; an item beyond it fails QUOTA_EXCEEDED and failed items are given back', async () => {
    const live = await createTenant({ plan: 'free' });
    const liveItem = (overrides: Record<string, unknown> = {}) => ({
      type: 'invoice',
      from: live.companyId,
      to: RECIPIENT,
      ...overrides,
    });
    const invalid = invoiceBody({
      lines: [{ description: 'x', quantity: 1, unitPrice: 10, vatRate: 21, vatCategory: 'E' }],
    });
    await testServers()
      .db.insertInto('usage_counters')
      .values({ organization_id: live.organizationId, period: usagePeriod(), documents: 49 })
      .execute();
    // The one remaining document is taken by each invalid item in turn and given back when it fails.
    const refunded = await run([liveItem({ document: invalid }), liveItem({ document: invalid })], live.key);
    expect(refunded.results.map((r: any) => r.error.code)).to.deep.equal([
      'UBL_VALIDATION_FAILED',
      'UBL_VALIDATION_FAILED',
    ]);
    expect(await findDocumentUsage(testServers().db, live.organizationId)).to.equal(49);
    await testServers()
      .db.updateTable('usage_counters')
      .set({ documents: 50 })
      .where('organization_id', '=', live.organizationId)
      .execute();
    const over = await run([liveItem({ document: invoiceBody() }), liveItem({ document: invalid })], live.key);
    expect(over.results.map((r: any) => r.error.code)).to.deep.equal(['QUOTA_EXCEEDED', 'QUOTA_EXCEEDED']);
    expect(over).to.deep.include({ sent: 0, failed: 2 });
    expect(await findDocumentUsage(testServers().db, live.organizationId)).to.equal(50);
    expect(await docCount(live.organizationId)).to.equal(0);
  });

  it('403 INSUFFICIENT_SCOPE without send', async () => {
    const readOnly = await createKey(tenant.organizationId, { livemode: false, scopes: ['documents.read'] });
    const res = await batch([item()], readOnly.secret);
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
  });
});
