/**
 * `SML_CONFLICT`: the SML refused the participant because another SMP holds it (the participant is
 * with another provider): permanent, only a migration moves it.
 */
export type SmpErrorCode = 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_TIMEOUT' | 'INVALID_INPUT' | 'SML_CONFLICT';

export class SmpError extends Error {
  constructor(
    readonly code: SmpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SmpError';
  }
}

/**
 * The Peppol Directory business card of a participant (PD business card 2018-06-21, one business
 * entity): what the Directory shows about the company.
 */
export interface SmpBusinessCard {
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** Further identifiers of the entity (`VAT`, national registration numbers …). */
  identifiers: Array<{ scheme: string; value: string }>;
  /** `YYYY-MM-DD`: when the entity joined (the company's creation date). */
  registrationDate: string;
  geographicalInformation?: string | undefined;
}

/** A participant's receive registration: the Peppol document type ids it accepts, and its business card. */
export interface SmpParticipant {
  /** `<scheme>:<value>`, e.g. `0208:0123456789`. */
  participantId: string;
  /** Full Peppol document type ids (`urn:oasis:…::Invoice##urn:cen.eu:en16931:2017#…::2.1`). */
  documentTypeIds: string[];
  /** Published to the SMP and pushed to the Directory; omitted: the card is left as it is. */
  businessCard?: SmpBusinessCard | undefined;
}

/** What one registration changed at the SMP. */
export interface SmpRegistrationResult {
  /** The service group was created (and, with SML registration on, the participant entered the SML). */
  created: boolean;
  /** Document type ids whose service metadata was written (new ones, and ones whose endpoint changed). */
  written: string[];
  /** Document type ids whose service metadata was removed. */
  removed: string[];
  /** The business card was written and its push to the Directory asked for. */
  businessCard: boolean;
}

/** phoss-smp's participant migration (SMP 5.6+): moving a participant between SMPs through the SML. */
export interface SmpMigrations {
  /** Outbound start: the SML issues a migration key the new provider needs. */
  startOutbound(participantId: string): Promise<{ migrationKey: string }>;
  cancelOutbound(participantId: string): Promise<void>;
  /** The new provider has taken the participant: our service group is removed (not in the SML). */
  finalizeOutbound(participantId: string): Promise<void>;
  /** Inbound: takes the participant over from its current SMP with the key that SMP's provider got. */
  inbound(participantId: string, migrationKey: string): Promise<void>;
}

/**
 * The write side of the SMP: publishes and withdraws a participant's service metadata. Every call is
 * safe to repeat (PUT/DELETE semantics); failures are {@link SmpError}s.
 */
export interface SmpRegistrar {
  readonly name: string;
  /**
   * Makes the SMP list exactly `documentTypeIds` for the participant: writes the missing ones and the
   * ones whose endpoint is not ours, removes the others, leaves the rest alone; then the business card.
   */
  register(participant: SmpParticipant): Promise<SmpRegistrationResult>;
  /** Removes the participant's service metadata, business card, service group and SML entry; absent is fine. */
  deregister(participantId: string): Promise<void>;
  /** Document type ids the SMP lists for the participant, or undefined when it has no service group. */
  registeredDocumentTypes(participantId: string): Promise<string[] | undefined>;
  probe(): Promise<string>;
  migrations?: SmpMigrations;
}
