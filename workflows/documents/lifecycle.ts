import {
  condition,
  allHandlersFinished,
  defineSignal,
  getExternalWorkflowHandle,
  type ExternalWorkflowHandle,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import { lifecycleUpdate } from '../../core/workflow-messages.ts';
import {
  WorkflowExecutionAlreadyStartedError,
  type ApplicationFailure,
  type TypedSearchAttributes,
} from '@temporalio/common';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { failure } from '../../core/failures.ts';
import { invoiceResponsesOwed, type InvoiceResponseInput } from '../../core/invoice-responses.ts';
import {
  allowedTransitions,
  planLifecycle,
  type LifecycleCommand,
  type LifecycleOutcome,
  type LifecyclePlan,
  type LifecycleState,
  type RecipientResponseCommand,
} from '../../core/lifecycle.ts';
import { complianceQueuedSignal } from '../compliance/report.ts';
import type { ApplyLifecycleResult, LifecycleActivities } from '../../activities/lifecycle.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import type { WorkflowClock } from '../clock.ts';

/**
 * An Invoice Response for the run's document, sent by a run started before
 * {@link ACCESS_POINT_RESPONSES_PATCH} (now every response arrives as an update, through the inbound door).
 */
export const recipientResponseSignal =
  defineSignal<[{ command: RecipientResponseCommand; actor: string }]>('recipientResponse');

export { lifecycleUpdate };

/**
 * Runs from here on send an Invoice Response only through the access point of the document's mode
 * (the sandbox one forwards it to the inbound door); runs started before also asked
 * `sandboxResponseRoute` where it went, and signalled that document's run.
 */
export const ACCESS_POINT_RESPONSES_PATCH = 'sandbox-access-point-responses';

/** What `sandboxResponseRoute` answered runs started before {@link ACCESS_POINT_RESPONSES_PATCH}. */
interface LegacyResponseRoute {
  documentId: string;
  organizationId: string;
  companyId: string;
  offsetMs: number;
  actor: string;
  command: RecipientResponseCommand;
}

/** How long a lifecycle-only run stays open without updates before it completes (company clock). */
export const LIFECYCLE_IDLE_MS = 3_600_000;

function refusal(plan: Extract<LifecyclePlan, { ok: false }>): ApplicationFailure {
  return failure(plan.code, plan.message, { allowedTransitions: plan.allowedTransitions });
}

export interface LifecycleHandlers {
  /** For a lifecycle-only run: serve updates until none came for {@link LIFECYCLE_IDLE_MS}. */
  serveUntilIdle(): Promise<void>;
  /** True when no follow-up (Invoice Response, compliance report) is still running. */
  settled(): boolean;
  /** Applies a recipient's Invoice Response received inside this run (runs before the patch: the sandbox responders). */
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
      await startChild(workflowType, {
        ...options,
        taskQueue: TASK_QUEUES.documents,
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
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
  const { sendInvoiceResponse } = proxyActivities<LifecycleActivities>({
    ...ACTIVITY_PRESETS.upstream,
    retry: { ...ACTIVITY_PRESETS.upstream.retry, maximumAttempts: 6 },
  });
  const legacyRoute = proxyActivities<
    Record<'sandboxResponseRoute', (input: InvoiceResponseInput) => Promise<LegacyResponseRoute | null>>
  >(ACTIVITY_PRESETS.database).sandboxResponseRoute;
  let background = 0;
  /** Follow-ups run after the update has answered; the run does not end before they do. */
  const later = (work: () => Promise<unknown>) => {
    background += 1;
    void work()
      .catch(() => undefined)
      .finally(() => {
        background -= 1;
      });
  };
  let state: LifecycleState | undefined;
  let received = 0;

  /** Hands the queued report rows to `compliance:<doc_id>:<country>`: a new run, or the open one. */
  const reportCompliance = (country: string) =>
    handToRun(
      'complianceWorkflow',
      {
        workflowId: workflowIds.compliance(documentId, country),
        args: [{ documentId, country, livemode, offsetMs: clock.now() - Date.now() }],
        typedSearchAttributes: workflowInfo().typedSearchAttributes,
      },
      (handle) => handle.signal(complianceQueuedSignal),
      { signalNewRun: false },
    );
  /** Runs before the patch: the sending company's document workflow got the response by signal. */
  const legacyAnswerSandboxSender = (route: LegacyResponseRoute) =>
    handToRun(
      'documentWorkflow',
      {
        workflowId: workflowIds.document(route.documentId),
        args: [{ documentId: route.documentId, livemode: false, offsetMs: route.offsetMs, deliver: false }],
        typedSearchAttributes: searchAttributesFor({
          organizationId: route.organizationId,
          livemode: false,
          companyId: route.companyId,
          documentId: route.documentId,
        }),
      },
      (handle) => handle.signal(recipientResponseSignal, { command: route.command, actor: route.actor }),
      { signalNewRun: true },
    );

  /** One Invoice Response per step, in order, through the access point of the document's mode. */
  const answerSender = async (responses: InvoiceResponseInput[]) => {
    for (const response of responses) {
      try {
        const messageId = await sendInvoiceResponse(response);
        if (!messageId || patched(ACCESS_POINT_RESPONSES_PATCH)) continue;
        const route = await legacyRoute(response);
        if (route) await legacyAnswerSandboxSender(route);
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
      const result: ApplyLifecycleResult = await applyLifecycle({
        documentId,
        expected: current.status,
        steps: plan.steps,
        payment: plan.payment,
        command,
      });
      current = result.state;
      state = current;
      if (result.outcome) {
        const responses = invoiceResponsesOwed(documentId, current.direction, command, plan.steps, {
          date: new Date(clock.now()).toISOString().slice(0, 10),
          stamp: Date.now(),
        });
        if (responses.length) later(() => answerSender(responses));
        if (result.complianceCountry) later(() => reportCompliance(result.complianceCountry!));
        return result.outcome;
      }
      if (attempt >= 1)
        throw refusal({
          ok: false,
          code: 'INVALID_TRANSITION',
          message: `The document moved to ${current.status} meanwhile.`,
          allowedTransitions: allowedTransitions(current.status),
        });
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
