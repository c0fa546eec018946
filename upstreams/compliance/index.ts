import type { Config } from '../../core/config.ts';
import { createFlowServiceClient, createPartnerPaPlatform } from './afnor-pa/index.ts';
import { sdiCoopFromConfig } from './sdi/index.ts';
import { createSimulatedPlatform } from './simulator.ts';
import type { PerMode } from '../modes.ts';
import type { CompliancePlatform, CompliancePlatformName } from './types.ts';

export { COMPLIANCE_PLATFORMS } from '../../core/compliance-reporting.ts';
export type { ComplianceAnswer, CompliancePlatform, CompliancePlatformName, ComplianceSubmission } from './types.ts';
export { createFlowServiceClient, createPartnerPaPlatform } from './afnor-pa/index.ts';
export { createSimulatedPlatform } from './simulator.ts';

export type CompliancePlatforms = PerMode<Record<CompliancePlatformName, CompliancePlatform>>;

/** Live reports go to the configured platforms; sandbox ones always to the simulators. */
export function compliancePlatformsFromConfig(
  config: Pick<
    Config,
    | 'frenchPaName'
    | 'frenchPaFlowServiceUrl'
    | 'frenchPaToken'
    | 'frenchPaTokenUrl'
    | 'frenchPaClientId'
    | 'frenchPaClientSecret'
    | 'frenchPaOrganizationId'
    | 'sdiBaseUrl'
    | 'sdiTlsCert'
    | 'sdiTlsKey'
    | 'sdiTlsCa'
    | 'sdiTransmitterId'
    | 'complianceTimeoutMs'
  >,
): CompliancePlatforms {
  const { frenchPaTokenUrl: tokenUrl, frenchPaClientId: clientId, frenchPaClientSecret: clientSecret } = config;
  return {
    live: {
      // France: through the partner PA's XP Z12-013 Flow Service, which files with the PPF.
      PPF: createPartnerPaPlatform({
        name: config.frenchPaName,
        flows: createFlowServiceClient({
          baseUrl: config.frenchPaFlowServiceUrl,
          token: config.frenchPaToken,
          oauth: tokenUrl && clientId && clientSecret ? { tokenUrl, clientId, clientSecret } : undefined,
          organizationId: config.frenchPaOrganizationId,
          timeoutMs: config.complianceTimeoutMs,
        }),
      }),
      SDI: sdiCoopFromConfig(config),
    },
    sandbox: { PPF: createSimulatedPlatform('PPF'), SDI: createSimulatedPlatform('SDI') },
  };
}
