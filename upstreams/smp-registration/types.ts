export type SmpErrorCode = 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_TIMEOUT' | 'INVALID_INPUT';

export class SmpError extends Error {
  constructor(
    readonly code: SmpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SmpError';
  }
}

/** A participant's receive registration: the Peppol document type ids it accepts. */
export interface SmpParticipant {
  /** `<scheme>:<value>`, e.g. `0208:0123456789`. */
  participantId: string;
  /** Full Peppol document type ids (`urn:oasis:…::Invoice##urn:cen.eu:en16931:2017#…::2.1`). */
  documentTypeIds: string[];
}

/**
 * The write side of the SMP: publishes and withdraws a participant's service metadata. Every call is
 * safe to repeat (PUT/DELETE semantics); failures are {@link SmpError}s.
 */
export interface SmpRegistrar {
  readonly name: string;
  /** Makes the SMP list exactly `documentTypeIds` for the participant (adds missing, removes others). */
  register(participant: SmpParticipant): Promise<void>;
  /** Removes the participant's service group; a participant that is not registered is fine. */
  deregister(participantId: string): Promise<void>;
  /** Document type ids the SMP lists for the participant, or undefined when it has no service group. */
  registeredDocumentTypes(participantId: string): Promise<string[] | undefined>;
  probe(): Promise<string>;
}
