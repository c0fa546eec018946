import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
} from '@temporalio/workflow';
import { messageLevelStatusSignal } from '../../core/workflow-messages.ts';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { FailureType } from '../../core/failures.ts';
import type { DocumentActivities } from '../../activities/documents.ts';
import type { InboundMessage } from '../../core/inbound-message.ts';
import { workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { inboundWorkflow } from './inbound.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { useClock, type WorkflowClock } from '../clock.ts';
import { installLifecycle, type LifecycleHandlers } from './lifecycle.ts';
import type { RecipientResponseCommand } from '../../core/lifecycle.ts';
import type { MessageLevelStatus } from '../../peppol/index.ts';
import type { HandOffResult } from '../../upstreams/transport/types.ts';

/** A live hand-off crosses the network to the access point: a task any worker of the queue may take. */
const remote = proxyActivities<DocumentActivities>(ACTIVITY_PRESETS.transportAttempt);
/**
 * The sandbox access point answers a hand-off inside the worker, and the state changes are a few
 * statements: as local activities they run in the workflow task that asks for them, sparing the
 * server a scheduled task and a further workflow task each.
 */
const local = proxyLocalActivities<DocumentActivities>(ACTIVITY_PRESETS.transportAttempt);
const { recordDeliveryFailure, completeDelivery } = proxyLocalActivities<DocumentActivities>(ACTIVITY_PRESETS.database);

export { messageLevelStatusSignal };

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

/**
 * Runs from here on take every answer of the sandbox access point (its MLS, the recipient's copy,
 * a responder's Invoice Response) through the inbound door, as a live access point's; runs started
 * before slept the simulator's `confirmAfterMs` and were handed the answers by `completeDelivery`.
 */
export const ACCESS_POINT_ANSWERS_PATCH = 'sandbox-access-point-answers';

/** The MLS checks for one transmission: the usual hour, longer when the access point announced so. */
function mlsChecks(mlsWithinMs: number | undefined): number[] {
  const usual = MLS_CHECKS_MS.reduce((sum, ms) => sum + ms, 0);
  return mlsWithinMs !== undefined && mlsWithinMs > usual ? [...MLS_CHECKS_MS, mlsWithinMs - usual] : MLS_CHECKS_MS;
}

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
  if (response) await legacyAnswerAsSandboxRecipient(input.documentId, response, clock, lifecycle);
  await condition(() => allHandlersFinished() && lifecycle.settled());
  return result;
}

/**
 * What `completeDelivery` and the simulator's hand-off answered runs started before
 * {@link ACCESS_POINT_ANSWERS_PATCH} (kept in their histories): for those runs only.
 */
interface LegacyHandOff extends HandOffResult {
  confirmAfterMs?: number;
}
interface LegacySandboxResponse {
  responder: string;
  code: string;
  status: string | null;
}
interface LegacyCompletion {
  response: LegacySandboxResponse | null;
  receipt: InboundMessage | null;
}
/** A minute after delivery, in the same company clock, the responder's answer (runs before the patch). */
const LEGACY_RESPONSE_DELAY_MS = 60_000;

/** Runs before {@link ACCESS_POINT_ANSWERS_PATCH}: a sandbox responder recipient's answer, applied in-run. */
async function legacyAnswerAsSandboxRecipient(
  documentId: string,
  scenario: LegacySandboxResponse,
  clock: WorkflowClock,
  lifecycle: LifecycleHandlers,
): Promise<void> {
  if (scenario.status === null) return;
  await clock.sleep(LEGACY_RESPONSE_DELAY_MS);
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

/** Runs before {@link ACCESS_POINT_ANSWERS_PATCH}: the copy a company of the same sandbox organization receives. */
async function legacyReceiveInSandbox(message: InboundMessage): Promise<void> {
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

/** The delivery's outcome (and, for a run before {@link ACCESS_POINT_ANSWERS_PATCH}, a sandbox responder's answer). */
async function deliver(
  input: DocumentInput,
  clock: WorkflowClock,
): Promise<{ result: DocumentResult; response: LegacySandboxResponse | null }> {
  let mls: MessageLevelStatus | undefined;
  setHandler(messageLevelStatusSignal, (status) => {
    mls ??= status;
  });

  // The activity picks the access point by the document's mode; the workflow only picks where it runs.
  const { handOffDocument } = input.livemode ? remote : local;
  let attempt = 0;
  let handedOff: LegacyHandOff | undefined;
  while (!handedOff) {
    attempt += 1;
    try {
      handedOff = await handOffDocument({ documentId: input.documentId, attempt, offsetMs: input.offsetMs });
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

  const answersThroughDoor = patched(ACCESS_POINT_ANSWERS_PATCH);
  if (!answersThroughDoor && handedOff.confirmAfterMs !== undefined) {
    await clock.sleep(handedOff.confirmAfterMs);
  } else {
    for (const wait of answersThroughDoor ? mlsChecks(handedOff.mlsWithinMs) : MLS_CHECKS_MS) {
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
    const completed = (await completeDelivery({ documentId: input.documentId, mls })) as LegacyCompletion | undefined;
    const legacy = answersThroughDoor ? undefined : completed;
    if (legacy?.receipt) await legacyReceiveInSandbox(legacy.receipt);
    return {
      result: { documentId: input.documentId, deliveryStatus: 'delivered', attempts: attempt },
      response: legacy?.response ?? null,
    };
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
