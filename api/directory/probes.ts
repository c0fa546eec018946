import { withTimeout, type ContractProbe } from '../health/probes.ts';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';

export interface DirectoryProbeOptions {
  timeoutMs?: number;
  /** A participant registered in the SML zone (SML_PROBE_PARTICIPANT); unset: only the zone's answer is checked. */
  smlParticipant?: string | undefined;
}

/** Who the live adapters are asked for: they ignore it; the sandbox simulators would scope by it. */
const PROBE_CALLER = { organizationId: 'health-contracts' };
/** Looked up when no probe participant is configured: its absence is an answer too. */
const PROBE_ABSENT = '9999:docex-health-probe';

/**
 * /health/contracts probes of the live Peppol Directory (one small search) and of the SML (the
 * U-NAPTR lookup of a participant known to be registered). Pass them as AppDeps.extraContractProbes.
 */
export function directoryContractProbes(
  services: DirectoryServices,
  options: DirectoryProbeOptions = {},
): ContractProbe[] {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const participant = options.smlParticipant;
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
        if (!participant) {
          // No participant known to be registered: the zone answering (even "no such name") is the check.
          const found = await withTimeout(smp.locate(PROBE_ABSENT), timeoutMs, 'the SML');
          return found
            ? `the SML answered (${PROBE_ABSENT} resolves to ${found.smpUrl})`
            : 'the SML answered (set SML_PROBE_PARTICIPANT to resolve a registered participant)';
        }
        const found = await withTimeout(smp.locate(participant), timeoutMs, 'the SML');
        if (!found) throw new Error(`the SML has no record of ${participant} (is SML_ZONE right?)`);
        return `${participant} resolves to ${found.smpUrl}`;
      },
    },
  ];
}
