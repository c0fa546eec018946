import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDirectoryServices } from '../../upstreams/directory/index.ts';
import { createDirectoryClient } from '../../upstreams/directory/real.ts';
import { UpstreamError } from '../../upstreams/directory/types.ts';
import { CircuitOpenError, perHostBreakers } from '../../upstreams/smp-lookup/breaker.ts';
import { smlHostname, type NaptrRecord } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import { loadConfig } from '../../core/config.ts';
import { bearer, createTenant, type Tenant } from '../support/access.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { testServers } from '../support/servers.ts';

const ZONE = 'sml.test.example';
const caller = { organizationId: 'org_test' };
const query = { q: 'acme', country: 'BE', includeSubEntities: false, limit: 5 };

/** A loopback HTTP server whose answer is chosen per test; counts the requests it got. */
async function stub(answer: () => { status: number; body: string }) {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    const { status, body } = answer();
    res.statusCode = status;
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('resolved'),
    (e: unknown) => e as UpstreamError,
  );
const naptr = (url: string): NaptrRecord => ({
  order: 1,
  preference: 1,
  flags: 'U',
  service: 'Meta:SMP',
  regexp: `!^.*$!${url}!`,
  replacement: '',
});
const EMPTY_PAGE = JSON.stringify({ 'total-result-count': 0, matches: [] });

describe('Circuit breakers around the live Directory, SML and SMP lookups', () => {
  let now = 0;
  const settings = { threshold: 2, cooldownMs: 10_000, now: () => now };
  beforeEach(() => {
    now = 1_000_000;
  });

  describe('Peppol Directory', () => {
    let answer = { status: 502, body: '' };
    let directory: Awaited<ReturnType<typeof stub>>;
    before(async () => {
      directory = await stub(() => answer);
    });
    after(async () => {
      await directory.close();
    });

    const services = () =>
      createDirectoryServices(
        testServers().db,
        loadConfig(),
        { directory: createDirectoryClient({ baseUrl: directory.base, timeoutMs: 1000 }) },
        settings,
      );

    it('opens after repeated failures: calls fail fast with the time to wait, then one trial call closes it again', async () => {
      answer = { status: 502, body: '' };
      const live = services().directory(true);
      const hits = directory.hits();
      expect(await failure(live.search(query, caller))).to.deep.include({
        upstream: 'peppol-directory',
        kind: 'unavailable',
      });
      expect(await failure(live.participant('0208:0403019261', caller))).to.deep.include({ kind: 'unavailable' });
      const fast = await failure(live.search(query, caller));
      expect(fast).to.be.instanceOf(CircuitOpenError);
      expect(fast).to.deep.include({ upstream: 'peppol-directory', kind: 'unavailable', retryAfterSeconds: 10 });
      expect(directory.hits() - hits).to.equal(2);

      now += 10_000;
      answer = { status: 200, body: EMPTY_PAGE };
      expect((await live.search(query, caller)).rows).to.deep.equal([]);
      answer = { status: 502, body: '' };
      expect(await failure(live.search(query, caller))).not.to.be.instanceOf(CircuitOpenError);
      expect(directory.hits() - hits).to.equal(4);
    });

    it('does not open on malformed answers: the Directory is reachable', async () => {
      answer = { status: 200, body: '{"unexpected":true}' };
      const live = services().directory(true);
      for (let i = 0; i < 3; i++)
        expect(await failure(live.search(query, caller))).to.deep.include({ kind: 'malformed' });
    });

    describe('through the API', () => {
      let app: TestApp;
      let tenant: Tenant;
      before(async () => {
        app = await startTestApp({ upstreams: { directory: services() } });
        tenant = await createTenant({ livemode: true });
      });
      after(async () => {
        await app.close();
      });

      it('503 UPSTREAM_UNAVAILABLE with Retry-After, without calling the Directory while the circuit is open', async () => {
        answer = { status: 502, body: '' };
        const search = () => fetch(`${app.url}/v1/directory/search?q=acme&country=BE`, { headers: bearer(tenant.key) });
        for (let i = 0; i < 2; i++) expect((await search()).status).to.equal(503);
        const hits = directory.hits();
        const res = await search();
        expect(res.status).to.equal(503);
        expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
        expect((await errorBody(res)).code).to.equal('UPSTREAM_UNAVAILABLE');
        expect(directory.hits()).to.equal(hits);
      });
    });
  });

  describe('SML and SMP', () => {
    let down: Awaited<ReturnType<typeof stub>>;
    let up: Awaited<ReturnType<typeof stub>>;
    before(async () => {
      down = await stub(() => ({ status: 500, body: '' }));
      up = await stub(() => ({ status: 404, body: '' }));
    });
    after(async () => {
      await down.close();
      await up.close();
    });

    it('counts SML failures on the SML circuit: lookups and locate then fail fast', async () => {
      let dnsCalls = 0;
      const smp = createSmpLookupClient({
        zone: ZONE,
        timeoutMs: 500,
        resolveNaptr: async (host) => {
          dnsCalls += 1;
          throw new UpstreamError('sml', 'unavailable', `The SML DNS lookup of ${host} failed (ESERVFAIL).`);
        },
      });
      const live = createDirectoryServices(testServers().db, loadConfig(), { smp }, settings).smp(true);
      for (let i = 0; i < 2; i++)
        expect(await failure(live.lookup('0208:0403019261', caller))).not.to.be.instanceOf(CircuitOpenError);
      expect(await failure(live.locate!('0208:0403019261')))
        .to.be.instanceOf(CircuitOpenError)
        .and.deep.include({ upstream: 'sml' });
      expect(await failure(live.lookup('0208:0403019261', caller))).to.be.instanceOf(CircuitOpenError);
      expect(dnsCalls).to.equal(2);
    });

    it('keeps one circuit per SMP host: a failing SMP fails fast while other SMPs and the SML stay usable', async () => {
      const records = new Map([
        [smlHostname('0208:0000000001', ZONE), [naptr(down.base)]],
        [smlHostname('0208:0000000002', ZONE), [naptr(up.base)]],
      ]);
      const smp = createSmpLookupClient({
        zone: ZONE,
        timeoutMs: 500,
        resolveNaptr: async (host) => records.get(host) ?? [],
        hostBreaker: perHostBreakers(settings),
      });
      const live = createDirectoryServices(testServers().db, loadConfig(), { smp }, settings).smp(true);
      const hits = down.hits();
      for (let i = 0; i < 2; i++)
        expect(await failure(live.lookup('0208:0000000001', caller))).to.deep.include({
          upstream: 'smp',
          kind: 'unavailable',
        });
      const fast = await failure(live.lookup('0208:0000000001', caller));
      expect(fast).to.be.instanceOf(CircuitOpenError).and.deep.include({ upstream: 'smp', retryAfterSeconds: 10 });
      expect(down.hits() - hits).to.equal(2);
      expect(await live.lookup('0208:0000000002', caller)).to.equal(undefined);
      expect(await live.locate!('0208:0000000001')).to.deep.equal({ smpUrl: down.base });
    });
  });
});
