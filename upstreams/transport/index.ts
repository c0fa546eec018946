import type { Config } from '../../core/config.ts';
import { createHttpTransport } from './http.ts';
import { createSimulatedTransport } from './simulator.ts';
import type { PeppolTransport } from './types.ts';

export type { PeppolTransport } from './types.ts';

export function createTransports(config: Pick<Config, 'as4GatewayUrl' | 'as4GatewayToken' | 'as4TimeoutMs'>): { live: PeppolTransport; sandbox: PeppolTransport } {
  return {
    live: createHttpTransport({ baseUrl: config.as4GatewayUrl, token: config.as4GatewayToken, timeoutMs: config.as4TimeoutMs }),
    sandbox: createSimulatedTransport(),
  };
}
