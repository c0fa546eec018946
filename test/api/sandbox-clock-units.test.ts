import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, jsonHeaders } from '../support/access.ts';

describe('POST /v1/sandbox/clock/advance: minutes and months', () => {
  let app: TestApp;
  before(async () => (app = await startTestApp()));
  after(() => app.close());

  const advance = (key: string, by: string) =>
    fetch(`${app.url}/v1/sandbox/clock/advance`, {
      method: 'POST',
      headers: jsonHeaders(key),
      body: JSON.stringify({ by }),
    });

  it('min is minutes and mo is months; m stays calendar months as documented', async () => {
    const tenant = await createTenant({ livemode: false });
    const minutes = await advance(tenant.key, '10min');
    const m = await minutes.json();
    expect(minutes.status, JSON.stringify(m)).to.equal(200);
    expect(m.offsetMs).to.equal(10 * 60_000);

    const months = await advance(tenant.key, '1mo');
    const mo = await months.json();
    expect(months.status, JSON.stringify(mo)).to.equal(200);
    const moved = mo.offsetMs - m.offsetMs;
    expect(moved).to.be.within(28 * 86_400_000, 31 * 86_400_000);

    const month = await advance(tenant.key, '1m');
    const one = await month.json();
    expect(month.status).to.equal(200);
    expect(one.offsetMs - mo.offsetMs).to.be.within(28 * 86_400_000, 31 * 86_400_000);
  });

  it('an unknown unit names the units there are, minutes among them', async () => {
    const tenant = await createTenant({ livemode: false });
    const res = await advance(tenant.key, '10s');
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.message + JSON.stringify(error.details)).to.include('min');
  });
});
