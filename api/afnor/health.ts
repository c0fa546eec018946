import { Router } from 'express';

/** `GET /healthcheck` of one facade service (public): the process answers. */
export function healthRoutes(service: 'flow-service' | 'directory-service', version: string): Router {
  const router = Router();
  router.get('/healthcheck', (_req, res) => {
    res.json({ status: 'ok', version, service });
  });
  return router;
}
