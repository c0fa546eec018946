import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { makeTestPki } from '../../scripts/network/pki.ts';
import { createNaptrResolver } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import {
  createSmpRestRegistrar,
  createSmpSimulator,
  documentTypeIdsFor,
  parseEndpoint,
  parseServiceGroup,
  readAccessPointCertificate,
  SmpError,
  type SmpRestOptions,
} from '../../upstreams/smp-registration/index.ts';
import { stubDns, type DnsStub } from '../support/dns-stub.ts';
import { SHARED } from '../support/paths.ts';
import { stubPhossSmp, stubSml, type PhossSmpStub, type SmlStub } from '../support/phoss-smp-stub.ts';
import { testServers } from '../support/servers.ts';

const SMP_XSD = path.join(SHARED, 'standards', 'peppol-smp-1.0');

/** xmllint's complaints about a document against one of the SMP 1.0 / business card schemas. */
function xsdErrors(xml: string, schema: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'smp-xsd-'));
  writeFileSync(path.join(dir, 'doc.xml'), xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', path.join(SMP_XSD, schema), path.join(dir, 'doc.xml')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return [];
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err)
      .split('\n')
      .filter((l) => l && !l.endsWith('fails to validate'));
  }
}

async function errorOf(promise: Promise<unknown>): Promise<SmpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SmpError) return err;
    throw err;
  }
  throw new Error('expected an SmpError');
}

interface Recorded {
  method: string;
  url: string;
  body: string;
  authorization: string | undefined;
}

/** An SMP stand-in keeping service groups in memory, with an optional override per request. */
async function smpStub(override?: (req: Recorded, res: http.ServerResponse) => boolean) {
  const requests: Recorded[] = [];
  const groups = new Map<string, Set<string>>();
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const recorded = { method: req.method!, url: req.url!, body, authorization: req.headers.authorization };
      requests.push(recorded);
      if (override?.(recorded, res)) return;
      const [group, service] = req.url!.slice(1).split('/services/') as [string, string | undefined];
      if (req.method === 'PUT' && !service) {
        groups.set(group, groups.get(group) ?? new Set());
        res.statusCode = 200;
        return res.end();
      }
      if (req.method === 'PUT' && service) {
        groups.get(group)?.add(service);
        res.statusCode = groups.has(group) ? 200 : 404;
        return res.end();
      }
      if (req.method === 'DELETE' && service) {
        res.statusCode = groups.get(group)?.delete(service) ? 200 : 404;
        return res.end();
      }
      if (req.method === 'DELETE') {
        res.statusCode = groups.delete(group) ? 200 : 404;
        return res.end();
      }
      const found = groups.get(group);
      if (!found) {
        res.statusCode = 404;
        return res.end();
      }
      res.setHeader('content-type', 'application/xml');
      res.end(
        `<?xml version="1.0"?><ServiceGroup xmlns="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/"><id:ParticipantIdentifier scheme="iso6523-actorid-upis">${decodeURIComponent(group)}</id:ParticipantIdentifier><ServiceMetadataReferenceCollection>${[...found].map((s) => `<ServiceMetadataReference href="${base}/${group}/services/${s}"/>`).join('')}</ServiceMetadataReferenceCollection></ServiceGroup>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    groups,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const options = (baseUrl: string | undefined, timeoutMs = 2000) => ({
  baseUrl,
  username: 'ap',
  password: 'secret',
  timeoutMs,
  endpointUrl: 'https://ap.example/as4',
  technicalContact: 'mailto:peppol-support@docex.example',
  endpointCertificate: { base64Der: 'MIIB', notAfter: new Date('2030-01-01T00:00:00Z'), subject: 'CN=AP' },
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SmpError) return err.code;
    throw err;
  }
  throw new Error('expected an SmpError');
}

describe('SMP registration adapters', () => {
  describe('SMP REST adapter (phoss-smp routes, SML over DNS)', () => {
    const ZONE = 'participant.sml.test.tech.peppol.org';
    const PARTICIPANT = '0208:0888888895';
    const SG = `/${encodeURIComponent('iso6523-actorid-upis::0208:0888888895')}`;
    let dns: DnsStub;
    let sml: SmlStub;
    let smp: PhossSmpStub;
    let other: PhossSmpStub;
    let ap: { cert: string; base64: string; notAfter: Date };

    before(() => {
      const pki = makeTestPki(mkdtempSync(path.join(tmpdir(), 'smp-pki-')));
      const x509 = new X509Certificate(readFileSync(pki.a.certificateFile));
      ap = { cert: pki.a.certificateFile, base64: x509.raw.toString('base64'), notAfter: new Date(x509.validTo) };
    });
    beforeEach(async () => {
      sml = stubSml(ZONE);
      dns = await stubDns(sml.records);
      smp = await stubPhossSmp({ sml });
      other = await stubPhossSmp({ sml });
    });
    afterEach(async () => {
      await Promise.all([smp.close(), other.close(), dns.close()]);
    });

    function lookupClient() {
      return createSmpLookupClient({
        zone: ZONE,
        resolveNaptr: createNaptrResolver({ servers: [dns.server], timeoutMs: 1000 }),
        timeoutMs: 1000,
      });
    }

    function registrar(overrides: Partial<SmpRestOptions> = {}) {
      const lookup = lookupClient();
      return createSmpRestRegistrar({
        ...options(smp.url),
        endpointCertificate: readAccessPointCertificate(ap.cert),
        technicalContact: 'mailto:peppol-support@docex.example',
        now: () => new Date('2026-11-29T10:00:00.123Z'),
        sml: { locate: (id) => lookup.locate!(id), ownSmpUrl: smp.url },
        ...overrides,
      });
    }
    const card = {
      name: 'Acme BV',
      countryCode: 'BE',
      identifiers: [{ scheme: 'VAT', value: 'BE0888888895' }],
      registrationDate: '2026-11-29',
    };
    const invoiceOnly = () => documentTypeIdsFor(['invoice']);

    it('creates the service group in the SML, publishes the AP endpoint and certificate per document type, and the business card', async () => {
      const documentTypeIds = documentTypeIdsFor(['invoice', 'debit-note', 'credit-note']);
      expect(documentTypeIds).to.have.length(2);
      const result = await registrar().register({ participantId: PARTICIPANT, documentTypeIds, businessCard: card });
      expect(result).to.deep.equal({ created: true, written: documentTypeIds, removed: [], businessCard: true });
      const writes = smp.requests.filter((r) => r.method !== 'GET');
      expect(writes.map((r) => `${r.method} ${r.path.split('/services/')[0]}`)).to.deep.equal([
        `PUT ${SG}`,
        `PUT ${SG}`,
        `PUT ${SG}`,
        `PUT /businesscard${SG}`,
        `POST /businesscard${SG}/push`,
      ]);
      expect(writes[0].query.get('create-in-sml')).to.equal('true');
      expect(sml.owner(PARTICIPANT)).to.equal(smp.url);
      const metadata = writes[1].body;
      expect(metadata)
        .to.contain('<Endpoint transportProfile="peppol-transport-as4-v2_0">')
        .and.contain('<wsa:Address>https://ap.example/as4</wsa:Address>')
        .and.contain(`<Certificate>${ap.base64}</Certificate>`)
        .and.contain('<TechnicalContactUrl>mailto:peppol-support@docex.example</TechnicalContactUrl>')
        .and.contain('<ServiceActivationDate>2026-11-29T10:00:00Z</ServiceActivationDate>')
        .and.contain(`<ServiceExpirationDate>${ap.notAfter.toISOString().slice(0, 19)}Z</ServiceExpirationDate>`);
      expect(parseEndpoint(metadata)).to.deep.equal({
        transportProfile: 'peppol-transport-as4-v2_0',
        url: 'https://ap.example/as4',
        certificate: ap.base64,
        technicalContact: 'mailto:peppol-support@docex.example',
      });
      expect(xsdErrors(metadata, 'busdox-2015-04/ServiceMetadataPublishingTypes-1.0.xsd')).to.deep.equal([]);
      const bc = smp.cards.get('iso6523-actorid-upis::0208:0888888895')!;
      expect(bc)
        .to.contain('<BusinessEntity registrationDate="2026-11-29">')
        .and.contain('<Identifier scheme="VAT">BE0888888895</Identifier>');
      expect(xsdErrors(bc, 'directory-business-card/peppol-directory-business-card-20180621.xsd')).to.deep.equal([]);
      expect(smp.pushed).to.deep.equal(['iso6523-actorid-upis::0208:0888888895']);
      expect(
        smp.requests.every((r) => r.authorization === `Basic ${Buffer.from('ap:secret').toString('base64')}`),
      ).to.equal(true);
      expect(await registrar().registeredDocumentTypes(PARTICIPANT)).to.have.members(documentTypeIds);
    });

    it('a change of capabilities writes exactly the added metadata and deletes the removed; a new endpoint rewrites all', async () => {
      const [invoice] = documentTypeIdsFor(['invoice']);
      const [order] = documentTypeIdsFor(['purchase-order']);
      const [quote] = documentTypeIdsFor(['quote']);
      await registrar().register({ participantId: PARTICIPANT, documentTypeIds: [invoice, order] });
      smp.requests.length = 0;
      const changed = await registrar().register({ participantId: PARTICIPANT, documentTypeIds: [invoice, quote] });
      expect(changed).to.deep.equal({ created: false, written: [quote], removed: [order], businessCard: false });
      const writes = smp.requests
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${decodeURIComponent(r.path)}`);
      expect(writes).to.deep.equal([
        `PUT /iso6523-actorid-upis::${PARTICIPANT}/services/busdox-docid-qns::${quote}`,
        `DELETE /iso6523-actorid-upis::${PARTICIPANT}/services/busdox-docid-qns::${order}`,
      ]);
      const moved = await registrar({ endpointUrl: 'https://ap2.example/as4' }).register({
        participantId: PARTICIPANT,
        documentTypeIds: [invoice, quote],
      });
      expect(moved.written).to.have.members([invoice, quote]);
      expect(await registrar().registeredDocumentTypes(PARTICIPANT)).to.have.members([invoice, quote]);
    });

    it('deregistration removes the metadata, the business card, the service group and the SML entry; twice is fine', async () => {
      await registrar().register({ participantId: PARTICIPANT, documentTypeIds: invoiceOnly(), businessCard: card });
      smp.requests.length = 0;
      await registrar().deregister(PARTICIPANT);
      expect(smp.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
        `DELETE ${SG}/services`,
        `DELETE /businesscard${SG}`,
        `DELETE ${SG}`,
      ]);
      expect(smp.requests[2].query.get('delete-in-sml')).to.equal('true');
      expect(smp.groups.size).to.equal(0);
      expect(smp.cards.size).to.equal(0);
      expect(sml.owner(PARTICIPANT)).to.equal(undefined);
      await registrar().deregister(PARTICIPANT);
      expect(await registrar().registeredDocumentTypes(PARTICIPANT)).to.equal(undefined);
    });

    it('a participant another SMP holds in the SML is SML_CONFLICT before anything is written', async () => {
      sml.create(PARTICIPANT, other.url);
      const err = await errorOf(
        registrar().register({ participantId: PARTICIPANT, documentTypeIds: invoiceOnly(), businessCard: card }),
      );
      expect(err.code).to.equal('SML_CONFLICT');
      expect(err.message).to.contain(other.url);
      expect(smp.requests.filter((r) => r.method !== 'GET')).to.deep.equal([]);
      expect(smp.groups.size).to.equal(0);
    });

    it("the SMP's own SML refusal (HTTP 500) is SML_CONFLICT once the SML names another SMP; without the SML it is retried", async () => {
      sml.create(PARTICIPANT, other.url);
      let checks = 0;
      const lookup = lookupClient();
      // The check before the write misses (the SML's DNS lags); the SMP's refusal, then the DNS, tell.
      const racing = registrar({
        sml: { locate: async (id) => (++checks === 1 ? undefined : lookup.locate!(id)), ownSmpUrl: smp.url },
      });
      const err = await errorOf(racing.register({ participantId: PARTICIPANT, documentTypeIds: invoiceOnly() }));
      expect(err.code).to.equal('SML_CONFLICT');
      expect(smp.requests.find((r) => r.method === 'PUT')!.query.get('create-in-sml')).to.equal('true');
      expect(smp.groups.size).to.equal(0);
      const blind = registrar({ sml: undefined });
      expect(
        (await errorOf(blind.register({ participantId: PARTICIPANT, documentTypeIds: invoiceOnly() }))).code,
      ).to.equal('UPSTREAM_UNAVAILABLE');
    });

    it('an SML refusal (400 on create) after which the SMP kept the service group: the group is removed again, not in the SML', async () => {
      const leaky: PhossSmpStub = await stubPhossSmp({
        override: (req, res) => {
          if (req.method !== 'PUT' || !req.query.has('create-in-sml')) return false;
          leaky.groups.set(decodeURIComponent(req.path.slice(1)), new Map());
          res.statusCode = 500;
          res.end(
            `Error in SML: HTTP 400 Bad Request: The participant identifier '${PARTICIPANT}' is already registered.`,
          );
          return true;
        },
      });
      try {
        const err = await errorOf(
          registrar({ ...options(leaky.url), sml: undefined }).register({
            participantId: PARTICIPANT,
            documentTypeIds: invoiceOnly(),
            businessCard: card,
          }),
        );
        expect(err.code).to.equal('SML_CONFLICT');
        expect(leaky.groups.size).to.equal(0);
        const removal = leaky.requests.find((r) => r.method === 'DELETE')!;
        expect(removal.query.get('delete-in-sml')).to.equal('false');
        expect(
          leaky.requests.filter((r) => r.path.includes('/services/') || r.path.startsWith('/businesscard')),
        ).to.deep.equal([]);
      } finally {
        await leaky.close();
      }
    });

    it('nothing is written while the endpoint, the certificate or the technical contact is not configured', async () => {
      const err = await errorOf(
        registrar({ endpointUrl: undefined, technicalContact: undefined }).register({
          participantId: PARTICIPANT,
          documentTypeIds: invoiceOnly(),
        }),
      );
      expect(err.code).to.equal('UPSTREAM_UNAVAILABLE');
      expect(err.message).to.equal(
        'ACCESS_POINT_AS4_URL, SMP_TECHNICAL_CONTACT are not set: the SMP cannot publish the access point.',
      );
      expect(smp.requests).to.deep.equal([]);
    });

    it("phoss-smp's migration routes: outbound start returns the key, cancel and finalize; inbound takes the participant over", async () => {
      const theirRegistrar = registrar({ baseUrl: other.url, sml: undefined });
      await theirRegistrar.register({ participantId: PARTICIPANT, documentTypeIds: invoiceOnly() });
      expect(sml.owner(PARTICIPANT)).to.equal(other.url);
      const theirs = theirRegistrar.migrations!;
      const { migrationKey } = await theirs.startOutbound(PARTICIPANT);
      expect(migrationKey).to.match(/^Mk/);
      await theirs.cancelOutbound(PARTICIPANT);
      expect((await errorOf(theirs.cancelOutbound(PARTICIPANT))).code).to.equal('INVALID_INPUT');
      const second = await theirs.startOutbound(PARTICIPANT);
      smp.foreignKeys.set(PARTICIPANT, second.migrationKey);
      expect((await errorOf(registrar().migrations!.inbound(PARTICIPANT, 'wrong-key'))).code).to.equal(
        'UPSTREAM_UNAVAILABLE',
      );
      await registrar().migrations!.inbound(PARTICIPANT, second.migrationKey);
      expect(smp.requests.at(-1)!.path).to.equal(`/migration/inbound${SG}/${encodeURIComponent(second.migrationKey)}`);
      expect(sml.owner(PARTICIPANT)).to.equal(smp.url);
      await theirs.finalizeOutbound(PARTICIPANT);
      expect(other.groups.size).to.equal(0);
      const result = await registrar().register({ participantId: PARTICIPANT, documentTypeIds: invoiceOnly() });
      expect(result.created).to.equal(false);
      expect(result.written).to.deep.equal(invoiceOnly());
    });

    it('malformed XML, a non-ServiceGroup root and HTTP 5xx are UPSTREAM_UNAVAILABLE; a 4xx on PUT is INVALID_INPUT', async () => {
      const cases: Array<[string, (r: Recorded, res: http.ServerResponse) => boolean, string]> = [
        [
          'malformed',
          (r, res) => r.method === 'GET' && (res.end('<ServiceGroup><unclosed></ServiceGroup>'), true),
          'UPSTREAM_UNAVAILABLE',
        ],
        [
          'wrong root',
          (r, res) =>
            r.method === 'GET' && (res.end('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'), true),
          'UPSTREAM_UNAVAILABLE',
        ],
        ['500', (_r, res) => ((res.statusCode = 500), res.end(), true), 'UPSTREAM_UNAVAILABLE'],
        ['400', (r, res) => r.method === 'PUT' && ((res.statusCode = 400), res.end('bad'), true), 'INVALID_INPUT'],
      ];
      for (const [what, override, code] of cases) {
        const smp = await smpStub(override);
        try {
          expect(
            await codeOf(
              createSmpRestRegistrar(options(smp.url)).register({
                participantId: '0208:0888888895',
                documentTypeIds: documentTypeIdsFor(['invoice']),
              }),
            ),
            what,
          ).to.equal(code);
        } finally {
          await smp.close();
        }
      }
      expect(() => parseServiceGroup('<<<')).to.throw(SmpError, /malformed XML/);
    });

    it('an SMP slower than the timeout is UPSTREAM_TIMEOUT; no base URL is UPSTREAM_UNAVAILABLE', async () => {
      const smp = await smpStub((_r, res) => {
        setTimeout(() => {
          res.statusCode = 404;
          res.end();
        }, 1000);
        return true;
      });
      try {
        expect(await codeOf(createSmpRestRegistrar(options(smp.url, 150)).deregister('0208:0888888895'))).to.equal(
          'UPSTREAM_TIMEOUT',
        );
      } finally {
        await smp.close();
      }
      expect(await codeOf(createSmpRestRegistrar(options(undefined)).deregister('0208:0888888895'))).to.equal(
        'UPSTREAM_UNAVAILABLE',
      );
    });

    it('the probe reads a service group and accepts 404', async () => {
      const smp = await smpStub();
      try {
        expect(await createSmpRestRegistrar(options(smp.url)).probe()).to.contain('SMP answered');
      } finally {
        await smp.close();
      }
    });
  });

  describe('sandbox SMP simulator', () => {
    it('keeps registrations in sandbox_smp_participants, replacing them on re-registration', async () => {
      const simulator = createSmpSimulator(testServers().db);
      const participantId = `0208:${Date.now()}`;
      await simulator.register({ participantId, documentTypeIds: documentTypeIdsFor(['invoice', 'quote']) });
      await simulator.register({ participantId, documentTypeIds: documentTypeIdsFor(['invoice']) });
      expect(await simulator.registeredDocumentTypes(participantId)).to.deep.equal(documentTypeIdsFor(['invoice']));
      await simulator.deregister(participantId);
      expect(await simulator.registeredDocumentTypes(participantId)).to.equal(undefined);
      expect(await simulator.probe()).to.match(/^simulator: \d+ sandbox participants$/);
    });
  });
});
