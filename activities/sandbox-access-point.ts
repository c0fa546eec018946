import { Context } from '@temporalio/activity';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { failure, FailureType, isLifecycleRefusal } from '../core/failures.ts';
import { transmissionId } from '../core/ids.ts';
import { receiveForwardedMessage, type SandboxNetwork } from '../core/inbound-door.ts';
import type { Db } from '../db/database.ts';
import { findOutgoingDocumentByTransportMessage } from '../db/documents.ts';
import { dropSandboxTransmission, findSandboxTransmission } from '../db/sandbox.ts';
import {
  countryOfScheme,
  isBillingType,
  renderInvoiceResponse,
  renderMessageLevelStatus,
  splitParticipantId,
  wrapInSbdh,
  type InvoiceResponseCode,
  type MessageLevelStatus,
} from '../peppol/index.ts';

/**
 * The receiving side of a sandbox transmission (workflows/sandbox/access-point.ts). Each activity
 * posts what a remote access point sends to the service's inbound door, the function the live
 * access point's forward reaches, within the sending organization's sandbox network.
 */
export interface SandboxAccessPointActivities {
  /**
   * The receiving access point takes the message: a company of the organization that receives for
   * its participant gets it through the door; any other sandbox participant accepts it. The MLS it
   * answers: AP, or RE with the door's reason when the door refused the message for good.
   */
  forwardTransmission(input: { organizationId: string; instanceId: string }): Promise<MessageLevelStatus>;
  /** The MLS for the transmission, through the door to the sending side (whose delivery waits for it). */
  returnMessageLevelStatus(input: {
    organizationId: string;
    instanceId: string;
    mls: MessageLevelStatus;
    /** When it is issued (the sending company's clock, epoch ms). */
    at: number;
  }): Promise<void>;
  /** A responder recipient's Invoice Response to the invoice or note of the transmission, through the door. */
  answerAsRecipient(input: { organizationId: string; instanceId: string; code: string; date: string }): Promise<void>;
  /** The run is over: the message as handed off goes (it never was one of the organization's files). */
  releaseTransmission(input: { organizationId: string; instanceId: string }): Promise<void>;
}

export interface SandboxAccessPointDeps {
  db: Db;
  /** The client the door signals and updates workflows with; by default the worker's. */
  temporal?: () => Client;
}

/** The seat ids (Peppol SPID, scheme 0242) the sandbox network's access points sign MLS with. */
const SANDBOX_SEAT = { receiving: 'PSB000002', sending: 'PSB000001' };

/**
 * The door's answer when it refuses a message for good: one of its permanent failures, or the
 * document's workflow refusing the move an Invoice Response asks. Anything else (the database or
 * Temporal unavailable, a workflow slow to answer) is thrown, and tried again.
 */
function refusal(err: unknown): string | undefined {
  if (err instanceof ApplicationFailure && err.nonRetryable) return `${err.type}: ${err.message}`;
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    const cause = err.cause;
    if (isLifecycleRefusal(cause.type)) return `${cause.type}: ${cause.message}`;
  }
  return undefined;
}

export function createSandboxAccessPointActivities(deps: SandboxAccessPointDeps): SandboxAccessPointActivities {
  const { db } = deps;
  const door = () => ({ db, temporal: (deps.temporal ?? (() => Context.current().client))() });
  const sandbox = (organizationId: string): SandboxNetwork => ({ livemode: false, organizationId });

  return {
    async forwardTransmission({ organizationId, instanceId }) {
      const sbd = await findSandboxTransmission(db, organizationId, instanceId);
      if (!sbd) throw failure('NOT_FOUND', `handed-off message ${instanceId} does not exist`);
      try {
        await receiveForwardedMessage(door(), sbd.toString('utf8'), {
          instanceId,
          network: sandbox(organizationId),
        });
        return { code: 'AP' };
      } catch (err) {
        // Nobody receives for it here: a participant of the sandbox directory, whose access point takes it.
        if (err instanceof ApplicationFailure && err.type === FailureType.RECIPIENT_NOT_FOUND) return { code: 'AP' };
        const reason = refusal(err);
        if (reason) return { code: 'RE', reason };
        throw err;
      }
    },

    async returnMessageLevelStatus({ organizationId, instanceId, mls, at }) {
      const issuedAt = new Date(at);
      const xml = renderMessageLevelStatus({
        ...mls,
        id: `mls-${instanceId}`,
        instanceId,
        issuedAt,
        senderSeat: SANDBOX_SEAT.receiving,
        receiverSeat: SANDBOX_SEAT.sending,
      });
      const mlsInstanceId = transmissionId(`mls\n${instanceId}`);
      const wrapped = wrapInSbdh(xml, {
        sender: `0242:${SANDBOX_SEAT.receiving}`,
        receiver: `0242:${SANDBOX_SEAT.sending}`,
        instanceId: mlsInstanceId,
        createdAt: issuedAt,
        countryC1: 'BE',
      });
      if (!wrapped.ok) throw failure('SBDH_ERROR', wrapped.errors.map((e) => e.message).join('; '));
      try {
        await receiveForwardedMessage(door(), wrapped.xml, {
          instanceId: mlsInstanceId,
          network: sandbox(organizationId),
        });
      } catch (err) {
        // No delivery of the sending side waits for it (a response's transmission): a refused MLS is not sent again.
        if (!refusal(err)) throw err;
      }
    },

    async releaseTransmission({ organizationId, instanceId }) {
      await dropSandboxTransmission(db, organizationId, instanceId);
    },

    async answerAsRecipient({ organizationId, instanceId, code, date }) {
      const sent = await findOutgoingDocumentByTransportMessage(db, instanceId);
      if (!sent || sent.livemode || sent.organization_id !== organizationId) return;
      const seller = sent.sender;
      const buyer = sent.receiver;
      // Peppol answers invoices and notes with an Invoice Response, nothing else.
      if (!isBillingType(sent.type) || !sent.number || !seller.peppolId || !buyer?.peppolId) return;
      const id = `${sent.id}-${code}`;
      const xml = renderInvoiceResponse({
        id,
        issueDate: date,
        sender: { peppolId: buyer.peppolId, name: buyer.name ?? buyer.peppolId },
        receiver: { peppolId: seller.peppolId, name: seller.name ?? seller.peppolId },
        responseCode: code as InvoiceResponseCode,
        effectiveDate: date,
        ...(code === 'RE' || code === 'UQ' ? { reasonCode: 'OTH', reason: `sandbox recipient answered ${code}` } : {}),
        invoice: {
          id: sent.number,
          issueDate: sent.issue_date ?? undefined,
          typeCode: sent.type === 'credit-note' ? '381' : sent.type === 'debit-note' ? '383' : '380',
        },
      });
      const responseInstanceId = transmissionId(id);
      const wrapped = wrapInSbdh(xml, {
        sender: buyer.peppolId,
        receiver: seller.peppolId,
        instanceId: responseInstanceId,
        createdAt: new Date(`${date}T00:00:00Z`),
        countryC1: countryOfScheme(splitParticipantId(buyer.peppolId)?.scheme ?? '') ?? 'BE',
      });
      if (!wrapped.ok) throw failure('SBDH_ERROR', wrapped.errors.map((e) => e.message).join('; '));
      try {
        await receiveForwardedMessage(door(), wrapped.xml, {
          instanceId: responseInstanceId,
          network: sandbox(organizationId),
        });
      } catch (err) {
        // The invoice moved past what the response allows meanwhile: the response is moot, as for any recipient.
        if (!refusal(err)) throw err;
      }
    },
  };
}
