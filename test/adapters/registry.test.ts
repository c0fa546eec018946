import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import {
  createRegistrySimulator,
  createViesRegistry,
  MAGIC_VAT_NUMBERS,
  RegistryError,
  vatFromRegistrationNumber,
} from '../../upstreams/registry/index.ts';
import { checkVatNumber } from '../../peppol/index.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function stub(handler: Handler) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RegistryError) return err.code;
    throw err;
  }
  throw new Error('expected a RegistryError');
}

describe('registry adapters', () => {
  describe('VIES REST adapter', () => {
    it('GETs /ms/{country}/vat/{number} and maps name, address and the Peppol id', async () => {
      const server = await stub(
        json(200, {
          isValid: true,
          userError: 'VALID',
          name: 'ACME NV',
          address: 'Rue de la Loi 16\n1000 Bruxelles',
          requestDate: '2026-11-21',
        }),
      );
      try {
        const company = await createViesRegistry({ baseUrl: server.url, timeoutMs: 2000 }).lookupVat('BE0888888895');
        expect(server.requests).to.deep.equal(['/ms/BE/vat/0888888895']);
        expect(company).to.deep.equal({
          vatNumber: 'BE0888888895',
          country: 'BE',
          legalName: 'ACME NV',
          address: { street: 'Rue de la Loi 16', postalCode: '1000', city: 'Bruxelles', country: 'BE' },
          registrationNumber: null,
          peppolId: '0208:0888888895',
        });
      } finally {
        await server.close();
      }
    });

    it('keeps the VAT number as name when VIES does not disclose it ("---") and derives 9930 for Germany', async () => {
      const server = await stub(json(200, { isValid: true, userError: 'VALID', name: '---', address: '---' }));
      try {
        const company = await createViesRegistry({ baseUrl: server.url, timeoutMs: 2000 }).lookupVat('DE811907980');
        expect(company).to.include({ legalName: 'DE811907980', address: null, peppolId: '9930:DE811907980' });
      } finally {
        await server.close();
      }
    });

    it('isValid false and 404 are VAT_NOT_FOUND; MS_UNAVAILABLE, HTTP 500, non-JSON and a body without isValid are UPSTREAM_UNAVAILABLE; userError TIMEOUT is UPSTREAM_TIMEOUT', async () => {
      const cases: Array<[Handler, string]> = [
        [json(200, { isValid: false, userError: 'INVALID' }), 'VAT_NOT_FOUND'],
        [json(404, {}), 'VAT_NOT_FOUND'],
        [json(200, { isValid: false, userError: 'MS_UNAVAILABLE' }), 'UPSTREAM_UNAVAILABLE'],
        [json(500, { error: 'boom' }), 'UPSTREAM_UNAVAILABLE'],
        [json(200, '<html>maintenance</html>'), 'UPSTREAM_UNAVAILABLE'],
        [json(200, { valid: true }), 'UPSTREAM_UNAVAILABLE'],
        [json(200, { isValid: false, userError: 'TIMEOUT' }), 'UPSTREAM_TIMEOUT'],
      ];
      for (const [handler, code] of cases) {
        const server = await stub(handler);
        try {
          expect(
            await codeOf(createViesRegistry({ baseUrl: server.url, timeoutMs: 2000 }).lookupVat('BE0888888895')),
          ).to.equal(code);
        } finally {
          await server.close();
        }
      }
    });

    it('a registry slower than the timeout is UPSTREAM_TIMEOUT; an unreachable one UPSTREAM_UNAVAILABLE', async () => {
      const server = await stub((_req, res) => {
        setTimeout(() => json(200, { isValid: true })(_req, res), 1000);
      });
      try {
        const started = Date.now();
        expect(
          await codeOf(createViesRegistry({ baseUrl: server.url, timeoutMs: 150 }).lookupVat('BE0888888895')),
        ).to.equal('UPSTREAM_TIMEOUT');
        expect(Date.now() - started).to.be.below(900);
      } finally {
        await server.close();
      }
      expect(
        await codeOf(createViesRegistry({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }).lookupVat('BE0888888895')),
      ).to.equal('UPSTREAM_UNAVAILABLE');
    });

    it('after three failures the circuit opens: calls fail fast with a Retry-After, without reaching VIES', async () => {
      const server = await stub(json(503, {}));
      try {
        const registry = createViesRegistry({ baseUrl: server.url, timeoutMs: 1000 });
        for (let i = 0; i < 3; i++) await codeOf(registry.lookupVat('BE0888888895'));
        try {
          await registry.lookupVat('BE0888888895');
          expect.fail('expected the open circuit to refuse');
        } catch (err) {
          expect(err).to.be.instanceOf(RegistryError);
          expect((err as RegistryError).retryAfterSeconds).to.be.within(1, 10);
        }
        expect(server.requests).to.have.length(3);
      } finally {
        await server.close();
      }
    });

    it('search finds a VAT-number query only; the probe reads /check-status', async () => {
      const server = await stub((req, res) => {
        if (req.url === '/check-status')
          return json(200, {
            vow: { available: true },
            countries: [
              { countryCode: 'BE', availability: 'Available' },
              { countryCode: 'DE', availability: 'Unavailable' },
            ],
          })(req, res);
        return json(200, { isValid: true, name: 'ACME NV', address: '' })(req, res);
      });
      try {
        const registry = createViesRegistry({ baseUrl: server.url, timeoutMs: 2000 });
        expect(await registry.search({ text: 'acme', limit: 5 })).to.deep.equal([]);
        expect((await registry.search({ text: 'BE 0888.888.895', limit: 5 })).map((c) => c.vatNumber)).to.deep.equal([
          'BE0888888895',
        ]);
        expect(await registry.probe()).to.equal('1 of 2 member states available');
      } finally {
        await server.close();
      }
    });

    it('the probe fails on a malformed /check-status answer', async () => {
      const server = await stub(json(200, { status: 'ok' }));
      try {
        let failed = false;
        await createViesRegistry({ baseUrl: server.url, timeoutMs: 2000 })
          .probe()
          .catch(() => {
            failed = true;
          });
        expect(failed).to.equal(true);
      } finally {
        await server.close();
      }
    });
  });

  describe('sandbox registry simulator', () => {
    const simulator = createRegistrySimulator();

    it('answers the documented magic numbers with their codes (and they pass the checksum)', async () => {
      for (const [vat, code] of Object.entries(MAGIC_VAT_NUMBERS)) {
        expect(checkVatNumber(vat).valid, vat).to.equal(true);
        expect(await codeOf(simulator.lookupVat(vat))).to.equal(code);
      }
    });

    it('finds every other valid VAT number with a deterministic synthesized company', async () => {
      const a = await simulator.lookupVat('ATU13585627');
      const b = await simulator.lookupVat('ATU13585627');
      expect(a).to.deep.equal(b);
      expect(a.legalName).to.match(/GmbH$/);
      expect(a.peppolId).to.equal('9914:ATU13585627');
      expect((await simulator.lookupVat('BE0888888895')).legalName).to.equal('Brussels Office Supplies BV');
    });

    it('searches seeded companies by word prefixes and country', async () => {
      expect((await simulator.search({ text: 'brus off', limit: 5 })).map((c) => c.vatNumber)).to.deep.equal([
        'BE0888888895',
      ]);
      expect(await simulator.search({ text: 'brus', countryCode: 'FR', limit: 5 })).to.deep.equal([]);
    });
  });

  it('derives VAT numbers from KBO, SIREN/SIRET and partita IVA numbers', () => {
    expect(vatFromRegistrationNumber('BE', '0888.888.895')).to.equal('BE0888888895');
    expect(vatFromRegistrationNumber('FR', '542051180')).to.equal('FR59542051180');
    expect(vatFromRegistrationNumber('FR', '54205118000012')).to.equal('FR59542051180');
    expect(vatFromRegistrationNumber('IT', '00743110157')).to.equal('IT00743110157');
    expect(vatFromRegistrationNumber('DE', 'HRB 12345')).to.equal(undefined);
  });
});
