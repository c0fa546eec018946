import { Router } from 'express';
import { platformCompanyRoutes, type PlatformCompanyDeps } from './companies.ts';
import { platformEventRoutes } from './events.ts';
import { platformKeyRoutes } from './keys.ts';
import { platformUsageRoutes } from './usage.ts';

export type PlatformDeps = PlatformCompanyDeps;

/** The platform area (part 4.12): platform and white-label keys managing their companies. */
export function platformRoutes(deps: PlatformDeps): Router {
  const router = Router();
  router.use(platformKeyRoutes(deps.db));
  router.use(platformCompanyRoutes(deps));
  router.use(platformUsageRoutes(deps.db));
  router.use(platformEventRoutes(deps.db));
  return router;
}
