import { DOCUMENT_TYPE_INFO, DOCUMENT_TYPES, peppolDocumentTypeId, type DocumentType } from '../../peppol/index.ts';

/** Peppol document type identifier (scheme `busdox-docid-qns`) of each service document type. */
export const PEPPOL_DOCUMENT_TYPE_IDS: Record<DocumentType, string> = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => [
    type,
    peppolDocumentTypeId(DOCUMENT_TYPE_INFO[type].root, DOCUMENT_TYPE_INFO[type].customizationId),
  ]),
) as Record<DocumentType, string>;

/** Process identifier (scheme `cenbii-procid-ubl`) each document type travels in. */
export function peppolProcessId(type: DocumentType): string {
  return DOCUMENT_TYPE_INFO[type].profileId;
}

/**
 * Service document types a published Peppol document type id stands for. Invoice and debit note
 * share one identifier (both are UBL Invoice under BIS Billing), so one id can map to two types.
 */
export function documentTypesOfId(id: string): DocumentType[] {
  return DOCUMENT_TYPES.filter((type) => PEPPOL_DOCUMENT_TYPE_IDS[type] === id);
}

export function documentTypesOfIds(ids: string[]): DocumentType[] {
  const found = new Set<DocumentType>();
  for (const id of ids) for (const type of documentTypesOfId(id)) found.add(type);
  return DOCUMENT_TYPES.filter((type) => found.has(type));
}

export function documentTypeIdsOf(types: readonly string[]): string[] {
  return [
    ...new Set(
      types
        .filter((t): t is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(t))
        .map((t) => PEPPOL_DOCUMENT_TYPE_IDS[t]),
    ),
  ];
}

/**
 * Accepts the service's type names (`invoice`, `credit-note` ...) and their upper-case forms
 * (`INVOICE`, `CREDIT_NOTE` ...), as recipient verification is usually called with the latter.
 */
export function parseDocumentType(value: string): DocumentType | undefined {
  const normalized = value.trim().toLowerCase().replace(/_/g, '-');
  return (DOCUMENT_TYPES as readonly string[]).includes(normalized) ? (normalized as DocumentType) : undefined;
}
