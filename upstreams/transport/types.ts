import type { MessageLevelStatus } from '../../peppol/index.ts';

/** One hand-off of an SBD-wrapped business document to the sending access point. */
export interface HandOff {
  documentId: string;
  /** 1 for the first hand-off; re-sends count up. */
  attempt: number;
  /**
   * The SBDH InstanceIdentifier, the same for every attempt of one document: the access point's
   * key for the transmission, so a re-sent hand-off never sends the message twice.
   */
  instanceId: string;
  sbd: string;
  senderId: string;
  receiverId: string;
  documentTypeId: string;
  processId: string;
  /**
   * The sending company as this installation knows it. An access point on the network has no use
   * for it; the sandbox network keeps each organization's exchanges to itself with it, and counts
   * the receiving side's delays on the company's clock from `acceptedAt`: the instant (company clock,
   * epoch ms) the document was accepted for its first hand-off. Absent, from the hand-off itself.
   */
  origin?: { organizationId: string; companyId: string; acceptedAt?: number };
}

export interface HandOffResult {
  /** The transmission's id at the access point (the SBDH InstanceIdentifier for a real one). */
  messageId: string;
  /**
   * How long the receiving side's Message Level Status may take, when the access point knows it
   * takes longer than the hour the document workflow waits for one by default: the workflow waits
   * this long (on the sending company's clock) before the receipt stands as the delivery.
   */
  mlsWithinMs?: number;
}

/** What the sending access point knows of a transmission after its hand-off. */
export interface TransmissionState {
  /**
   * The receiving side's Message Level Status once it arrived; `pending` while it is awaited;
   * `not_expected` when the access point will not receive one for this transmission.
   */
  mls: MessageLevelStatus | 'pending' | 'not_expected';
}

/**
 * The Peppol transport (AS4). Failures are thrown as `failure(type, …)` with type
 * TRANSPORT_FAILURE (temporary: the workflow re-sends), AP_REJECTED, SBDH_ERROR or
 * RECIPIENT_NOT_FOUND (permanent).
 */
export interface PeppolTransport {
  handOff(input: HandOff): Promise<HandOffResult>;
  /** The transmission's state at the access point, by the id its hand-off returned. */
  transmission(messageId: string): Promise<TransmissionState>;
  /** A cheap call proving the access point answers, for /health/contracts. */
  probe(): Promise<string>;
}
