import { expect } from 'chai';
import { sandboxDirectory } from '../../../upstreams/directory/seed.ts';
import { errorBody, startSandboxSuite, type TestApp } from '../../support/app.ts';
import { createCompany, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';

/** Part 4.6: every `to` form resolves, against the organization, the French directory and the Peppol directory. */
describe('POST /v1/documents/send: every form of `to`', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const cards = sandboxDirectory();
  const legal = cards.filter((c) => !c.parentPeppolId && c.documentTypes.includes('invoice'));
  const byName = new Map<string, typeof legal>();
  for (const c of legal) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);

  const send = async (to: string) => {
    const { buyer: _derived, ...document } = invoiceBody();
    return fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to, document }),
    });
  };
  const sendsTo = async (to: string, peppolId: string) => {
    const res = await send(to);
    const doc = await res.json();
    expect(res.status, `${to}: ${JSON.stringify(doc)}`).to.equal(201);
    expect(doc.receiver.peppolId, to).to.equal(peppolId);
    expect(doc.document.buyer.address.country, to).to.be.a('string');
    return doc;
  };
  const partnerOf = (peppolId: string) =>
    testServers()
      .db.selectFrom('partners')
      .selectAll()
      .where('organization_id', '=', tenant.organizationId)
      .where('peppol_id', '=', peppolId)
      .executeTakeFirst();

  it('a bare VAT number and vat: resolve through the directory, else the id the VAT implies, and provision a partner', async () => {
    expect(await partnerOf('0208:0477472701')).to.equal(undefined);
    await sendsTo('BE0477472701', '0208:0477472701');
    expect(await partnerOf('0208:0477472701')).to.deep.include({ vat_number: 'BE0477472701', role: 'buyer' });
    const nl = legal.find((c) => c.country === 'NL' && c.vatNumber)!;
    await sendsTo(`vat:${nl.vatNumber}`, nl.peppolId);
    expect(await partnerOf(nl.peppolId)).to.not.equal(undefined);
  });

  it('siren: and siret: resolve through the French directory', async () => {
    const fr = legal.find((c) => c.country === 'FR' && c.siren)!;
    await sendsTo(`siren:${fr.siren}`, fr.peppolId);
    const establishment = cards.find((c) => c.siret && c.documentTypes.includes('invoice'))!;
    await sendsTo(`siret:${establishment.siret}`, establishment.peppolId);
    await sendsTo('siren:552100554', '0002:552100554');
  });

  it('duns:, gln:, lei: and eori: map to their Peppol schemes', async () => {
    await sendsTo('duns:123456789', '0060:123456789');
    await sendsTo('gln:5412345678908', '0088:5412345678908');
    await sendsTo('lei:5493001KJTIIGC8Y1R12', '0199:5493001KJTIIGC8Y1R12');
    await sendsTo('eori:BE0202239951', '0208:0202239951');
  });

  it('email: and domain: match partners, then directory business cards', async () => {
    const withEmail = legal.find(
      (c) =>
        c.contactEmail &&
        c.documentTypes.includes('invoice') &&
        legal.filter((o) => o.contactEmail?.split('@')[1] === c.contactEmail!.split('@')[1]).length === 1,
    )!;
    await sendsTo(`email:${withEmail.contactEmail}`, withEmail.peppolId);
    await sendsTo(`domain:${withEmail.contactEmail!.split('@')[1]}`, withEmail.peppolId);
    const partner = await fetch(`${app.url}/v1/partners`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({
        peppolId: '0208:0100000070',
        name: 'Mail Partner',
        contactEmail: 'billing@mail-partner.example',
      }),
    });
    expect(partner.status).to.equal(201);
    await sendsTo('email:billing@mail-partner.example', '0208:0100000070');
    await sendsTo('domain:mail-partner.example', '0208:0100000070');
  });

  it('name: picks the one match, and an ambiguous name is 422 with the candidates', async () => {
    const unique = [...byName.values()].find(
      (list) =>
        list.length === 1 &&
        !legal.some((o) => o !== list[0] && o.name.toLowerCase().includes(list[0].name.toLowerCase())),
    )![0];
    await sendsTo(`name:${unique.name}`, unique.peppolId);
    const twins = [...byName.values()].find((list) => list.length >= 2)!;
    const res = await send(`name:${twins[0].name}`);
    expect(res.status).to.equal(422);
    const error = await errorBody(res);
    expect(error.code).to.equal('RECIPIENT_NOT_FOUND');
    expect(error.details.map((d: any) => d.peppolId)).to.have.members(twins.map((t) => t.peppolId));
    expect(error.details[0]).to.include({ field: 'to', rule: 'ambiguous' });
  });

  it('org: and id: name a company (or partner) of the organization', async () => {
    const otherId = await createCompany(tenant.organizationId, false);
    const other = await testServers()
      .db.updateTable('companies')
      .set({
        name: 'Sister Company BV',
        capabilities: JSON.stringify({ send: ['invoice'], receive: ['invoice'] }) as any,
      })
      .where('id', '=', otherId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendsTo(`org:${other.id}`, other.peppol_id!);
    await sendsTo('org:Sister Company BV', other.peppol_id!);
    await sendsTo(`org:${other.vat_number}`, other.peppol_id!);
    await sendsTo(`id:${other.id}`, other.peppol_id!);
    await sendsTo('name:sister company bv', other.peppol_id!);
    const partner =
      (await partnerOf('0208:0477472701')) ??
      (await (
        await fetch(`${app.url}/v1/partners`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify({ peppolId: '0208:0477472701' }),
        })
      ).json());
    await sendsTo(`id:${partner.id}`, '0208:0477472701');
  });

  it('422 RECIPIENT_NOT_FOUND for what nothing resolves', async () => {
    for (const to of [
      'name:No Such Company Anywhere',
      'id:part_doesnotexist',
      'org:comp_doesnotexist',
      'email:nobody@nowhere.invalid',
    ]) {
      const res = await send(to);
      expect(res.status, to).to.equal(422);
      expect((await errorBody(res)).code, to).to.equal('RECIPIENT_NOT_FOUND');
    }
  });
});
