import type { Db } from '../db/database.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { createEventActivities } from './events.ts';
import { createMaintenanceActivities } from './maintenance.ts';
import { createSystemActivities } from './system.ts';
import { createWebhookActivities } from './webhooks.ts';
import { createDocumentActivities } from './documents.ts';
import { createLifecycleActivities } from './lifecycle.ts';
import { createComplianceActivities } from './compliance.ts';
import { compliancePlatformsFromConfig, type CompliancePlatforms } from '../upstreams/compliance/index.ts';
import { createInboundActivities } from './inbound.ts';
import { companyUpstreamsFromConfig, createCompanyActivities, type CompanyUpstreams } from './companies.ts';
import { loadConfig } from '../core/config.ts';
import type { PeppolTransport } from '../upstreams/transport/index.ts';
import { createSimulatedTransport, unconfiguredTransport } from '../upstreams/transport/simulator.ts';

export interface ActivityDeps {
  db: Db;
  /** Schedules the webhook fan-out of committed events. */
  events: EventDispatcher;
  /**
   * Peppol transport: the AS4 gateway for live documents, the simulator for sandbox ones. Without
   * it (tests of other domains) sandbox documents still flow and live hand-offs fail as temporary.
   */
  transports?: { live: PeppolTransport; sandbox: PeppolTransport };
  /** National registry and SMP adapters; defaults to the ones REGISTRY_* / SMP_* configure. */
  companyUpstreams?: CompanyUpstreams;
  /** PPF / SDI adapters; defaults to the ones PPF_* / SDI_* configure (sandbox always simulated). */
  compliancePlatforms?: CompliancePlatforms;
}

/** Every activity, built from its dependencies; the worker registers the result on each task queue. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSystemActivities(deps),
    ...createEventActivities(deps),
    ...createMaintenanceActivities(deps),
    ...createWebhookActivities(deps),
    ...createCompanyActivities({ ...deps, upstreams: deps.companyUpstreams ?? companyUpstreamsFromConfig(loadConfig(), deps.db) }),
    ...createDocumentActivities({ ...deps, transports: deps.transports ?? { live: unconfiguredTransport(), sandbox: createSimulatedTransport() } }),
    ...createLifecycleActivities({ ...deps, transports: deps.transports ?? { live: unconfiguredTransport(), sandbox: createSimulatedTransport() } }),
    ...createComplianceActivities({ ...deps, platforms: deps.compliancePlatforms ?? compliancePlatformsFromConfig(loadConfig()) }),
    ...createInboundActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
