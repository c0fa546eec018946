import { expect } from 'chai';
import { errorBody, startSandboxSuite, type TestApp } from '../../support/app.ts';
import { jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';

describe('periods: startDate/endDate like every other date field, start/end kept as aliases', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const send = (document: unknown) =>
    fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document }),
    });
  const line = (period: Record<string, string>) => ({
    description: 'Hosting',
    quantity: 1,
    unit: 'MON',
    unitPrice: 40,
    vatRate: 21,
    vatCategory: 'S',
    period,
  });

  it('a line and the invoice period given as startDate/endDate reach the UBL and read back the same', async () => {
    const res = await send(
      invoiceBody({
        invoicePeriod: { startDate: '2026-10-01', endDate: '2026-10-31' },
        lines: [line({ startDate: '2026-10-05', endDate: '2026-10-20' })],
      }),
    );
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.xml).to.match(
      /<cac:InvoicePeriod>\s*<cbc:StartDate>2026-10-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-10-31<\/cbc:EndDate>/,
    );
    expect(doc.xml).to.match(
      /<cac:InvoicePeriod>\s*<cbc:StartDate>2026-10-05<\/cbc:StartDate>\s*<cbc:EndDate>2026-10-20<\/cbc:EndDate>/,
    );
    expect(doc.document.invoicePeriod).to.deep.include({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(doc.document.lines[0].period).to.deep.include({ startDate: '2026-10-05', endDate: '2026-10-20' });
  });

  it('start/end still work, and read back under the new names', async () => {
    const res = await send(invoiceBody({ lines: [line({ start: '2026-09-01', end: '2026-09-30' })] }));
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.xml).to.match(/<cbc:StartDate>2026-09-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-09-30<\/cbc:EndDate>/);
    expect(doc.document.lines[0].period).to.deep.include({ startDate: '2026-09-01', endDate: '2026-09-30' });
  });

  it('two different dates under both names are refused, naming the field', async () => {
    const res = await send(invoiceBody({ lines: [line({ start: '2026-09-01', startDate: '2026-09-02' })] }));
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(JSON.stringify(error.details)).to.include('lines[0].period.startDate');
  });

  it('an end before the start under the new names is BR-29/BR-30 as before', async () => {
    const res = await send(invoiceBody({ invoicePeriod: { startDate: '2026-10-31', endDate: '2026-10-01' } }));
    expect(res.status).to.equal(422);
    const error = await errorBody(res);
    expect(error.details.map((d: { rule: string }) => d.rule)).to.include('BR-29');
  });
});
