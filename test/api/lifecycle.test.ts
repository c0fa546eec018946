import { expect } from 'chai';
import { workflowIds } from '../../core/temporal.ts';
import { errorBody, startTestApp, type TestApp, startSandboxSuite } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { eventsOf, invoiceBody, RECIPIENT } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { findDocumentById } from '../../db/documents.ts';
import { LIFECYCLE_STATUSES, TRANSITIONS, type TargetStatus } from '../../core/lifecycle.ts';
import { storedDocument } from './lifecycle-fixtures.ts';

const TARGETS: TargetStatus[] = ['under_review', 'approved', 'partially_paid', 'paid', 'rejected', 'disputed'];

/** A body that carries what each target needs, so only the move itself decides the outcome. */
function bodyFor(status: TargetStatus): Record<string, unknown> {
  if (status === 'rejected' || status === 'disputed')
    return { status, reasonCode: 'PRI', reason: 'Price differs from the order' };
  if (status === 'partially_paid') return { status, paymentDate: '2026-12-01', paymentAmount: 100 };
  if (status === 'paid') return { status, paymentDate: '2026-12-01' };
  return { status };
}

describe('POST /v1/documents/{document_id}/lifecycle', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const update = (id: string, body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/documents/${id}/lifecycle`, {
      method: 'POST',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });

  describe('every move from every status', () => {
    for (const from of LIFECYCLE_STATUSES) {
      for (const to of TARGETS) {
        const legal = TRANSITIONS[from].includes(to);
        it(`${from} → ${to}: ${legal ? '200' : '409 INVALID_TRANSITION'}`, async () => {
          const doc = await storedDocument(tenant, { status: from });
          const res = await update(doc.id, bodyFor(to));
          if (legal) {
            const body = await res.json();
            expect(res.status, JSON.stringify(body)).to.equal(200);
            expect(body).to.deep.include({
              documentId: doc.id,
              previousStatus: from,
              currentStatus: to,
              allowedTransitions: TRANSITIONS[to],
            });
            expect(body.compliance).to.deep.equal({ reportedTo: [], status: 'not_required', nextCheckAt: null });
            expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal(to);
          } else {
            expect(res.status).to.equal(409);
            const error = await errorBody(res);
            expect(error.code).to.equal('INVALID_TRANSITION');
            expect(error.type).to.equal('conflict');
            expect(error.allowedTransitions).to.deep.equal(TRANSITIONS[from]);
            expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal(from);
          }
        });
      }
    }
  });

  it('walks the chain issued → under_review → approved → partially_paid → paid with history and events', async () => {
    const doc = await storedDocument(tenant);
    for (const step of [
      { status: 'under_review' },
      { status: 'approved', note: 'ok for payment' },
      { status: 'partially_paid', paymentDate: '2026-12-01', paymentAmount: 149.5, paymentReference: 'P1' },
      { status: 'paid', paymentDate: '2026-12-05', paymentAmount: 1000, remainingAmount: 0 },
    ]) {
      const res = await update(doc.id, step);
      expect(res.status, JSON.stringify(await res.clone().json())).to.equal(200);
    }
    const res = await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, { headers: bearer(tenant.key) });
    expect(res.status).to.equal(200);
    const body = await res.json();
    expect(body).to.deep.include({
      documentId: doc.id,
      currentStatus: 'paid',
      allowedTransitions: [],
      amountPaid: 1149.5,
      compliance: [],
    });
    expect(body.history.map((h: any) => [h.from, h.to])).to.deep.equal([
      ['issued', 'under_review'],
      ['under_review', 'approved'],
      ['approved', 'partially_paid'],
      ['partially_paid', 'paid'],
    ]);
    expect(body.history[1]).to.deep.include({
      note: 'ok for payment',
      source: 'api',
      implied: false,
      actor: tenant.keyId,
    });
    expect(body.history[2].payment).to.deep.equal({
      date: '2026-12-01',
      amount: 149.5,
      currency: 'EUR',
      reference: 'P1',
    });
    expect(body.history[3].payment).to.deep.include({ amount: 1000 });
    expect(await eventsOf(doc.id)).to.deep.equal([
      'lifecycle.updated',
      'lifecycle.updated',
      'lifecycle.updated',
      'lifecycle.updated',
    ]);
    const events = await testServers()
      .db.selectFrom('events')
      .select('data')
      .where('type', '=', 'lifecycle.updated')
      .where('organization_id', '=', tenant.organizationId)
      .execute();
    expect(
      events.map((e) => e.data as any).find((d) => d.documentId === doc.id && d.currentStatus === 'paid'),
    ).to.deep.include({
      previousStatus: 'partially_paid',
      compliance: { reportedTo: [], status: 'not_required', nextCheckAt: null },
    });
  });

  it('approved → paid takes the payment fields and books the amount due', async () => {
    const doc = await storedDocument(tenant, { status: 'approved' });
    const res = await update(doc.id, {
      status: 'paid',
      paymentDate: '2026-12-01',
      paymentAmount: 1149.5,
      paymentCurrency: 'EUR',
      paymentReference: 'SEPA-1',
    });
    expect(res.status).to.equal(200);
    expect((await res.json()).allowedTransitions).to.deep.equal([]);
    const history = await (
      await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, { headers: bearer(tenant.key) })
    ).json();
    expect(history.amountPaid).to.equal(1149.5);
  });

  it('issued → paid without a prior approval is 409 with the legal next states', async () => {
    const doc = await storedDocument(tenant);
    const res = await update(doc.id, { status: 'paid', paymentDate: '2026-12-01' });
    expect(res.status).to.equal(409);
    const error = await errorBody(res);
    expect(error).to.deep.include({
      code: 'INVALID_TRANSITION',
      allowedTransitions: ['under_review', 'rejected', 'disputed'],
    });
    expect(error.message).to.equal(
      'An issued document cannot move to paid; allowed: under_review, rejected, disputed.',
    );
  });

  it('concurrent identical moves: exactly one wins, the others get 409', async () => {
    const doc = await storedDocument(tenant);
    const responses = await Promise.all(Array.from({ length: 6 }, () => update(doc.id, { status: 'under_review' })));
    expect(responses.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409, 409, 409]);
    const history = await (
      await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, { headers: bearer(tenant.key) })
    ).json();
    expect(history.history).to.have.length(1);
    expect(await eventsOf(doc.id)).to.deep.equal(['lifecycle.updated']);
  });

  it('concurrent different moves from one status: one wins, the loser sees the new status', async () => {
    const doc = await storedDocument(tenant, { status: 'approved' });
    const [a, b] = await Promise.all([
      update(doc.id, { status: 'rejected', reasonCode: 'QUA', reason: 'damaged' }),
      update(doc.id, { status: 'disputed', reasonCode: 'PRI', reason: 'price' }),
    ]);
    expect([a.status, b.status].sort()).to.deep.equal([200, 409]);
    const [loser, winnerStatus] = a.status === 409 ? [a, 'disputed' as const] : [b, 'rejected' as const];
    expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal(winnerStatus);
    expect((await errorBody(loser)).allowedTransitions).to.deep.equal(TRANSITIONS[winnerStatus]);
  });

  it('reaches the running delivery workflow of a just-sent document', async () => {
    const sent = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() }),
    });
    const doc = await sent.json();
    expect(sent.status).to.equal(201);
    const res = await update(doc.id, { status: 'under_review' });
    expect(res.status, JSON.stringify(await res.clone().json())).to.equal(200);
    const desc = await testServers().temporal.workflow.getHandle(`document:${doc.id}`).describe();
    expect(desc.status.name).to.equal('RUNNING');
    expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal('under_review');
  });

  describe('required fields', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['rejected without reasonCode', { status: 'rejected', reason: 'x' }, 'reasonCode'],
      ['disputed without reason', { status: 'disputed', reasonCode: 'OTH' }, 'reason'],
      ['rejected with OTH and no reason', { status: 'rejected', reasonCode: 'OTH' }, 'reason'],
      ['paid without paymentDate', { status: 'paid' }, 'paymentDate'],
      ['partially_paid without paymentDate', { status: 'partially_paid', paymentAmount: 5 }, 'paymentDate'],
      ['partially_paid without an amount', { status: 'partially_paid', paymentDate: '2026-12-01' }, 'paymentAmount'],
    ];
    for (const [name, body, field] of cases) {
      it(`400 MISSING_FIELD: ${name}`, async () => {
        const doc = await storedDocument(tenant, { status: 'approved' });
        const res = await update(doc.id, body);
        expect(res.status).to.equal(400);
        const error = await errorBody(res);
        expect(error.code).to.equal('MISSING_FIELD');
        expect(error.details[0].field).to.equal(field);
      });
    }

    it('400 INVALID_ENUM for an unknown reason code or status', async () => {
      const doc = await storedDocument(tenant);
      for (const body of [{ status: 'rejected', reasonCode: 'XYZ', reason: 'x' }, { status: 'issued' }]) {
        const res = await update(doc.id, body);
        expect(res.status).to.equal(400);
        expect((await errorBody(res)).code).to.equal('INVALID_ENUM');
      }
    });
  });

  describe('amounts', () => {
    it('422 OVERPAYMENT when the payment exceeds the amount due', async () => {
      const doc = await storedDocument(tenant, { status: 'approved' });
      const res = await update(doc.id, { status: 'partially_paid', paymentDate: '2026-12-01', paymentAmount: 2000 });
      expect(res.status).to.equal(422);
      expect((await errorBody(res)).code).to.equal('OVERPAYMENT');
      expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal('approved');
    });

    for (const [name, body] of [
      ['paid with a partial amount', { status: 'paid', paymentDate: '2026-12-01', paymentAmount: 100 }],
      [
        'partially_paid with the full amount',
        { status: 'partially_paid', paymentDate: '2026-12-01', paymentAmount: 1149.5 },
      ],
      [
        'a remainingAmount that does not add up',
        { status: 'partially_paid', paymentDate: '2026-12-01', paymentAmount: 100, remainingAmount: 10 },
      ],
      ['another currency', { status: 'paid', paymentDate: '2026-12-01', paymentCurrency: 'USD' }],
    ] as const) {
      it(`422 AMOUNT_MISMATCH: ${name}`, async () => {
        const doc = await storedDocument(tenant, { status: 'approved' });
        const res = await update(doc.id, body);
        expect(res.status).to.equal(422);
        expect((await errorBody(res)).code).to.equal('AMOUNT_MISMATCH');
      });
    }

    it('400 INVALID_REQUEST for more than two decimals', async () => {
      const doc = await storedDocument(tenant, { status: 'approved' });
      const res = await update(doc.id, { status: 'partially_paid', paymentDate: '2026-12-01', paymentAmount: 1.234 });
      expect(res.status).to.equal(400);
      expect((await errorBody(res)).code).to.equal('INVALID_REQUEST');
    });
  });

  it("404 DOCUMENT_NOT_FOUND for another tenant's document, and for the history", async () => {
    const other = await createTenant({ livemode: false, plan: 'pro' });
    const doc = await storedDocument(other);
    const res = await update(doc.id, { status: 'under_review' });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
    const history = await fetch(`${app.url}/v1/documents/${doc.id}/lifecycle`, { headers: bearer(tenant.key) });
    expect(history.status).to.equal(404);
    expect((await errorBody(history)).code).to.equal('DOCUMENT_NOT_FOUND');
  });
});

describe('POST /v1/documents/lifecycle/batch', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const batch = (body: unknown) =>
    fetch(`${app.url}/v1/documents/lifecycle/batch`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify(body),
    });

  it('applies each item on its own and reports per item, in input order', async () => {
    const a = await storedDocument(tenant);
    const b = await storedDocument(tenant, { status: 'paid' });
    const c = await storedDocument(tenant, { status: 'under_review' });
    const res = await batch({
      updates: [
        { documentId: a.id, status: 'under_review' },
        { documentId: b.id, status: 'rejected', reasonCode: 'DUP', reason: 'duplicate' },
        { documentId: 'doc_doesNotExist1', status: 'approved' },
        { documentId: c.id, status: 'rejected', reasonCode: 'OTH' },
        { documentId: c.id, status: 'approved' },
      ],
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.updated).to.equal(2);
    expect(body.failed).to.equal(3);
    expect(
      body.results.map((r: any) => [r.documentId, r.ok, r.ok ? r.result.currentStatus : r.error.code]),
    ).to.deep.equal([
      [a.id, true, 'under_review'],
      [b.id, false, 'INVALID_TRANSITION'],
      ['doc_doesNotExist1', false, 'DOCUMENT_NOT_FOUND'],
      [c.id, false, 'MISSING_FIELD'],
      [c.id, true, 'approved'],
    ]);
    expect(body.results[1].error.allowedTransitions).to.deep.equal([]);
    expect((await findDocumentById(testServers().db, b.id))!.lifecycle_status).to.equal('paid');
  });

  it("an unexpected failure of one document is that item's INTERNAL_ERROR; the others are applied", async () => {
    const healthy = await storedDocument(tenant);
    const unreachable = await storedDocument(tenant);
    // The app's Temporal client fails every lifecycle update of one document, as if its workflow could not be reached.
    const { temporal } = testServers();
    const workflow = new Proxy(temporal.workflow, {
      get(target, prop, receiver) {
        if (prop !== 'executeUpdateWithStart') return Reflect.get(target, prop, receiver);
        return (update: any, options: any) => {
          if (options.startWorkflowOperation.options.workflowId === workflowIds.document(unreachable.id))
            return Promise.reject(new Error('connection refused'));
          return target.executeUpdateWithStart(update, options);
        };
      },
    });
    const flaky = await startTestApp({ temporal: Object.assign(Object.create(temporal), { workflow }) });
    try {
      const res = await fetch(`${flaky.url}/v1/documents/lifecycle/batch`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({
          updates: [
            { documentId: unreachable.id, status: 'under_review' },
            { documentId: healthy.id, status: 'under_review' },
          ],
        }),
      });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(200);
      expect(body).to.deep.include({ updated: 1, failed: 1 });
      expect(
        body.results.map((r: any) => [r.documentId, r.ok, r.ok ? r.result.currentStatus : r.error.code]),
      ).to.deep.equal([
        [unreachable.id, false, 'INTERNAL_ERROR'],
        [healthy.id, true, 'under_review'],
      ]);
      expect((await findDocumentById(testServers().db, unreachable.id))!.lifecycle_status).to.equal('issued');
    } finally {
      await flaky.close();
    }
  });

  it('an entry that fails the schema fails alone, with the error a single update gives; the others are applied', async () => {
    const a = await storedDocument(tenant);
    const b = await storedDocument(tenant);
    const bad = [
      { documentId: b.id, status: 'settled' },
      { documentId: b.id, status: 'paid', paymentDate: '2026-12-01', paymentCurrency: 'XYZ' },
      { status: 'approved' },
    ];
    const res = await batch({ updates: [...bad, { documentId: a.id, status: 'under_review' }] });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.include({ updated: 1, failed: 3 });
    expect(body.results.map((r: any) => [r.documentId, r.ok ? r.result.currentStatus : r.error.code])).to.deep.equal([
      [b.id, 'INVALID_ENUM'],
      [b.id, 'INVALID_CURRENCY'],
      [null, 'MISSING_FIELD'],
      [a.id, 'under_review'],
    ]);
    for (const [i, { documentId, ...single }] of bad.slice(0, 2).entries()) {
      const one = await fetch(`${app.url}/v1/documents/${documentId}/lifecycle`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify(single),
      });
      expect(one.status).to.equal(400);
      const { requestId: _, ...envelope } = await errorBody(one);
      expect(body.results[i].error).to.deep.equal(envelope);
    }
    expect(body.results[2].error.details[0]).to.deep.include({ field: 'documentId', rule: 'required' });
    expect((await findDocumentById(testServers().db, b.id))!.lifecycle_status).to.equal('issued');
  });

  it('400 for more than 500 updates, or none', async () => {
    for (const updates of [Array.from({ length: 501 }, () => ({ documentId: 'doc_x1', status: 'approved' })), []]) {
      const res = await batch({ updates });
      expect(res.status).to.equal(400);
      expect((await errorBody(res)).type).to.equal('validation_error');
    }
  });
});
