import { countLifecycleTransitions } from '../core/metrics.ts';
import type { DispatchableEvent, EventDispatcher } from '../core/event-dispatcher.ts';
import { failure } from '../core/failures.ts';
import { transmissionId } from '../core/ids.ts';
import type { Db } from '../db/database.ts';
import { findDocumentById, type DocumentRow } from '../db/documents.ts';
import { findCompanyById } from '../db/companies.ts';
import { insertEvent } from '../db/events.ts';
import { insertComplianceReport, newComplianceReportId } from '../db/compliance.ts';
import {
  COMPLIANCE_PLATFORMS,
  reportingDecision,
  sdiTakesMove,
  type ReportingDecision,
} from '../core/compliance-reporting.ts';
import { insertLifecycleEvent, moveLifecycle, newLifecycleEventId } from '../db/lifecycle.ts';
import { amountPaid, insertPayment, newPaymentId } from '../db/payments.ts';
import {
  allowedTransitions,
  type ComplianceSummary,
  type LifecycleCommand,
  type LifecycleOutcome,
  type LifecycleState,
  type LifecycleStatus,
  type LifecycleStep,
  type PlannedPayment,
} from '../core/lifecycle.ts';
import type { InvoiceResponseInput } from '../core/invoice-responses.ts';
import {
  countryOfScheme,
  isBillingType,
  renderInvoiceResponse,
  responseCodeFor,
  splitParticipantId,
  wrapInSbdh,
} from '../peppol/index.ts';
import { emitCdarForMove } from './cdar.ts';
import { cdarStatusFor } from '../core/cdar.ts';
import { documentEventData } from './documents.ts';
import type { PeppolTransport } from '../upstreams/transport/types.ts';
import { forMode, type PerMode } from '../upstreams/modes.ts';

export interface LifecycleActivityDeps {
  db: Db;
  events: EventDispatcher;
  /** Invoice Responses travel like any Peppol message: the access point live, the simulated one in the sandbox. */
  transports: PerMode<PeppolTransport>;
}

export interface ApplyLifecycleInput {
  documentId: string;
  expected: LifecycleStatus;
  steps: LifecycleStep[];
  payment: PlannedPayment | null;
  command: LifecycleCommand;
}

export interface ApplyLifecycleResult {
  /** The state after the call: the new one when applied, the database's when the guard failed. */
  state: LifecycleState;
  /** Present when this call made the move. */
  outcome?: LifecycleOutcome;
  /** The country whose platform the move was queued for (FR, IT), if any. */
  complianceCountry?: string | null;
}

export interface LifecycleActivities {
  loadLifecycleState(input: { documentId: string }): Promise<LifecycleState>;
  applyLifecycle(input: ApplyLifecycleInput): Promise<ApplyLifecycleResult>;
  /**
   * Sends the Peppol BIS Invoice Response for a move of an incoming invoice back to its sender.
   * Returns the transport message id, or null when there is nothing to send (outgoing document,
   * a status without response code, no sender participant).
   */
  sendInvoiceResponse(input: InvoiceResponseInput): Promise<string | null>;
  /**
   * Scheduled by runs started before the sandbox access point answered through the inbound door
   * (workflows/documents/lifecycle.ts): an Invoice Response now reaches its invoice through the
   * door, whatever the network, so there is never a route left to take. Always null.
   */
  sandboxResponseRoute(input: InvoiceResponseInput): Promise<null>;
}

/** The first status check of a submission, after the report is filed. */
export const COMPLIANCE_FIRST_CHECK_MS = 5 * 60_000;

/** The company's reporting decision as its settings stand when the change is made. */
export async function complianceDecision(db: Db, companyId: string): Promise<ReportingDecision | undefined> {
  const company = await findCompanyById(db, companyId);
  return company && reportingDecision(company);
}

export function complianceSummary(decision: ReportingDecision | undefined, at: Date): ComplianceSummary {
  if (!decision?.platform) return { reportedTo: [], status: 'not_required', nextCheckAt: null };
  if (!decision.report) return { reportedTo: [], status: 'disabled', nextCheckAt: null };
  return {
    reportedTo: [decision.platform],
    status: 'pending',
    nextCheckAt: new Date(at.getTime() + COMPLIANCE_FIRST_CHECK_MS).toISOString(),
  };
}

async function stateOf(db: Db, row: DocumentRow): Promise<LifecycleState> {
  return {
    status: row.lifecycle_status,
    amountPaid: await amountPaid(db, row.id),
    grossAmount: row.gross_amount,
    currency: row.currency,
    direction: row.direction,
  };
}

export function createLifecycleActivities({ db, events, transports }: LifecycleActivityDeps): LifecycleActivities {
  const load = async (documentId: string) => {
    const row = await findDocumentById(db, documentId);
    if (!row) throw failure('NOT_FOUND', `document ${documentId} does not exist`);
    return row;
  };

  return {
    async loadLifecycleState({ documentId }) {
      return stateOf(db, await load(documentId));
    },

    /**
     * One transaction: the guarded status move, a history row and a `lifecycle.updated` event per
     * step (an implied `approved` step included), the CDAR of a French document, and the payment
     * booked. Events go out after commit.
     */
    async applyLifecycle({ documentId, expected, steps, payment, command }) {
      const at = new Date();
      const last = steps[steps.length - 1];
      const applied = await db.transaction().execute(async (trx) => {
        const moved = await moveLifecycle(trx, documentId, expected, last.to, at);
        if (!moved) return { state: await stateOf(trx, await load(documentId)), events: [] as DispatchableEvent[] };
        // The tax platforms (PPF, SDI) take the lifecycle of invoices and notes, not of orders or quotes.
        const decision = isBillingType(moved.type) ? await complianceDecision(trx, moved.company_id) : undefined;
        const country = decision?.report ? decision.country : null;
        // Live French reports are the reform's CDAR statuses, filed by the partner PA: a move the
        // reform has no status for (our side's `approved` of what we sold, say) owes none. The SdI
        // takes only a recipient's outcome (EC01/EC02) as a move. The sandbox simulator takes every move.
        const owed = (to: string) => {
          if (!moved.livemode) return true;
          if (country === 'FR') return cdarStatusFor(to, moved.direction) !== undefined;
          if (country === 'IT') return sdiTakesMove(to, moved.direction);
          return true;
        };
        const compliance =
          country && !steps.some((step) => owed(step.to))
            ? complianceSummary(undefined, at)
            : complianceSummary(decision, at);
        const written: DispatchableEvent[] = [];
        for (const step of steps) {
          const final = step === last;
          const update = command.kind === 'update' || command.kind === 'response' ? command : undefined;
          const history = await insertLifecycleEvent(trx, {
            id: newLifecycleEventId(),
            organization_id: moved.organization_id,
            livemode: moved.livemode,
            company_id: moved.company_id,
            document_id: documentId,
            from_status: step.from,
            to_status: step.to,
            source: command.source,
            implied: step.implied,
            actor: command.actor,
            reason: final ? (update?.reason ?? null) : null,
            reason_code: final ? (update?.reasonCode ?? null) : null,
            note: final
              ? command.kind === 'update'
                ? (command.note ?? null)
                : command.kind === 'response'
                  ? command.cdarStatus
                    ? `CDAR ${command.cdarStatus} (${command.responseId})`
                    : `Invoice Response ${command.responseCode} (${command.responseId})`
                  : null
              : null,
            payment_date: final && payment ? payment.date : null,
            payment_amount: final && payment ? payment.amount : null,
            payment_currency: final && payment ? payment.currency : null,
            payment_reference: final && payment ? payment.reference : null,
          });
          const event = await insertEvent(trx, {
            organizationId: moved.organization_id,
            livemode: moved.livemode,
            companyId: moved.company_id,
            type: 'lifecycle.updated',
            data: {
              ...documentEventData(moved),
              previousStatus: step.from,
              currentStatus: step.to,
              source: command.source,
              ...(final && update?.reasonCode ? { reasonCode: update.reasonCode, reason: update.reason ?? null } : {}),
              compliance,
            },
          });
          written.push(event);
          // Not reported, by the company's choice: no report and no compliance.reported, which says
          // only what was reported; the move's answer, its lifecycle.updated and the compliance
          // status endpoint show the decision (`disabled`).
          if (country && owed(step.to)) {
            await insertComplianceReport(trx, {
              id: newComplianceReportId(),
              organization_id: moved.organization_id,
              livemode: moved.livemode,
              company_id: moved.company_id,
              document_id: documentId,
              lifecycle_event_id: history.id,
              country,
              platform: COMPLIANCE_PLATFORMS[country],
              lifecycle_status: step.to,
              status: 'pending',
            });
          }
        }
        const cdars = await emitCdarForMove(trx, {
          document: moved,
          country: decision?.country ?? null,
          steps,
          payment,
          command,
          at,
        });
        written.push(...cdars.map((flow) => flow.event));
        if (payment) {
          await insertPayment(trx, {
            id: newPaymentId(),
            organization_id: moved.organization_id,
            livemode: moved.livemode,
            document_id: documentId,
            amount: payment.amount,
            currency: payment.currency,
            payment_date: payment.date,
            reference: payment.reference,
          });
        }
        const outcome: LifecycleOutcome = {
          documentId,
          previousStatus: expected,
          currentStatus: last.to,
          updatedAt: at.toISOString(),
          compliance,
          allowedTransitions: allowedTransitions(last.to),
        };
        return { state: await stateOf(trx, moved), outcome, events: written, country };
      });
      await events.dispatch(applied.events);
      if ('outcome' in applied) countLifecycleTransitions(steps);
      return 'outcome' in applied
        ? { state: applied.state, outcome: applied.outcome, complianceCountry: applied.country }
        : { state: applied.state };
    },

    async sendInvoiceResponse({ documentId, status, sequence, reasonCode, reason, date }) {
      const row = await load(documentId);
      const code = responseCodeFor(status);
      const seller = row.sender;
      const buyer = row.receiver;
      // Invoices and notes only: Peppol answers an order with an Order Response, not an Invoice Response.
      if (
        !isBillingType(row.type) ||
        row.direction !== 'incoming' ||
        !code ||
        !row.number ||
        !seller.peppolId ||
        !buyer?.peppolId
      )
        return null;
      const id = `${documentId}-${sequence}`;
      const xml = renderInvoiceResponse({
        id,
        issueDate: date,
        sender: { peppolId: buyer.peppolId, name: buyer.name ?? buyer.peppolId },
        receiver: { peppolId: seller.peppolId, name: seller.name ?? seller.peppolId },
        responseCode: code,
        effectiveDate: date,
        reasonCode,
        reason,
        invoice: {
          id: row.number,
          issueDate: row.issue_date ?? undefined,
          typeCode: row.type === 'credit-note' ? '381' : row.type === 'debit-note' ? '383' : '380',
        },
      });
      const instanceId = transmissionId(id);
      const wrapped = wrapInSbdh(xml, {
        sender: buyer.peppolId,
        receiver: seller.peppolId,
        instanceId,
        // The response's own date, not the clock: a retried activity sends the same bytes.
        createdAt: new Date(`${date}T00:00:00Z`),
        countryC1: countryOfScheme(splitParticipantId(buyer.peppolId)?.scheme ?? '') ?? 'BE',
      });
      if (!wrapped.ok) throw failure('SBDH_ERROR', wrapped.errors.map((e) => e.message).join('; '));
      const transport = forMode(transports, row.livemode);
      const result = await transport.handOff({
        documentId,
        attempt: 1,
        instanceId,
        sbd: wrapped.xml,
        senderId: buyer.peppolId,
        receiverId: seller.peppolId,
        documentTypeId: wrapped.documentTypeId,
        processId: wrapped.processId,
        origin: { organizationId: row.organization_id, companyId: row.company_id },
      });
      return result.messageId;
    },

    async sandboxResponseRoute() {
      return null;
    },
  };
}
