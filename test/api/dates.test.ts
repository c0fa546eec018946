import { expect } from 'chai';
import { errorBody, type TestApp, startSandboxSuite } from '../support/app.ts';
import { bearer, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';
import { storedDocument } from './lifecycle-fixtures.ts';

/** Shaped like dates, but naming days that do not exist. */
const NOT_A_DAY = ['2026-13-01', '2026-02-30', '2026-04-31', '2026-00-10', '2027-02-29'];

describe('calendar-invalid dates are 400 INVALID_DATE wherever a date is accepted', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });
  const get = (path: string) => fetch(`${app.url}${path}`, { headers: bearer(tenant.key) });
  const expectInvalidDate = async (res: Response, field: string) => {
    expect(res.status, field).to.equal(400);
    const error = await errorBody(res);
    expect(error).to.deep.include({ type: 'validation_error', code: 'INVALID_DATE' });
    expect(
      error.details.map((d: any) => d.field),
      JSON.stringify(error.details),
    ).to.include(field);
  };

  for (const day of NOT_A_DAY) {
    it(`${day}: document issueDate and dueDate on send and validate`, async () => {
      await expectInvalidDate(
        await post('/v1/documents/send', {
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody({ issueDate: day }),
        }),
        'document.issueDate',
      );
      await expectInvalidDate(
        await post('/v1/documents/send', {
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody({ dueDate: day }),
        }),
        'document.dueDate',
      );
      await expectInvalidDate(
        await post('/v1/documents/validate', {
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody({ issueDate: day }),
        }),
        'document.issueDate',
      );
    });
  }

  it('the other dates of a document body: delivery date, tax point, invoice period, validity', async () => {
    const send = (overrides: Record<string, unknown>) =>
      post('/v1/documents/send', {
        type: 'invoice',
        from: tenant.companyId,
        to: RECIPIENT,
        document: invoiceBody(overrides),
      });
    await expectInvalidDate(await send({ delivery: { date: '2026-02-30' } }), 'document.delivery.date');
    await expectInvalidDate(await send({ taxPointDate: '2026-13-01' }), 'document.taxPointDate');
    await expectInvalidDate(
      await send({ invoicePeriod: { start: '2026-11-01', end: '2026-11-31' } }),
      'document.invoicePeriod.end',
    );
    await expectInvalidDate(await send({ validUntil: '2026-02-29' }), 'document.validUntil');
  });

  it('lifecycle paymentDate, alone and in a batch', async () => {
    const doc = await storedDocument(tenant);
    await expectInvalidDate(
      await post(`/v1/documents/${doc.id}/lifecycle`, { status: 'paid', paymentDate: '2026-02-30' }),
      'paymentDate',
    );
    const res = await post('/v1/documents/lifecycle/batch', {
      updates: [{ documentId: doc.id, status: 'paid', paymentDate: '2026-13-01' }],
    });
    const body = await res.json();
    expect(res.status).to.equal(200);
    expect(body.results[0].error).to.deep.include({ code: 'INVALID_DATE', type: 'validation_error' });
  });

  it('payment date and SEPA requestedExecutionDate', async () => {
    const doc = await storedDocument(tenant, { direction: 'incoming', status: 'approved' });
    await expectInvalidDate(await post(`/v1/documents/${doc.id}/payments`, { amount: 10, date: '2026-02-30' }), 'date');
    const debtor = { name: 'Acme Buyer NV', iban: 'BE68539007547034', bic: 'GKCCBEBB' };
    await expectInvalidDate(
      await post('/v1/payments/sepa-export', { documentIds: [doc.id], debtor, requestedExecutionDate: '2026-13-01' }),
      'requestedExecutionDate',
    );
  });

  it('list and search ranges, compliance report ranges', async () => {
    await expectInvalidDate(await get('/v1/documents?from=2026-02-30'), 'from');
    await expectInvalidDate(await get('/v1/documents?to=2026-13-01'), 'to');
    await expectInvalidDate(await post('/v1/documents/search', { from: '2026-02-30' }), 'from');
    await expectInvalidDate(await get('/v1/compliance/reports?from=2026-13-01'), 'from');
    await expectInvalidDate(await get('/v1/compliance/reports?to=2026-02-30'), 'to');
  });

  it('real days stay accepted: 29 February of a leap year, 31 December', async () => {
    const res = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({ issueDate: '2028-02-29', dueDate: '2028-12-31' }),
    });
    expect(res.status, JSON.stringify(await res.clone().json())).to.equal(201);
    expect((await get('/v1/documents?from=2028-02-29&to=2028-12-31')).status).to.equal(200);
  });
});
