import type { Config } from '../../../core/config.ts';
import type { Db } from '../../../db/database.ts';
import { createNaptrResolver } from '../smp-lookup/dns.ts';
import { createSmpLookupClient } from '../smp-lookup/real.ts';
import { createSmpLookupSimulator } from '../smp-lookup/simulator.ts';
import type { SmpLookup } from '../smp-lookup/types.ts';
import { createDirectoryClient } from './real.ts';
import { createDirectorySimulator } from './simulator.ts';
import type { DirectoryUpstream } from './types.ts';

export type { DirectoryUpstream } from './types.ts';
export type { SmpLookup } from '../smp-lookup/types.ts';

/** The Peppol Directory and the SMP read side, per mode: sandbox always uses the simulators. */
export interface DirectoryServices {
  directory(livemode: boolean): DirectoryUpstream;
  smp(livemode: boolean): SmpLookup;
}

export type DirectoryConfig = Pick<Config, 'directoryBaseUrl' | 'directoryTimeoutMs' | 'smlZone' | 'dnsResolvers' | 'smpLookupTimeoutMs'>;

export function createDirectoryServices(db: Db, config: DirectoryConfig, live: { directory?: DirectoryUpstream; smp?: SmpLookup } = {}): DirectoryServices {
  const sandboxDirectory = createDirectorySimulator(db);
  const sandboxSmp = createSmpLookupSimulator(sandboxDirectory);
  const liveDirectory = live.directory ?? createDirectoryClient({ baseUrl: config.directoryBaseUrl, timeoutMs: config.directoryTimeoutMs });
  const liveSmp = live.smp ?? createSmpLookupClient({
    zone: config.smlZone,
    resolveNaptr: createNaptrResolver({ servers: config.dnsResolvers, timeoutMs: config.smpLookupTimeoutMs }),
    timeoutMs: config.smpLookupTimeoutMs,
  });
  return {
    directory: (livemode) => (livemode ? liveDirectory : sandboxDirectory),
    smp: (livemode) => (livemode ? liveSmp : sandboxSmp),
  };
}
