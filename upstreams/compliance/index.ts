import type { Config } from '../../core/config.ts';
import { createPpfPlatform } from './http.ts';
import { sdiCoopFromConfig } from './sdi/index.ts';
import { createSimulatedPlatform } from './simulator.ts';
import type { PerMode } from '../modes.ts';
import type { CompliancePlatform, CompliancePlatformName } from './types.ts';

export { COMPLIANCE_PLATFORMS } from '../../core/compliance-reporting.ts';
export type { ComplianceAnswer, CompliancePlatform, CompliancePlatformName, ComplianceSubmission } from './types.ts';
export { createPpfPlatform } from './http.ts';
export { createSimulatedPlatform } from './simulator.ts';

export type CompliancePlatforms = PerMode<Record<CompliancePlatformName, CompliancePlatform>>;

/** Live reports go to the configured platforms; sandbox ones always to the simulators. */
export function compliancePlatformsFromConfig(
  config: Pick<
    Config,
    | 'ppfBaseUrl'
    | 'ppfToken'
    | 'sdiBaseUrl'
    | 'sdiTlsCert'
    | 'sdiTlsKey'
    | 'sdiTlsCa'
    | 'sdiTransmitterId'
    | 'complianceTimeoutMs'
  >,
): CompliancePlatforms {
  return {
    live: {
      PPF: createPpfPlatform({
        baseUrl: config.ppfBaseUrl,
        token: config.ppfToken,
        timeoutMs: config.complianceTimeoutMs,
      }),
      SDI: sdiCoopFromConfig(config),
    },
    sandbox: { PPF: createSimulatedPlatform('PPF'), SDI: createSimulatedPlatform('SDI') },
  };
}
