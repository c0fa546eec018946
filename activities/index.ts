import type { Db } from '../db/database.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import type { Upstreams } from '../upstreams/index.ts';
import { createEventActivities } from './events.ts';
import { createMaintenanceActivities } from './maintenance.ts';
import { createSystemActivities } from './system.ts';
import { createWebhookActivities } from './webhooks.ts';
import { createDocumentActivities } from './documents.ts';
import { createLifecycleActivities } from './lifecycle.ts';
import { createComplianceActivities } from './compliance.ts';
import { createInboundActivities } from './inbound.ts';
import { createCompanyActivities } from './companies.ts';
import { failingDeterministically } from './deterministic-failures.ts';
import { createTagActivities } from './tags.ts';
import { createSandboxAccessPointActivities } from './sandbox-access-point.ts';

/** The upstreams activities call; each picks the live adapter or the simulator by the object's mode. */
export type ActivityUpstreams = Pick<Upstreams, 'companies' | 'transports' | 'compliance' | 'webhooks'>;

export interface ActivityDeps {
  db: Db;
  /** Schedules the webhook fan-out of committed events. */
  events: EventDispatcher;
  upstreams: ActivityUpstreams;
}

/** Every activity, built from its dependencies; the worker registers the result on each task queue. */
export function createActivities(deps: ActivityDeps) {
  const { upstreams } = deps;
  return failingDeterministically({
    ...createSystemActivities(deps),
    ...createEventActivities(deps),
    ...createMaintenanceActivities(deps),
    ...createWebhookActivities({ ...deps, senders: upstreams.webhooks }),
    ...createCompanyActivities({ ...deps, upstreams: upstreams.companies }),
    ...createDocumentActivities({ ...deps, transports: upstreams.transports }),
    ...createLifecycleActivities({ ...deps, transports: upstreams.transports }),
    ...createComplianceActivities({ ...deps, platforms: upstreams.compliance }),
    ...createInboundActivities(deps),
    ...createTagActivities(deps),
    ...createSandboxAccessPointActivities(deps),
  });
}

export type Activities = ReturnType<typeof createActivities>;
