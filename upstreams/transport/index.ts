import type { Config } from '../../core/config.ts';
import { createHttpTransport } from './http.ts';
import { createSimulatedTransport } from './simulator.ts';
import type { PerMode } from '../modes.ts';
import type { PeppolTransport } from './types.ts';

export type { PeppolTransport } from './types.ts';

/** Live documents go through the configured AS4 gateway; sandbox ones through the simulated access point. */
export function createTransports(
  config: Pick<Config, 'as4GatewayUrl' | 'as4GatewayToken' | 'as4TimeoutMs'>,
): PerMode<PeppolTransport> {
  return {
    live: createHttpTransport({
      baseUrl: config.as4GatewayUrl,
      token: config.as4GatewayToken,
      timeoutMs: config.as4TimeoutMs,
    }),
    sandbox: createSimulatedTransport(),
  };
}
