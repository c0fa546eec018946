import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { setForcedRateLimit } from '../../../db/organizations.ts';
import { clearRateLimit } from '../../../db/rate-limits.ts';
import { DIRECTORY, FLOWS, startAfnorApp } from '../../support/afnor.ts';

describe('rate limits (part 8)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());
  const me = (key: string, base = app.url) => fetch(`${base}/v1/me`, { headers: bearer(key) });

  it("sends X-RateLimit-* on every response and 429 RATE_LIMITED with Retry-After past the key's limit", async () => {
    const tenant = await createTenant({ rateLimit: 5 });
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await me(tenant.key);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('5');
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      expect(reset).to.be.within(Date.now() / 1000, Date.now() / 1000 + 61);
    }
    expect(remaining).to.deep.equal(['4', '3', '2', '1', '0']);
    const limited = await me(tenant.key);
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 60);
    expect(limited.headers.get('x-ratelimit-remaining')).to.equal('0');
    const error = await errorBody(limited);
    expect(error).to.deep.include({ type: 'rate_limit_error', code: 'RATE_LIMITED' });
    expect(error.message).to.match(/^Rate limit of 5 requests per minute exceeded; retry after \d+ s\.$/);
    // Errors count too: a 404 of the same key is still limited.
    const other = await fetch(`${app.url}/v1/requests/req_x`, { headers: bearer(tenant.key) });
    expect(other.status).to.equal(429);
  });

  it('sends X-RateLimit-* on the errors of an authenticated caller too: 400, 403, 404, 405, 422', async () => {
    const tenant = await createTenant({ rateLimit: 50, scopes: ['documents.read', 'send'] });
    const other = await createTenant();
    const json = { ...bearer(tenant.key), 'content-type': 'application/json' };
    const calls: Array<[string, () => Promise<Response>]> = [
      [
        '400 unparsable body',
        () => fetch(`${app.url}/v1/documents/send`, { method: 'POST', headers: json, body: '{"type":' }),
      ],
      ['400 schema', () => fetch(`${app.url}/v1/documents/send`, { method: 'POST', headers: json, body: '{}' })],
      ['403 scope', () => fetch(`${app.url}/v1/webhooks`, { headers: bearer(tenant.key) })],
      [
        '403 company',
        () => fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key, { 'X-Service-Company': other.companyId }) }),
      ],
      ['404 unknown route', () => fetch(`${app.url}/v1/nothing-here`, { headers: bearer(tenant.key) })],
      ['404 unknown id', () => fetch(`${app.url}/v1/documents/doc_doesNotExist00000`, { headers: bearer(tenant.key) })],
      ['405 method', () => fetch(`${app.url}/v1/me`, { method: 'DELETE', headers: bearer(tenant.key) })],
      [
        '422 recipient',
        () =>
          fetch(`${app.url}/v1/documents/send`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({
              type: 'invoice',
              from: tenant.companyId,
              to: '0208:0000000000',
              document: {
                number: 'X',
                issueDate: '2026-11-21',
                lines: [{ description: 'x', quantity: 1, unitPrice: 1, vatRate: 21 }],
              },
            }),
          }),
      ],
    ];
    let previous = 50;
    for (const [what, call] of calls) {
      const res = await call();
      expect(res.status, what).to.be.within(400, 499);
      expect(res.status, what).to.not.equal(429);
      expect(res.headers.get('x-ratelimit-limit'), what).to.equal('50');
      const remaining = Number(res.headers.get('x-ratelimit-remaining'));
      // Every refused request counts against the key's window.
      expect(remaining, what).to.equal(previous - 1);
      previous = remaining;
      expect(Number(res.headers.get('x-ratelimit-reset')), what).to.be.above(Date.now() / 1000 - 1);
    }
  });

  describe('callers without credentials (part 4.1: every response)', () => {
    let afnor: TestApp;
    before(async () => {
      afnor = await startAfnorApp();
    });
    after(() => afnor.close());

    const expectWindow = (res: Response, what: string) => {
      expect(res.headers.get('x-ratelimit-limit'), what).to.match(/^\d+$/);
      expect(res.headers.get('x-ratelimit-remaining'), what).to.match(/^\d+$/);
      expect(Number(res.headers.get('x-ratelimit-reset')), what).to.be.above(Date.now() / 1000 - 1);
    };

    it('carries X-RateLimit-* on 401s, health, AFNOR health checks, PunchOut and bootstrap 400s and unknown routes', async () => {
      const cases: Array<[string, Response, number]> = [
        ['401 without credentials', await fetch(`${app.url}/v1/me`), 401],
        ['401 with an unknown key', await me(`svc_test_${'z'.repeat(32)}`), 401],
        ['liveness', await fetch(`${app.url}/health/liveness`), 200],
        ['readiness', await fetch(`${app.url}/health/readiness`), 0],
        ['AFNOR flow-service health check', await fetch(`${afnor.url}${FLOWS}/healthcheck`), 200],
        ['AFNOR directory-service health check', await fetch(`${afnor.url}${DIRECTORY}/healthcheck`), 200],
        [
          'PunchOut 400',
          await fetch(`${app.url}/v1/punchout/cart`, {
            method: 'POST',
            headers: { 'content-type': 'application/xml' },
            body: '<cXML><nothing/></cXML>',
          }),
          400,
        ],
        [
          'bootstrap 400',
          await fetch(`${app.url}/v1/sandbox/keys`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ keyType: 'admin' }),
          }),
          400,
        ],
        ['unknown route', await fetch(`${app.url}/v1/nothing-here`), 404],
      ];
      for (const [what, res, status] of cases) {
        if (status) expect(res.status, what).to.equal(status);
        expectWindow(res, what);
      }
    });

    it("counts them per client address: 429 past the address's limit, never on a health probe", async () => {
      await clearRateLimit(testServers().db, 'address:127.0.0.1');
      const limited = await startTestApp({ anonymousPerMinute: 3 });
      try {
        const remaining: string[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`${limited.url}/v1/me`);
          expect(res.status).to.equal(401);
          expect(res.headers.get('x-ratelimit-limit')).to.equal('3');
          remaining.push(res.headers.get('x-ratelimit-remaining')!);
        }
        expect(remaining).to.deep.equal(['2', '1', '0']);
        // Past the limit, a public operation is refused; a refused credential still answers 401.
        const punchout = await fetch(`${limited.url}/v1/punchout/cart`, {
          method: 'POST',
          headers: { 'content-type': 'application/xml' },
          body: '<cXML/>',
        });
        expect(punchout.status).to.equal(429);
        expect(Number(punchout.headers.get('retry-after'))).to.be.within(1, 60);
        expect((await fetch(`${limited.url}/v1/me`)).status).to.equal(401);
        const live = await fetch(`${limited.url}/health/liveness`);
        expect(live.status).to.equal(200);
        expect(live.headers.get('x-ratelimit-remaining')).to.equal('0');
        // A key's own window is not the address's.
        const tenant = await createTenant({ rateLimit: 5 });
        const res = await me(tenant.key, limited.url);
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('5');
      } finally {
        await limited.close();
        await clearRateLimit(testServers().db, 'address:127.0.0.1');
      }
    });
  });

  it("takes the plan's limit when the key has none", async () => {
    for (const [plan, limit] of [
      ['free', '60'],
      ['starter', '120'],
      ['pro', '300'],
      ['platform', '600'],
      ['white_label', '1200'],
    ]) {
      const tenant = await createTenant({ plan });
      expect((await me(tenant.key)).headers.get('x-ratelimit-limit')).to.equal(limit);
    }
  });

  it('is exact under concurrency: of 30 simultaneous requests with a limit of 10, exactly 10 pass', async () => {
    const tenant = await createTenant({ rateLimit: 10 });
    const statuses = await Promise.all(Array.from({ length: 30 }, () => me(tenant.key).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).to.have.length(10);
    expect(statuses.filter((s) => s === 429)).to.have.length(20);
  });

  it('is shared by every API process (counted in Postgres)', async () => {
    const second = await startTestApp();
    try {
      const tenant = await createTenant({ rateLimit: 4 });
      expect((await me(tenant.key)).status).to.equal(200);
      expect((await me(tenant.key, second.url)).status).to.equal(200);
      expect((await me(tenant.key)).status).to.equal(200);
      const fourth = await me(tenant.key, second.url);
      expect(fourth.headers.get('x-ratelimit-remaining')).to.equal('0');
      expect((await me(tenant.key)).status).to.equal(429);
      expect((await me(tenant.key, second.url)).status).to.equal(429);
    } finally {
      await second.close();
    }
  });

  it('counts each key separately', async () => {
    const a = await createTenant({ rateLimit: 1 });
    const b = await createTenant({ rateLimit: 1 });
    expect((await me(a.key)).status).to.equal(200);
    expect((await me(a.key)).status).to.equal(429);
    expect((await me(b.key)).status).to.equal(200);
  });

  it('a forced limit on the organization answers 429 until it lapses', async () => {
    const tenant = await createTenant();
    await setForcedRateLimit(testServers().db, tenant.organizationId, new Date(Date.now() + 45_000));
    const res = await me(tenant.key);
    expect(res.status).to.equal(429);
    expect(Number(res.headers.get('retry-after'))).to.be.within(40, 45);
    expect((await errorBody(res)).code).to.equal('RATE_LIMITED');
    await setForcedRateLimit(testServers().db, tenant.organizationId, new Date(Date.now() - 1));
    expect((await me(tenant.key)).status).to.equal(200);
  });

  it('counts nothing for a revoked or expired key, nor while a forced limit lasts', async () => {
    const { db } = testServers();
    const tenant = await createTenant({ rateLimit: 5 });
    const setKey = (values: { revoked_at?: Date | null; expires_at?: Date | null }) =>
      db.updateTable('api_keys').set(values).where('id', '=', tenant.keyId).execute();
    await setKey({ revoked_at: new Date() });
    expect((await me(tenant.key)).status).to.equal(401);
    await setKey({ revoked_at: null, expires_at: new Date(Date.now() - 1) });
    expect((await me(tenant.key)).status).to.equal(401);
    await setKey({ expires_at: null });
    await setForcedRateLimit(db, tenant.organizationId, new Date(Date.now() + 45_000));
    expect((await me(tenant.key)).status).to.equal(429);
    await setForcedRateLimit(db, tenant.organizationId, new Date(Date.now() - 1));
    const res = await me(tenant.key);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-ratelimit-remaining')).to.equal('4');
  });
});
