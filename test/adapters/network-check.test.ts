import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { checkNetwork } from '../../activities/companies.ts';
import { makeTestPki } from '../../scripts/network/pki.ts';
import type { NetworkReaders } from '../../upstreams/companies.ts';
import { createDirectoryClient } from '../../upstreams/directory/real.ts';
import { createNaptrResolver } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import {
  createSmpRestRegistrar,
  documentTypeIdsFor,
  readAccessPointCertificate,
} from '../../upstreams/smp-registration/index.ts';
import { stubDns, type DnsStub } from '../support/dns-stub.ts';
import { stubPhossSmp, stubSml, type PhossSmpStub, type SmlStub } from '../support/phoss-smp-stub.ts';

/**
 * The Peppol Directory's REST search on loopback (phoss-directory `/search/1.0/json`, the answer
 * shape of directory.peppol.eu): it lists a participant once `index` has taken its pushed card.
 */
async function stubDirectory() {
  const indexed = new Map<string, { name: string; countryCode: string }>();
  const queries: URLSearchParams[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    queries.push(url.searchParams);
    if (down) return res.writeHead(503).end('Service Unavailable');
    if (url.pathname !== '/search/1.0/json') return res.writeHead(404).end();
    const wanted = (url.searchParams.get('participant') ?? '').replace(/^iso6523-actorid-upis::/, '').toLowerCase();
    const card = indexed.get(wanted);
    const matches = card
      ? [
          {
            participantID: { scheme: 'iso6523-actorid-upis', value: wanted },
            docTypes: [{ scheme: 'busdox-docid-qns', value: documentTypeIdsFor(['invoice'])[0] }],
            entities: [{ name: [{ name: card.name }], countryCode: card.countryCode, regDate: '2026-11-29' }],
          },
        ]
      : [];
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        version: '1.0',
        'total-result-count': matches.length,
        'used-result-count': matches.length,
        'result-page-index': 0,
        'result-page-count': 1,
        'first-result-index': 0,
        'last-result-index': Math.max(matches.length - 1, 0),
        'query-terms': `participant=${wanted}`,
        'creation-dt': '2026-11-29T10:00:00Z',
        matches,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    queries,
    /** The Directory indexes a card the SMP pushed (it reads it from the SMP's /businesscard route). */
    index: (participantId: string, card: { name: string; countryCode: string }) =>
      indexed.set(participantId.toLowerCase(), card),
    setDown: (value: boolean) => {
      down = value;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('the listing check against the SML over DNS, phoss-smp and the Directory on loopback', () => {
  const ZONE = 'participant.sml.test.tech.peppol.org';
  const PARTICIPANT = '0208:0888888895';
  const AS4 = 'https://ap.docex.example/as4';
  const card = { name: 'Acme BV', countryCode: 'BE', identifiers: [], registrationDate: '2026-11-29' };
  let dns: DnsStub;
  let sml: SmlStub;
  let smp: PhossSmpStub;
  let other: PhossSmpStub;
  let directory: Awaited<ReturnType<typeof stubDirectory>>;
  let certFile: string;
  let certificate: string;

  before(() => {
    const pki = makeTestPki(mkdtempSync(path.join(tmpdir(), 'listing-pki-')));
    certFile = pki.a.certificateFile;
    certificate = new X509Certificate(readFileSync(certFile)).raw.toString('base64');
  });
  beforeEach(async () => {
    sml = stubSml(ZONE);
    dns = await stubDns(sml.records);
    smp = await stubPhossSmp({ sml });
    other = await stubPhossSmp({ sml });
    directory = await stubDirectory();
  });
  afterEach(async () => {
    await Promise.all([smp.close(), other.close(), dns.close(), directory.close()]);
  });

  function readers(): NetworkReaders {
    const lookup = createSmpLookupClient({
      zone: ZONE,
      resolveNaptr: createNaptrResolver({ servers: [dns.server], timeoutMs: 500 }),
      timeoutMs: 1000,
      // The stub answers unsigned metadata; signatures have their own tests (smp-lookup-independent-signer).
      signatures: { mode: 'skip' },
    });
    return {
      locate: (id) => lookup.locate!(id),
      lookup,
      directory: createDirectoryClient({ baseUrl: directory.url, timeoutMs: 1000 }),
      ownSmpUrl: smp.url,
      endpointUrl: AS4,
      certificate,
    };
  }

  async function publish(endpointUrl = AS4) {
    await createSmpRestRegistrar({
      baseUrl: smp.url,
      timeoutMs: 2000,
      endpointUrl,
      endpointCertificate: readAccessPointCertificate(certFile),
      technicalContact: 'mailto:peppol-support@docex.example',
    }).register({ participantId: PARTICIPANT, documentTypeIds: documentTypeIdsFor(['invoice']), businessCard: card });
  }

  it('resolves through the NAPTR record to our SMP, finds our endpoint and certificate, then the card once the Directory indexes it', async () => {
    await publish();
    const before = await checkNetwork(readers(), PARTICIPANT, documentTypeIdsFor(['invoice']));
    expect(before.network).to.include({ sml: 'resolves', smp: 'published', directory: 'absent' });
    expect(before.network.problem).to.match(/Directory does not list the business card yet.*checked again/);
    expect(before.actionable).to.equal(false);
    expect(dns.queries).to.include(sml.records.keys().next().value);
    expect(directory.queries.at(-1)!.get('participant')).to.equal(`iso6523-actorid-upis::${PARTICIPANT}`);

    // The SMP pushed the card (POST /businesscard/{sg}/push); the Directory indexes it.
    expect(smp.pushed).to.have.length(1);
    directory.index(PARTICIPANT, card);
    const after = await checkNetwork(readers(), PARTICIPANT, documentTypeIdsFor(['invoice']));
    expect(after.network).to.include({ sml: 'resolves', smp: 'published', directory: 'listed', problem: null });
  });

  it('a participant the SML points to another SMP is an actionable problem naming that SMP and the migration route', async () => {
    sml.create(PARTICIPANT, other.url);
    const { network, actionable } = await checkNetwork(readers(), PARTICIPANT, documentTypeIdsFor(['invoice']));
    expect(network.sml).to.equal('elsewhere');
    expect(actionable).to.equal(true);
    expect(network.problem).to.include(other.url).and.include('/smp-migration');
    // Nothing of ours is asked about a participant we do not hold.
    expect(smp.requests).to.deep.equal([]);
  });

  it('our SMP publishing another endpoint is an actionable problem naming the settings to correct', async () => {
    await publish('https://old-ap.docex.example/as4');
    directory.index(PARTICIPANT, card);
    const { network, actionable } = await checkNetwork(readers(), PARTICIPANT, documentTypeIdsFor(['invoice']));
    expect(network).to.include({ sml: 'resolves', smp: 'pending', directory: 'listed' });
    expect(actionable).to.equal(true);
    expect(network.problem).to.include('ACCESS_POINT_AS4_URL');
  });

  it('a silent SML and a Directory answering 503 are problems of this check, asked again, never thrown', async () => {
    await publish();
    dns.setSilent(true);
    directory.setDown(true);
    const { network, actionable } = await checkNetwork(readers(), PARTICIPANT, documentTypeIdsFor(['invoice']));
    expect(network).to.include({ sml: 'unchecked', directory: 'unchecked' });
    expect(network.problem).to.match(/SML cannot be asked: .*checked again/);
    expect(actionable).to.equal(false);
  });
});
