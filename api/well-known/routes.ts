import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { signingKeys } from '../signing-keys.ts';

/** Public: whoever holds a signed download must be able to fetch the keys without an API key. */
export function wellKnownRoutes(db: Db): Router {
  const router = Router();
  router.get('/.well-known/jwks.json', async (_req, res) => {
    // Short enough that a rotated-in key is seen soon; verifiers refetch on an unknown kid anyway.
    res.set('Cache-Control', 'public, max-age=300').json(await signingKeys(db).jwks());
  });
  return router;
}
