import type { CompliancePlatformName } from './types.ts';

/** National platforms a lifecycle change is reported to, by the company's country (never Belgium). */
export const COMPLIANCE_PLATFORMS: Record<string, CompliancePlatformName> = { FR: 'PPF', IT: 'SDI' };
