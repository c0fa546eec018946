import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash, sign, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element as XElement } from '@xmldom/xmldom';
import { parseXml } from '../../peppol/xml/dom.ts';
import { smlHostname } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import {
  ALGORITHMS,
  canonicalize,
  DSIG_NS,
  loadTrustAnchors,
  type SmpSignaturePolicy,
} from '../../upstreams/smp-lookup/signature.ts';
import { smpSignaturePolicy } from '../../upstreams/directory/index.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS } from '../../upstreams/directory/document-types.ts';
import { UpstreamError } from '../../upstreams/directory/types.ts';

const ZONE = 'sml.test.example';
const PARTICIPANT = '0208:0403019261';
const INVOICE = PEPPOL_DOCUMENT_TYPE_IDS.invoice;
const caller = { organizationId: 'org_test' };
const SMP_NS =
  'xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/" xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';

interface Signer {
  key: string;
  chain: string[];
}

/** A throw-away PKI made with the openssl CLI (Node can verify certificates but not issue them). */
function createPki(dir: string) {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error('these tests need the openssl command line tool (e.g. `apt-get install openssl`)');
  }
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const file = (name: string) => join(dir, name);
  writeFileSync(file('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  writeFileSync(file('leaf.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  const ca = (name: string, cn: string) => {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.pem`),
      '-days',
      '3650',
      '-subj',
      `/CN=${cn}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  };
  const issue = (
    name: string,
    cn: string,
    issuer: string,
    days: number,
    ext: 'ca.ext' | 'leaf.ext',
    serial: number,
  ) => {
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.csr`),
      '-subj',
      `/CN=${cn}`,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file(`${issuer}.pem`),
      '-CAkey',
      file(`${issuer}.key`),
      '-set_serial',
      String(serial),
      '-days',
      String(days),
      '-extfile',
      file(ext),
      '-out',
      file(`${name}.pem`),
    );
  };
  ca('ca', 'Test SMP CA');
  ca('rogue-ca', 'Rogue SMP CA');
  issue('smp', 'smp.test.example', 'ca', 30, 'leaf.ext', 1);
  issue('rogue-smp', 'smp.test.example', 'rogue-ca', 30, 'leaf.ext', 2);
  issue('intermediate', 'Test SMP Intermediate CA', 'ca', 365, 'ca.ext', 3);
  issue('deep-smp', 'deep.smp.test.example', 'intermediate', 30, 'leaf.ext', 4);
  const read = (name: string) => readFileSync(file(name), 'utf8');
  return {
    truststore: file('ca.pem'),
    smp: { key: read('smp.key'), chain: [read('smp.pem')] },
    rogue: { key: read('rogue-smp.key'), chain: [read('rogue-smp.pem')] },
    deep: { key: read('deep-smp.key'), chain: [read('deep-smp.pem'), read('intermediate.pem')] },
    leafNotAfter: new Date(new X509Certificate(read('smp.pem')).validTo),
  };
}

function rootOf(xml: string): XElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.root;
}

function metadata(endpointUrl: string): string {
  return `<smp:ServiceMetadata><smp:ServiceInformation>
    <id:ParticipantIdentifier scheme="iso6523-actorid-upis">${PARTICIPANT}</id:ParticipantIdentifier>
    <id:DocumentIdentifier scheme="busdox-docid-qns">${INVOICE}</id:DocumentIdentifier>
    <smp:ProcessList><smp:Process>
      <id:ProcessIdentifier scheme="cenbii-procid-ubl">urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</id:ProcessIdentifier>
      <smp:ServiceEndpointList><smp:Endpoint transportProfile="peppol-transport-as4-v2_0">
        <wsa:EndpointReference><wsa:Address>${endpointUrl}</wsa:Address></wsa:EndpointReference>
        <smp:RequireBusinessLevelSignature>false</smp:RequireBusinessLevelSignature>
        <smp:Certificate>MIIBAAAA</smp:Certificate>
        <smp:ServiceDescription>Test access point</smp:ServiceDescription>
        <smp:TechnicalContactUrl>mailto:ops@ap.example</smp:TechnicalContactUrl>
      </smp:Endpoint></smp:ServiceEndpointList>
    </smp:Process></smp:ProcessList>
  </smp:ServiceInformation></smp:ServiceMetadata>`;
}

/** Signs like an SMP does: enveloped signature, Reference URI="" over the document, RSA-SHA256. */
function signDocument(
  content: string,
  signer: Signer,
  c14n: 'exclusive' | 'inclusive' = 'exclusive',
  extraInSignature = '',
): string {
  const exclusive = c14n === 'exclusive';
  const method = exclusive ? ALGORITHMS.excC14n : ALGORITHMS.c14n;
  const transforms = `<ds:Transform Algorithm="${ALGORITHMS.enveloped}"/>${exclusive ? `<ds:Transform Algorithm="${ALGORITHMS.excC14n}"/>` : ''}`;
  const certificates = signer.chain
    .map((pem) => `<ds:X509Certificate>${pem.replace(/-----[A-Z ]+-----|\s/g, '')}</ds:X509Certificate>`)
    .join('');
  const template =
    `<?xml version="1.0" encoding="UTF-8"?>\n<smp:SignedServiceMetadata ${SMP_NS}>${content}<ds:Signature><ds:SignedInfo>` +
    `<ds:CanonicalizationMethod Algorithm="${method}"/><ds:SignatureMethod Algorithm="${ALGORITHMS.rsaSha256}"/>` +
    `<ds:Reference URI=""><ds:Transforms>${transforms}</ds:Transforms><ds:DigestMethod Algorithm="${ALGORITHMS.sha256}"/><ds:DigestValue>@DIGEST@</ds:DigestValue></ds:Reference>` +
    `</ds:SignedInfo><ds:SignatureValue>@SIGNATURE@</ds:SignatureValue><ds:KeyInfo><ds:X509Data>${certificates}</ds:X509Data></ds:KeyInfo>${extraInSignature}</ds:Signature></smp:SignedServiceMetadata>`;
  const unsigned = rootOf(template);
  const signatureElement = unsigned.getElementsByTagNameNS(DSIG_NS, 'Signature')[0];
  const digest = createHash('sha256')
    .update(canonicalize(unsigned, { exclusive, exclude: signatureElement }))
    .digest('base64');
  const digested = template.replace('@DIGEST@', digest);
  const signedInfo = rootOf(digested).getElementsByTagNameNS(DSIG_NS, 'SignedInfo')[0];
  const value = sign('sha256', Buffer.from(canonicalize(signedInfo, { exclusive }), 'utf8'), signer.key).toString(
    'base64',
  );
  return digested.replace('@SIGNATURE@', value);
}

describe('SMP lookup adapter: signature of the service metadata (XML-DSig, trust anchors)', () => {
  let dir: string;
  let pki: ReturnType<typeof createPki>;
  let server: http.Server;
  let base = '';
  let body = '';
  let moved = '';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'smp-pki-'));
    pki = createPki(dir);
    server = http.createServer((req, res) => {
      const path = decodeURIComponent(req.url!);
      res.setHeader('content-type', 'application/xml');
      if (path === `/iso6523-actorid-upis::${PARTICIPANT}`) {
        res.end(
          `<smp:ServiceGroup ${SMP_NS}><smp:ServiceMetadataReferenceCollection><smp:ServiceMetadataReference href="${base}/${encodeURIComponent(`iso6523-actorid-upis::${PARTICIPANT}`)}/services/${encodeURIComponent(`busdox-docid-qns::${INVOICE}`)}"/></smp:ServiceMetadataReferenceCollection></smp:ServiceGroup>`,
        );
      } else if (path.startsWith('/moved/')) {
        res.end(moved);
      } else if (path.includes('/services/')) {
        res.end(body);
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const client = (signatures?: SmpSignaturePolicy) =>
    createSmpLookupClient({
      zone: ZONE,
      timeoutMs: 2000,
      resolveNaptr: async (host) =>
        host === smlHostname(PARTICIPANT, ZONE)
          ? [{ order: 1, preference: 1, flags: 'U', service: 'Meta:SMP', regexp: `!^.*$!${base}!`, replacement: '' }]
          : [],
      ...(signatures ? { signatures } : {}),
    });
  const verifying = (now?: Date): SmpSignaturePolicy => ({
    mode: 'verify',
    trustAnchors: loadTrustAnchors(pki.truststore),
    ...(now ? { now: () => now } : {}),
  });
  const endpointOf = async (policy: SmpSignaturePolicy) =>
    (await client(policy).lookup(PARTICIPANT, caller))?.documentTypes[0]?.processes[0]?.endpoints[0]?.endpointUrl;
  const refusal = (policy?: SmpSignaturePolicy) =>
    client(policy)
      .lookup(PARTICIPANT, caller)
      .then(
        () => undefined,
        (e) => e as UpstreamError,
      );

  it('accepts metadata signed by an SMP certificate issued by a trust anchor (exclusive C14N)', async () => {
    body = signDocument(metadata('https://ap.example/as4'), pki.smp);
    expect(await endpointOf(verifying())).to.equal('https://ap.example/as4');
  });

  it('accepts inclusive C14N and a chain through an intermediate CA carried in KeyInfo', async () => {
    body = signDocument(metadata('https://ap.example/as4'), pki.smp, 'inclusive');
    expect(await endpointOf(verifying())).to.equal('https://ap.example/as4');
    body = signDocument(metadata('https://deep.example/as4'), pki.deep);
    expect(await endpointOf(verifying())).to.equal('https://deep.example/as4');
  });

  it('refuses tampered content as a malformed upstream answer, never as "not registered"', async () => {
    body = signDocument(metadata('https://ap.example/as4'), pki.smp).replace(
      'https://ap.example/as4',
      'https://attacker.example/as4',
    );
    const err = await refusal(verifying());
    expect(err).to.be.instanceOf(UpstreamError);
    expect(err).to.deep.include({ upstream: 'smp', kind: 'malformed' });
    expect(err!.message).to.match(/digest of the signed content does not match/);
  });

  it('refuses a forged SignatureValue', async () => {
    const signed = signDocument(metadata('https://ap.example/as4'), pki.smp);
    body = signed.replace(/<ds:SignatureValue>(.)/, (_, c: string) => `<ds:SignatureValue>${c === 'A' ? 'B' : 'A'}`);
    expect((await refusal(verifying()))!.message).to.match(/SignatureValue does not verify/);
  });

  it('refuses metadata signed by a certificate of an untrusted CA', async () => {
    body = signDocument(metadata('https://ap.example/as4'), pki.rogue);
    const err = await refusal(verifying());
    expect(err).to.deep.include({ upstream: 'smp', kind: 'malformed' });
    expect(err!.message).to.match(/does not chain to a configured SMP trust anchor/);
  });

  it('refuses metadata whose signing certificate has expired', async () => {
    body = signDocument(metadata('https://ap.example/as4'), pki.smp);
    const err = await refusal(verifying(new Date(pki.leafNotAfter.getTime() + 86_400_000)));
    expect(err).to.deep.include({ upstream: 'smp', kind: 'malformed' });
    expect(err!.message).to.match(/signing certificate .* is not valid at/);
  });

  it('refuses unsigned metadata and metadata with a second, unverified Signature', async () => {
    body = `<smp:SignedServiceMetadata ${SMP_NS}>${metadata('https://ap.example/as4')}</smp:SignedServiceMetadata>`;
    expect((await refusal(verifying()))!.message).to.match(/exactly one ds:Signature/);
    const signed = signDocument(metadata('https://ap.example/as4'), pki.smp);
    body = signed.replace('<smp:ServiceInformation>', '<smp:ServiceInformation><ds:Signature/>');
    expect((await refusal(verifying()))!.message).to.match(/exactly one ds:Signature/);
  });

  it('reads only the signed ServiceMetadata: a Redirect hidden in the Signature is not followed', async () => {
    body = signDocument(
      metadata('https://ap.example/as4'),
      pki.smp,
      'exclusive',
      `<ds:Object><smp:ServiceMetadata><smp:Redirect href="http://127.0.0.1:1/evil"><smp:CertificateUID>x</smp:CertificateUID></smp:Redirect></smp:ServiceMetadata></ds:Object>`,
    );
    expect(await endpointOf(verifying())).to.equal('https://ap.example/as4');
  });

  it('verifies an SMP redirect and the metadata it leads to', async () => {
    const redirect = (href: string) =>
      `<smp:ServiceMetadata><smp:Redirect href="${href}"><smp:CertificateUID>smp.test.example</smp:CertificateUID></smp:Redirect></smp:ServiceMetadata>`;
    body = signDocument(redirect(`${base}/moved/here`), pki.smp);
    moved = signDocument(metadata('https://moved.example/as4'), pki.deep);
    expect(await endpointOf(verifying())).to.equal('https://moved.example/as4');
    moved = signDocument(metadata('https://moved.example/as4'), pki.rogue);
    expect((await refusal(verifying()))!.message).to.match(
      new RegExp(`${base}/moved/here is refused: .*does not chain`),
    );
    body = signDocument(redirect(`${base}/moved/here`), pki.rogue);
    moved = signDocument(metadata('https://moved.example/as4'), pki.smp);
    expect((await refusal(verifying()))!.message).to.match(/does not chain/);
  });

  it('fails closed without trust anchors, and accepts unverified metadata only when told to skip', async () => {
    body = signDocument(metadata('https://ap.example/as4'), pki.smp);
    const err = await refusal();
    expect(err).to.deep.include({ upstream: 'smp', kind: 'malformed' });
    expect(err!.message).to.match(/SMP_TRUSTSTORE_PEM/);
    body = `<smp:SignedServiceMetadata ${SMP_NS}>${metadata('https://ap.example/as4')}</smp:SignedServiceMetadata>`;
    expect(await endpointOf({ mode: 'skip' })).to.equal('https://ap.example/as4');
  });

  it('derives the policy from the configuration: verify with SMP_TRUSTSTORE_PEM, refuse without, skip only on false', () => {
    expect(smpSignaturePolicy({ smpVerifySignatures: true, smpTruststorePem: undefined })).to.deep.include({
      mode: 'refuse',
    });
    expect(smpSignaturePolicy({ smpVerifySignatures: false, smpTruststorePem: pki.truststore })).to.deep.equal({
      mode: 'skip',
    });
    const policy = smpSignaturePolicy({
      smpVerifySignatures: true,
      smpTruststorePem: `${pki.truststore}, ${pki.truststore}`,
    });
    expect(policy.mode).to.equal('verify');
    expect(policy.mode === 'verify' && policy.trustAnchors.map((c) => c.subject)).to.deep.equal([
      'CN=Test SMP CA',
      'CN=Test SMP CA',
    ]);
    expect(() => smpSignaturePolicy({ smpTruststorePem: join(dir, 'missing.pem') })).to.throw(
      /SMP_TRUSTSTORE_PEM: cannot read/,
    );
    writeFileSync(join(dir, 'empty.pem'), 'not a certificate');
    expect(() => smpSignaturePolicy({ smpTruststorePem: join(dir, 'empty.pem') })).to.throw(
      /contains no PEM certificate/,
    );
  });

  describe('canonicalization', () => {
    // Expected forms produced by libxml2 (`xmllint --exc-c14n` / `--c14n`) for the same input.
    const input = `<?xml version="1.0" encoding="UTF-8"?>
<smp:SignedServiceMetadata xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/" xmlns:wsa="http://www.w3.org/2005/08/addressing" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:unused="urn:unused">
<!-- dropped -->
  <smp:ServiceMetadata b="2" a="1 &amp; &lt; &quot;x&quot;" xmlns="urn:default">
    <smp:ServiceInformation id:scheme="s" zattr='q"x'>
      <inner xmlns="">text &gt; &amp; <![CDATA[ <cdata> & ]]> é</inner>
      <dflt>x</dflt>
      <empty/>
      <?pi some data?>
      <wsa:EndpointReference><wsa:Address>https://ap.example/as4</wsa:Address></wsa:EndpointReference>
    </smp:ServiceInformation>
  </smp:ServiceMetadata>
</smp:SignedServiceMetadata>`;

    it('matches exclusive C14N: only visibly utilized namespaces, sorted attributes, no comments', () => {
      expect(canonicalize(rootOf(input), { exclusive: true })).to
        .equal(`<smp:SignedServiceMetadata xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/">

  <smp:ServiceMetadata a="1 &amp; &lt; &quot;x&quot;" b="2">
    <smp:ServiceInformation xmlns:id="http://busdox.org/transport/identifiers/1.0/" zattr="q&quot;x" id:scheme="s">
      <inner>text &gt; &amp;  &lt;cdata&gt; &amp;  é</inner>
      <dflt xmlns="urn:default">x</dflt>
      <empty xmlns="urn:default"></empty>
      <?pi some data?>
      <wsa:EndpointReference xmlns:wsa="http://www.w3.org/2005/08/addressing"><wsa:Address>https://ap.example/as4</wsa:Address></wsa:EndpointReference>
    </smp:ServiceInformation>
  </smp:ServiceMetadata>
</smp:SignedServiceMetadata>`);
    });

    it('matches inclusive C14N: every in-scope namespace at the apex, xmlns="" where the default is undone', () => {
      expect(canonicalize(rootOf(input), { exclusive: false })).to
        .equal(`<smp:SignedServiceMetadata xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:id="http://busdox.org/transport/identifiers/1.0/" xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:unused="urn:unused" xmlns:wsa="http://www.w3.org/2005/08/addressing">

  <smp:ServiceMetadata xmlns="urn:default" a="1 &amp; &lt; &quot;x&quot;" b="2">
    <smp:ServiceInformation zattr="q&quot;x" id:scheme="s">
      <inner xmlns="">text &gt; &amp;  &lt;cdata&gt; &amp;  é</inner>
      <dflt>x</dflt>
      <empty></empty>
      <?pi some data?>
      <wsa:EndpointReference><wsa:Address>https://ap.example/as4</wsa:Address></wsa:EndpointReference>
    </smp:ServiceInformation>
  </smp:ServiceMetadata>
</smp:SignedServiceMetadata>`);
    });
  });
});
