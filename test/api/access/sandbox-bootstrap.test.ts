import { expect } from 'chai';
import { clearRateLimit } from '../../../db/rate-limits.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';

const bootstrap = (app: TestApp, body?: unknown) =>
  fetch(`${app.url}/v1/sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

function validBelgianEnterpriseNumber(value: string): boolean {
  return /^0\d{9}$/.test(value) && 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

describe('POST /v1/sandbox/keys (public bootstrap)', () => {
  let app: TestApp;
  before(async () => {
    await clearRateLimit(testServers().db, 'bootstrap:127.0.0.1');
    app = await startTestApp({ bootstrapPerHour: 1000 });
  });
  after(() => app.close());

  it('creates a throwaway organization, a Belgian sandbox company and a test key returned once', async () => {
    const res = await bootstrap(app, { label: 'acme-int', email: 'dev@example.com' });
    expect(res.status).to.equal(201);
    const body = await res.json();
    expect(body.key).to.match(/^svc_test_[0-9A-Za-z]{32}$/);
    expect(body).to.deep.include({ keyType: 'personal', livemode: false, label: 'acme-int' });
    expect(body.company.country).to.equal('BE');
    expect(body.company.name).to.equal('acme-int BV');
    const number = body.company.vatNumber.slice(2);
    expect(body.company.vatNumber).to.equal(`BE${number}`);
    expect(validBelgianEnterpriseNumber(number), number).to.equal(true);
    expect(body.company.peppolId).to.equal(`0208:${number}`);

    const me = await (await fetch(`${app.url}/v1/me`, { headers: bearer(body.key) })).json();
    expect(me).to.deep.include({ organizationId: body.organizationId, isTestMode: true, keyType: 'personal' });
    const org = await testServers()
      .db.selectFrom('organizations')
      .selectAll()
      .where('id', '=', body.organizationId)
      .executeTakeFirstOrThrow();
    expect(org.sandbox).to.equal(true);
    const company = await testServers()
      .db.selectFrom('companies')
      .selectAll()
      .where('id', '=', body.company.id)
      .executeTakeFirstOrThrow();
    expect(company.livemode).to.equal(false);
    expect(company.capabilities.receive).to.include('invoice');
  });

  it('defaults the label to quickstart and accepts an empty body', async () => {
    const res = await bootstrap(app);
    expect(res.status).to.equal(201);
    expect((await res.json()).label).to.equal('quickstart');
  });

  it('issues platform and white-label test keys with their prefixes', async () => {
    const platform = await (await bootstrap(app, { keyType: 'platform' })).json();
    expect(platform.key).to.match(/^svc_plat_test_/);
    const wl = await (await bootstrap(app, { keyType: 'white_label' })).json();
    expect(wl.key).to.match(/^svc_wl_test_/);
    const me = await (await fetch(`${app.url}/v1/me`, { headers: bearer(wl.key) })).json();
    expect(me.keyType).to.equal('white_label');
  });

  it('400 for a label over 64 characters or an unknown keyType', async () => {
    const long = await bootstrap(app, { label: 'x'.repeat(65) });
    expect(long.status).to.equal(400);
    expect((await errorBody(long)).details[0].field).to.equal('label');
    const type = await bootstrap(app, { keyType: 'admin' });
    expect(type.status).to.equal(400);
    expect((await errorBody(type)).code).to.equal('INVALID_ENUM');
  });

  it('limits each client address per hour, with rate-limit headers and Retry-After', async () => {
    await clearRateLimit(testServers().db, 'bootstrap:127.0.0.1');
    const limited = await startTestApp({ bootstrapPerHour: 2 });
    try {
      expect((await bootstrap(limited)).status).to.equal(201);
      const second = await bootstrap(limited);
      expect(second.headers.get('x-ratelimit-limit')).to.equal('2');
      expect(second.headers.get('x-ratelimit-remaining')).to.equal('0');
      const third = await bootstrap(limited);
      expect(third.status).to.equal(429);
      expect(Number(third.headers.get('retry-after'))).to.be.within(3500, 3600);
      expect(await errorBody(third)).to.deep.include({ code: 'RATE_LIMITED', type: 'rate_limit_error' });
    } finally {
      await limited.close();
      await clearRateLimit(testServers().db, 'bootstrap:127.0.0.1');
    }
  });
});
