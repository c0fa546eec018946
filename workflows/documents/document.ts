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
import type { MessageLevelStatus } from '../../peppol/index.ts';
import { SANDBOX_RESPONSE_DELAY_MS } from '../../core/sandbox-scenarios.ts';

/** A live hand-off crosses the network to the access point: a task any worker of the queue may take. */
const remote = proxyActivities<DocumentActivities>(ACTIVITY_PRESETS.transportAttempt);
/**
 * The sandbox access point is simulated inside the worker, and the state changes are a few
 * statements: as local activities they run in the workflow task that asks for them, sparing the
 * server a scheduled task and a further workflow task each.
 */
const local = proxyLocalActivities<DocumentActivities>(ACTIVITY_PRESETS.transportAttempt);
const { recordDeliveryFailure, completeDelivery } = proxyLocalActivities<DocumentActivities>(ACTIVITY_PRESETS.database);

/**
 * The receiving access point's Message Level Status for a handed-off document, as the access point
 * forwards it (an MLS arrives through the inbound door like any Peppol message).
 */
export const messageLevelStatusSignal = defineSignal<[MessageLevelStatus]>('messageLevelStatus');

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
/**
 * After the receiving access point's AS4 receipt, its Message Level Status is awaited for an hour
 * in all; at the end of each of these waits the sending access point is asked for it, in case it
 * was not forwarded. Without one by then the receipt stands as the delivery: receiving access
 * points must send MLS only from 2027-02-28.
 */
export const MLS_CHECKS_MS = [60_000, 240_000, 600_000, 1_200_000, 1_500_000];

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
  let mls: MessageLevelStatus | undefined;
  setHandler(messageLevelStatusSignal, (status) => {
    mls ??= status;
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
  } else {
    for (const wait of MLS_CHECKS_MS) {
      if (await clock.condition(() => mls !== undefined, wait)) break;
      const known = (await remote.checkTransmission({ documentId: input.documentId })).mls;
      if (known === 'not_expected') break;
      if (known !== 'pending') {
        mls ??= known;
        break;
      }
    }
  }

  if (mls?.code !== 'RE') {
    const { response, receipt: received } = await completeDelivery({ documentId: input.documentId, mls });
    if (received) await receiveInSandbox(received);
    return { result: { documentId: input.documentId, deliveryStatus: 'delivered', attempts: attempt }, response };
  }
  const code = FailureType.AP_REJECTED;
  await recordDeliveryFailure({
    documentId: input.documentId,
    code,
    message: mls.reason ?? 'the receiving access point rejected the message (MLS RE)',
    mls,
  });
  return {
    result: { documentId: input.documentId, deliveryStatus: 'rejected', attempts: attempt, errorCode: code },
    response: null,
  };
}
