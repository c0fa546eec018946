import { Decimal } from 'decimal.js';
import { withArticle } from '../peppol/article.ts';
import type { LifecycleRefusal } from './failures.ts';

/**
 * The lifecycle chain of a document (part 3.2 with DESIGN.md §5): the transition table and the
 * planning of a command. Shared by the API, the lifecycle activities and the document workflow's
 * update validator and handler, so this module imports nothing of Temporal, HTTP or the database.
 */
export const LIFECYCLE_STATUSES = [
  'issued',
  'under_review',
  'approved',
  'partially_paid',
  'paid',
  'rejected',
  'disputed',
] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export type TargetStatus = Exclude<LifecycleStatus, 'issued'>;

export const REASON_CODES = ['RE', 'NOA', 'QUA', 'PRI', 'REF', 'TAX', 'DUP', 'OTH'] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Legal moves: the chain, the two side branches, and `disputed → under_review` to reopen. */
export const TRANSITIONS: Record<LifecycleStatus, readonly TargetStatus[]> = {
  issued: ['under_review', 'rejected', 'disputed'],
  under_review: ['approved', 'rejected', 'disputed'],
  approved: ['partially_paid', 'paid', 'rejected', 'disputed'],
  partially_paid: ['paid', 'disputed'],
  paid: [],
  rejected: [],
  disputed: ['under_review'],
};

export function allowedTransitions(status: string): TargetStatus[] {
  return [...(TRANSITIONS[status as LifecycleStatus] ?? [])];
}

/** Where a move came from: a caller, a recorded payment, the recipient's Invoice Response. */
export type LifecycleSource = 'api' | 'payment' | 'recipient';

/** What the workflow knows of the document; loaded from the database, never trusted from callers. */
export interface LifecycleState {
  status: LifecycleStatus;
  /** Decimal strings. */
  amountPaid: string;
  grossAmount: string | null;
  currency: string | null;
  /** Moves of incoming documents are answered to their sender with a Peppol Invoice Response. */
  direction: string;
}

export interface LifecycleUpdateCommand {
  kind: 'update';
  status: TargetStatus;
  reason?: string | undefined;
  reasonCode?: ReasonCode | undefined;
  note?: string | undefined;
  paymentDate?: string | undefined;
  /** Decimal strings, as sent (numbers are converted by the API without passing through arithmetic). */
  paymentAmount?: string | undefined;
  paymentCurrency?: string | undefined;
  remainingAmount?: string | undefined;
  paymentReference?: string | undefined;
}

export interface PaymentCommand {
  kind: 'payment';
  amount: string;
  date: string;
  reference?: string | undefined;
}

/**
 * A status reported by a lifecycle message: a Peppol Invoice Response from the recipient of an
 * outgoing invoice, or a CDAR of the French reform (core/cdar.ts maps its codes onto this one model).
 */
export interface RecipientResponseCommand {
  kind: 'response';
  status: TargetStatus;
  /** BIS Invoice Response code (AB IP UQ CA RE AP PD) and the response's own id. */
  responseCode: string;
  responseId: string;
  reasonCode?: ReasonCode | undefined;
  reason?: string | undefined;
  /** The response's effective (else issue) date: the payment date of a PD. */
  date: string;
  /** Set when the status came as a CDAR lifecycle message of the French reform (its status code). */
  cdarStatus?: string | undefined;
}

export type AnyLifecycleCommand = LifecycleUpdateCommand | PaymentCommand | RecipientResponseCommand;

export type LifecycleCommand = AnyLifecycleCommand & {
  source: LifecycleSource;
  actor: string | null;
  /** The state the caller saw: only used to validate before the run has loaded its own. */
  observed: LifecycleState;
};

export interface LifecycleStep {
  from: LifecycleStatus;
  to: LifecycleStatus;
  implied: boolean;
}

export interface PlannedPayment {
  amount: string;
  currency: string;
  date: string;
  reference: string | null;
}

export type LifecyclePlan =
  | { ok: true; steps: LifecycleStep[]; payment: PlannedPayment | null }
  | { ok: false; code: LifecycleRefusal; message: string; allowedTransitions: TargetStatus[] };

export interface ComplianceSummary {
  reportedTo: string[];
  /** `disabled`: the country has a platform but the company switched reporting off. */
  status: 'pending' | 'not_required' | 'disabled';
  nextCheckAt: string | null;
}

/** The Lifecycle update response of part 2.10. */
export interface LifecycleOutcome {
  documentId: string;
  previousStatus: LifecycleStatus;
  currentStatus: LifecycleStatus;
  updatedAt: string;
  compliance: ComplianceSummary;
  allowedTransitions: TargetStatus[];
}

const PAID_STATES: readonly LifecycleStatus[] = ['partially_paid', 'paid'];

function refuse(state: LifecycleState, code: LifecycleRefusal, message: string): LifecyclePlan {
  return { ok: false, code, message, allowedTransitions: allowedTransitions(state.status) };
}

/**
 * Decides what a command does from a state: the steps to record and the payment to book, or why
 * it is refused. Deterministic, so the validator and the handler agree.
 */
export function planLifecycle(state: LifecycleState, command: AnyLifecycleCommand): LifecyclePlan {
  const due = state.grossAmount === null ? null : new Decimal(state.grossAmount).minus(state.amountPaid);
  const currency = state.currency ?? 'EUR';

  if (command.kind === 'payment') {
    if (state.status === 'paid' || state.status === 'rejected' || state.status === 'disputed') {
      return refuse(state, 'INVALID_TRANSITION', `A payment cannot be recorded on a ${state.status} document.`);
    }
    const amount = new Decimal(command.amount);
    if (due !== null && amount.greaterThan(due))
      return refuse(
        state,
        'OVERPAYMENT',
        `The payment of ${amount.toFixed(2)} ${currency} exceeds the amount due (${due.toFixed(2)} ${currency}).`,
      );
    const to: LifecycleStatus = due !== null && amount.equals(due) ? 'paid' : 'partially_paid';
    const steps: LifecycleStep[] = [];
    let from = state.status;
    if (from === 'issued' || from === 'under_review') {
      steps.push({ from, to: 'approved', implied: true });
      from = 'approved';
    }
    steps.push({ from, to, implied: false });
    return {
      ok: true,
      steps,
      payment: { amount: amount.toFixed(2), currency, date: command.date, reference: command.reference ?? null },
    };
  }

  if (command.kind === 'response') return planResponse(state, command, due, currency);

  if (!allowedTransitions(state.status).includes(command.status)) {
    const allowed = allowedTransitions(state.status);
    return refuse(
      state,
      'INVALID_TRANSITION',
      `${withArticle(state.status)} document cannot move to ${command.status}${allowed.length ? `; allowed: ${allowed.join(', ')}` : '; it is final'}.`,
    );
  }
  if (!PAID_STATES.includes(command.status))
    return { ok: true, steps: [{ from: state.status, to: command.status, implied: false }], payment: null };

  if (command.paymentCurrency && command.paymentCurrency !== currency)
    return refuse(
      state,
      'AMOUNT_MISMATCH',
      `The payment currency ${command.paymentCurrency} is not the document's currency ${currency}.`,
    );
  let amount: Decimal | null = command.paymentAmount !== undefined ? new Decimal(command.paymentAmount) : null;
  if (amount === null && due !== null) {
    if (command.remainingAmount !== undefined) amount = due.minus(command.remainingAmount);
    else if (command.status === 'paid') amount = due;
  }
  if (due !== null && amount !== null) {
    if (amount.greaterThan(due))
      return refuse(
        state,
        'OVERPAYMENT',
        `The payment of ${amount.toFixed(2)} ${currency} exceeds the amount due (${due.toFixed(2)} ${currency}).`,
      );
    if (amount.lessThanOrEqualTo(0)) return refuse(state, 'AMOUNT_MISMATCH', 'The payment amount must be positive.');
    const remaining = due.minus(amount);
    if (command.remainingAmount !== undefined && !remaining.equals(command.remainingAmount)) {
      return refuse(
        state,
        'AMOUNT_MISMATCH',
        `remainingAmount ${new Decimal(command.remainingAmount).toFixed(2)} does not match the amount due after this payment (${remaining.toFixed(2)} ${currency}).`,
      );
    }
    if (command.status === 'paid' && !remaining.isZero())
      return refuse(
        state,
        'AMOUNT_MISMATCH',
        `paid needs the full amount due (${due.toFixed(2)} ${currency}); ${amount.toFixed(2)} is a partial payment: use partially_paid.`,
      );
    if (command.status === 'partially_paid' && remaining.isZero())
      return refuse(state, 'AMOUNT_MISMATCH', `${amount.toFixed(2)} ${currency} settles the document: use paid.`);
  }
  const payment =
    amount === null
      ? null
      : {
          amount: amount.toFixed(2),
          currency,
          date: command.paymentDate!,
          reference: command.paymentReference ?? null,
        };
  return { ok: true, steps: [{ from: state.status, to: command.status, implied: false }], payment };
}

const CHAIN: readonly LifecycleStatus[] = ['issued', 'under_review', 'approved', 'partially_paid', 'paid'];

/**
 * The recipient reports where the invoice stands on their side, which may skip steps we never
 * saw (an AP on an issued invoice): the skipped chain steps are recorded as implied. A PD books
 * what is still due.
 */
function planResponse(
  state: LifecycleState,
  command: RecipientResponseCommand,
  due: Decimal | null,
  currency: string,
): LifecyclePlan {
  const steps: LifecycleStep[] = [];
  if (allowedTransitions(state.status).includes(command.status)) {
    steps.push({ from: state.status, to: command.status, implied: false });
  } else {
    const from = CHAIN.indexOf(state.status);
    const to = CHAIN.indexOf(command.status);
    if (from < 0 || to <= from)
      return refuse(
        state,
        'INVALID_TRANSITION',
        `${command.cdarStatus ? `A CDAR status ${command.cdarStatus}` : `An Invoice Response ${command.responseCode}`} cannot move a ${state.status} document to ${command.status}.`,
      );
    const path = CHAIN.slice(from + 1, to + 1).filter((s) => !(s === 'partially_paid' && command.status === 'paid'));
    let current = state.status;
    path.forEach((next, i) => {
      steps.push({ from: current, to: next, implied: i < path.length - 1 });
      current = next;
    });
  }
  const payment =
    command.status === 'paid' && due !== null && due.greaterThan(0)
      ? { amount: due.toFixed(2), currency, date: command.date, reference: command.responseId }
      : null;
  return { ok: true, steps, payment };
}
