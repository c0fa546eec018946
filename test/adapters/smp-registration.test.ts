import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import {
  createSmpRestRegistrar,
  createSmpSimulator,
  documentTypeIdsFor,
  parseServiceGroup,
  SmpError,
} from '../../upstreams/smp-registration/index.ts';
import { testServers } from '../support/servers.ts';

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
  describe('SMP REST adapter', () => {
    it('creates the service group, PUTs one ServiceMetadata per document type with Basic auth, and reads them back', async () => {
      const smp = await smpStub();
      try {
        const registrar = createSmpRestRegistrar(options(smp.url));
        const documentTypeIds = documentTypeIdsFor(['invoice', 'debit-note', 'credit-note']);
        expect(documentTypeIds).to.have.length(2);
        await registrar.register({ participantId: '0208:0888888895', documentTypeIds });
        const group = encodeURIComponent('iso6523-actorid-upis::0208:0888888895');
        expect(smp.requests.map((r) => `${r.method} ${r.url.split('/services/')[0]}`)).to.deep.equal([
          `GET /${group}`,
          `PUT /${group}`,
          `PUT /${group}`,
          `PUT /${group}`,
          `GET /${group}`,
        ]);
        expect(smp.requests[1].body).to.contain(
          '<id:ParticipantIdentifier scheme="iso6523-actorid-upis">0208:0888888895</id:ParticipantIdentifier>',
        );
        expect(smp.requests[2].body)
          .to.contain('<wsa:Address>https://ap.example/as4</wsa:Address>')
          .and.contain('peppol-transport-as4-v2_0');
        expect(
          smp.requests.every((r) => r.authorization === `Basic ${Buffer.from('ap:secret').toString('base64')}`),
        ).to.equal(true);
        expect(await registrar.registeredDocumentTypes('0208:0888888895')).to.have.members(documentTypeIds);
      } finally {
        await smp.close();
      }
    });

    it('re-registration removes services no longer received; deregistration deletes the group (404 is fine)', async () => {
      const smp = await smpStub();
      try {
        const registrar = createSmpRestRegistrar(options(smp.url));
        await registrar.register({
          participantId: '0208:0888888895',
          documentTypeIds: documentTypeIdsFor(['invoice', 'purchase-order']),
        });
        await registrar.register({
          participantId: '0208:0888888895',
          documentTypeIds: documentTypeIdsFor(['invoice']),
        });
        expect(await registrar.registeredDocumentTypes('0208:0888888895')).to.deep.equal(
          documentTypeIdsFor(['invoice']),
        );
        await registrar.deregister('0208:0888888895');
        await registrar.deregister('0208:0888888895');
        expect(await registrar.registeredDocumentTypes('0208:0888888895')).to.equal(undefined);
      } finally {
        await smp.close();
      }
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
