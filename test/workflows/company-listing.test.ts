import { expect } from 'chai';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createCompanyActivities } from '../../activities/companies.ts';
import type { CompanyUpstreams, NetworkReaders } from '../../upstreams/companies.ts';
import { createRegistrySimulator } from '../../upstreams/registry/index.ts';
import { createSmpSimulator, type SmpRegistrar } from '../../upstreams/smp-registration/index.ts';
import { UpstreamError, type DirectoryParticipant } from '../../upstreams/directory/types.ts';
import type { SmpParticipant } from '../../upstreams/smp-lookup/types.ts';
import { workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { findCompanyById } from '../../db/companies.ts';
import { workflowBundle } from '../../workers/bundle.ts';
import { deregisterSignal, type companyRegistrationWorkflow } from '../../workflows/companies/registration.ts';
import { LISTING_CHECKS, type companyListingWorkflow } from '../../workflows/companies/listing.ts';
import { createTenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';

const OUR_SMP = 'https://smp.example.test';
const OUR_AP = 'https://ap.example.test/as4';
const OUR_CERT = 'MIIBcertificate';

/** The network as a test sets it: where the SML points, what the SMP answers, whether the Directory lists the card. */
function network() {
  const state = {
    sml: undefined as string | undefined | Error,
    endpoint: OUR_AP,
    directory: false as boolean | Error,
    checks: 0,
  };
  const readers: NetworkReaders = {
    ownSmpUrl: OUR_SMP,
    endpointUrl: OUR_AP,
    certificate: OUR_CERT,
    async locate() {
      state.checks += 1;
      if (state.sml instanceof Error) throw state.sml;
      return state.sml ? { smpUrl: state.sml } : undefined;
    },
    lookup: {
      async lookup(peppolId, _caller, options): Promise<SmpParticipant | undefined> {
        const ids = options?.documentTypeIds ?? [];
        return {
          peppolId,
          smp: { hostname: 'smp.example.test', url: OUR_SMP },
          documentTypeIds: ids,
          documentTypes: ids.map((documentTypeId) => ({
            documentTypeId,
            processes: [
              {
                processId: 'p',
                endpoints: [
                  {
                    transportProfile: 'peppol-transport-as4-v2_0',
                    endpointUrl: state.endpoint,
                    certificate: OUR_CERT,
                    serviceDescription: null,
                    technicalContactUrl: null,
                    activationDate: null,
                    expirationDate: null,
                  },
                ],
              },
            ],
          })),
        };
      },
    },
    directory: {
      async search() {
        throw new Error('not used');
      },
      async participant(peppolId) {
        if (state.directory instanceof Error) throw state.directory;
        return state.directory ? ({ peppolId, name: 'Listed' } as DirectoryParticipant) : undefined;
      },
    },
  };
  return { state, readers };
}

/** An SMP that accepts every publication. */
const acceptingSmp: SmpRegistrar = {
  name: 'accepting',
  register: async (p) => ({ created: true, written: p.documentTypeIds, removed: [], businessCard: true }),
  deregister: async () => undefined,
  registeredDocumentTypes: async () => undefined,
  probe: async () => 'ok',
};

describe('companyListingWorkflow (company-listing:<comp_id>)', () => {
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = 'company-listing-test';
  let net = network();

  before(async () => {
    env = await createTimeSkippingEnv();
    const { db } = testServers();
    const upstreams: CompanyUpstreams = {
      registry: { live: createRegistrySimulator(), sandbox: createRegistrySimulator() },
      smp: { live: acceptingSmp, sandbox: createSmpSimulator(db) },
      get network() {
        return net.readers;
      },
    };
    worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: createCompanyActivities({ db, events: { dispatch: async () => undefined }, upstreams }),
    });
    running = worker.run();
  });
  after(async () => {
    worker.shutdown();
    await running;
    await env.teardown();
  });

  const eventsOf = (companyId: string, type: string) =>
    testServers()
      .db.selectFrom('events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('type', '=', type as never)
      .orderBy('created_at')
      .execute();

  async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
    for (let i = 0; i < 80; i++) {
      const value = await probe();
      if (value) return value;
      await env.sleep('20 seconds');
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('after a live publication: smpRegistered and company.smp_registered wait for the SML to resolve, then the Directory listing ends the check', async () => {
    net = network();
    const { db } = testServers();
    const tenant = await createTenant({ livemode: true });
    const registration = await env.client.workflow.start<typeof companyRegistrationWorkflow>(
      'companyRegistrationWorkflow',
      {
        taskQueue,
        workflowId: workflowIds.company(tenant.companyId),
        args: [{ companyId: tenant.companyId, organizationId: tenant.organizationId, livemode: true }],
        typedSearchAttributes: searchAttributesFor({ ...tenant, livemode: true }),
      },
    );
    const listing = env.client.workflow.getHandle<typeof companyListingWorkflow>(
      workflowIds.companyListing(tenant.companyId),
    );
    // Published, but the SML does not resolve yet: checked, recorded, not registered, no event.
    const first = await until('first check', async () => (await findCompanyById(db, tenant.companyId))?.network);
    expect(first!).to.include({ smp: 'published', sml: 'absent', directory: 'absent' });
    expect(first!.problem).to.match(/SML does not resolve .* checked again/);
    expect((await findCompanyById(db, tenant.companyId))?.smp_registered).to.equal(false);
    expect(await eventsOf(tenant.companyId, 'company.smp_registered')).to.have.length(0);

    // The Directory is down while the SML starts resolving: the registration is recorded anyway.
    net.state.directory = new UpstreamError('directory', 'unavailable', 'The Peppol Directory answered HTTP 503.');
    net.state.sml = OUR_SMP;
    const company = await until('resolved', async () => {
      const row = await findCompanyById(db, tenant.companyId);
      return row?.smp_registered ? row : undefined;
    });
    expect(company.network).to.include({ smp: 'published', sml: 'resolves', directory: 'unchecked' });
    expect(company.network?.problem).to.match(/Directory cannot be asked: .*503.*checked again/);
    const registered = await eventsOf(tenant.companyId, 'company.smp_registered');
    expect(registered.map((e) => e.data)).to.deep.equal([{ companyId: tenant.companyId, peppolId: company.peppol_id }]);

    net.state.directory = true;
    const result = await listing.result();
    expect(result.state).to.equal('listed');
    expect(result.checks).to.be.above(2);
    const listed = (await findCompanyById(db, tenant.companyId))!.network!;
    expect(listed).to.include({ smp: 'published', sml: 'resolves', directory: 'listed', problem: null });
    expect(await eventsOf(tenant.companyId, 'company.smp_registered')).to.have.length(1);
    expect(await eventsOf(tenant.companyId, 'company.network_problem')).to.have.length(0);
    await registration.signal(deregisterSignal);
    await registration.result();
  });

  it('a participant the SML points elsewhere is one company.network_problem naming the migration, then one more at the bound', async () => {
    net = network();
    net.state.sml = 'https://smp.other-provider.test';
    net.state.directory = true;
    const { db } = testServers();
    const tenant = await createTenant({ livemode: true });
    const company = (await findCompanyById(db, tenant.companyId))!;
    const handle = await env.client.workflow.start<typeof companyListingWorkflow>('companyListingWorkflow', {
      taskQueue,
      workflowId: workflowIds.companyListing(tenant.companyId),
      args: [{ companyId: tenant.companyId, livemode: true, generation: 1, recordRegistration: true }],
    });
    const result = await handle.result();
    expect(result.state).to.equal('unlisted');
    expect(result.checks).to.equal(LISTING_CHECKS);
    expect(net.state.checks).to.equal(LISTING_CHECKS);
    const problems = await eventsOf(tenant.companyId, 'company.network_problem');
    // Told when found, and once more when the bound gives up; never once per check.
    expect(problems).to.have.length(2);
    const data = problems[0].data as { problem: string; peppolId: string; network: { sml: string } };
    expect(data.peppolId).to.equal(company.peppol_id);
    expect(data.network.sml).to.equal('elsewhere');
    expect(data.problem).to.include('smp.other-provider.test').and.include('/smp-migration').and.include('inbound');
    const row = (await findCompanyById(db, tenant.companyId))!;
    expect(row.smp_registered).to.equal(false);
    expect(row.network).to.include({ sml: 'elsewhere' });
    // About a day of backoff in all, never a check per minute.
    const history = (await handle.fetchHistory()).events ?? [];
    const timers = history.filter((e) => e.timerStartedEventAttributes).length;
    expect(timers).to.equal(LISTING_CHECKS - 1);
  });

  it('an endpoint other than ours is a problem that says which settings to correct; the SML and SMP unreachable are asked again', async () => {
    net = network();
    net.state.sml = new UpstreamError('sml', 'timeout', 'The SML did not answer within 5000 ms.');
    net.state.directory = true;
    const { db } = testServers();
    const tenant = await createTenant({ livemode: true });
    const handle = await env.client.workflow.start<typeof companyListingWorkflow>('companyListingWorkflow', {
      taskQueue,
      workflowId: workflowIds.companyListing(tenant.companyId),
      args: [{ companyId: tenant.companyId, livemode: true, generation: 1, recordRegistration: true }],
    });
    const unreachable = await until('first check', async () => (await findCompanyById(db, tenant.companyId))?.network);
    expect(unreachable!.problem).to.match(/SML cannot be asked: .*checked again/);
    expect(await eventsOf(tenant.companyId, 'company.network_problem')).to.have.length(0);
    net.state.sml = OUR_SMP;
    net.state.endpoint = 'https://old-ap.example.test/as4';
    await until('wrong endpoint', async () => (await eventsOf(tenant.companyId, 'company.network_problem')).length);
    const row = (await findCompanyById(db, tenant.companyId))!;
    expect(row.network).to.include({ sml: 'resolves', smp: 'pending' });
    expect(row.network?.problem).to.include('ACCESS_POINT_AS4_URL');
    expect(row.smp_registered).to.equal(false);
    net.state.endpoint = OUR_AP;
    expect((await handle.result()).state).to.equal('listed');
    expect((await findCompanyById(db, tenant.companyId))!.smp_registered).to.equal(true);
    expect(await eventsOf(tenant.companyId, 'company.network_problem')).to.have.length(1);
  });
});
