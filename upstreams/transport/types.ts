/** One hand-off of an SBD-wrapped business document to the sending access point. */
export interface HandOff {
  documentId: string;
  /** 1 for the first hand-off; re-sends count up. */
  attempt: number;
  sbd: string;
  senderId: string;
  receiverId: string;
  documentTypeId: string;
  processId: string;
}

export interface HandOffResult {
  /** The access point's message id; receipts refer to it. */
  messageId: string;
  /**
   * Set by the sandbox simulator: it confirms after this long on the company's clock instead of
   * sending a receipt. Real gateways leave it undefined and post a receipt later.
   */
  confirmAfterMs?: number;
}

/**
 * The Peppol transport (AS4). Failures are thrown as `failure(type, …)` with type
 * TRANSPORT_FAILURE (temporary: the workflow re-sends), AP_REJECTED or SBDH_ERROR (permanent).
 */
export interface PeppolTransport {
  handOff(input: HandOff): Promise<HandOffResult>;
  /** A cheap call proving the gateway answers, for /health/contracts. */
  probe(): Promise<string>;
}
