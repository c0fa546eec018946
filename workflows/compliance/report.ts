import { defineSignal, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ComplianceActivities } from '../../activities/compliance.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { useClock } from '../clock.ts';

export interface ComplianceInput {
  documentId: string;
  /** FR (reported to PPF) or IT (reported to SDI). */
  country: string;
  livemode: boolean;
  offsetMs?: number;
}

export interface ComplianceResult {
  documentId: string;
  country: string;
  reports: Array<{ reportId: string; status: 'accepted' | 'failed' }>;
}

/** Sent by the document workflow when it queued another report while this run is open. */
export const complianceQueuedSignal = defineSignal('complianceQueued');

/**
 * Sent when a platform's own notification decided the report being waited on (the SdI's RC, MC, AT
 * or NS, recorded by the TrasmissioneFatture endpoint): the wait ends at once and the check reads it.
 */
export const complianceNotifiedSignal = defineSignal('complianceNotified');

/** Status checks after a submission: 5 min, 15 min, 1 h, 6 h, then daily; undecided after 7 days fails. */
export const COMPLIANCE_CHECK_DELAYS_MS = [
  300_000,
  900_000,
  3_600_000,
  21_600_000,
  ...Array.from({ length: 7 }, () => 86_400_000),
];

const { nextComplianceReport, submitComplianceReport } = proxyActivities<ComplianceActivities>(
  ACTIVITY_PRESETS.upstream,
);
const { checkComplianceReport } = proxyActivities<ComplianceActivities>(ACTIVITY_PRESETS.upstream);

/**
 * `compliance:<doc_id>:<country>`: files each queued lifecycle report of the document with the
 * country's platform, in order, and polls its status at `nextCheckAt` until decided. The reports
 * are rows written with the lifecycle move, so nothing is lost if this run is started late.
 */
export async function complianceWorkflow(input: ComplianceInput): Promise<ComplianceResult> {
  const clock = useClock({ livemode: input.livemode, offsetMs: input.offsetMs ?? 0 });
  let queued: boolean;
  setHandler(complianceQueuedSignal, () => {
    queued = true;
  });
  let notified = false;
  setHandler(complianceNotifiedSignal, () => {
    notified = true;
  });
  const reports: ComplianceResult['reports'] = [];

  for (;;) {
    queued = false;
    const next = await nextComplianceReport({ documentId: input.documentId, country: input.country });
    if (!next) {
      // A report queued while we looked is picked up; else the run ends (a later one starts anew).
      if (queued) continue;
      break;
    }
    let checks = 0;
    let step = next.submitted
      ? await checkComplianceReport({
          reportId: next.reportId,
          nextCheckAt: clock.now() + COMPLIANCE_CHECK_DELAYS_MS[0],
          giveUp: false,
        })
      : await submitComplianceReport({
          reportId: next.reportId,
          nextCheckAt: clock.now() + COMPLIANCE_CHECK_DELAYS_MS[0],
        });
    notified = false;
    while (step.status === 'submitted') {
      // Live only: sandbox reports are decided by the simulator at the checks, on the company's clock.
      if (input.livemode && patched('compliance-notified-wakes'))
        await clock.condition(() => notified, COMPLIANCE_CHECK_DELAYS_MS[checks]);
      else await clock.sleep(COMPLIANCE_CHECK_DELAYS_MS[checks]);
      notified = false;
      checks += 1;
      const delay = COMPLIANCE_CHECK_DELAYS_MS[checks];
      step = await checkComplianceReport({
        reportId: next.reportId,
        nextCheckAt: delay === undefined ? null : clock.now() + delay,
        giveUp: delay === undefined,
      });
    }
    reports.push({ reportId: step.reportId, status: step.status });
  }
  return { documentId: input.documentId, country: input.country, reports };
}
