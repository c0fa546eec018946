import type { Config } from '../../core/config.ts';
import type { PerMode } from '../modes.ts';
import { createDnsDomainVerifier } from './dns.ts';
import { createDomainVerifierSimulator } from './simulator.ts';

export * from './types.ts';
import type { DomainVerifier } from './types.ts';
export { createDnsDomainVerifier } from './dns.ts';
export { createDomainVerifierSimulator } from './simulator.ts';

/** Custom domain verification: DNS through `DNS_RESOLVERS` for live platforms, the simulator for sandbox ones. */
export function createDomainVerifiers(
  config: Pick<Config, 'dnsResolvers' | 'smpLookupTimeoutMs'>,
): PerMode<DomainVerifier> {
  return {
    live: createDnsDomainVerifier({ servers: config.dnsResolvers, timeoutMs: config.smpLookupTimeoutMs }),
    sandbox: createDomainVerifierSimulator(),
  };
}
