import type { Config } from '../../core/config.ts';
import type { Db } from '../../db/database.ts';
import { createPhossApTransport } from './phoss-ap.ts';
import { createSimulatedTransport } from './simulator.ts';
import type { PerMode } from '../modes.ts';
import type { PeppolTransport } from './types.ts';

export type { PeppolTransport } from './types.ts';

/** Live documents go through the configured access point; sandbox ones through the simulated access point. */
export function createTransports(
  config: Pick<Config, 'accessPointUrl' | 'accessPointToken' | 'accessPointTimeoutMs'>,
  db: Db,
): PerMode<PeppolTransport> {
  return {
    live: createPhossApTransport({
      baseUrl: config.accessPointUrl,
      token: config.accessPointToken,
      timeoutMs: config.accessPointTimeoutMs,
    }),
    sandbox: createSimulatedTransport({ db }),
  };
}
