import { DOCUMENT_TYPE_INFO, peppolDocumentTypeId, type DocumentType } from '../../peppol/index.ts';

/** The SMP document type ids for a set of receive capabilities (invoice and debit-note share one). */
export function documentTypeIdsFor(types: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const type of types) {
    const info = DOCUMENT_TYPE_INFO[type as DocumentType];
    if (info) ids.add(peppolDocumentTypeId(info.root, info.customizationId));
  }
  return [...ids].sort();
}

/** The process (profile) a document type id belongs to, for the ServiceMetadata's ProcessIdentifier. */
export function profileOf(documentTypeId: string): string {
  const info = Object.values(DOCUMENT_TYPE_INFO).find(
    (i) => peppolDocumentTypeId(i.root, i.customizationId) === documentTypeId,
  );
  return info?.profileId ?? 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
}
