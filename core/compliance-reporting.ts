/** The national platforms the service reports to. */
export type CompliancePlatformName = 'PPF' | 'SDI';

/** National platforms a lifecycle change is reported to, by the company's country (never Belgium). */
export const COMPLIANCE_PLATFORMS: Record<string, CompliancePlatformName> = { FR: 'PPF', IT: 'SDI' };

/** EC01 accepted, EC02 refused: the only outcomes an Italian recipient sends the SdI (NotificaEsitoCommittente). */
export const SDI_RECIPIENT_OUTCOMES: Readonly<Record<string, 'EC01' | 'EC02'>> = { approved: 'EC01', rejected: 'EC02' };

/**
 * Whether the SdI takes a message for a lifecycle move: only the recipient's outcome of an invoice it
 * received (the seller's invoice itself goes to the SdI when it is sent, not as a move).
 */
export function sdiTakesMove(to: string, direction: string): boolean {
  return direction === 'incoming' && to in SDI_RECIPIENT_OUTCOMES;
}

/** Why a lifecycle change of a company is, or is not, reported. */
export type ReportingReason =
  /** The company's country has no reporting platform. */
  | 'not_covered'
  /** No toggle says otherwise: reported. */
  | 'default'
  /** `settings.autoReporting` is false: the company switched reporting off everywhere. */
  | 'company_settings'
  /** `compliance.<country>.autoReport` is false: switched off for that country. */
  | 'company_compliance';

export interface ReportingDecision {
  country: string;
  platform: string | null;
  report: boolean;
  reason: ReportingReason;
}

export interface CompanyReportingSettings {
  country: string;
  settings: unknown;
  compliance: unknown;
}

const toggle = (value: unknown, key: string): boolean | undefined => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === 'boolean' ? v : undefined;
};

/**
 * Whether a company's lifecycle changes go to its country's platform. Either switch off means not
 * reported: the company-wide `settings.autoReporting` and the per-country
 * `compliance.<country>.autoReport` (set on by default for French and Italian companies), so a
 * company that switched reporting off is never reported whatever its country entries say.
 */
export function reportingDecision(company: CompanyReportingSettings): ReportingDecision {
  const platform = COMPLIANCE_PLATFORMS[company.country] ?? null;
  const base = { country: company.country, platform };
  if (!platform) return { ...base, report: false, reason: 'not_covered' };
  if (toggle(company.settings, 'autoReporting') === false)
    return { ...base, report: false, reason: 'company_settings' };
  const entry =
    company.compliance && typeof company.compliance === 'object'
      ? (company.compliance as Record<string, unknown>)[company.country]
      : undefined;
  if (toggle(entry, 'autoReport') === false) return { ...base, report: false, reason: 'company_compliance' };
  return { ...base, report: true, reason: 'default' };
}
