import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  defineSignal,
  ParentClosePolicy,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { FailureType } from '../../core/failures.ts';
import type { DocumentActivities, SandboxRecipientResponse as SandboxResponse } from '../../activities/documents.ts';
import type { InboundMessage } from '../../core/inbound-message.ts';
import { workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { inboundWorkflow } from './inbound.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { useClock, type WorkflowClock } from '../clock.ts';
import { installLifecycle, type LifecycleHandlers } from './lifecycle.ts';
import type { RecipientResponseCommand } from '../../core/lifecycle.ts';
import { SANDBOX_RESPONSE_DELAY_MS } from '../../core/sandbox-scenarios.ts';

/** A live hand-off crosses the network to the AS4 gateway: a task any worker of the queue may take. */
const remote = proxyActivities<DocumentActivities>(ACTIVITY_PRESETS.transportAttempt);
/**
 * The sandbox access point is simulated inside the worker, and the state changes are a few
 * statements: as local activities they run in the workflow task that asks for them, sparing the
 * server a scheduled task and a further workflow task each.
 */
const local = proxyLocalActivities<DocumentActivities>(ACTIVITY_PRESETS.transportAttempt);
const { recordDeliveryFailure, completeDelivery } = proxyLocalActivities<DocumentActivities>(ACTIVITY_PRESETS.database);

/** The access point's receipt for a handed-off message (posted by the AS4 gateway). */
export interface DeliveryReceipt {
  status: 'delivered' | 'rejected';
  errorCode?: string;
  errorMessage?: string;
}

export const deliveryReceiptSignal = defineSignal<[DeliveryReceipt]>('deliveryReceipt');

export interface DocumentInput {
  documentId: string;
  livemode: boolean;
  /** The sending company's clock offset when the document was accepted (sandbox). */
  offsetMs?: number;
  /**
   * false: a lifecycle-only run (the delivery run has completed), started by a lifecycle update
   * with `executeUpdateWithStart`; it serves updates until idle for an hour.
   */
  deliver?: boolean;
}

export interface DocumentResult {
  documentId: string;
  /** `unchanged`: a lifecycle-only run, which does not deliver. */
  deliveryStatus: 'delivered' | 'failed' | 'rejected' | 'unchanged';
  attempts: number;
  errorCode?: string;
}

/** Delays before each re-send after a temporary transport failure (5 re-sends, part 7.4). */
export const RESEND_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];
/** A real access point that never confirms: give up after this long. */
export const CONFIRMATION_TIMEOUT_MS = 48 * 3_600_000;

function failureType(err: unknown): { type: string; message: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure)
    return { type: cause.type ?? FailureType.TRANSPORT_FAILURE, message: cause.message };
  return { type: FailureType.TRANSPORT_FAILURE, message: err instanceof Error ? err.message : String(err) };
}

/**
 * `document:<doc_id>`: hands the SBD-wrapped UBL to the Peppol transport, re-sends temporary
 * failures up to five times with backoff, then waits for the access point's confirmation. Every
 * state change (and its event) is written by an activity; this function only decides and waits.
 */
export async function documentWorkflow(input: DocumentInput): Promise<DocumentResult> {
  const clock = useClock({ livemode: input.livemode, offsetMs: input.offsetMs ?? 0 });
  // Lifecycle updates reach whichever run holds the id: this one while it delivers, else a fresh one.
  const lifecycle = installLifecycle(input.documentId, input.livemode, clock);
  if (input.deliver === false) {
    await lifecycle.serveUntilIdle();
    return { documentId: input.documentId, deliveryStatus: 'unchanged', attempts: 0 };
  }
  const { result, response } = await deliver(input, clock);
  if (response) await answerAsSandboxRecipient(input.documentId, response, clock, lifecycle);
  await condition(() => allHandlersFinished() && lifecycle.settled());
  return result;
}

/** Sandbox responder recipients (core/sandbox-scenarios.ts) answer a minute after delivery. */
async function answerAsSandboxRecipient(
  documentId: string,
  scenario: SandboxResponse,
  clock: WorkflowClock,
  lifecycle: LifecycleHandlers,
): Promise<void> {
  if (scenario.status === null) return;
  await clock.sleep(SANDBOX_RESPONSE_DELAY_MS);
  const date = new Date(clock.now()).toISOString().slice(0, 10);
  try {
    await lifecycle.respond(
      {
        kind: 'response',
        status: scenario.status as RecipientResponseCommand['status'],
        responseCode: scenario.code,
        responseId: `${documentId}-${scenario.code}`,
        date,
        ...(scenario.code === 'RE' || scenario.code === 'UQ'
          ? { reasonCode: 'OTH' as const, reason: `sandbox recipient answered ${scenario.code}` }
          : {}),
      },
      scenario.responder,
    );
  } catch {
    // The document moved past what the response allows meanwhile: the response is moot.
  }
}

/** The recipient company of the same sandbox organization receives the document like any inbound one. */
async function receiveInSandbox(message: InboundMessage): Promise<void> {
  try {
    await startChild(inboundWorkflow, {
      workflowId: workflowIds.inbound(message.documentId),
      args: [message],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: searchAttributesFor({
        organizationId: message.organizationId,
        livemode: false,
        companyId: message.companyId,
        documentId: message.documentId,
      }),
    });
  } catch (err) {
    // Already received (a repeated completion): that run owns the copy.
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** The delivery's outcome, and the answer a sandbox responder recipient will give to it. */
async function deliver(
  input: DocumentInput,
  clock: WorkflowClock,
): Promise<{ result: DocumentResult; response: SandboxResponse | null }> {
  let receipt: DeliveryReceipt | undefined;
  setHandler(deliveryReceiptSignal, (r) => {
    receipt ??= r;
  });

  // The activity picks the access point by the document's mode; the workflow only picks where it runs.
  const { handOffDocument } = input.livemode ? remote : local;
  let attempt = 0;
  let handedOff: { messageId: string; confirmAfterMs?: number } | undefined;
  while (!handedOff) {
    attempt += 1;
    try {
      handedOff = await handOffDocument({ documentId: input.documentId, attempt });
    } catch (err) {
      const { type, message } = failureType(err);
      const resendDelay = RESEND_DELAYS_MS[attempt - 1];
      if (type === FailureType.TRANSPORT_FAILURE && resendDelay !== undefined) {
        await clock.sleep(resendDelay);
        continue;
      }
      await recordDeliveryFailure({
        documentId: input.documentId,
        code: type,
        message: attempt > 1 ? `${message} (after ${attempt} attempts)` : message,
      });
      return {
        result: {
          documentId: input.documentId,
          deliveryStatus: type === FailureType.AP_REJECTED ? 'rejected' : 'failed',
          attempts: attempt,
          errorCode: type,
        },
        response: null,
      };
    }
  }

  if (handedOff.confirmAfterMs !== undefined) {
    await clock.sleep(handedOff.confirmAfterMs);
    receipt ??= { status: 'delivered' };
  } else {
    await clock.condition(() => receipt !== undefined, CONFIRMATION_TIMEOUT_MS);
  }

  if (receipt?.status === 'delivered') {
    const { response, receipt: received } = await completeDelivery({ documentId: input.documentId });
    if (received) await receiveInSandbox(received);
    return { result: { documentId: input.documentId, deliveryStatus: 'delivered', attempts: attempt }, response };
  }
  const code = receipt ? (receipt.errorCode ?? FailureType.AP_REJECTED) : FailureType.TRANSPORT_FAILURE;
  const message = receipt
    ? (receipt.errorMessage ?? 'the recipient access point rejected the message')
    : 'no delivery confirmation from the access point within 48 hours';
  await recordDeliveryFailure({ documentId: input.documentId, code, message });
  return {
    result: {
      documentId: input.documentId,
      deliveryStatus: receipt ? 'rejected' : 'failed',
      attempts: attempt,
      errorCode: code,
    },
    response: null,
  };
}
