import { X509Certificate } from 'node:crypto';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import {
  documentTypesOfId,
  parseDocumentType,
  PEPPOL_DOCUMENT_TYPE_IDS,
  peppolProcessId,
} from '../../upstreams/directory/document-types.ts';
import {
  isSiren,
  isSiret,
  type DirectoryAccessPoint,
  type DirectoryParticipant,
  type DirectoryQuery,
} from '../../upstreams/directory/types.ts';
import type { SmpParticipant } from '../../upstreams/smp-lookup/types.ts';
import { countryOfScheme, splitParticipantId } from '../../peppol/index.ts';
import { ApiError } from '../errors.ts';

/** Whose directory is asked: the organization (its own sandbox companies are listed) and the mode. */
export interface DirectoryCallerScope {
  organizationId: string;
  livemode: boolean;
}

function bareId(peppolId: string): string {
  return peppolId.trim().replace(/^iso6523-actorid-upis::/i, '');
}

/** A directory query as the API takes it: the upstream's query, plus how much of each card to return. */
export interface SearchInput extends DirectoryQuery {
  detail: 'basic' | 'full';
}

/** Part 4.7 rules that the schema cannot say: which parameters are needed together. */
function checkSearch(input: SearchInput): void {
  const q = input.q?.trim();
  if (!q && !input.vatNumber) {
    throw new ApiError('MISSING_FIELD', 'Give q (a name, SIREN or SIRET) or vatNumber to search the directory.', {
      type: 'validation_error',
      details: [{ field: 'q', rule: 'required', message: 'q or vatNumber is required' }],
    });
  }
  if (q && !isSiren(q) && !isSiret(q) && !input.country) {
    throw new ApiError(
      'MISSING_FIELD',
      'A free-text q needs country (ISO 3166-1 alpha-2); only a SIREN, SIRET or vatNumber carries its own country.',
      {
        type: 'validation_error',
        details: [{ field: 'country', rule: 'required_with_q', message: 'country is required with a free-text q' }],
      },
    );
  }
}

function accessPointOf(
  participant: DirectoryParticipant | undefined,
  smp: SmpParticipant | undefined,
): DirectoryAccessPoint | null {
  if (participant?.accessPoint) return participant.accessPoint;
  const endpoint = smp?.documentTypes.flatMap((d) => d.processes.flatMap((p) => p.endpoints))[0];
  if (!endpoint) return null;
  let subject = '';
  let seat = '';
  let country = '';
  if (endpoint.certificate) {
    try {
      subject = new X509Certificate(Buffer.from(endpoint.certificate, 'base64')).subject.replace(/\n/g, ',');
      seat = /CN=([^,]+)/.exec(subject)?.[1] ?? '';
      country = /C=([A-Z]{2})/.exec(subject)?.[1] ?? '';
    } catch {
      // A certificate that does not parse leaves the access point anonymous, not the lookup failed.
    }
  }
  return {
    id: seat || new URL(endpoint.endpointUrl || 'https://unknown.invalid').hostname,
    name: endpoint.serviceDescription ?? (seat || new URL(endpoint.endpointUrl || 'https://unknown.invalid').hostname),
    country,
    endpointUrl: endpoint.endpointUrl,
    transportProfile: endpoint.transportProfile,
    certificateSubject: subject,
  };
}

function basicAccessPoint(ap: DirectoryAccessPoint | null) {
  return ap ? { id: ap.id, name: ap.name } : null;
}

function toRow(p: DirectoryParticipant, detail: 'basic' | 'full', smp?: SmpParticipant) {
  const row = {
    peppolId: p.peppolId,
    name: p.name,
    country: p.country,
    city: p.city,
    postalCode: p.postalCode,
    vatNumber: p.vatNumber,
    documentTypes: p.documentTypes,
    accessPoint: basicAccessPoint(p.accessPoint),
    source: p.source,
  };
  if (detail === 'basic') return row;
  return {
    ...row,
    accessPoint: accessPointOf(p, smp),
    identifiers: p.identifiers,
    naceCodes: p.naceCodes,
    parentPeppolId: p.parentPeppolId,
    registeredAt: p.registeredAt,
    website: p.website,
    documentTypeIdentifiers: p.documentTypes.map((t) => ({
      documentType: t,
      peppolDocumentTypeId: PEPPOL_DOCUMENT_TYPE_IDS[t],
      processId: peppolProcessId(t),
    })),
    smp: p.smp ?? smp?.smp ?? null,
  };
}

/** Runs `work` over `items` with at most `width` in flight. */
async function mapLimited<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

export async function searchDirectory(services: DirectoryServices, caller: DirectoryCallerScope, input: SearchInput) {
  checkSearch(input);
  const query: DirectoryQuery = {
    ...(input.q?.trim() ? { q: input.q.trim() } : {}),
    ...(input.vatNumber ? { vatNumber: input.vatNumber.toUpperCase() } : {}),
    ...(input.country ? { country: input.country } : {}),
    ...(input.city ? { city: input.city } : {}),
    ...(input.postalCode ? { postalCode: input.postalCode } : {}),
    ...(input.naceCodes?.length ? { naceCodes: input.naceCodes } : {}),
    ...(input.documentTypes?.length ? { documentTypes: input.documentTypes } : {}),
    includeSubEntities: input.includeSubEntities,
    limit: input.limit,
    ...(input.cursor !== undefined ? { cursor: input.cursor } : {}),
  };
  const page = await services.directory(caller.livemode).search(query, caller);
  let smps: Array<SmpParticipant | undefined> = [];
  if (input.detail === 'full') {
    // The live Directory has no access point: ask each row's SMP; a failed lookup leaves the row without one.
    const smp = services.smp(caller.livemode);
    smps = await mapLimited(page.rows, 8, (row) =>
      row.accessPoint && row.smp
        ? Promise.resolve(undefined)
        : smp
            .lookup(row.peppolId, caller, { documentTypeIds: Object.values(PEPPOL_DOCUMENT_TYPE_IDS) })
            .catch(() => undefined),
    );
  }
  return {
    data: page.rows.map((row, i) => toRow(row, input.detail, smps[i])),
    hasMore: page.hasMore,
    cursor: page.cursor,
  };
}

export interface VerifyResult {
  peppolId: string;
  exists: boolean;
  canReceive: boolean;
  recipientName: string | null;
  documentType: string;
  peppolDocumentTypeId: string;
  accessPoint: DirectoryAccessPoint | null;
}

/**
 * Whether a participant exists (is registered in the SML/SMP) and can receive a document type.
 * Used by POST /v1/directory/verify and by the send pipeline before delivery. `documentType` is a
 * service type name (`invoice`) or its upper-case form (`INVOICE`), echoed as given.
 * Throws the SML/SMP's UpstreamError when it cannot be asked.
 */
export async function verifyRecipient(
  services: DirectoryServices,
  caller: DirectoryCallerScope,
  input: { peppolId: string; documentType: string },
): Promise<VerifyResult> {
  const peppolId = bareId(input.peppolId);
  const type = parseDocumentType(input.documentType);
  if (!type) {
    throw new ApiError('INVALID_ENUM', `documentType ${input.documentType} is not a document type.`, {
      details: [{ field: 'documentType', rule: 'enum', message: 'must be a document type' }],
    });
  }
  const documentTypeId = PEPPOL_DOCUMENT_TYPE_IDS[type];
  // Asked together; the business card only names the recipient, so a Directory failure must not fail the verification.
  const cardLookup = services
    .directory(caller.livemode)
    .participant(peppolId, caller)
    .catch(() => undefined);
  const smp = await services.smp(caller.livemode).lookup(peppolId, caller, { documentTypeIds: [documentTypeId] });
  const card = await cardLookup;
  const metadata = smp?.documentTypes.find((d) => d.documentTypeId === documentTypeId);
  const canReceive = !!metadata && metadata.processes.some((p) => p.endpoints.length > 0);
  return {
    peppolId,
    exists: smp !== undefined,
    canReceive,
    recipientName: card?.name ?? null,
    documentType: input.documentType,
    peppolDocumentTypeId: documentTypeId,
    accessPoint: smp ? accessPointOf(card, smp) : null,
  };
}

/** GET /v1/directory/participants/{peppol_id}: business card, document types and SMP; undefined when unknown. */
export async function getParticipant(services: DirectoryServices, caller: DirectoryCallerScope, rawPeppolId: string) {
  const peppolId = bareId(rawPeppolId);
  const [card, smp] = await Promise.all([
    services.directory(caller.livemode).participant(peppolId, caller),
    services
      .smp(caller.livemode)
      .lookup(peppolId, caller, { documentTypeIds: Object.values(PEPPOL_DOCUMENT_TYPE_IDS) }),
  ]);
  if (!card && !smp) return undefined;
  const ids = smp ? smp.documentTypeIds : (card?.documentTypeIds ?? []);
  const documentTypes = ids.flatMap((id) =>
    documentTypesOfId(id).map((documentType) => ({
      documentType,
      peppolDocumentTypeId: id,
      processId:
        smp?.documentTypes.find((d) => d.documentTypeId === id)?.processes[0]?.processId ??
        peppolProcessId(documentType),
    })),
  );
  const known = new Set(Object.values(PEPPOL_DOCUMENT_TYPE_IDS));
  const split = splitParticipantId(peppolId);
  return {
    peppolId: card?.peppolId ?? peppolId,
    source: card?.source ?? 'directory',
    businessCard: {
      name: card?.name ?? peppolId,
      country: card?.country || (split ? (countryOfScheme(split.scheme) ?? '') : ''),
      street: card?.street ?? null,
      city: card?.city ?? null,
      postalCode: card?.postalCode ?? null,
      vatNumber: card?.vatNumber ?? null,
      identifiers: card?.identifiers ?? [],
      naceCodes: card?.naceCodes ?? [],
      website: card?.website ?? null,
      contactEmail: card?.contactEmail ?? null,
      registeredAt: card?.registeredAt ?? null,
    },
    parentPeppolId: card?.parentPeppolId ?? null,
    documentTypes,
    otherDocumentTypeIds: ids.filter((id) => !known.has(id)),
    accessPoint: accessPointOf(card, smp),
    smp: card?.smp ?? smp?.smp ?? null,
  };
}
