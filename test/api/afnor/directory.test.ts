import { expect } from 'chai';
import { newId } from '../../../core/ids.ts';
import { insertCompany } from '../../../db/companies.ts';
import { headOfficeSiret, isSiren, isSiret, sandboxAnnuaire } from '../../../upstreams/french-directory/index.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { DIRECTORY, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { invoiceBody } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

/** A French sandbox company of the organization that receives invoices, with its SIREN and head office SIRET. */
async function createFrenchCompany(organizationId: string, siren: string) {
  const siret = headOfficeSiret(siren);
  const row = await insertCompany(testServers().db, {
    id: newId('comp'),
    organizationId,
    livemode: false,
    name: `Atelier ${siren}`,
    legalName: `Atelier ${siren} SAS`,
    vatNumber: `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`,
    country: 'FR',
    peppolId: `0009:${siret}`,
    additionalIdentifiers: [{ scheme: 'siret', value: siret }],
    address: { street: 'Rue de la Paix 3', postalCode: '75002', city: 'Paris', country: 'FR' },
    capabilities: { send: ['invoice'], receive: ['invoice'] },
  });
  return { id: row.id, siren, siret, peppolId: `0009:${siret}` };
}

/** A SIREN with a valid key that the seeded annuaire does not list. */
function unseenSiren(seed: number): string {
  const known = new Set(sandboxAnnuaire().legalUnits.map((u) => u.siren));
  for (let n = seed; ; n++) {
    const body = String(91_000_000 + n);
    for (let key = 0; key < 10; key++) {
      const siren = `${body}${key}`;
      if (isSiren(siren) && !known.has(siren)) return siren;
    }
  }
}

describe('AFNOR directory service', () => {
  let app: TestApp;
  let tenant: Tenant;
  const annuaire = sandboxAnnuaire();
  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const post = async (path: string, body: unknown, key = tenant.key) => {
    const res = await fetch(`${app.url}${DIRECTORY}${path}`, {
      method: 'POST',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const get = async (path: string, key = tenant.key) => {
    const res = await fetch(`${app.url}${DIRECTORY}${path}`, { headers: bearer(key) });
    return { status: res.status, body: await res.json() };
  };

  describe('searches', () => {
    it('answers the envelope with the request as understood: limit 50 and ignore 0 by default', async () => {
      const { status, body } = await post('/siren/search', {});
      expect(status).to.equal(200);
      expect(body.search).to.deep.equal({ filters: {}, sorting: [], fields: [], include: [], limit: 50, ignore: 0 });
      expect(body.totalNumberOfResults).to.be.at.least(annuaire.legalUnits.length);
      expect(body.results).to.have.length(50);
      for (const unit of body.results) expect(isSiren(unit.siren), unit.siren).to.equal(true);
    });

    it('pages with limit and ignore over a stable order', async () => {
      const all = await post('/siret/search', { filters: { locality: { op: 'strict', value: 'Lyon' } }, limit: 100 });
      expect(all.status).to.equal(200);
      expect(all.body.totalNumberOfResults).to.be.greaterThan(10);
      const page = await post('/siret/search', {
        filters: { locality: { op: 'strict', value: 'lyon' } },
        limit: 5,
        ignore: 5,
      });
      expect(page.body.totalNumberOfResults).to.equal(all.body.totalNumberOfResults);
      expect(page.body.results.map((f: { siret: string }) => f.siret)).to.deep.equal(
        all.body.results.slice(5, 10).map((f: { siret: string }) => f.siret),
      );
      for (const f of all.body.results) expect(f.address.locality).to.equal('Lyon');
    });

    it('filters with strict, contains and startWith, and sorts descending on a field', async () => {
      const unit = annuaire.legalUnits.find((u) => u.entityType === 'PrivateVatRegistered')!;
      const strict = await post('/siren/search', { filters: { siren: { op: 'strict', value: unit.siren } } });
      expect(strict.body.totalNumberOfResults).to.equal(1);
      expect(strict.body.results[0]).to.deep.equal(unit);

      const word = unit.businessName.split(' ')[0];
      const contains = await post('/siren/search', {
        filters: { businessName: { op: 'contains', value: word.toLowerCase() } },
        sorting: [{ field: 'siren', sortingOrder: 'descending' }],
        limit: 100,
      });
      const sirens = contains.body.results.map((u: { siren: string }) => u.siren);
      expect(sirens).to.include(unit.siren);
      expect(sirens).to.deep.equal([...sirens].sort().reverse());
      for (const u of contains.body.results) expect(u.businessName.toLowerCase()).to.contain(word.toLowerCase());

      const publicBodies = await post('/siren/search', {
        filters: { entityType: { op: 'strict', value: 'Public' } },
        sorting: [{ field: 'businessName', order: 'ascending' }],
      });
      expect(publicBodies.body.totalNumberOfResults).to.be.greaterThan(0);
      for (const u of publicBodies.body.results) expect(u.entityType).to.equal('Public');

      const postal = await post('/siret/search', { filters: { postalCode: { op: 'startWith', value: '750' } } });
      expect(postal.body.totalNumberOfResults).to.be.greaterThan(0);
      for (const f of postal.body.results) expect(f.address.postalCode.startsWith('750')).to.equal(true);
    });

    it('keeps only the listed fields, and adds the included legal unit and facility', async () => {
      const code = annuaire.routingCodes[0];
      const { body } = await post('/routing-code/search', {
        filters: { siret: { op: 'strict', value: code.siret } },
        fields: ['routingIdentifier', 'routingCodeName'],
        include: ['siren', 'siret'],
      });
      expect(body.totalNumberOfResults).to.be.at.least(1);
      const found = body.results.find(
        (r: { routingIdentifier: string }) => r.routingIdentifier === code.routingIdentifier,
      );
      expect(Object.keys(found).sort()).to.deep.equal([
        'facility',
        'legalUnit',
        'routingCodeName',
        'routingIdentifier',
      ]);
      expect(found.legalUnit.siren).to.equal(code.siret.slice(0, 9));
      expect(found.facility.siret).to.equal(code.siret);

      const plain = await post('/siret/search', { filters: { siret: { op: 'strict', value: code.siret } } });
      expect(plain.body.results[0]).to.not.have.property('legalUnit');
    });

    it('finds directory lines by SIREN, SIRET and routing code, and names their routing code', async () => {
      const line = annuaire.lines.find((l) => l.routingCode)!;
      const { body } = await post('/directory-line/search', {
        filters: { siren: { op: 'strict', value: line.siren } },
        limit: 100,
      });
      const ids = body.results.map((l: { addressingIdentifier: string }) => l.addressingIdentifier);
      expect(ids).to.include(line.addressingIdentifier);
      const withCode = body.results.find(
        (l: { addressingIdentifier: string }) => l.addressingIdentifier === line.addressingIdentifier,
      );
      expect(withCode.routingCode).to.deep.equal({ routingIdentifier: line.routingCode!.routingIdentifier });
      expect(withCode).to.include({ siret: line.siret, platformType: line.platformType });
      expect(withCode).to.not.have.property('legalUnit');

      const byCode = await post('/directory-line/search', {
        filters: { routingIdentifier: { op: 'strict', value: line.routingCode!.routingIdentifier } },
        include: ['routingCode'],
        limit: 100,
      });
      for (const l of byCode.body.results)
        expect(l.routingCode.routingIdentifier).to.equal(line.routingCode!.routingIdentifier);
      expect(
        byCode.body.results.some((l: { routingCode: { routingCodeName?: string } }) => l.routingCode.routingCodeName),
      ).to.equal(true);
    });

    it('refuses a limit above 100 and an unknown filter in the AFNOR error shape', async () => {
      const tooMany = await post('/siren/search', { limit: 101 });
      expect(tooMany.status).to.equal(400);
      expect(tooMany.body).to.include.keys('errorCode', 'errorMessage', 'instance');
      const unknown = await post('/siren/search', { filters: { colour: { op: 'strict', value: 'red' } } });
      expect(unknown.status).to.equal(400);
      const badOrder = await post('/siren/search', { sorting: [{ field: 'siren', order: 'upwards' }] });
      expect(badOrder.status).to.equal(400);
      expect(badOrder.body.errorCode).to.equal('INVALID_ENUM');
    });
  });

  describe('single reads', () => {
    it('reads a legal unit, a facility with its legal unit, a routing code and a directory line', async () => {
      const unit = annuaire.legalUnits[3];
      const legal = await get(`/siren/code-insee:${unit.siren}?fields=siren,businessName`);
      expect(legal.status).to.equal(200);
      expect(legal.body).to.deep.equal({ siren: unit.siren, businessName: unit.businessName });

      const facility = annuaire.facilities.find((f) => f.siren === unit.siren)!;
      const site = await get(`/siret/code-insee:${facility.siret}?include=siren`);
      expect(site.status).to.equal(200);
      expect(site.body).to.include({ siret: facility.siret, facilityType: facility.facilityType });
      expect(site.body.legalUnit).to.deep.equal(unit);

      const code = annuaire.routingCodes[0];
      const routing = await get(
        `/routing-code/siret:${code.siret}/code:${encodeURIComponent(code.routingIdentifier)}?include=siret`,
      );
      expect(routing.status, JSON.stringify(routing.body)).to.equal(200);
      expect(routing.body).to.include({ routingIdentifier: code.routingIdentifier, siret: code.siret });
      expect(routing.body.facility.siret).to.equal(code.siret);
      expect(routing.body).to.not.have.property('legalUnit');

      const line = annuaire.lines.find((l) => l.siret)!;
      const read = await get(`/directory-line/code:${line.addressingIdentifier}?include=siren,siret`);
      expect(read.status, JSON.stringify(read.body)).to.equal(200);
      expect(read.body).to.include({ addressingIdentifier: line.addressingIdentifier, siren: line.siren });
      expect(read.body.legalUnit.siren).to.equal(line.siren);
      expect(read.body.facility.siret).to.equal(line.siret);
    });

    it('answers 404 in the AFNOR error shape for an unknown entry', async () => {
      for (const path of [
        `/siren/code-insee:${unseenSiren(1)}`,
        `/siret/code-insee:${headOfficeSiret(unseenSiren(1))}`,
        `/routing-code/siret:${annuaire.facilities[0].siret}/code:NOPE`,
        '/directory-line/code:000000000_NOPE',
      ]) {
        const { status, body } = await get(path);
        expect(status, path).to.equal(404);
        expect(body.errorCode, path).to.equal('RESOURCE_NOT_FOUND');
        expect(body.instance).to.match(/^req_/);
      }
    });

    it('La Poste establishments pass the digit-sum exception, not the Luhn key', async () => {
      const laPoste = annuaire.facilities.filter((f) => f.siren === '356000000');
      expect(laPoste.length).to.be.greaterThan(1);
      for (const f of laPoste) expect(isSiret(f.siret), f.siret).to.equal(true);
      const branch = laPoste.find((f) => f.facilityType === 'S')!;
      const { status, body } = await get(`/siret/code-insee:${branch.siret}`);
      expect(status).to.equal(200);
      expect(body.name).to.equal(branch.name);
    });
  });

  describe("the organization's own French companies", () => {
    it('have directory lines that only their organization sees', async () => {
      const company = await createFrenchCompany(tenant.organizationId, unseenSiren(100));
      const mine = await post('/directory-line/search', {
        filters: { siren: { op: 'strict', value: company.siren } },
        include: ['siren'],
      });
      expect(mine.body.totalNumberOfResults).to.equal(2);
      expect(mine.body.results.map((l: { addressingIdentifier: string }) => l.addressingIdentifier)).to.deep.equal([
        company.siren,
        `${company.siren}_${company.siret}`,
      ]);
      expect(mine.body.results[0]).to.deep.include({ platformType: 'WK', directoryLineStatus: 'Enabled' });
      expect(mine.body.results[0].legalUnit.businessName).to.equal(`Atelier ${company.siren} SAS`);
      const read = await get(`/directory-line/code:${company.siren}_${company.siret}`);
      expect(read.status).to.equal(200);

      const other = await createTenant({ livemode: false, plan: 'pro' });
      const theirs = await post(
        '/directory-line/search',
        { filters: { siren: { op: 'strict', value: company.siren } } },
        other.key,
      );
      expect(theirs.body.totalNumberOfResults).to.equal(0);
      expect((await get(`/directory-line/code:${company.siren}`, other.key)).status).to.equal(404);
    });

    it('resolve siren: and siret: recipients of /v1 sends through the same lines', async () => {
      const company = await createFrenchCompany(tenant.organizationId, unseenSiren(200));
      const send = async (to: string) => {
        const { buyer: _derived, ...document } = invoiceBody();
        const res = await fetch(`${app.url}/v1/documents/send`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to, document }),
        });
        const body = await res.json();
        expect(res.status, `${to}: ${JSON.stringify(body)}`).to.equal(201);
        return body.receiver.peppolId as string;
      };
      // The SIREN line of the company routes to its participant (a 0009 id), not to 0002:<siren>.
      expect(await send(`siren:${company.siren}`)).to.equal(company.peppolId);
      expect(await send(`siret:${company.siret}`)).to.equal(company.peppolId);
      // Found as the organization's own company: not provisioned as a trading partner.
      const partners = await testServers()
        .db.selectFrom('partners')
        .select('id')
        .where('organization_id', '=', tenant.organizationId)
        .where('peppol_id', '=', company.peppolId)
        .execute();
      expect(partners).to.deep.equal([]);
      // A public body's service facility: its own line.
      const publicLine = sandboxAnnuaire().lines.find((l) => l.platformType === 'DFH' && l.siret && !l.routingCode)!;
      expect(await send(`siret:${publicLine.siret}`)).to.equal(`0009:${publicLine.siret}`);
    });
  });
});
