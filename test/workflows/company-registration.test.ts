import { expect } from 'chai';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createCompanyActivities } from '../../activities/companies.ts';
import type { CompanyUpstreams } from '../../upstreams/companies.ts';
import { createRegistrySimulator } from '../../upstreams/registry/index.ts';
import {
  SmpError,
  createSmpSimulator,
  documentTypeIdsFor,
  type SmpParticipant,
  type SmpRegistrar,
} from '../../upstreams/smp-registration/index.ts';
import { workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { findCompanyById } from '../../db/companies.ts';
import { workflowBundle } from '../../workers/bundle.ts';
import { clockChangedSignal } from '../../workflows/clock.ts';
import {
  capabilitiesChangedSignal,
  deregisterSignal,
  type companyRegistrationWorkflow,
} from '../../workflows/companies/registration.ts';
import { createTenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';

/** An SMP that fails its first `failures` registrations, then records every call. */
function flakySmp(failures: number) {
  const calls: SmpParticipant[] = [];
  const deregistered: string[] = [];
  let attempts = 0;
  const registrar: SmpRegistrar = {
    name: 'flaky',
    async register(participant) {
      attempts += 1;
      if (attempts <= failures) throw new SmpError('UPSTREAM_UNAVAILABLE', `attempt ${attempts} fails`);
      calls.push(participant);
      return { created: calls.length === 1, written: participant.documentTypeIds, removed: [], businessCard: true };
    },
    async deregister(participantId) {
      deregistered.push(participantId);
    },
    async registeredDocumentTypes() {
      return undefined;
    },
    async probe() {
      return 'ok';
    },
  };
  return { registrar, calls, deregistered, attempts: () => attempts };
}

describe('companyRegistrationWorkflow (company:<comp_id>)', () => {
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = 'company-registration-test';
  const dispatched: string[] = [];
  let smp = flakySmp(2);

  before(async () => {
    env = await createTimeSkippingEnv();
    const { db } = testServers();
    const upstreams: CompanyUpstreams = {
      registry: { live: createRegistrySimulator(), sandbox: createRegistrySimulator() },
      // The live SMP is swapped per test through the closure.
      smp: {
        live: {
          name: 'live',
          register: (p) => smp.registrar.register(p),
          deregister: (id) => smp.registrar.deregister(id),
          registeredDocumentTypes: (id) => smp.registrar.registeredDocumentTypes(id),
          probe: () => smp.registrar.probe(),
        },
        sandbox: createSmpSimulator(db),
      },
    };
    const activities = createCompanyActivities({
      db,
      events: {
        dispatch: async (events) => {
          dispatched.push(...events.map((e) => e.id));
        },
      },
      upstreams,
    });
    worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities,
    });
    running = worker.run();
  });
  after(async () => {
    worker.shutdown();
    await running;
    await env.teardown();
  });

  async function start(tenant: { organizationId: string; companyId: string }, livemode: boolean) {
    return env.client.workflow.start<typeof companyRegistrationWorkflow>('companyRegistrationWorkflow', {
      taskQueue,
      workflowId: workflowIds.company(tenant.companyId),
      args: [
        {
          companyId: tenant.companyId,
          organizationId: tenant.organizationId,
          livemode,
          clockOffsetMs: 0,
          intent: 'register',
        },
      ],
      typedSearchAttributes: searchAttributesFor({
        organizationId: tenant.organizationId,
        livemode,
        companyId: tenant.companyId,
      }),
    });
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined | false>, skip = true): Promise<T> {
    for (let i = 0; i < 60; i++) {
      const value = await probe();
      if (value) return value;
      if (skip) await env.sleep('30 seconds');
      else await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  const events = (companyId: string) =>
    testServers()
      .db.selectFrom('events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('type', '=', 'company.smp_registered')
      .orderBy('created_at')
      .execute();

  it('retries a failing SMP with backoff, then sets smpRegistered and writes company.smp_registered once, dispatched after commit', async () => {
    smp = flakySmp(2);
    const tenant = await createTenant({ livemode: true });
    const handle = await start(tenant, true);
    const company = await until('smpRegistered', async () => {
      const row = await findCompanyById(testServers().db, tenant.companyId);
      return row?.smp_registered ? row : undefined;
    });
    expect(smp.attempts()).to.equal(3);
    expect(smp.calls).to.deep.equal([
      {
        participantId: company.peppol_id,
        documentTypeIds: documentTypeIdsFor(['invoice']),
        // The Directory business card: the company's legal name, country, VAT and registration date.
        businessCard: {
          name: company.legal_name,
          countryCode: company.country,
          identifiers: [{ scheme: 'VAT', value: company.vat_number }],
          registrationDate: company.created_at.toISOString().slice(0, 10),
          geographicalInformation: company.address?.city,
        },
      },
    ]);
    expect(company.smp_registered_at).to.be.instanceOf(Date);
    const rows = await events(tenant.companyId);
    expect(rows.map((e) => e.data)).to.deep.equal([{ companyId: tenant.companyId, peppolId: company.peppol_id }]);
    expect(dispatched).to.include(rows[0].id);
    const history = (await handle.fetchHistory()).events ?? [];
    const failedAttempts = history
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes!.attempt);
    expect(failedAttempts).to.include(3);
    await handle.signal(deregisterSignal);
    expect(await handle.result()).to.deep.equal({ state: 'deregistered', registrations: 1 });
  });

  it('re-registers on a capability change and emits the event again; deregistration withdraws the participant', async () => {
    smp = flakySmp(0);
    const { db } = testServers();
    const tenant = await createTenant({ livemode: true });
    const handle = await start(tenant, true);
    await until('first registration', async () => (await events(tenant.companyId)).length === 1);
    await db
      .updateTable('companies')
      .set({
        capabilities: JSON.stringify({ send: ['invoice'], receive: ['invoice', 'credit-note', 'purchase-order'] }),
      })
      .where('id', '=', tenant.companyId)
      .execute();
    await handle.signal(capabilitiesChangedSignal);
    await until('second registration', async () => (await events(tenant.companyId)).length === 2);
    expect(smp.calls.map((c) => c.documentTypeIds)).to.deep.equal([
      documentTypeIdsFor(['invoice']),
      documentTypeIdsFor(['invoice', 'credit-note', 'purchase-order']),
    ]);
    const company = await findCompanyById(db, tenant.companyId);
    expect(company).to.include({ status: 'active', smp_registered: true, smp_generation: 2 });

    await db.updateTable('companies').set({ status: 'inactive' }).where('id', '=', tenant.companyId).execute();
    await handle.signal(deregisterSignal);
    expect(await handle.result()).to.deep.equal({ state: 'deregistered', registrations: 2 });
    expect(smp.deregistered).to.deep.equal([company!.peppol_id]);
    expect((await findCompanyById(db, tenant.companyId))?.smp_registered).to.equal(false);
  });

  it('a sandbox registration goes live after the delay on the company clock: a clockChanged signal completes it at once', async () => {
    const { db } = testServers();
    const tenant = await createTenant({ livemode: false });
    const company = (await findCompanyById(db, tenant.companyId))!;
    const handle = await start(tenant, false);
    const startedAt = await env.currentTimeMs();
    // The simulator has the participant, but the registration is not live yet.
    await until(
      'simulator registration',
      async () =>
        db
          .selectFrom('sandbox_smp_participants')
          .selectAll()
          .where('participant_id', '=', company.peppol_id!)
          .executeTakeFirst(),
      false,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await findCompanyById(db, tenant.companyId))?.smp_registered).to.equal(false);

    await handle.signal(clockChangedSignal, { offsetMs: 5 * 60_000 });
    await until('smpRegistered', async () => (await findCompanyById(db, tenant.companyId))?.smp_registered, false);
    expect((await env.currentTimeMs()) - startedAt).to.be.below(30_000);
    expect((await events(tenant.companyId)).map((e) => e.livemode)).to.deep.equal([false]);

    await handle.signal(deregisterSignal);
    expect((await handle.result()).state).to.equal('deregistered');
    expect(
      await db
        .selectFrom('sandbox_smp_participants')
        .selectAll()
        .where('participant_id', '=', company.peppol_id!)
        .executeTakeFirst(),
    ).to.equal(undefined);
  });

  it('a deregister start (signal-with-start on a company with no run) withdraws without registering', async () => {
    smp = flakySmp(0);
    const tenant = await createTenant({ livemode: true });
    await testServers()
      .db.updateTable('companies')
      .set({ status: 'inactive' })
      .where('id', '=', tenant.companyId)
      .execute();
    const handle = await env.client.workflow.signalWithStart<typeof companyRegistrationWorkflow, []>(
      'companyRegistrationWorkflow',
      {
        taskQueue,
        workflowId: workflowIds.company(tenant.companyId),
        args: [
          { companyId: tenant.companyId, organizationId: tenant.organizationId, livemode: true, intent: 'deregister' },
        ],
        signal: deregisterSignal,
        signalArgs: [],
      },
    );
    expect(await handle.result()).to.deep.equal({ state: 'deregistered', registrations: 0 });
    expect(smp.calls).to.deep.equal([]);
    expect(smp.deregistered).to.have.length(1);
  });
});
