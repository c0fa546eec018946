import { expect } from 'chai';
import { createNaptrResolver } from '../../upstreams/smp-lookup/dns.ts';
import { createSmpLookupClient } from '../../upstreams/smp-lookup/real.ts';
import { createRegistrySimulator } from '../../upstreams/registry/index.ts';
import { createSmpRestRegistrar } from '../../upstreams/smp-registration/index.ts';
import { createTenant, bearer } from '../support/access.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { stubDns, type DnsStub } from '../support/dns-stub.ts';
import { stubPhossSmp, stubSml, type PhossSmpStub, type SmlStub } from '../support/phoss-smp-stub.ts';
import { testUpstreams } from '../support/upstreams.ts';
import { testServers } from '../support/servers.ts';

describe('a company on the Peppol network over HTTP: the network block, a participant held elsewhere, SMP migration', () => {
  const ZONE = 'participant.sml.test.tech.peppol.org';
  let dns: DnsStub;
  let sml: SmlStub;
  let smp: PhossSmpStub;
  let other: PhossSmpStub;
  let app: TestApp;

  before(async () => {
    sml = stubSml(ZONE);
    dns = await stubDns(sml.records);
    smp = await stubPhossSmp({ sml });
    other = await stubPhossSmp({ sml });
    const lookup = createSmpLookupClient({
      zone: ZONE,
      resolveNaptr: createNaptrResolver({ servers: [dns.server], timeoutMs: 500 }),
      timeoutMs: 1000,
    });
    const base = testUpstreams().companies;
    app = await startTestApp({
      upstreams: {
        companies: {
          ...base,
          registry: { live: createRegistrySimulator(), sandbox: base.registry.sandbox },
          smp: {
            live: createSmpRestRegistrar({ baseUrl: smp.url, timeoutMs: 2000, endpointUrl: undefined }),
            sandbox: base.smp.sandbox,
          },
          network: {
            locate: (id) => lookup.locate!(id),
            lookup,
            directory: testUpstreams().directory.directory(true),
            ownSmpUrl: smp.url,
            endpointUrl: 'https://ap.docex.example/as4',
            certificate: undefined,
          },
        },
      },
    });
  });
  after(async () => {
    await app?.close();
    await Promise.all([smp.close(), other.close(), dns.close()]);
  });

  const call = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { ...bearer(key), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('GET shows the network block of a live company before any check', async () => {
    const tenant = await createTenant({ livemode: true });
    const res = await call(tenant.key, 'GET', `/v1/companies/${tenant.companyId}`);
    expect(res.status).to.equal(200);
    const company = await res.json();
    expect(company.network).to.deep.equal({
      smp: 'pending',
      sml: 'unchecked',
      directory: 'unchecked',
      checkedAt: null,
      problem: null,
    });
  });

  it('GET shows what the last check recorded', async () => {
    const tenant = await createTenant({ livemode: true });
    const network = {
      smp: 'published',
      sml: 'resolves',
      directory: 'absent',
      checkedAt: '2026-11-29T10:40:00.000Z',
      problem: 'The Peppol Directory does not list the business card yet; it is checked again.',
    };
    await testServers()
      .db.updateTable('companies')
      .set({ network: JSON.stringify(network) })
      .where('id', '=', tenant.companyId)
      .execute();
    expect((await (await call(tenant.key, 'GET', `/v1/companies/${tenant.companyId}`)).json()).network).to.deep.equal(
      network,
    );
  });

  it('a live participant the SML points to another SMP: 409 PARTICIPANT_REGISTERED_ELSEWHERE naming it and the migration, nothing stored', async () => {
    const tenant = await createTenant({ livemode: true });
    sml.create('0208:0888888895', other.url);
    const res = await call(tenant.key, 'POST', '/v1/companies', { vatNumber: 'BE0888888895' });
    expect(res.status).to.equal(409);
    const error = await errorBody(res);
    expect(error.code).to.equal('PARTICIPANT_REGISTERED_ELSEWHERE');
    expect(error.type).to.equal('conflict');
    expect(error.message).to.include(other.url).and.include('smpMigrationKey').and.include('/smp-migration');
    const stored = await testServers()
      .db.selectFrom('companies')
      .select('id')
      .where('organization_id', '=', tenant.organizationId)
      .where('vat_number', '=', 'BE0888888895')
      .execute();
    expect(stored).to.deep.equal([]);
    expect(smp.requests.filter((r) => r.method !== 'GET')).to.deep.equal([]);
  });

  it('with the migration key the other provider gave, the company is created and the participant taken over (inbound)', async () => {
    const tenant = await createTenant({ livemode: true });
    sml.create('0208:0777777771', other.url);
    other.foreignKeys.set('0208:0777777771', 'unused');
    smp.foreignKeys.set('0208:0777777771', 'Mk12345678@A1');
    const wrong = await call(tenant.key, 'POST', '/v1/companies', {
      vatNumber: 'BE0777777771',
      smpMigrationKey: 'wrong-key',
    });
    // phoss-smp answers a key the SML does not confirm with HTTP 500 (as an SML outage): retried, nothing stored.
    expect(wrong.status).to.equal(503);
    expect((await errorBody(wrong)).message).to.include('Failed to confirm the migration');
    expect(sml.owner('0208:0777777771')).to.equal(other.url);
    const res = await call(tenant.key, 'POST', '/v1/companies', {
      vatNumber: 'BE0777777771',
      smpMigrationKey: 'Mk12345678@A1',
    });
    expect(res.status).to.equal(201);
    expect(sml.owner('0208:0777777771')).to.equal(smp.url);
    expect(smp.groups.has('iso6523-actorid-upis::0208:0777777771')).to.equal(true);
  });

  it('POST /smp-migration: outbound start answers the key, cancel and finalize; finalize leaves nothing to publish', async () => {
    const tenant = await createTenant({ livemode: true });
    const company = await (await call(tenant.key, 'GET', `/v1/companies/${tenant.companyId}`)).json();
    const sg = `iso6523-actorid-upis::${company.peppolId}`;
    smp.groups.set(sg, new Map());
    const path = `/v1/companies/${tenant.companyId}/smp-migration`;
    const started = await call(tenant.key, 'POST', path, { action: 'outbound_start' });
    expect(started.status).to.equal(200);
    const body = await started.json();
    expect(body).to.include({ companyId: tenant.companyId, peppolId: company.peppolId, action: 'outbound_start' });
    expect(body.migrationKey).to.be.a('string').and.not.equal('');
    expect((await call(tenant.key, 'POST', path, { action: 'outbound_cancel' })).status).to.equal(200);
    // Nothing to cancel or finalize any more: the SMP's refusal is a 422 with its reason.
    const refused = await call(tenant.key, 'POST', path, { action: 'outbound_finalize' });
    expect(refused.status).to.equal(422);
    expect((await errorBody(refused)).message).to.include('Failed to resolve outbound Participant Migration');
    await call(tenant.key, 'POST', path, { action: 'outbound_start' });
    const finalized = await call(tenant.key, 'POST', path, { action: 'outbound_finalize' });
    expect(finalized.status).to.equal(200);
    expect(smp.groups.has(sg)).to.equal(false);
    const after = await (await call(tenant.key, 'GET', `/v1/companies/${tenant.companyId}`)).json();
    expect(after.capabilities.receive).to.deep.equal([]);
    expect(after.smpRegistered).to.equal(false);
    expect(after.network.smp).to.equal('not_registered');
    const inbound = await call(tenant.key, 'POST', path, { action: 'inbound' });
    expect(inbound.status).to.equal(400);
  });

  it('POST /smp-migration in the sandbox: every step succeeds, the key is stable, finalize withdraws the participant', async () => {
    const tenant = await createTenant({ livemode: false });
    const company = await (await call(tenant.key, 'GET', `/v1/companies/${tenant.companyId}`)).json();
    const path = `/v1/companies/${tenant.companyId}/smp-migration`;
    const keys: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await call(tenant.key, 'POST', path, { action: 'outbound_start' });
      const body = await started.json();
      expect(started.status, JSON.stringify(body)).to.equal(200);
      expect(body).to.include({ companyId: tenant.companyId, peppolId: company.peppolId, action: 'outbound_start' });
      keys.push(body.migrationKey);
    }
    expect(keys[0]).to.match(/^[A-Za-z0-9]{10}@[0-9]$/);
    expect(keys[1]).to.equal(keys[0]);
    expect((await call(tenant.key, 'POST', path, { action: 'outbound_cancel' })).status).to.equal(200);
    const inbound = await call(tenant.key, 'POST', path, { action: 'inbound', migrationKey: 'Mk4x9q2Lp7@A1' });
    expect(inbound.status).to.equal(200);
    expect((await call(tenant.key, 'POST', path, { action: 'outbound_finalize' })).status).to.equal(200);
    const participants = await testServers()
      .db.selectFrom('sandbox_smp_participants')
      .selectAll()
      .where('participant_id', '=', company.peppolId)
      .execute();
    expect(participants).to.deep.equal([]);
    const after = await (await call(tenant.key, 'GET', `/v1/companies/${tenant.companyId}`)).json();
    expect(after.capabilities.receive).to.deep.equal([]);
    expect(after.smpRegistered).to.equal(false);
  });
});
