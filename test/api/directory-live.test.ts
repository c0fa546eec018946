import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { createDirectoryServices } from '../../upstreams/directory/index.ts';
import { createDirectoryClient } from '../../upstreams/directory/real.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import { smlHostname } from '../../upstreams/smp-lookup/dns.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS } from '../../upstreams/directory/document-types.ts';
import { loadConfig } from '../../core/config.ts';

const INVOICE = PEPPOL_DOCUMENT_TYPE_IDS.invoice;
const PARTICIPANT = '0208:0403019261';

/**
 * Live keys go to the real adapters: here a loopback Peppol Directory and SMP, with the SML step
 * answered in-process (the DNS path itself is covered by the adapter suite).
 */
describe('Directory with live keys (real adapters against loopback stubs)', () => {
  let app: TestApp;
  let live: Tenant;
  let server: http.Server;
  let mode: 'ok' | 'down' | 'slow' = 'ok';
  before(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://stub');
      if (mode === 'slow') return;
      if (mode === 'down') {
        res.statusCode = 503;
        res.end();
        return;
      }
      if (url.pathname === '/search/1.0/json') {
        const known =
          !url.searchParams.has('participant') ||
          url.searchParams.get('participant') === `iso6523-actorid-upis::${PARTICIPANT}`;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            'total-result-count': known ? 1 : 0,
            matches: known
              ? [
                  {
                    participantID: { scheme: 'iso6523-actorid-upis', value: PARTICIPANT },
                    docTypes: [{ scheme: 'busdox-docid-qns', value: INVOICE }],
                    entities: [
                      {
                        name: [{ name: 'Acme Belgium NV' }],
                        countryCode: 'BE',
                        geoInfo: '1000 Brussels',
                        identifiers: [{ scheme: 'VAT', value: 'BE0403019261' }],
                      },
                    ],
                  },
                ]
              : [],
          }),
        );
        return;
      }
      const path = decodeURIComponent(url.pathname);
      const ns =
        'xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/" xmlns:wsa="http://www.w3.org/2005/08/addressing"';
      res.setHeader('content-type', 'application/xml');
      if (path === `/smp/iso6523-actorid-upis::${PARTICIPANT}`) {
        res.end(
          `<smp:ServiceGroup ${ns}><smp:ServiceMetadataReferenceCollection><smp:ServiceMetadataReference href="${base()}/smp/${encodeURIComponent(`iso6523-actorid-upis::${PARTICIPANT}`)}/services/${encodeURIComponent(`busdox-docid-qns::${INVOICE}`)}"/></smp:ServiceMetadataReferenceCollection></smp:ServiceGroup>`,
        );
      } else if (path.startsWith(`/smp/iso6523-actorid-upis::${PARTICIPANT}/services/`)) {
        res.end(
          `<smp:SignedServiceMetadata ${ns}><smp:ServiceMetadata><smp:ServiceInformation><id:DocumentIdentifier scheme="busdox-docid-qns">${INVOICE}</id:DocumentIdentifier><smp:ProcessList><smp:Process><id:ProcessIdentifier scheme="cenbii-procid-ubl">urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</id:ProcessIdentifier><smp:ServiceEndpointList><smp:Endpoint transportProfile="peppol-transport-as4-v2_0"><wsa:EndpointReference><wsa:Address>https://ap.acme.example/as4</wsa:Address></wsa:EndpointReference><smp:ServiceDescription>Acme AP</smp:ServiceDescription></smp:Endpoint></smp:ServiceEndpointList></smp:Process></smp:ProcessList></smp:ServiceInformation></smp:ServiceMetadata></smp:SignedServiceMetadata>`,
        );
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const timeoutMs = 400;
    const services = createDirectoryServices(testServers().db, loadConfig(), {
      directory: createDirectoryClient({ baseUrl: base(), timeoutMs }),
      smp: createSmpLookupClient({
        zone: 'sml.test.example',
        timeoutMs,
        // This suite is about the API over live adapters; signatures have their own adapter tests.
        signatures: { mode: 'skip' },
        // The SML knows only PARTICIPANT.
        resolveNaptr: async (host) =>
          host === smlHostname(PARTICIPANT, 'sml.test.example')
            ? [
                {
                  order: 1,
                  preference: 1,
                  flags: 'U',
                  service: 'Meta:SMP',
                  regexp: `!^.*$!${base()}/smp!`,
                  replacement: '',
                },
              ]
            : [],
      }),
    });
    app = await startTestApp({ upstreams: { directory: services } });
    live = await createTenant({ livemode: true });
  });
  after(async () => {
    await app.close();
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    mode = 'ok';
  });

  it('searches the Peppol Directory; detail=full asks the SMP for the access point', async () => {
    const res = await fetch(`${app.url}/v1/directory/search?q=acme&country=BE&detail=full`, {
      headers: bearer(live.key),
    });
    expect(res.status).to.equal(200);
    const body = await res.json();
    expect(body.data[0]).to.deep.include({
      peppolId: PARTICIPANT,
      name: 'Acme Belgium NV',
      city: 'Brussels',
      postalCode: '1000',
      vatNumber: 'BE0403019261',
      documentTypes: ['invoice', 'debit-note'],
      source: 'directory',
    });
    expect(body.data[0].accessPoint).to.deep.equal({
      id: 'ap.acme.example',
      name: 'Acme AP',
      country: '',
      endpointUrl: 'https://ap.acme.example/as4',
      transportProfile: 'peppol-transport-as4-v2_0',
      certificateSubject: '',
    });
    expect(body.data[0].smp).to.deep.equal({
      hostname: '127.0.0.1',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/smp`,
    });
  });

  it('verifies through the SML/SMP and names the recipient from the Directory', async () => {
    const res = await fetch(`${app.url}/v1/directory/verify`, {
      method: 'POST',
      headers: jsonHeaders(live.key),
      body: JSON.stringify({ peppolId: PARTICIPANT, documentType: 'INVOICE' }),
    });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.include({ exists: true, canReceive: true, recipientName: 'Acme Belgium NV' });
    const order = await (
      await fetch(`${app.url}/v1/directory/verify`, {
        method: 'POST',
        headers: jsonHeaders(live.key),
        body: JSON.stringify({ peppolId: PARTICIPANT, documentType: 'PURCHASE_ORDER' }),
      })
    ).json();
    expect(order).to.deep.include({ exists: true, canReceive: false });
    const unknown = await (
      await fetch(`${app.url}/v1/directory/verify`, {
        method: 'POST',
        headers: jsonHeaders(live.key),
        body: JSON.stringify({ peppolId: '0208:0202239951', documentType: 'INVOICE' }),
      })
    ).json();
    expect(unknown).to.deep.include({ exists: false, canReceive: false, recipientName: null });
  });

  it('looks a participant up in the Directory and the SMP; 404 when neither knows it', async () => {
    const res = await fetch(`${app.url}/v1/directory/participants/${PARTICIPANT}`, { headers: bearer(live.key) });
    expect(res.status).to.equal(200);
    const body = await res.json();
    expect(body.businessCard).to.deep.include({ name: 'Acme Belgium NV', country: 'BE' });
    expect(body.documentTypes.map((d: any) => d.documentType)).to.deep.equal(['invoice', 'debit-note']);
    expect(body.accessPoint.endpointUrl).to.equal('https://ap.acme.example/as4');
    expect(
      (await fetch(`${app.url}/v1/directory/participants/0208:0202239951`, { headers: bearer(live.key) })).status,
    ).to.equal(404);
  });

  it('503 UPSTREAM_UNAVAILABLE when the Directory fails, 504 UPSTREAM_TIMEOUT when it is too slow, with Retry-After', async () => {
    mode = 'down';
    const down = await fetch(`${app.url}/v1/directory/search?q=acme&country=BE`, { headers: bearer(live.key) });
    expect(down.status).to.equal(503);
    expect(down.headers.get('retry-after')).to.equal('5');
    expect(await errorBody(down)).to.deep.include({
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The Peppol Directory is unavailable or answered something unusable; retry after 5 s.',
    });
    mode = 'slow';
    const slow = await fetch(`${app.url}/v1/directory/search?q=acme&country=BE`, { headers: bearer(live.key) });
    expect(slow.status).to.equal(504);
    expect((await errorBody(slow)).code).to.equal('UPSTREAM_TIMEOUT');
    const verify = await fetch(`${app.url}/v1/directory/verify`, {
      method: 'POST',
      headers: jsonHeaders(live.key),
      body: JSON.stringify({ peppolId: PARTICIPANT, documentType: 'INVOICE' }),
    });
    expect(verify.status).to.equal(504);
    expect(await errorBody(verify)).to.deep.include({
      code: 'UPSTREAM_TIMEOUT',
      message: 'The SMP timed out; retry shortly.',
    });
  });
});
