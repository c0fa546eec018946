import { ApplicationFailure } from '@temporalio/common';
import { countDeliveryAttempt, countDocumentMove, countInfrastructureFailure } from '../core/metrics.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { failure, FailureType } from '../core/failures.ts';
import { transmissionId } from '../core/ids.ts';
import type { Db } from '../db/database.ts';
import {
  claimTransmission,
  findDeliveryFacts,
  moveDelivery,
  type DeliveryFacts,
  type DeliveryMove,
} from '../db/documents.ts';
import { countryOfScheme, splitParticipantId, wrapInSbdh, type MessageLevelStatus } from '../peppol/index.ts';
import { setNewest } from '../core/bounded-map.ts';
import type { HandOffResult, PeppolTransport, TransmissionState } from '../upstreams/transport/types.ts';
import { forMode, type PerMode } from '../upstreams/modes.ts';

export interface DocumentActivityDeps {
  db: Db;
  events: EventDispatcher;
  /** Live documents go through the access point; sandbox ones through the simulated one. */
  transports: PerMode<PeppolTransport>;
}

export interface DocumentActivities {
  /**
   * One hand-off to the access point of the document's mode, recorded (state and `document.sent`)
   * in the same activity.
   */
  handOffDocument(input: {
    documentId: string;
    attempt: number;
    /** The sending company's clock offset when the document was accepted (sandbox; the run's input). */
    offsetMs?: number | undefined;
  }): Promise<HandOffResult>;
  /** What the live access point knows of a handed-off document's transmission (its MLS). */
  checkTransmission(input: { documentId: string }): Promise<TransmissionState>;
  recordDeliveryFailure(input: {
    documentId: string;
    code: string;
    message: string;
    mls?: MessageLevelStatus | undefined;
  }): Promise<void>;
  /** A confirmed delivery in one step: the delivered state and its event. Safe to repeat. */
  completeDelivery(input: { documentId: string; mls?: MessageLevelStatus | undefined }): Promise<void>;
}

/** An MLS as the document keeps it: with the time it was recorded. */
function mlsColumn(mls: MessageLevelStatus | undefined, at = new Date()) {
  return mls
    ? { code: mls.code, ...(mls.reason ? { reason: mls.reason } : {}), receivedAt: at.toISOString() }
    : undefined;
}

/** The `data` every document event carries besides its own fields (part 6.2). */
export function documentEventData(
  row: Pick<DeliveryFacts, 'id' | 'type' | 'number' | 'direction' | 'sender' | 'receiver'>,
): Record<string, unknown> {
  return {
    documentId: row.id,
    type: row.type,
    number: row.number,
    direction: row.direction,
    sender: { peppolId: row.sender.peppolId, name: row.sender.name },
    receiver: row.receiver ? { peppolId: row.receiver.peppolId, name: row.receiver.name } : null,
  };
}

/**
 * Documents this process handed off and whose delivery has not ended: their facts are fixed, so the
 * confirmation (usually taken by the same process, the workflow's cached run) reuses them instead of
 * reading the document again. Bounded: an access point that never confirms cannot make it grow.
 */
const IN_FLIGHT_LIMIT = 10_000;

export function createDocumentActivities({ db, events, transports }: DocumentActivityDeps): DocumentActivities {
  const inFlight = new Map<string, DeliveryFacts>();
  const remember = (facts: DeliveryFacts) => {
    setNewest(inFlight, facts.id, facts, IN_FLIGHT_LIMIT);
  };
  const facts = async (documentId: string): Promise<DeliveryFacts> => {
    const known = inFlight.get(documentId);
    if (known) return known;
    const row = await findDeliveryFacts(db, documentId);
    if (!row) throw failure('NOT_FOUND', `document ${documentId} does not exist`);
    return row;
  };

  /** Applies a guarded delivery move with its event (one statement); dispatches after. The move, if this call made it. */
  const move = async (
    current: DeliveryFacts,
    to: DeliveryMove,
    event: { type: 'document.sent' | 'document.delivered' | 'document.failed'; data: Record<string, unknown> },
    at: Date,
  ) => {
    const moved = await moveDelivery(
      db,
      current.id,
      to,
      {
        organizationId: current.organization_id,
        livemode: current.livemode,
        companyId: current.company_id,
        type: event.type,
        data: { ...documentEventData(current), ...event.data },
      },
      at,
    );
    if (to.to !== 'handed_off') inFlight.delete(current.id);
    if (!moved) return undefined;
    await events.dispatch([moved.event]);
    countDocumentMove(current, to.to, at);
    return moved;
  };

  const handOff = async ({
    documentId,
    attempt,
    offsetMs,
  }: {
    documentId: string;
    attempt: number;
    offsetMs?: number | undefined;
  }) => {
    const loaded = await findDeliveryFacts(db, documentId, { withXml: true });
    if (!loaded) throw failure('NOT_FOUND', `document ${documentId} does not exist`);
    const { xml, ...row } = loaded;
    if (!xml) throw failure('SBDH_ERROR', 'the document has no rendered UBL to send');
    const sender = row.sender.peppolId;
    const receiver = row.receiver?.peppolId;
    if (!sender || !receiver)
      throw failure('SBDH_ERROR', 'sender and receiver participant ids are required for the envelope');
    const instanceId = transmissionId(documentId);
    const wrapped = wrapInSbdh(xml, {
      sender,
      receiver,
      instanceId,
      // Every attempt sends the same bytes: an access point holding the transmission compares them.
      createdAt: row.created_at,
      countryC1: countryOfScheme(splitParticipantId(sender)?.scheme ?? '') ?? 'BE',
    });
    if (!wrapped.ok) throw failure('SBDH_ERROR', wrapped.errors.map((e) => e.message).join('; '));
    if (row.transport_message_id !== instanceId) await claimTransmission(db, documentId, instanceId);
    const handedOff = await countDeliveryAttempt(row.livemode, () =>
      forMode(transports, row.livemode).handOff({
        documentId,
        attempt,
        instanceId,
        sbd: wrapped.xml,
        senderId: sender,
        receiverId: receiver,
        documentTypeId: wrapped.documentTypeId,
        processId: wrapped.processId,
        origin: {
          organizationId: row.organization_id,
          companyId: row.company_id,
          // A first hand-off's transmission counts from the document's acceptance on the company's
          // clock, whenever the hand-off itself got to run (a clock advance in between still counts).
          ...(attempt === 1 && offsetMs !== undefined ? { acceptedAt: row.created_at.getTime() + offsetMs } : {}),
        },
      }),
    );
    // A failed record fails the attempt, and Temporal runs it again: the gateway takes the document
    // id as its idempotency key, so the message still leaves once.
    const at = new Date();
    const moved = await move(
      row,
      { to: 'handed_off', messageId: handedOff.messageId },
      { type: 'document.sent', data: { sentAt: at.toISOString() } },
      at,
    );
    remember(moved?.row ?? { ...row, transport_message_id: row.transport_message_id ?? handedOff.messageId });
    return handedOff;
  };

  return {
    async handOffDocument(input) {
      try {
        return await handOff(input);
      } catch (err) {
        // Typed failures are the access point's answers; anything else is our own side's, and retried.
        if (!(err instanceof ApplicationFailure)) countInfrastructureFailure('handOffDocument');
        throw err;
      }
    },

    async checkTransmission({ documentId }) {
      const row = await facts(documentId);
      if (!row.transport_message_id) throw failure('NOT_FOUND', `document ${documentId} was never handed off`);
      return forMode(transports, row.livemode).transmission(row.transport_message_id);
    },

    async recordDeliveryFailure({ documentId, code, message, mls }) {
      const rejected = code === FailureType.AP_REJECTED;
      await move(
        await facts(documentId),
        { to: rejected ? 'rejected' : 'failed', code, message, mls: mlsColumn(mls) },
        { type: 'document.failed', data: { errorCode: code, errorMessage: message } },
        new Date(),
      );
    },

    async completeDelivery({ documentId, mls }) {
      const at = new Date();
      await move(
        await facts(documentId),
        { to: 'delivered', mls: mlsColumn(mls, at) },
        { type: 'document.delivered', data: { deliveredAt: at.toISOString() } },
        at,
      );
    },
  };
}
