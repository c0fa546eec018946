import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig, PROJECT_ROOT } from '../../core/config.ts';
import { smpSignaturePolicy } from '../../upstreams/directory/index.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS } from '../../upstreams/directory/document-types.ts';
import type { UpstreamError } from '../../upstreams/directory/types.ts';
import { createNaptrResolver, smlHostname, type NaptrRecord } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import { loadTrustAnchors, type SmpSignaturePolicy } from '../../upstreams/smp-lookup/signature.ts';
import { stubDns, type DnsStub } from '../support/dns-stub.ts';

const ZONE = 'participant.sml.test.tech.peppol.org';
const PARTICIPANT = '0208:0403019261';
const INVOICE = PEPPOL_DOCUMENT_TYPE_IDS.invoice;
const SIGNER_SOURCE = path.join(PROJECT_ROOT, 'test', 'support', 'java', 'SmpSigner.java');

/**
 * Service metadata signed by an independent signer: test/support/java/SmpSigner.java on the JDK's
 * javax.xml.crypto.dsig, with a PKI made by the JDK's keytool. Neither shares code with the
 * checker (upstreams/smp-lookup/signature.ts), so a mistake of one is not hidden by the other.
 */
describe('SMP lookup: signatures made by an independent signer (JDK XML-DSig), checked against the SMP CA', function () {
  this.timeout(120_000);
  let dir: string;
  let dns: DnsStub;
  let server: http.Server;
  let base = '';
  let body = '';
  const file = (name: string) => path.join(dir, name);

  function openssl(...args: string[]): void {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  }
  function ca(name: string, cn: string): void {
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`,
      '-days', '3650', '-subj', `/CN=${cn}/O=Test/C=BE`,
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'); // prettier-ignore
  }
  /**
   * An SMP signing key in `<name>.p12` (with the issuer's certificate in its chain), certified by
   * `issuer` from `start` to `end` (openssl ca, which can date a certificate in the past).
   */
  function smpKey(name: string, issuer: string, start: string, end: string): void {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=SMP ${name}/O=Test/C=BE`); // prettier-ignore
    openssl('ca', '-batch', '-config', 'ca.cnf', '-cert', `${issuer}.pem`, '-keyfile', `${issuer}.key`, '-in', `${name}.csr`,
      '-out', `${name}.pem`, '-startdate', start, '-enddate', end, '-notext'); // prettier-ignore
    openssl('pkcs12', '-export', '-inkey', `${name}.key`, '-in', `${name}.pem`, '-certfile', `${issuer}.pem`,
      '-name', 'smp', '-out', `${name}.p12`, '-passout', 'pass:secret'); // prettier-ignore
  }
  /** Signs every variant in one JVM: `jobs` maps an output name to its key, document and C14N. */
  function signAll(jobs: Record<string, { key: string; xml: string; c14n: 'inclusive' | 'exclusive' }>): void {
    const args: string[] = [];
    for (const [name, job] of Object.entries(jobs)) {
      writeFileSync(file(`${name}.unsigned.xml`), job.xml);
      args.push(file(`${job.key}.p12`), 'secret', file(`${name}.unsigned.xml`), file(`${name}.xml`), job.c14n);
    }
    execFileSync('java', ['-cp', dir, 'SmpSigner', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  }
  const signed = (name: string) => readFileSync(file(`${name}.xml`), 'utf8');

  const metadata = (endpointUrl: string) => `<?xml version="1.0" encoding="UTF-8"?>
<SignedServiceMetadata xmlns="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/" xmlns:wsa="http://www.w3.org/2005/08/addressing">
  <ServiceMetadata>
    <ServiceInformation>
      <id:ParticipantIdentifier scheme="iso6523-actorid-upis">${PARTICIPANT}</id:ParticipantIdentifier>
      <id:DocumentIdentifier scheme="busdox-docid-qns">${INVOICE}</id:DocumentIdentifier>
      <ProcessList><Process>
        <id:ProcessIdentifier scheme="cenbii-procid-ubl">urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</id:ProcessIdentifier>
        <ServiceEndpointList><Endpoint transportProfile="peppol-transport-as4-v2_0">
          <wsa:EndpointReference><wsa:Address>${endpointUrl}</wsa:Address></wsa:EndpointReference>
          <RequireBusinessLevelSignature>false</RequireBusinessLevelSignature>
          <Certificate>MIIBAAAA</Certificate>
          <ServiceDescription>Test access point</ServiceDescription>
          <TechnicalContactUrl>mailto:ops@ap.example</TechnicalContactUrl>
        </Endpoint></ServiceEndpointList>
      </Process></ProcessList>
    </ServiceInformation>
  </ServiceMetadata>
</SignedServiceMetadata>`;

  before(async () => {
    try {
      execFileSync('javac', ['-version'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        'this suite needs a JDK (javac, java, keytool) on PATH: e.g. `apt-get install openjdk-17-jdk-headless`',
      );
    }
    dir = mkdtempSync(path.join(tmpdir(), 'smp-signer-'));
    execFileSync('javac', ['-d', dir, SIGNER_SOURCE], { stdio: ['ignore', 'ignore', 'pipe'] });
    writeFileSync(
      file('ca.cnf'),
      '[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\n' +
        'policy = any\nunique_subject = no\nx509_extensions = leaf\n[any]\ncommonName = supplied\n' +
        '[leaf]\nbasicConstraints = critical,CA:FALSE\nkeyUsage = critical,digitalSignature\n',
    );
    writeFileSync(file('index.txt'), '');
    writeFileSync(file('serial'), '1000\n');
    ca('smp-ca', 'Test SMP CA');
    ca('rogue-ca', 'Rogue SMP CA');
    const stamp = (days: number) =>
      `${new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
    smpKey('good', 'smp-ca', stamp(-1), stamp(30));
    smpKey('expired', 'smp-ca', stamp(-20), stamp(-10));
    smpKey('rogue', 'rogue-ca', stamp(-1), stamp(30));
    const doc = metadata('https://ap.example/as4');
    signAll({
      inclusive: { key: 'good', xml: doc, c14n: 'inclusive' },
      exclusive: { key: 'good', xml: doc, c14n: 'exclusive' },
      expired: { key: 'expired', xml: doc, c14n: 'inclusive' },
      rogue: { key: 'rogue', xml: doc, c14n: 'inclusive' },
    });

    server = http.createServer((req, res) => {
      const url = decodeURIComponent(req.url!);
      res.setHeader('content-type', 'application/xml');
      if (url === `/iso6523-actorid-upis::${PARTICIPANT}`)
        return res.end(
          `<ServiceGroup xmlns="http://busdox.org/serviceMetadata/publishing/1.0/"><ServiceMetadataReferenceCollection><ServiceMetadataReference href="${base}/${encodeURIComponent(`iso6523-actorid-upis::${PARTICIPANT}`)}/services/${encodeURIComponent(`busdox-docid-qns::${INVOICE}`)}"/></ServiceMetadataReferenceCollection></ServiceGroup>`,
        );
      if (url.includes('/services/')) return res.end(body);
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const records = new Map<string, NaptrRecord[]>([
      [smlHostname(PARTICIPANT, ZONE), [{ order: 100, preference: 10, flags: 'U', service: 'Meta:SMP', regexp: `!^.*$!${base}!`, replacement: '' }]],
    ]); // prettier-ignore
    dns = await stubDns(records);
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await dns?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const lookup = (signatures: SmpSignaturePolicy) =>
    createSmpLookupClient({
      zone: ZONE,
      timeoutMs: 2000,
      resolveNaptr: createNaptrResolver({ servers: [dns.server], timeoutMs: 1000 }),
      signatures,
    }).lookup(PARTICIPANT, { organizationId: 'org_test' });
  const trusting = (pem: string): SmpSignaturePolicy => ({ mode: 'verify', trustAnchors: loadTrustAnchors(file(pem)) });
  const refusal = (policy: SmpSignaturePolicy) =>
    lookup(policy).then(
      () => expect.fail('the answer was accepted'),
      (e: UpstreamError) => e,
    );

  it('accepts the answer the JDK signed with an SMP certificate of the trusted CA (inclusive and exclusive C14N)', async () => {
    for (const c14n of ['inclusive', 'exclusive'] as const) {
      body = signed(c14n);
      const found = await lookup(trusting('smp-ca.pem'));
      expect(found?.documentTypes[0]?.processes[0]?.endpoints[0]?.endpointUrl, c14n).to.equal('https://ap.example/as4');
    }
  });

  it('refuses a tampered answer: the endpoint changed after signing', async () => {
    body = signed('inclusive').replace('https://ap.example/as4', 'https://evil.example/as4');
    const err = await refusal(trusting('smp-ca.pem'));
    expect(err.kind).to.equal('malformed');
    expect(err.message).to.match(/digest of the signed content does not match/);
  });

  it('refuses an answer signed under another CA, and one our own test CA signed under the Peppol SMP CAs of the default configuration', async () => {
    body = signed('rogue');
    expect((await refusal(trusting('smp-ca.pem'))).message).to.match(/does not chain to a configured SMP trust anchor/);
    // The default trust store is the Peppol SMP CA (G3 and G2): a test PKI's signature is not Peppol's.
    body = signed('inclusive');
    expect((await refusal(smpSignaturePolicy(loadConfig({})))).message).to.match(
      /does not chain to a configured SMP trust anchor/,
    );
  });

  it('refuses an answer signed with an expired SMP certificate', async () => {
    body = signed('expired');
    expect((await refusal(trusting('smp-ca.pem'))).message).to.match(/signing certificate .* is not valid at/);
  });
});
