import { Router } from 'express';
import type { DomainVerifier } from '../../upstreams/domains/index.ts';
import type { PerMode } from '../../upstreams/modes.ts';
import { platformCompanyRoutes, type PlatformCompanyDeps } from './companies.ts';
import { platformEventRoutes } from './events.ts';
import { platformKeyRoutes } from './keys.ts';
import { platformSettingsRoutes } from './settings.ts';
import { platformUsageRoutes } from './usage.ts';

export interface PlatformDeps extends PlatformCompanyDeps {
  domainVerifiers: PerMode<DomainVerifier>;
}

/** The platform area (part 4.12): platform and white-label keys managing their companies. */
export function platformRoutes(deps: PlatformDeps): Router {
  const router = Router();
  router.use(platformKeyRoutes(deps.db));
  router.use(platformCompanyRoutes(deps));
  router.use(platformUsageRoutes(deps.db));
  router.use(platformEventRoutes(deps.db));
  router.use(platformSettingsRoutes(deps.db, deps.domainVerifiers, deps.webhookSenders));
  return router;
}
