import { Router } from 'express';
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { flushIdempotencyKeys } from '../../db/idempotency.ts';
import { setForcedRateLimit } from '../../db/organizations.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import { advanceClock, resetClock } from './clock.ts';
import { resetSandbox } from './reset.ts';
import { bootstrapSandbox } from './bootstrap.ts';
import { startCompanyRegistration } from '../companies/registration.ts';
import { simulateInbound } from './inbound.ts';
import type { RecipientDirectory } from '../documents/parties.ts';

export function sandboxRoutes(db: Db, temporal: Client, recipients: RecipientDirectory): Router {
  const router = Router();

  // Public: the per-address hourly window (counted by the rate-limit step) stands in for the per-key limit.
  router.post('/v1/sandbox/keys', async (req, res) => {
    const created = await bootstrapSandbox(db, req.body ?? {});
    // The sandbox company registers with the simulated SMP like any other company.
    await startCompanyRegistration(temporal, {
      id: created.company.id,
      organizationId: created.organizationId,
      livemode: false,
      clockOffsetMs: 0,
    });
    res.status(201).json(created);
  });

  router.post('/v1/sandbox/clock/advance', async (req, res) => {
    res.json(await advanceClock(db, temporal, scopeOf(req), req.body));
  });

  router.post('/v1/sandbox/clock/reset', async (req, res) => {
    res.json(await resetClock(db, temporal, scopeOf(req), req.body ?? {}));
  });

  router.post('/v1/sandbox/rate-limit', async (req, res) => {
    const durationSeconds = Number(req.body?.durationSeconds ?? 60);
    const until = new Date(Date.now() + durationSeconds * 1000);
    await setForcedRateLimit(db, principalOf(req).organizationId, until);
    res.json({ rateLimitedUntil: until.toISOString(), durationSeconds });
  });

  router.post('/v1/sandbox/idempotency/flush', async (req, res) => {
    const p = principalOf(req);
    res.json({ flushed: await flushIdempotencyKeys(db, p.organizationId, p.apiKeyId ?? `user:${p.userId}`) });
  });

  router.post('/v1/sandbox/inbound', async (req, res) => {
    res.status(202).json(await simulateInbound({ db, temporal, recipients }, scopeOf(req), req.body));
  });

  router.post('/v1/sandbox/reset', async (req, res) => {
    res.json(await resetSandbox(db, temporal, principalOf(req).organizationId, req.body.scope ?? 'all'));
  });

  return router;
}
