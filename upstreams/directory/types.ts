import type { DocumentType } from '../../peppol/index.ts';
import type { DirectoryAccessPoint, DirectorySmp } from '../../db/tables/directory.ts';

export type { DirectoryAccessPoint, DirectorySmp };

/** One business-card entity of the Peppol Directory, in the service's vocabulary. */
export interface DirectoryParticipant {
  peppolId: string;
  name: string;
  country: string;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  vatNumber: string | null;
  identifiers: Array<{ scheme: string; value: string }>;
  naceCodes: string[];
  /** Service document types the participant is registered for. */
  documentTypes: DocumentType[];
  /** Peppol document type identifiers as published (may include types the service does not send). */
  documentTypeIds: string[];
  parentPeppolId: string | null;
  website: string | null;
  contactEmail: string | null;
  accessPoint: DirectoryAccessPoint | null;
  smp: DirectorySmp | null;
  registeredAt: string | null;
  /** `organization`: one of the caller's own (sandbox) companies. */
  source: 'directory' | 'organization';
}

export interface DirectoryQuery {
  /** Free text (substring of the name), or an exact SIREN (9 digits) / SIRET (14 digits). */
  q?: string;
  vatNumber?: string;
  country?: string;
  city?: string;
  postalCode?: string;
  naceCodes?: string[];
  documentTypes?: DocumentType[];
  /** An e-mail address (exact) or a domain: matches the card's contact e-mail or website. */
  contact?: string;
  includeSubEntities: boolean;
  limit: number;
  /** Opaque position returned by the previous page. */
  cursor?: string;
}

export interface DirectoryPage {
  rows: DirectoryParticipant[];
  hasMore: boolean;
  cursor: string | null;
}

/** Who asks: the simulator also lists the organization's own sandbox companies. */
export interface DirectoryCaller {
  organizationId: string;
}

/** The Peppol Directory (part 4.7): search by name and identifiers, and one participant's card. */
export interface DirectoryUpstream {
  search(query: DirectoryQuery, caller: DirectoryCaller): Promise<DirectoryPage>;
  participant(peppolId: string, caller: DirectoryCaller): Promise<DirectoryParticipant | undefined>;
}

/** An upstream that failed to answer usefully; the API maps it to 503/504 in the envelope. */
export class UpstreamError extends Error {
  constructor(
    readonly upstream: string,
    readonly kind: 'timeout' | 'unavailable' | 'malformed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

export function isSiren(q: string): boolean {
  return /^\d{9}$/.test(q);
}

export function isSiret(q: string): boolean {
  return /^\d{14}$/.test(q);
}

/** A cursor this directory did not issue; the API answers 400. */
export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not one this search returned.');
    this.name = 'InvalidCursorError';
  }
}
