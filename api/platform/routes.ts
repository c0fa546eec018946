import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { platformKeyRoutes } from './keys.ts';

export interface PlatformDeps {
  db: Db;
}

/** The platform area (part 4.12): platform and white-label keys managing their companies. */
export function platformRoutes(deps: PlatformDeps): Router {
  const router = Router();
  router.use(platformKeyRoutes(deps.db));
  return router;
}
