import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDirectoryServices } from '../../upstreams/directory/index.ts';
import { createDirectoryClient } from '../../upstreams/directory/real.ts';
import { createNaptrResolver, smlHostname } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import { directoryContractProbes } from '../../api/directory/probes.ts';
import { loadConfig } from '../../core/config.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { stubDns } from '../support/dns-stub.ts';

const ZONE = 'sml.test.example';
const KNOWN = '9915:test';

describe('Directory and SML contract probes (/health/contracts rows `directory` and `sml`)', () => {
  let mode: 'ok' | 'error' | 'slow' | 'garbage' = 'ok';
  const requests: URL[] = [];
  let directoryServer: http.Server;
  let dns: Awaited<ReturnType<typeof stubDns>>;
  let probes: ReturnType<typeof directoryContractProbes>;
  let services: ReturnType<typeof createDirectoryServices>;
  const probe = (name: string) => probes.find((p) => p.name === name)!;

  before(async () => {
    directoryServer = http.createServer((req, res) => {
      requests.push(new URL(req.url!, 'http://stub'));
      if (mode === 'slow') return;
      if (mode === 'error') {
        res.statusCode = 502;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        mode === 'garbage'
          ? '{"hello":1}'
          : JSON.stringify({
              'total-result-count': 1,
              matches: [
                {
                  participantID: { scheme: 'iso6523-actorid-upis', value: '0208:0403019261' },
                  entities: [{ name: [{ name: 'Peppol Test BE' }], countryCode: 'BE' }],
                },
              ],
            }),
      );
    });
    await new Promise<void>((resolve) => directoryServer.listen(0, '127.0.0.1', resolve));
    dns = await stubDns(
      new Map([
        [
          smlHostname(KNOWN, ZONE),
          [
            {
              order: 10,
              preference: 10,
              flags: 'U',
              service: 'Meta:SMP',
              regexp: '!^.*$!https://smp.test.example!',
              replacement: '',
            },
          ],
        ],
      ]),
    );
    const timeoutMs = 300;
    services = createDirectoryServices(testServers().db, loadConfig(), {
      directory: createDirectoryClient({
        baseUrl: `http://127.0.0.1:${(directoryServer.address() as AddressInfo).port}`,
        timeoutMs,
      }),
      smp: createSmpLookupClient({
        zone: ZONE,
        resolveNaptr: createNaptrResolver({ servers: [dns.server], timeoutMs }),
        timeoutMs,
      }),
    });
    probes = directoryContractProbes(services, { timeoutMs: 3000, smlParticipant: KNOWN });
  });
  after(async () => {
    directoryServer.closeAllConnections();
    await new Promise<void>((resolve) => directoryServer.close(() => resolve()));
    await dns.close();
  });
  beforeEach(() => {
    mode = 'ok';
    dns.setSilent(false);
  });

  it('directory: one small search of the live Directory', async () => {
    expect(await probe('directory').run()).to.equal('search answered with 1 row(s)');
    const url = requests.at(-1)!;
    expect(url.pathname).to.equal('/search/1.0/json');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ q: 'peppol', country: 'BE', rpi: '0', rpc: '1' });
  });

  it('directory: fails on an HTTP error, an answer of the wrong shape, and a timeout', async () => {
    mode = 'error';
    await probe('directory')
      .run()
      .then(
        () => expect.fail('resolved'),
        (e: Error) => expect(e.message).to.match(/answered HTTP 502/),
      );
    mode = 'garbage';
    await probe('directory')
      .run()
      .then(
        () => expect.fail('resolved'),
        (e: Error) => expect(e.message).to.match(/lacks `matches`/),
      );
    mode = 'slow';
    await probe('directory')
      .run()
      .then(
        () => expect.fail('resolved'),
        (e: Error) => expect(e.message).to.match(/did not answer within 300 ms/),
      );
  });

  it('sml: resolves the known participant through U-NAPTR', async () => {
    expect(await probe('sml').run()).to.equal(`${KNOWN} resolves to https://smp.test.example`);
    expect(dns.queries.at(-1)).to.equal(smlHostname(KNOWN, ZONE));
  });

  it('sml: fails when the participant has no record, and when the DNS server is silent', async () => {
    const unknown = directoryContractProbes(services, { timeoutMs: 1000, smlParticipant: '0208:0000000097' }).find(
      (p) => p.name === 'sml',
    )!;
    await unknown.run().then(
      () => expect.fail('resolved'),
      (e: Error) => expect(e.message).to.equal('the SML has no record of 0208:0000000097 (is SML_ZONE right?)'),
    );
    dns.setSilent(true);
    await probe('sml')
      .run()
      .then(
        () => expect.fail('resolved'),
        (e: Error) => expect(e.message).to.match(/SML DNS lookup of .* timed out/),
      );
  });

  it('sml: fails when the live SMP lookup cannot resolve through the SML', async () => {
    const bare = createDirectoryServices(testServers().db, loadConfig(), { smp: { lookup: async () => undefined } });
    const sml = directoryContractProbes(bare).find((p) => p.name === 'sml')!;
    await sml.run().then(
      () => expect.fail('resolved'),
      (e: Error) => expect(e.message).to.match(/no SML step/),
    );
  });

  describe('through GET /health/contracts', () => {
    let app: TestApp;
    before(async () => {
      // The route also runs the Temporal probe workflow, which needs a worker.
      await ensureTestWorkers();
      app = await startTestApp({ extraContractProbes: probes });
    });
    after(async () => {
      await app.close();
    });

    it('lists `directory` and `sml` as ok rows with their detail', async () => {
      const res = await fetch(`${app.url}/health/contracts`);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(200);
      expect(body.contracts.directory).to.deep.include({ status: 'ok', detail: 'search answered with 1 row(s)' });
      expect(body.contracts.sml).to.deep.include({
        status: 'ok',
        detail: `${KNOWN} resolves to https://smp.test.example`,
      });
    });

    it('answers 503 naming the failed row when the Directory is down', async () => {
      mode = 'error';
      const res = await fetch(`${app.url}/health/contracts`);
      const body = await res.json();
      expect(res.status).to.equal(503);
      expect(res.headers.get('retry-after')).to.equal('30');
      expect(body.contracts.directory).to.deep.include({
        status: 'failed',
        error: 'The Peppol Directory answered HTTP 502.',
      });
      expect(body.contracts.sml.status).to.equal('ok');
    });
  });
});
