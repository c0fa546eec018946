import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { UpstreamError } from '../../upstreams/directory/types.ts';
import {
  createAnnuaireClient,
  isSiren,
  isSiret,
  LA_POSTE_SIREN,
  luhnValid,
  sandboxAnnuaire,
} from '../../upstreams/french-directory/index.ts';
import type { AnnuaireSearch } from '../../upstreams/french-directory/index.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A loopback annuaire: answers each request with `answer`, and records what it was asked. */
async function stubAnnuaire(answer: (seen: Seen) => { status: number; body?: unknown }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body };
      seen.push(request);
      const { status, body: out } = answer(request);
      res.statusCode = status;
      if (out !== undefined) res.setHeader('content-type', 'application/json');
      res.end(out === undefined ? undefined : typeof out === 'string' ? out : JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SEARCH: AnnuaireSearch = {
  filters: { siren: { op: 'strict', value: '552100554' } },
  sorting: [],
  fields: [],
  include: ['siren'],
  limit: 50,
  ignore: 0,
};
const caller = { organizationId: 'org_test' };

describe('French directory (annuaire) adapter', () => {
  it('POSTs searches as the standard writes them and reads the envelope, with the bearer token', async () => {
    const annuaire = await stubAnnuaire(() => ({
      status: 200,
      body: { search: {}, totalNumberOfResults: 3, results: [{ addressingIdentifier: '552100554' }] },
    }));
    try {
      const client = createAnnuaireClient({ baseUrl: `${annuaire.url}/v1`, timeoutMs: 2000, token: 'tok' });
      const found = await client.search('directory-line', SEARCH, caller);
      expect(found).to.deep.equal({ totalNumberOfResults: 3, results: [{ addressingIdentifier: '552100554' }] });
      expect(annuaire.seen[0]).to.include({
        method: 'POST',
        url: '/v1/directory-line/search',
        authorization: 'Bearer tok',
      });
      expect(JSON.parse(annuaire.seen[0].body)).to.deep.equal(SEARCH);
    } finally {
      await annuaire.close();
    }
  });

  it('reads single entries with fields and include, 404 as absent and 204 as no result', async () => {
    const annuaire = await stubAnnuaire((seen) =>
      seen.url.startsWith('/v1/siren/')
        ? { status: 200, body: { siren: '552100554', businessName: 'ACME' } }
        : seen.url.includes('/search')
          ? { status: 204 }
          : { status: 404, body: { errorCode: 'NOT_FOUND' } },
    );
    try {
      const client = createAnnuaireClient({ baseUrl: `${annuaire.url}/v1`, timeoutMs: 2000 });
      const unit = await client.get(
        { kind: 'siren', siren: '552100554' },
        { fields: ['siren', 'businessName'], include: [] },
        caller,
      );
      expect(unit).to.deep.equal({ siren: '552100554', businessName: 'ACME' });
      expect(annuaire.seen[0].url).to.equal('/v1/siren/code-insee:552100554?fields=siren%2CbusinessName');
      expect(annuaire.seen[0].authorization).to.equal(undefined);
      const code = await client.get(
        { kind: 'routing-code', siret: '55210055400013', routingIdentifier: 'SERVICE A' },
        { fields: [], include: ['siren', 'siret'] },
        caller,
      );
      expect(code).to.equal(undefined);
      expect(annuaire.seen[1].url).to.equal(
        '/v1/routing-code/siret:55210055400013/code:SERVICE%20A?include=siren%2Csiret',
      );
      expect(await client.search('siret', SEARCH, caller)).to.deep.equal({ totalNumberOfResults: 0, results: [] });
    } finally {
      await annuaire.close();
    }
  });

  it('takes an OAuth2 client-credentials token once and reuses it until it expires', async () => {
    let issued = 0;
    const annuaire = await stubAnnuaire((seen) => {
      if (seen.url === '/token') {
        issued += 1;
        const form = new URLSearchParams(seen.body);
        expect(form.get('grant_type')).to.equal('client_credentials');
        expect(form.get('client_id')).to.equal('id');
        return { status: 200, body: { access_token: `t${issued}`, expires_in: 3600 } };
      }
      return { status: 200, body: { totalNumberOfResults: 0, results: [] } };
    });
    let now = 1_000_000;
    try {
      const client = createAnnuaireClient({
        baseUrl: annuaire.url,
        timeoutMs: 2000,
        oauth: { tokenUrl: `${annuaire.url}/token`, clientId: 'id', clientSecret: 'secret' },
        now: () => now,
      });
      await client.search('siren', SEARCH, caller);
      await client.search('siren', SEARCH, caller);
      now += 3600 * 1000;
      await client.search('siren', SEARCH, caller);
      const searches = annuaire.seen.filter((s) => s.url === '/siren/search');
      expect(searches.map((s) => s.authorization)).to.deep.equal(['Bearer t1', 'Bearer t1', 'Bearer t2']);
    } finally {
      await annuaire.close();
    }
  });

  it('routes a SIRET to its own enabled line, else its SIREN line, as the 0225 participant', async () => {
    const annuaire = await stubAnnuaire(() => ({
      status: 200,
      body: {
        totalNumberOfResults: 3,
        results: [
          { addressingIdentifier: '552100554', siren: '552100554', directoryLineStatus: 'Enabled' },
          {
            addressingIdentifier: '552100554_55210055400013',
            siren: '552100554',
            siret: '55210055400013',
            directoryLineStatus: 'Disabled',
          },
          {
            addressingIdentifier: '552100554_55210055400021',
            siren: '552100554',
            siret: '55210055400021',
            directoryLineStatus: 'Enabled',
            legalUnit: { siren: '552100554', businessName: 'ACME' },
          },
        ],
      },
    }));
    try {
      const client = createAnnuaireClient({ baseUrl: annuaire.url, timeoutMs: 2000 });
      expect(await client.route({ siret: '55210055400021' }, caller)).to.deep.include({
        addressingIdentifier: '552100554_55210055400021',
        peppolId: '0225:552100554_55210055400021',
        name: 'ACME',
      });
      expect(await client.route({ siret: '55210055400013' }, caller)).to.deep.include({
        peppolId: '0225:552100554',
      });
      expect(JSON.parse(annuaire.seen[0].body).filters).to.deep.equal({ siren: { op: 'strict', value: '552100554' } });
    } finally {
      await annuaire.close();
    }
  });

  it('reports a failing, unreachable or nonsensical annuaire as an upstream error', async () => {
    const failing = await stubAnnuaire(() => ({ status: 500, body: { errorCode: 'INTERNAL_ERROR' } }));
    const garbled = await stubAnnuaire(() => ({ status: 200, body: '<html>' }));
    try {
      const cases: Array<[string, UpstreamError['kind']]> = [
        [failing.url, 'unavailable'],
        [garbled.url, 'malformed'],
        ['http://127.0.0.1:9', 'unavailable'],
      ];
      for (const [baseUrl, kind] of cases) {
        const client = createAnnuaireClient({ baseUrl, timeoutMs: 2000 });
        const err = await client.search('siren', SEARCH, caller).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err, baseUrl).to.be.instanceOf(UpstreamError);
        expect((err as UpstreamError).kind, baseUrl).to.equal(kind);
        expect((err as UpstreamError).upstream).to.equal('french-directory');
      }
    } finally {
      await failing.close();
      await garbled.close();
    }
  });
});

describe('French directory simulator data', () => {
  it('is the same on every build, and every SIREN and SIRET carries a valid key', async () => {
    const first = sandboxAnnuaire();
    const { sandboxAnnuaire: fresh } = await import(`../../upstreams/french-directory/seed.ts?again=${Date.now()}`);
    const second = (fresh as typeof sandboxAnnuaire)();
    expect(second).to.not.equal(first);
    expect(JSON.stringify(second.lines)).to.equal(JSON.stringify(first.lines));
    expect(JSON.stringify(second.facilities)).to.equal(JSON.stringify(first.facilities));
    expect(first.legalUnits.length).to.be.greaterThan(500);
    for (const unit of first.legalUnits) expect(isSiren(unit.siren), unit.siren).to.equal(true);
    for (const f of first.facilities) {
      expect(isSiret(f.siret), f.siret).to.equal(true);
      expect(f.siret.slice(0, 9)).to.equal(f.siren);
      // Only La Poste's establishments may miss the Luhn key.
      if (!luhnValid(f.siret)) expect(f.siren).to.equal(LA_POSTE_SIREN);
    }
    expect(first.facilities.some((f) => !luhnValid(f.siret))).to.equal(true);
    expect(isSiret('35600000000048')).to.equal(true);
    expect(isSiren('123456789')).to.equal(false);
  });

  it('has a line for every kind of addressing identifier, each routed to a participant', () => {
    const { lines, routes } = sandboxAnnuaire();
    expect(lines.some((l) => !l.siret && !l.addressingSuffix)).to.equal(true);
    expect(lines.some((l) => l.siret && !l.routingCode)).to.equal(true);
    expect(lines.some((l) => l.routingCode)).to.equal(true);
    expect(lines.some((l) => l.addressingSuffix)).to.equal(true);
    expect(lines.some((l) => l.platformType === 'DFH')).to.equal(true);
    for (const line of lines)
      expect(routes.get(line.addressingIdentifier)?.peppolId, line.addressingIdentifier).to.match(/^00(02|09):\d+$/);
  });
});
