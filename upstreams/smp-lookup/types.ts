export interface SmpEndpoint {
  transportProfile: string;
  endpointUrl: string;
  /** Base64 DER of the access point's certificate, as published. */
  certificate: string | null;
  serviceDescription: string | null;
  technicalContactUrl: string | null;
  activationDate: string | null;
  expirationDate: string | null;
}

export interface SmpProcess {
  processId: string;
  endpoints: SmpEndpoint[];
}

export interface SmpDocumentType {
  documentTypeId: string;
  processes: SmpProcess[];
}

/** What the SMP publishes for one participant (Peppol SMP 1.x read interface). */
export interface SmpParticipant {
  peppolId: string;
  smp: { hostname: string; url: string };
  /** Every document type id the service group lists (also those not fetched in detail). */
  documentTypeIds: string[];
  /** Service metadata of the fetched document types. */
  documentTypes: SmpDocumentType[];
}

export interface SmpLookupOptions {
  /** Fetch the service metadata of these document type ids only (default: every listed one). */
  documentTypeIds?: string[];
}

/** Who asks: the simulator also knows the organization's own sandbox companies. */
export interface SmpCaller {
  organizationId: string;
}

/**
 * The SMP read side: where a participant is registered and what it can receive. `undefined` when
 * the participant is not registered in the SML (or its SMP does not know it).
 */
export interface SmpLookup {
  lookup(peppolId: string, caller: SmpCaller, options?: SmpLookupOptions): Promise<SmpParticipant | undefined>;
  /** The SML step alone (live adapter): the participant's SMP URL; undefined when not registered. */
  locate?(peppolId: string): Promise<{ smpUrl: string } | undefined>;
}
