import { expect } from 'chai';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNaptrResolver, smlHostname, smpUrlFromNaptr, type NaptrRecord } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS } from '../../upstreams/directory/document-types.ts';
import { UpstreamError } from '../../upstreams/directory/types.ts';
import { stubDns } from '../support/dns-stub.ts';

const ZONE = 'sml.test.example';
const INVOICE = PEPPOL_DOCUMENT_TYPE_IDS.invoice;
const ORDER = PEPPOL_DOCUMENT_TYPE_IDS['purchase-order'];
const caller = { organizationId: 'org_test' };

const SMP_NS =
  'xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/" xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';

function serviceGroup(base: string, participant: string, docs: string[]): string {
  const refs = docs
    .map(
      (d) =>
        `<smp:ServiceMetadataReference href="${base}/${encodeURIComponent(`iso6523-actorid-upis::${participant}`)}/services/${encodeURIComponent(`busdox-docid-qns::${d}`)}"/>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><smp:ServiceGroup ${SMP_NS}><id:ParticipantIdentifier scheme="iso6523-actorid-upis">${participant}</id:ParticipantIdentifier><smp:ServiceMetadataReferenceCollection>${refs}</smp:ServiceMetadataReferenceCollection></smp:ServiceGroup>`;
}

function signedMetadata(participant: string, doc: string, endpointUrl: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><smp:SignedServiceMetadata ${SMP_NS}><smp:ServiceMetadata><smp:ServiceInformation>
    <id:ParticipantIdentifier scheme="iso6523-actorid-upis">${participant}</id:ParticipantIdentifier>
    <id:DocumentIdentifier scheme="busdox-docid-qns">${doc}</id:DocumentIdentifier>
    <smp:ProcessList><smp:Process>
      <id:ProcessIdentifier scheme="cenbii-procid-ubl">urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</id:ProcessIdentifier>
      <smp:ServiceEndpointList><smp:Endpoint transportProfile="peppol-transport-as4-v2_0">
        <wsa:EndpointReference><wsa:Address>${endpointUrl}</wsa:Address></wsa:EndpointReference>
        <smp:RequireBusinessLevelSignature>false</smp:RequireBusinessLevelSignature>
        <smp:ServiceActivationDate>2024-01-01T00:00:00Z</smp:ServiceActivationDate>
        <smp:Certificate>MIIB
          AAAA</smp:Certificate>
        <smp:ServiceDescription>Test access point</smp:ServiceDescription>
        <smp:TechnicalContactUrl>mailto:ops@ap.example</smp:TechnicalContactUrl>
      </smp:Endpoint></smp:ServiceEndpointList>
    </smp:Process></smp:ProcessList>
  </smp:ServiceInformation></smp:ServiceMetadata><ds:Signature><ds:SignedInfo/></ds:Signature></smp:SignedServiceMetadata>`;
}

async function stubSmp(handler: (path: string, res: http.ServerResponse, base: string) => void) {
  const paths: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    paths.push(decodeURIComponent(req.url!));
    handler(decodeURIComponent(req.url!), res, base);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const naptr = (url: string, extra: Partial<NaptrRecord> = {}): NaptrRecord => ({
  order: 100,
  preference: 10,
  flags: 'U',
  service: 'Meta:SMP',
  regexp: `!^.*$!${url}!`,
  replacement: '',
  ...extra,
});

describe('SMP lookup adapter (real SML DNS + SMP REST, against loopback stubs)', () => {
  describe('SML naming', () => {
    it('hashes the lower-cased participant id with SHA-256 into unpadded Base32 (Peppol SML 1.3 test vectors)', () => {
      expect(smlHostname('0088:123abc', 'acc.edelivery.tech.ec.europa.eu')).to.equal(
        'y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq.iso6523-actorid-upis.acc.edelivery.tech.ec.europa.eu',
      );
      expect(smlHostname('0088:123ABC', 'acc.edelivery.tech.ec.europa.eu.')).to.equal(
        'y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq.iso6523-actorid-upis.acc.edelivery.tech.ec.europa.eu',
      );
      expect(smlHostname('iso6523-actorid-upis::0010:5798000000001', 'acc.edelivery.tech.ec.europa.eu')).to.equal(
        'xukhfqabqziki3ykvr2fhr4snfa3pf5vpq6k4tonv3lmvsy5arvq.iso6523-actorid-upis.acc.edelivery.tech.ec.europa.eu',
      );
      expect(smlHostname('9915:test', 'edelivery.tech.ec.europa.eu')).to.equal(
        'eh5boavaktmbgzyh2a63dz4qov33fvp5nsdvqklucfraayoodw6a.iso6523-actorid-upis.edelivery.tech.ec.europa.eu',
      );
    });

    it('takes the Meta:SMP U-NAPTR record with the lowest order and preference', () => {
      expect(
        smpUrlFromNaptr([
          naptr('https://second.example', { order: 200 }),
          naptr('https://other.example', { service: 'Meta:CPP' }),
          naptr('https://first.example/', { preference: 5 }),
          naptr('https://third.example'),
        ]),
      ).to.equal('https://first.example');
      expect(smpUrlFromNaptr([naptr('https://x.example', { flags: 'S' })])).to.equal(undefined);
      expect(smpUrlFromNaptr([{ ...naptr('x'), regexp: '!^.*$!not a url!' }])).to.equal(undefined);
    });
  });

  describe('lookup', () => {
    const participant = '0208:0403019261';
    let dns: Awaited<ReturnType<typeof stubDns>>;
    let smp: Awaited<ReturnType<typeof stubSmp>>;
    let mode: 'ok' | 'missing' | 'malformed' | 'slow' | 'redirect' = 'ok';
    before(async () => {
      smp = await stubSmp((path, res, base) => {
        if (mode === 'slow') return;
        res.setHeader('content-type', 'application/xml');
        if (mode === 'missing') {
          res.statusCode = 404;
          res.end();
          return;
        }
        if (mode === 'malformed') {
          res.end('<smp:ServiceGroup><unclosed>');
          return;
        }
        if (path === `/iso6523-actorid-upis::${participant}`) {
          res.end(serviceGroup(base, participant, [INVOICE, ORDER]));
          return;
        }
        if (path.includes('/services/') && mode === 'redirect' && !path.startsWith('/moved')) {
          res.end(
            `<smp:SignedServiceMetadata ${SMP_NS}><smp:ServiceMetadata><smp:Redirect href="${base}/moved${path}"><smp:CertificateUID>x</smp:CertificateUID></smp:Redirect></smp:ServiceMetadata></smp:SignedServiceMetadata>`,
          );
          return;
        }
        if (path.includes('/services/')) {
          const doc = path.split('/services/busdox-docid-qns::')[1];
          res.end(signedMetadata(participant, doc, 'https://ap.example/as4'));
          return;
        }
        res.statusCode = 404;
        res.end();
      });
      dns = await stubDns(
        new Map([
          [smlHostname(participant, ZONE), [naptr(smp.base)]],
          [smlHostname('0208:0202239951', ZONE), [naptr(smp.base, { service: 'Meta:CPP' })]],
        ]),
      );
    });
    after(async () => {
      await dns.close();
      await smp.close();
    });
    beforeEach(() => {
      mode = 'ok';
    });

    // The protocol is under test here; signatures are covered by smp-lookup-signature.test.ts.
    const client = (timeoutMs = 2000) =>
      createSmpLookupClient({
        zone: ZONE,
        resolveNaptr: createNaptrResolver({ servers: [dns.server], timeoutMs }),
        timeoutMs,
        signatures: { mode: 'skip' },
      });

    it('resolves the SMP through U-NAPTR and reads the service group and signed service metadata', async () => {
      const found = await client().lookup(participant, caller);
      expect(dns.queries).to.include(smlHostname(participant, ZONE));
      expect(found).to.deep.equal({
        peppolId: participant,
        smp: { hostname: '127.0.0.1', url: smp.base },
        documentTypeIds: [INVOICE, ORDER],
        documentTypes: [INVOICE, ORDER].map((documentTypeId) => ({
          documentTypeId,
          processes: [
            {
              processId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
              endpoints: [
                {
                  transportProfile: 'peppol-transport-as4-v2_0',
                  endpointUrl: 'https://ap.example/as4',
                  certificate: 'MIIBAAAA',
                  serviceDescription: 'Test access point',
                  technicalContactUrl: 'mailto:ops@ap.example',
                  activationDate: '2024-01-01T00:00:00Z',
                  expirationDate: null,
                },
              ],
            },
          ],
        })),
      });
      expect(smp.paths[0]).to.equal(`/iso6523-actorid-upis::${participant}`);
    });

    it('fetches only the asked document types', async () => {
      const before = smp.paths.length;
      const found = await client().lookup(participant, caller, { documentTypeIds: [ORDER] });
      expect(found?.documentTypeIds).to.deep.equal([INVOICE, ORDER]);
      expect(found?.documentTypes.map((d) => d.documentTypeId)).to.deep.equal([ORDER]);
      expect(smp.paths.length - before).to.equal(2);
    });

    it('follows one SMP redirect', async () => {
      mode = 'redirect';
      const found = await client().lookup(participant, caller, { documentTypeIds: [INVOICE] });
      expect(found?.documentTypes[0]?.processes[0]?.endpoints[0]?.endpointUrl).to.equal('https://ap.example/as4');
      expect(smp.paths.some((p) => p.startsWith('/moved/'))).to.equal(true);
    });

    it('is undefined when the SML has no record (NXDOMAIN) or the SMP does not know the participant (404)', async () => {
      expect(await client().lookup('0208:0000000097', caller)).to.equal(undefined);
      mode = 'missing';
      expect(await client().lookup(participant, caller)).to.equal(undefined);
    });

    it('raises UpstreamError malformed for unparsable XML and for a record without Meta:SMP', async () => {
      mode = 'malformed';
      const xml = await client()
        .lookup(participant, caller)
        .then(
          () => undefined,
          (e) => e,
        );
      expect(xml).to.be.instanceOf(UpstreamError);
      expect(xml).to.deep.include({ upstream: 'smp', kind: 'malformed' });
      mode = 'ok';
      const record = await client()
        .lookup('0208:0202239951', caller)
        .then(
          () => undefined,
          (e) => e,
        );
      expect(record).to.deep.include({ upstream: 'sml', kind: 'malformed' });
    });

    it('raises UpstreamError timeout when the SMP does not answer in time', async () => {
      mode = 'slow';
      const err = await client(300)
        .lookup(participant, caller)
        .then(
          () => undefined,
          (e) => e,
        );
      expect(err).to.be.instanceOf(UpstreamError);
      expect(err).to.deep.include({ upstream: 'smp', kind: 'timeout' });
    });

    it('raises UpstreamError timeout when the DNS server does not answer', async () => {
      const silent = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
      try {
        const resolver = createNaptrResolver({ servers: [`127.0.0.1:${silent.address().port}`], timeoutMs: 200 });
        const err = await createSmpLookupClient({ zone: ZONE, resolveNaptr: resolver, timeoutMs: 200 })
          .lookup(participant, caller)
          .then(
            () => undefined,
            (e) => e,
          );
        expect(err).to.be.instanceOf(UpstreamError);
        expect(err).to.deep.include({ upstream: 'sml', kind: 'timeout' });
      } finally {
        silent.close();
      }
    });
  });
});
