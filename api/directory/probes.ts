import { withTimeout, type ContractProbe } from '../health/probes.ts';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';

export interface DirectoryProbeOptions {
  timeoutMs?: number;
  /** A participant registered in the SML zone (SML_PROBE_PARTICIPANT). */
  smlParticipant?: string;
}

/** Who the live adapters are asked for: they ignore it; the sandbox simulators would scope by it. */
const PROBE_CALLER = { organizationId: 'health-contracts' };

/**
 * /health/contracts probes of the live Peppol Directory (one small search) and of the SML (the
 * U-NAPTR lookup of a participant known to be registered). Pass them as AppDeps.extraContractProbes.
 */
export function directoryContractProbes(
  services: DirectoryServices,
  options: DirectoryProbeOptions = {},
): ContractProbe[] {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const participant = options.smlParticipant ?? '9915:test';
  return [
    {
      name: 'directory',
      async run() {
        const page = await withTimeout(
          services
            .directory(true)
            .search({ q: 'peppol', country: 'BE', includeSubEntities: false, limit: 1 }, PROBE_CALLER),
          timeoutMs,
          'the Peppol Directory',
        );
        return `search answered with ${page.rows.length} row(s)`;
      },
    },
    {
      name: 'sml',
      async run() {
        const smp = services.smp(true);
        if (!smp.locate) throw new Error('the live SMP lookup has no SML step to probe');
        const found = await withTimeout(smp.locate(participant), timeoutMs, 'the SML');
        if (!found) throw new Error(`the SML has no record of ${participant} (is SML_ZONE right?)`);
        return `${participant} resolves to ${found.smpUrl}`;
      },
    },
  ];
}
