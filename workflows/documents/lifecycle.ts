import { ApplicationFailure, condition, allHandlersFinished, defineSignal, defineUpdate, getExternalWorkflowHandle, type ExternalWorkflowHandle, ParentClosePolicy, proxyActivities, setHandler, startChild, workflowInfo } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, type TypedSearchAttributes } from '@temporalio/common';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { complianceQueuedSignal } from '../compliance/report.ts';
import { Decimal } from 'decimal.js';
import type { ApplyLifecycleResult, InvoiceResponseInput, LifecycleActivities, SandboxResponseRoute } from '../../activities/lifecycle.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import type { WorkflowClock } from '../clock.ts';

/**
 * The lifecycle chain of a document (part 3.2 with DESIGN.md §5). Pure rules shared by the API,
 * the document workflow's update validator and its handler; no I/O here.
 */
export const LIFECYCLE_STATUSES = ['issued', 'under_review', 'approved', 'partially_paid', 'paid', 'rejected', 'disputed'] as const;
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

/** A Peppol Invoice Response from the recipient of an outgoing invoice. */
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
}

export type AnyLifecycleCommand = LifecycleUpdateCommand | PaymentCommand | RecipientResponseCommand;

/**
 * Sandbox: an Invoice Response from another company of the same organization, sent to the
 * sender's document workflow (the one delivering, or a lifecycle run started for it).
 */
export const recipientResponseSignal = defineSignal<[{ command: RecipientResponseCommand; actor: string }]>('recipientResponse');

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
  | { ok: false; code: 'INVALID_TRANSITION' | 'OVERPAYMENT' | 'AMOUNT_MISMATCH'; message: string; allowedTransitions: TargetStatus[] };

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

function refuse(state: LifecycleState, code: 'INVALID_TRANSITION' | 'OVERPAYMENT' | 'AMOUNT_MISMATCH', message: string): LifecyclePlan {
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
    if (due !== null && amount.greaterThan(due)) return refuse(state, 'OVERPAYMENT', `The payment of ${amount.toFixed(2)} ${currency} exceeds the amount due (${due.toFixed(2)} ${currency}).`);
    const to: LifecycleStatus = due !== null && amount.equals(due) ? 'paid' : 'partially_paid';
    const steps: LifecycleStep[] = [];
    let from = state.status;
    if (from === 'issued' || from === 'under_review') {
      steps.push({ from, to: 'approved', implied: true });
      from = 'approved';
    }
    steps.push({ from, to, implied: false });
    return { ok: true, steps, payment: { amount: amount.toFixed(2), currency, date: command.date, reference: command.reference ?? null } };
  }

  if (command.kind === 'response') return planResponse(state, command, due, currency);

  if (!allowedTransitions(state.status).includes(command.status)) {
    const allowed = allowedTransitions(state.status);
    return refuse(state, 'INVALID_TRANSITION', `A ${state.status} document cannot move to ${command.status}${allowed.length ? `; allowed: ${allowed.join(', ')}` : '; it is final'}.`);
  }
  if (!PAID_STATES.includes(command.status)) return { ok: true, steps: [{ from: state.status, to: command.status, implied: false }], payment: null };

  if (command.paymentCurrency && command.paymentCurrency !== currency) return refuse(state, 'AMOUNT_MISMATCH', `The payment currency ${command.paymentCurrency} is not the document's currency ${currency}.`);
  let amount: Decimal | null = command.paymentAmount !== undefined ? new Decimal(command.paymentAmount) : null;
  if (amount === null && due !== null) {
    if (command.remainingAmount !== undefined) amount = due.minus(command.remainingAmount);
    else if (command.status === 'paid') amount = due;
  }
  if (due !== null && amount !== null) {
    if (amount.greaterThan(due)) return refuse(state, 'OVERPAYMENT', `The payment of ${amount.toFixed(2)} ${currency} exceeds the amount due (${due.toFixed(2)} ${currency}).`);
    if (amount.lessThanOrEqualTo(0)) return refuse(state, 'AMOUNT_MISMATCH', 'The payment amount must be positive.');
    const remaining = due.minus(amount);
    if (command.remainingAmount !== undefined && !remaining.equals(command.remainingAmount)) {
      return refuse(state, 'AMOUNT_MISMATCH', `remainingAmount ${new Decimal(command.remainingAmount).toFixed(2)} does not match the amount due after this payment (${remaining.toFixed(2)} ${currency}).`);
    }
    if (command.status === 'paid' && !remaining.isZero()) return refuse(state, 'AMOUNT_MISMATCH', `paid needs the full amount due (${due.toFixed(2)} ${currency}); ${amount.toFixed(2)} is a partial payment: use partially_paid.`);
    if (command.status === 'partially_paid' && remaining.isZero()) return refuse(state, 'AMOUNT_MISMATCH', `${amount.toFixed(2)} ${currency} settles the document: use paid.`);
  }
  const payment = amount === null ? null : { amount: amount.toFixed(2), currency, date: command.paymentDate!, reference: command.paymentReference ?? null };
  return { ok: true, steps: [{ from: state.status, to: command.status, implied: false }], payment };
}

const CHAIN: readonly LifecycleStatus[] = ['issued', 'under_review', 'approved', 'partially_paid', 'paid'];

/**
 * The recipient reports where the invoice stands on their side, which may skip steps we never
 * saw (an AP on an issued invoice): the skipped chain steps are recorded as implied. A PD books
 * what is still due.
 */
function planResponse(state: LifecycleState, command: RecipientResponseCommand, due: Decimal | null, currency: string): LifecyclePlan {
  const steps: LifecycleStep[] = [];
  if (allowedTransitions(state.status).includes(command.status)) {
    steps.push({ from: state.status, to: command.status, implied: false });
  } else {
    const from = CHAIN.indexOf(state.status);
    const to = CHAIN.indexOf(command.status);
    if (from < 0 || to <= from) return refuse(state, 'INVALID_TRANSITION', `An Invoice Response ${command.responseCode} cannot move a ${state.status} document to ${command.status}.`);
    const path = CHAIN.slice(from + 1, to + 1).filter((s) => !(s === 'partially_paid' && command.status === 'paid'));
    let current = state.status;
    path.forEach((next, i) => {
      steps.push({ from: current, to: next, implied: i < path.length - 1 });
      current = next;
    });
  }
  const payment = command.status === 'paid' && due !== null && due.greaterThan(0) ? { amount: due.toFixed(2), currency, date: command.date, reference: command.responseId } : null;
  return { ok: true, steps, payment };
}

export const lifecycleUpdate = defineUpdate<LifecycleOutcome, [LifecycleCommand]>('lifecycle');

/** How long a lifecycle-only run stays open without updates before it completes (company clock). */
export const LIFECYCLE_IDLE_MS = 3_600_000;

function refusal(plan: Extract<LifecyclePlan, { ok: false }>): ApplicationFailure {
  return ApplicationFailure.create({ type: plan.code, message: plan.message, nonRetryable: true, details: [{ allowedTransitions: plan.allowedTransitions }] });
}

export interface LifecycleHandlers {
  /** For a lifecycle-only run: serve updates until none came for {@link LIFECYCLE_IDLE_MS}. */
  serveUntilIdle(): Promise<void>;
  /** True when no follow-up (Invoice Response, compliance report) is still running. */
  settled(): boolean;
  /** Applies a recipient's Invoice Response received inside this run (the sandbox responders). */
  respond(command: RecipientResponseCommand, actor: string): Promise<LifecycleOutcome>;
}

/**
 * Starts `workflowId` as an abandoned child on the documents queue, or, when it runs already,
 * signals it (a new run is signalled too with `signalNewRun`); when the run ends between the two
 * calls, starts a new one.
 */
async function handToRun(
  workflowType: string,
  options: { workflowId: string; args: unknown[]; typedSearchAttributes: TypedSearchAttributes },
  signal: (handle: ExternalWorkflowHandle) => Promise<void>,
  { signalNewRun }: { signalNewRun: boolean },
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await startChild(workflowType, { ...options, taskQueue: TASK_QUEUES.documents, parentClosePolicy: ParentClosePolicy.ABANDON });
      if (!signalNewRun) return;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    try {
      await signal(getExternalWorkflowHandle(options.workflowId));
      return;
    } catch {
      // It ended between the two calls: start a new run.
    }
  }
}

/**
 * Registers the `lifecycle` update on the document workflow. The validator rejects an illegal
 * move before it is written to history; the handler runs one command at a time (commands are
 * chained), re-checks against the state it loaded, and lets an activity apply the guarded move.
 */
export function installLifecycle(documentId: string, livemode: boolean, clock: WorkflowClock): LifecycleHandlers {
  const { loadLifecycleState, applyLifecycle } = proxyActivities<LifecycleActivities>(ACTIVITY_PRESETS.database);
  const { sendInvoiceResponse } = proxyActivities<LifecycleActivities>({ ...ACTIVITY_PRESETS.upstream, retry: { ...ACTIVITY_PRESETS.upstream.retry, maximumAttempts: 6 } });
  const { sandboxResponseRoute } = proxyActivities<LifecycleActivities>(ACTIVITY_PRESETS.database);
  let background = 0;
  /** Follow-ups run after the update has answered; the run does not end before they do. */
  const later = (work: () => Promise<unknown>) => {
    background += 1;
    void work()
      .catch(() => undefined)
      .finally(() => { background -= 1; });
  };
  let state: LifecycleState | undefined;
  let received = 0;

  /** Hands the queued report rows to `compliance:<doc_id>:<country>`: a new run, or the open one. */
  const reportCompliance = (country: string) =>
    handToRun(
      'complianceWorkflow',
      { workflowId: workflowIds.compliance(documentId, country), args: [{ documentId, country, livemode, offsetMs: clock.now() - Date.now() }], typedSearchAttributes: workflowInfo().typedSearchAttributes },
      (handle) => handle.signal(complianceQueuedSignal),
      { signalNewRun: false },
    );
  /** The sending company's document workflow gets the response: the open run, or one started for it. */
  const answerSandboxSender = (route: SandboxResponseRoute) =>
    handToRun(
      'documentWorkflow',
      {
        workflowId: workflowIds.document(route.documentId),
        args: [{ documentId: route.documentId, livemode: false, offsetMs: route.offsetMs, deliver: false }],
        typedSearchAttributes: searchAttributesFor({ organizationId: route.organizationId, livemode: false, companyId: route.companyId, documentId: route.documentId }),
      },
      (handle) => handle.signal(recipientResponseSignal, { command: route.command, actor: route.actor }),
      { signalNewRun: true },
    );

  /** One Invoice Response per step, in order; in the sandbox, one for a company of the organization also reaches it. */
  const answerSender = async (responses: InvoiceResponseInput[]) => {
    for (const response of responses) {
      try {
        const messageId = await sendInvoiceResponse(response);
        if (!messageId || livemode) continue;
        const route = await sandboxResponseRoute(response);
        if (route) await answerSandboxSender(route);
      } catch {
        // A response that could not be sent does not hold back the next one.
      }
    }
  };

  let chain: Promise<unknown> = Promise.resolve();

  const run = async (command: LifecycleCommand): Promise<LifecycleOutcome> => {
    let current: LifecycleState = state ?? (await loadLifecycleState({ documentId }));
    state = current;
    // Two tries: a state another path changed (stale) is reloaded once and the command re-planned.
    for (let attempt = 0; ; attempt++) {
      const plan = planLifecycle(current, command);
      if (!plan.ok) throw refusal(plan);
      const result: ApplyLifecycleResult = await applyLifecycle({ documentId, expected: current.status, steps: plan.steps, payment: plan.payment, command });
      current = result.state;
      state = current;
      if (result.outcome) {
        if (current.direction === 'incoming' && command.source !== 'recipient') {
          const date = new Date(clock.now()).toISOString().slice(0, 10);
          const stamp = Date.now();
          const reason = command.kind === 'update' ? { reasonCode: command.reasonCode, reason: command.reason } : {};
          later(() => answerSender(plan.steps.map((step, i) => ({ documentId, status: step.to, sequence: stamp * 10 + i, date, ...(step === plan.steps.at(-1) ? reason : {}) }))));
        }
        if (result.complianceCountry) later(() => reportCompliance(result.complianceCountry!));
        return result.outcome;
      }
      if (attempt >= 1) throw refusal({ ok: false, code: 'INVALID_TRANSITION', message: `The document moved to ${current.status} meanwhile.`, allowedTransitions: allowedTransitions(current.status) });
    }
  };

  setHandler(
    lifecycleUpdate,
    (command) => {
      received += 1;
      const result = chain.then(() => run(command));
      chain = result.catch(() => undefined);
      return result;
    },
    {
      validator: (command) => {
        const plan = planLifecycle(state ?? command.observed, command);
        if (!plan.ok) throw refusal(plan);
      },
    },
  );

  const respond = (command: RecipientResponseCommand, actor: string): Promise<LifecycleOutcome> => {
    // `observed` only feeds the update validator, which this in-run path does not go through.
    const result = chain.then(() => run({ ...command, source: 'recipient', actor, observed: state as LifecycleState }));
    chain = result.catch(() => undefined);
    return result;
  };
  setHandler(recipientResponseSignal, ({ command, actor }) => {
    received += 1;
    // A response the document's state no longer allows is moot, as for any recipient.
    later(() => respond(command, actor));
  });

  return {
    async serveUntilIdle() {
      for (;;) {
        const seen = received;
        const more = await clock.condition(() => received !== seen, LIFECYCLE_IDLE_MS);
        if (!more) break;
      }
      await condition(() => allHandlersFinished() && background === 0);
    },
    settled: () => background === 0,
    respond,
  };
}
