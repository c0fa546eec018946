import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { failure } from '../../core/failures.ts';
import {
  SANDBOX_CONFIRMATION_MS,
  SANDBOX_FLAKY_FAILURES,
  SANDBOX_RECIPIENTS,
  SANDBOX_RESPONDERS,
  SANDBOX_RESPONSE_DELAY_MS,
  SANDBOX_SLOW_CONFIRMATION_MS,
} from '../../core/sandbox-scenarios.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import type { Db } from '../../db/database.ts';
import { clockOffsetOf } from '../../db/deliveries.ts';
import { dropSandboxTransmission, keepSandboxTransmission } from '../../db/sandbox.ts';
import { clockChangedSignal } from '../../core/workflow-messages.ts';
import type { SandboxTransmission, sandboxAccessPointWorkflow } from '../../workflows/sandbox/access-point.ts';
import type { HandOff, HandOffResult, PeppolTransport } from './types.ts';

/** The MLS wait the sending side is told of, beyond the receiving side's own delay. */
const MLS_MARGIN_MS = 3_600_000;

export interface SimulatedTransportOptions {
  db: Db;
  /**
   * Starts the simulated receiving side of a transmission. By default on the client of the worker
   * whose activity hands off (hand-offs run in activities).
   */
  temporal?: () => Client;
}

/** Whether a Peppol document type id names an invoice or a note, which an Invoice Response answers. */
const isBillingDocumentType = (documentTypeId: string) =>
  /:(Invoice|CreditNote)-2::(Invoice|CreditNote)##/.test(documentTypeId);
const isResponseDocumentType = (documentTypeId: string) =>
  /:ApplicationResponse-2::ApplicationResponse##/.test(documentTypeId);

/**
 * The sandbox access point, a remote one as far as the service can tell: it answers each hand-off
 * by the recipient's scenario (core/sandbox-scenarios.ts), and what the receiving side sends back
 * (the Message Level Status, the copy a company of the sending organization receives, a responder's
 * Invoice Response) reaches the service through the door a live access point forwards to, from the
 * transmission's own workflow (`sandboxAccessPoint:<InstanceIdentifier>`, on the sending company's
 * clock). A hand-off repeated under the same InstanceIdentifier finds that workflow and sends nothing twice.
 */
export function createSimulatedTransport(options: SimulatedTransportOptions): PeppolTransport {
  const temporal = options.temporal ?? (() => Context.current().client);

  const transmit = async (input: HandOff, answerAfterMs: number) => {
    const { origin } = input;
    if (!origin) throw new Error('the sandbox network needs the sending company of a hand-off (HandOff.origin)');
    const { db } = options;
    // The network's copy of the message, kept apart from the organization's files until the run ends.
    const kept = await keepSandboxTransmission(db, {
      instanceId: input.instanceId,
      organizationId: origin.organizationId,
      sbd: Buffer.from(input.sbd, 'utf8'),
    });
    const responder = SANDBOX_RESPONDERS[input.receiverId];
    const offsetMs = await clockOffsetOf(db, origin.companyId);
    const transmission: SandboxTransmission = {
      instanceId: input.instanceId,
      organizationId: origin.organizationId,
      companyId: origin.companyId,
      offsetMs,
      acceptedAt: origin.acceptedAt ?? Date.now() + offsetMs,
      answerAfterMs,
      response:
        responder && isBillingDocumentType(input.documentTypeId)
          ? { code: responder.code, afterMs: SANDBOX_RESPONSE_DELAY_MS }
          : null,
    };
    const workflowId = workflowIds.sandboxAccessPoint(input.instanceId);
    try {
      await temporal().workflow.start<typeof sandboxAccessPointWorkflow>('sandboxAccessPointWorkflow', {
        taskQueue: TASK_QUEUES.documents,
        workflowId,
        args: [transmission],
        typedSearchAttributes: searchAttributesFor({
          organizationId: origin.organizationId,
          livemode: false,
          companyId: origin.companyId,
        }),
      });
      // The clock moved between reading its offset and the start, and its advance may have found
      // no run to wake yet: the run learns the offset as it is now.
      const now = await clockOffsetOf(db, origin.companyId);
      if (now !== offsetMs)
        await temporal().workflow.getHandle(workflowId).signal(clockChangedSignal, { offsetMs: now });
    } catch (err) {
      // Handed off before: that run answers it, with the copy it was started with.
      if (kept) await dropSandboxTransmission(db, origin.organizationId, input.instanceId);
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    // Passed at once, it has passed when the hand-off answers: responses sent one after another
    // arrive in that order, as the sandbox always delivered them.
    if (answerAfterMs === 0) await temporal().workflow.getHandle(workflowId).result();
  };

  return {
    async handOff(input: HandOff): Promise<HandOffResult> {
      if (!input.sbd.includes('StandardBusinessDocumentHeader'))
        throw failure('SBDH_ERROR', 'the business document header is missing');
      switch (input.receiverId) {
        case SANDBOX_RECIPIENTS.apRejected:
          throw failure('AP_REJECTED', 'the recipient access point rejected the message (sandbox scenario)');
        case SANDBOX_RECIPIENTS.sbdhError:
          throw failure('SBDH_ERROR', 'the business document header was refused as malformed (sandbox scenario)');
        case SANDBOX_RECIPIENTS.transportDown:
          throw failure('TRANSPORT_FAILURE', 'the recipient access point is unreachable (sandbox scenario)');
        case SANDBOX_RECIPIENTS.transportFlaky:
          if (input.attempt <= SANDBOX_FLAKY_FAILURES)
            throw failure(
              'TRANSPORT_FAILURE',
              `temporary transport failure ${input.attempt} of ${SANDBOX_FLAKY_FAILURES} (sandbox scenario)`,
            );
          break;
        default:
          break;
      }
      // A response passes at once; a business document is answered (MLS) after the recipient's delay.
      const answerAfterMs = isResponseDocumentType(input.documentTypeId)
        ? 0
        : input.receiverId === SANDBOX_RECIPIENTS.slowDelivery
          ? SANDBOX_SLOW_CONFIRMATION_MS
          : SANDBOX_CONFIRMATION_MS;
      await transmit(input, answerAfterMs);
      return { messageId: input.instanceId, mlsWithinMs: answerAfterMs + MLS_MARGIN_MS };
    },
    // The receiving side's MLS comes through the inbound door, by the transmission's workflow.
    async transmission() {
      return { mls: 'pending' as const };
    },
    async probe() {
      return 'simulator';
    },
  };
}
