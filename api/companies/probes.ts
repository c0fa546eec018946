import { withTimeout, type ContractProbe } from '../health/probes.ts';
import type { CompanyUpstreams } from '../../upstreams/companies.ts';

/**
 * /health/contracts probes of the live registry (VIES `check-status`) and the live SMP (a service
 * group read). Pass them as AppDeps.extraContractProbes.
 */
export function companyContractProbes(upstreams: CompanyUpstreams, timeoutMs = 10_000): ContractProbe[] {
  return [
    { name: 'registry', run: () => withTimeout(upstreams.registry.live.probe(), timeoutMs, 'the VAT registry') },
    { name: 'smp', run: () => withTimeout(upstreams.smp.live.probe(), timeoutMs, 'the SMP') },
  ];
}
