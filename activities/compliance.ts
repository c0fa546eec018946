import { Context } from '@temporalio/activity';
import { countComplianceReport } from '../core/metrics.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { failure } from '../core/failures.ts';
import type { Db } from '../db/database.ts';
import { findComplianceReport, nextOpenReport, updateComplianceReport } from '../db/compliance.ts';
import { findDocumentById } from '../db/documents.ts';
import { insertEvent } from '../db/events.ts';
import { paymentAmountOfMove } from '../db/lifecycle.ts';
import { storedFlowFile } from '../db/flows.ts';
import type {
  ComplianceAnswer,
  CompliancePlatforms,
  CompliancePlatformName,
  ComplianceSubmission,
} from '../upstreams/compliance/index.ts';
import { forMode } from '../upstreams/modes.ts';

export interface ComplianceActivityDeps {
  db: Db;
  events: EventDispatcher;
  platforms: CompliancePlatforms;
}

export interface ComplianceStep {
  reportId: string;
  status: 'submitted' | 'accepted' | 'failed';
}

export interface ComplianceActivities {
  /** The oldest report of (document, country) not yet decided, or null. */
  nextComplianceReport(input: {
    documentId: string;
    country: string;
  }): Promise<{ reportId: string; submitted: boolean } | null>;
  /** Files the report with the platform; `nextCheckAt` (epoch ms) is stored when undecided. */
  submitComplianceReport(input: { reportId: string; nextCheckAt: number }): Promise<ComplianceStep>;
  /** Asks the platform again; `nextCheckAt` is stored when still undecided. */
  checkComplianceReport(input: {
    reportId: string;
    nextCheckAt: number | null;
    giveUp: boolean;
  }): Promise<ComplianceStep>;
}

export function createComplianceActivities({ db, events, platforms }: ComplianceActivityDeps): ComplianceActivities {
  /** The amount the reported move booked, for the statuses that carry it (paid, cashed). */
  const paymentOf = async (lifecycleEventId: string | null): Promise<string | null> => {
    return lifecycleEventId ? paymentAmountOfMove(db, lifecycleEventId) : null;
  };

  const context = async (reportId: string) => {
    const report = await findComplianceReport(db, reportId);
    if (!report) throw failure('NOT_FOUND', `compliance report ${reportId} does not exist`);
    const doc = await findDocumentById(db, report.document_id);
    if (!doc) throw failure('NOT_FOUND', `document ${report.document_id} does not exist`);
    const platform = forMode(platforms, doc.livemode)[report.platform as CompliancePlatformName];
    if (!platform) throw failure('INVALID_INPUT', `no compliance platform ${report.platform}`);
    const submission: ComplianceSubmission = {
      reportId: report.id,
      documentId: doc.id,
      documentNumber: doc.number ?? doc.id,
      documentType: doc.type,
      issueDate: doc.issue_date,
      lifecycleStatus: report.lifecycle_status,
      sellerVat: doc.sender.vatNumber,
      buyerVat: doc.receiver?.vatNumber ?? null,
      grossAmount: doc.gross_amount,
      currency: doc.currency,
      direction: doc.direction,
      seller: doc.sender,
      buyer: doc.receiver,
      paymentAmount: await paymentOf(report.lifecycle_event_id),
      flowFile: doc.type === 'event' ? await storedFlowFile(db, doc.id) : undefined,
      body: doc.body,
      reportSeq: String(report.seq),
      attempt: activityAttempt(),
    };
    return { report, doc, platform, submission };
  };

  /** Records the platform's answer; a decided report writes its `compliance.reported` event in the same transaction. */
  const record = async (
    reportId: string,
    answer: ComplianceAnswer,
    nextCheckAt: number | null,
  ): Promise<ComplianceStep> => {
    const at = new Date();
    const event = await db.transaction().execute(async (trx) => {
      const row = await updateComplianceReport(trx, reportId, {
        status: answer.status,
        submission_id: answer.submissionId,
        platform_response: JSON.stringify(answer.platformResponse),
        error_code: answer.errorCode ?? null,
        error_message: answer.errorMessage ?? null,
        next_check_at: answer.status === 'submitted' && nextCheckAt !== null ? new Date(nextCheckAt) : null,
        updated_at: at,
      });
      if (!row || answer.status === 'submitted') return undefined;
      return insertEvent(trx, {
        organizationId: row.organization_id,
        livemode: row.livemode,
        companyId: row.company_id,
        type: 'compliance.reported',
        data: {
          documentId: row.document_id,
          reportId: row.id,
          reportedTo: answer.reportedTo ?? row.platform,
          ...(answer.platform ? { platform: answer.platform } : {}),
          country: row.country,
          lifecycleStatus: row.lifecycle_status,
          status: answer.status,
          ...(answer.status === 'failed'
            ? { errorCode: answer.errorCode ?? null, errorMessage: answer.errorMessage ?? null }
            : {}),
        },
      });
    });
    if (event) await events.dispatch([event]);
    if (event) countComplianceReport(String(event.data.reportedTo), answer.status);
    return { reportId, status: answer.status };
  };

  return {
    async nextComplianceReport({ documentId, country }) {
      const row = await nextOpenReport(db, documentId, country);
      return row ? { reportId: row.id, submitted: row.status === 'submitted' } : null;
    },

    async submitComplianceReport({ reportId, nextCheckAt }) {
      const { report, platform, submission } = await context(reportId);
      if (report.status !== 'pending') return { reportId, status: report.status };
      return record(reportId, await platform.submit(submission), nextCheckAt);
    },

    async checkComplianceReport({ reportId, nextCheckAt, giveUp }) {
      const { report, platform, submission } = await context(reportId);
      if (report.status !== 'submitted' || !report.submission_id)
        return { reportId, status: report.status as ComplianceStep['status'] };
      const answer = await platform.status(report.submission_id, submission);
      if (answer.status === 'submitted' && giveUp) {
        return record(
          reportId,
          {
            ...answer,
            status: 'failed',
            errorCode: 'NO_ANSWER',
            errorMessage: 'the platform did not decide within 7 days',
          },
          null,
        );
      }
      return record(reportId, answer, nextCheckAt);
    },
  };
}

/** The attempt of the running activity (1 outside one). */
function activityAttempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
}
