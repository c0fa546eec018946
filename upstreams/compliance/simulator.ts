import { setNewest } from '../../core/bounded-map.ts';
import type { ComplianceAnswer, CompliancePlatform, CompliancePlatformName, ComplianceSubmission } from './types.ts';

/**
 * Magic document numbers of the sandbox platforms: a document whose number contains one of these
 * is refused with the matching platform code (part 7.4). `COMPLIANCE-SLOW` keeps a submission
 * undecided at the first status check, so the next check (`nextCheckAt`) decides it;
 * `COMPLIANCE-SILENT` never decides, so the report fails with `NO_ANSWER` after 7 days of checks.
 */
export const SANDBOX_COMPLIANCE_FAILURES: Record<
  CompliancePlatformName,
  Record<string, { code: string; message: string }>
> = {
  PPF: {
    'PPF-00025': { code: '00025', message: 'Invoice number format is invalid' },
    'PPF-00058': { code: '00058', message: 'Service executant missing for a public buyer' },
  },
  SDI: {
    'SDI-00200': { code: '00200', message: 'File fails schema validation' },
    'SDI-00306': { code: '00306', message: 'Unknown recipient code' },
  },
};
export const SANDBOX_COMPLIANCE_SLOW = 'COMPLIANCE-SLOW';
export const SANDBOX_COMPLIANCE_SILENT = 'COMPLIANCE-SILENT';

/** COMPLIANCE-SLOW submissions whose checks a simulated platform counts at once. */
const MAX_SLOW_SUBMISSIONS = 10_000;

/** Deterministic, in-process platform: submissions are queued, then decided at the status check. */
export function createSimulatedPlatform(name: CompliancePlatformName): CompliancePlatform {
  // Status checks of COMPLIANCE-SLOW submissions, the only ones whose answer depends on them; the
  // oldest are forgotten past the bound, so that a long-running worker does not keep one per report.
  const slowChecks = new Map<string, number>();
  const checkOfSlow = (submissionId: string): number => {
    const seen = (slowChecks.get(submissionId) ?? 0) + 1;
    setNewest(slowChecks, submissionId, seen, MAX_SLOW_SUBMISSIONS);
    return seen;
  };
  const decide = (submissionId: string, s: ComplianceSubmission): ComplianceAnswer => {
    const undecided =
      s.documentNumber.includes(SANDBOX_COMPLIANCE_SILENT) ||
      (s.documentNumber.includes(SANDBOX_COMPLIANCE_SLOW) && checkOfSlow(submissionId) < 2);
    if (undecided)
      return {
        submissionId,
        status: 'submitted',
        platformResponse: { platform: name, state: 'processing', sandbox: true },
      };
    const failure = Object.entries(SANDBOX_COMPLIANCE_FAILURES[name]).find(([magic]) =>
      s.documentNumber.includes(magic),
    )?.[1];
    if (failure)
      return {
        submissionId,
        status: 'failed',
        errorCode: failure.code,
        errorMessage: failure.message,
        platformResponse: {
          platform: name,
          state: 'rejected',
          code: failure.code,
          message: failure.message,
          sandbox: true,
        },
      };
    return { submissionId, status: 'accepted', platformResponse: { platform: name, state: 'accepted', sandbox: true } };
  };
  return {
    name,
    async submit(s) {
      return {
        submissionId: `sim-${name.toLowerCase()}-${s.reportId}`,
        status: 'submitted',
        platformResponse: { platform: name, state: 'received', sandbox: true },
      };
    },
    async status(submissionId, s) {
      return decide(submissionId, s);
    },
  };
}
