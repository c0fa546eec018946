import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDirectoryClient } from '../../upstreams/directory/real.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS } from '../../upstreams/directory/document-types.ts';
import { InvalidCursorError, UpstreamError } from '../../upstreams/directory/types.ts';
import { freePort } from '../../core/ports.ts';

/** A stand-in Peppol Directory on loopback: records each request and answers with `reply`. */
async function stubDirectory(reply: (url: URL, res: http.ServerResponse) => void) {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://stub');
    requests.push(url);
    reply(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (body: unknown) => (_url: URL, res: http.ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

const INVOICE = PEPPOL_DOCUMENT_TYPE_IDS.invoice;
const CREDIT = PEPPOL_DOCUMENT_TYPE_IDS['credit-note'];

/** The shape of https://directory.peppol.eu/search/1.0/json answers. */
const PAGE = {
  version: '1.0',
  'total-result-count': 3,
  'used-result-count': 2,
  'result-page-index': 0,
  'result-page-count': 2,
  'first-result-index': 0,
  'last-result-index': 1,
  'query-terms': 'acme',
  'creation-dt': '2026-11-21T10:00:00Z',
  matches: [
    {
      participantID: { scheme: 'iso6523-actorid-upis', value: '0208:0403019261' },
      docTypes: [
        { scheme: 'busdox-docid-qns', value: INVOICE },
        { scheme: 'busdox-docid-qns', value: CREDIT },
        { scheme: 'peppol-doctype-wildcard', value: 'urn:peppol:pint:billing-1@jp-1::2.1' },
      ],
      entities: [
        {
          name: [{ name: 'Acme Belgium NV', language: 'nl' }],
          countryCode: 'BE',
          geoInfo: 'Rue de la Loi 16, 1000 Brussels',
          identifiers: [
            { scheme: 'VAT', value: 'BE0403019261' },
            { scheme: '0208', value: '0403019261' },
          ],
          websites: ['https://acme.example'],
          contacts: [{ type: 'billing', name: 'AP', email: 'ap@acme.example' }],
          additionalInfo: 'NACE: 62.01',
          regDate: '2020-05-04',
        },
        { name: [{ name: 'Acme Belgium - Antwerp branch' }], countryCode: 'BE', geoInfo: '2000 Antwerpen' },
      ],
    },
    {
      participantID: { scheme: 'iso6523-actorid-upis', value: '9925:BE0202239951' },
      docTypes: [{ scheme: 'busdox-docid-qns', value: INVOICE }],
      entities: [{ name: [{ name: 'Acme Services SA' }], countryCode: 'BE', geoInfo: 'Namur' }],
    },
  ],
};

describe('Peppol Directory adapter (real, against a loopback stub)', () => {
  it('sends q, country, doctype and paging, and maps the matches to rows', async () => {
    const stub = await stubDirectory(json(PAGE));
    try {
      const client = createDirectoryClient({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
      const page = await client.search(
        { q: 'acme', country: 'BE', documentTypes: ['invoice'], includeSubEntities: false, limit: 2 },
        { organizationId: 'org_x' },
      );
      const sent = stub.requests[0];
      expect(sent.pathname).to.equal('/search/1.0/json');
      expect(Object.fromEntries(sent.searchParams)).to.deep.equal({
        q: 'acme',
        country: 'BE',
        doctype: `busdox-docid-qns::${INVOICE}`,
        rpi: '0',
        rpc: '2',
      });
      expect(page.rows).to.have.length(2);
      expect(page.rows[0]).to.deep.equal({
        peppolId: '0208:0403019261',
        name: 'Acme Belgium NV',
        country: 'BE',
        street: null,
        city: 'Brussels',
        postalCode: '1000',
        vatNumber: 'BE0403019261',
        identifiers: [
          { scheme: 'VAT', value: 'BE0403019261' },
          { scheme: '0208', value: '0403019261' },
        ],
        naceCodes: ['62.01'],
        documentTypes: ['invoice', 'credit-note', 'debit-note'],
        documentTypeIds: [INVOICE, CREDIT, 'urn:peppol:pint:billing-1@jp-1::2.1'],
        parentPeppolId: null,
        website: 'https://acme.example',
        contactEmail: 'ap@acme.example',
        accessPoint: null,
        smp: null,
        registeredAt: '2020-05-04T00:00:00.000Z',
        source: 'directory',
      });
      expect(page.rows[1]).to.deep.include({
        peppolId: '9925:BE0202239951',
        name: 'Acme Services SA',
        city: 'Namur',
        postalCode: null,
      });
      expect(page.hasMore).to.equal(true);
      await client.search(
        { q: 'acme', country: 'BE', includeSubEntities: false, limit: 2, cursor: page.cursor! },
        { organizationId: 'org_x' },
      );
      expect(stub.requests[1].searchParams.get('rpi')).to.equal('1');
    } finally {
      await stub.close();
    }
  });

  it('returns every business-card entity with includeSubEntities, and applies the filters the Directory lacks', async () => {
    const stub = await stubDirectory(json(PAGE));
    try {
      const client = createDirectoryClient({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
      const all = await client.search(
        { q: 'acme', country: 'BE', includeSubEntities: true, limit: 20 },
        { organizationId: 'o' },
      );
      expect(all.rows.map((r) => r.name)).to.deep.equal([
        'Acme Belgium NV',
        'Acme Belgium - Antwerp branch',
        'Acme Services SA',
      ]);
      const byVat = await client.search(
        { vatNumber: 'BE0202239951', includeSubEntities: false, limit: 20 },
        { organizationId: 'o' },
      );
      expect(stub.requests[1].searchParams.get('q')).to.equal('BE0202239951');
      expect(byVat.rows.map((r) => r.peppolId)).to.deep.equal(['9925:BE0202239951']);
      const byCity = await client.search(
        { q: 'acme', country: 'BE', city: 'BRUSSELS', includeSubEntities: false, limit: 20 },
        { organizationId: 'o' },
      );
      expect(byCity.rows.map((r) => r.peppolId)).to.deep.equal(['0208:0403019261']);
      const byNace = await client.search(
        { q: 'acme', country: 'BE', naceCodes: ['62.01'], postalCode: '10', includeSubEntities: false, limit: 20 },
        { organizationId: 'o' },
      );
      expect(byNace.rows.map((r) => r.peppolId)).to.deep.equal(['0208:0403019261']);
      const bySiren = await client.search(
        { q: '403019261', includeSubEntities: false, limit: 20 },
        { organizationId: 'o' },
      );
      expect(bySiren.rows).to.deep.equal([]);
    } finally {
      await stub.close();
    }
  });

  it("reads on through the Directory's pages until a page filtered locally is full, and resumes where it stopped", async () => {
    const card = (id: string, city: string) => ({
      participantID: { scheme: 'iso6523-actorid-upis', value: id },
      docTypes: [],
      entities: [{ name: [{ name: `Acme ${id}` }], countryCode: 'BE', geoInfo: `1000 ${city}` }],
    });
    const pages = [
      [card('0208:0000000001', 'Brussels'), card('0208:0000000002', 'Namur')],
      [card('0208:0000000003', 'Brussels'), card('0208:0000000004', 'Brussels')],
      [card('0208:0000000005', 'Brussels')],
    ];
    const stub = await stubDirectory((url, res) =>
      json({ ...PAGE, 'total-result-count': 5, matches: pages[Number(url.searchParams.get('rpi'))] ?? [] })(url, res),
    );
    try {
      const client = createDirectoryClient({ baseUrl: stub.baseUrl, timeoutMs: 2000 });
      const query = { q: 'acme', city: 'Brussels', includeSubEntities: false, limit: 2 };
      const first = await client.search(query, { organizationId: 'o' });
      expect(first.rows.map((r) => r.peppolId)).to.deep.equal(['0208:0000000001', '0208:0000000003']);
      expect(first.hasMore).to.equal(true);
      const second = await client.search({ ...query, cursor: first.cursor! }, { organizationId: 'o' });
      expect(second.rows.map((r) => r.peppolId)).to.deep.equal(['0208:0000000004', '0208:0000000005']);
      expect(second.hasMore).to.equal(false);
      expect(stub.requests.map((r) => [r.searchParams.get('rpi'), r.searchParams.get('rpc')])).to.deep.equal([
        ['0', '2'],
        ['1', '2'],
        ['1', '2'],
        ['2', '2'],
      ]);
      let refused: unknown;
      await client
        .search(
          { ...query, cursor: Buffer.from(JSON.stringify(['p', 1])).toString('base64url') },
          { organizationId: 'o' },
        )
        .catch((err: unknown) => {
          refused = err;
        });
      expect(refused).to.be.instanceOf(InvalidCursorError);
    } finally {
      await stub.close();
    }
  });

  it('looks one participant up by its id; undefined when the Directory has no card', async () => {
    const stub = await stubDirectory((url, res) =>
      json(
        url.searchParams.get('participant') === 'iso6523-actorid-upis::0208:0403019261'
          ? PAGE
          : { ...PAGE, 'total-result-count': 0, matches: [] },
      )(url, res),
    );
    try {
      const client = createDirectoryClient({ baseUrl: `${stub.baseUrl}/`, timeoutMs: 2000 });
      expect((await client.participant('0208:0403019261', { organizationId: 'o' }))?.name).to.equal('Acme Belgium NV');
      expect(await client.participant('0208:0000000097', { organizationId: 'o' })).to.equal(undefined);
    } finally {
      await stub.close();
    }
  });

  const failures: Array<[string, (url: URL, res: http.ServerResponse) => void, string]> = [
    ['a body that is not JSON', (_u, res) => res.end('<html>maintenance</html>'), 'malformed'],
    ['JSON without matches', json({ version: '1.0', 'total-result-count': 1 }), 'malformed'],
    ['matches without participant ids', json({ 'total-result-count': 1, matches: [{ docTypes: [] }] }), 'malformed'],
    [
      'HTTP 500',
      (_u, res) => {
        res.statusCode = 500;
        res.end('boom');
      },
      'unavailable',
    ],
    [
      'HTTP 429',
      (_u, res) => {
        res.statusCode = 429;
        res.end();
      },
      'unavailable',
    ],
    ['no answer within the timeout', () => undefined, 'timeout'],
  ];
  for (const [what, reply, kind] of failures) {
    it(`raises UpstreamError ${kind} for ${what}`, async () => {
      const stub = await stubDirectory(reply);
      try {
        const client = createDirectoryClient({ baseUrl: stub.baseUrl, timeoutMs: 300 });
        const err = await client
          .search({ q: 'x', country: 'BE', includeSubEntities: false, limit: 5 }, { organizationId: 'o' })
          .then(
            () => undefined,
            (e) => e,
          );
        expect(err).to.be.instanceOf(UpstreamError);
        expect(err).to.deep.include({ upstream: 'peppol-directory', kind });
      } finally {
        await stub.close();
      }
    });
  }

  it('raises UpstreamError unavailable when nothing listens, and InvalidCursorError for a foreign cursor', async () => {
    const client = createDirectoryClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, timeoutMs: 500 });
    const err = await client
      .search({ q: 'x', country: 'BE', includeSubEntities: false, limit: 5 }, { organizationId: 'o' })
      .then(
        () => undefined,
        (e) => e,
      );
    expect(err).to.be.instanceOf(UpstreamError);
    expect(err.kind).to.equal('unavailable');
    const cursor = await client
      .search({ q: 'x', country: 'BE', includeSubEntities: false, limit: 5, cursor: 'bm9wZQ' }, { organizationId: 'o' })
      .then(
        () => undefined,
        (e) => e,
      );
    expect(cursor).to.be.instanceOf(InvalidCursorError);
  });
});
