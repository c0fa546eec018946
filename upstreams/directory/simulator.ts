import type { Db } from '../../db/database.ts';
import {
  ensureDirectorySeeded,
  findDirectoryParticipant,
  searchDirectory,
  type DirectoryRecord,
} from '../../db/directory.ts';
import { DOCUMENT_TYPES, type DocumentType } from '../../peppol/index.ts';
import { documentTypeIdsOf } from './document-types.ts';
import { sandboxDirectory, synthesizedParticipant, type SeedParticipant } from './seed.ts';
import {
  InvalidCursorError,
  isSiren,
  isSiret,
  type DirectoryAccessPoint,
  type DirectoryCaller,
  type DirectoryParticipant,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectorySmp,
  type DirectoryUpstream,
} from './types.ts';

/** The service's own access point and SMP, which the organization's sandbox companies are reached through. */
export const OWN_ACCESS_POINT: DirectoryAccessPoint = {
  id: 'PBE000001',
  name: 'Docex Access Point (sandbox)',
  country: 'BE',
  endpointUrl: 'https://as4.sandbox.docex.example/as4',
  transportProfile: 'peppol-transport-as4-v2_0',
  certificateSubject: 'CN=PBE000001,OU=PEPPOL TEST AP,O=Docex,C=BE',
};
export const OWN_SMP: DirectorySmp = {
  hostname: 'smp.sandbox.docex.example',
  url: 'https://smp.sandbox.docex.example',
};

export function encodeDirectoryCursor(name: string, peppolId: string): string {
  return Buffer.from(JSON.stringify(['n', name, peppolId])).toString('base64url');
}

export function decodeDirectoryCursor(cursor: string): { name: string; peppolId: string } | undefined {
  try {
    const [tag, name, peppolId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    return tag === 'n' && typeof name === 'string' && typeof peppolId === 'string' ? { name, peppolId } : undefined;
  } catch {
    return undefined;
  }
}

export function toParticipant(row: DirectoryRecord): DirectoryParticipant {
  const documentTypes = DOCUMENT_TYPES.filter((t): t is DocumentType => row.document_types.includes(t));
  return {
    peppolId: row.peppol_id,
    name: row.name,
    country: row.country,
    street: row.street,
    city: row.city,
    postalCode: row.postal_code,
    vatNumber: row.vat_number,
    identifiers: row.identifiers,
    naceCodes: row.nace_codes,
    documentTypes,
    documentTypeIds: documentTypeIdsOf(documentTypes),
    parentPeppolId: row.parent_peppol_id,
    website: row.website,
    contactEmail: row.contact_email,
    accessPoint: row.access_point,
    smp: row.smp,
    registeredAt: row.registered_at ? row.registered_at.toISOString() : null,
    source: row.source,
  };
}

function fromSeed(p: SeedParticipant): DirectoryParticipant {
  const documentTypes = p.documentTypes;
  return {
    peppolId: p.peppolId,
    name: p.name,
    country: p.country,
    street: p.street,
    city: p.city,
    postalCode: p.postalCode,
    vatNumber: p.vatNumber,
    identifiers: p.identifiers,
    naceCodes: p.naceCodes,
    documentTypes,
    documentTypeIds: documentTypeIdsOf(documentTypes),
    parentPeppolId: p.parentPeppolId,
    website: p.website,
    contactEmail: p.contactEmail,
    accessPoint: p.accessPoint,
    smp: p.smp,
    registeredAt: p.registeredAt,
    source: 'directory',
  };
}

/**
 * Sandbox directory: the deterministic seeded participants plus the caller's own sandbox companies,
 * searched in Postgres with indexes (trigram on names, btree on identifiers, GIN on code arrays).
 */
export function createDirectorySimulator(db: Db): DirectoryUpstream {
  const ready = () => ensureDirectorySeeded(db, () => sandboxDirectory());
  return {
    async search(query: DirectoryQuery, caller: DirectoryCaller): Promise<DirectoryPage> {
      await ready();
      const after = query.cursor === undefined ? undefined : decodeDirectoryCursor(query.cursor);
      if (query.cursor !== undefined && !after) throw new InvalidCursorError();
      const q = query.q?.trim();
      const rows = await searchDirectory(db, {
        organizationId: caller.organizationId,
        ...(q !== undefined && isSiren(q)
          ? { siren: q }
          : q !== undefined && isSiret(q)
            ? { siret: q }
            : q !== undefined
              ? { text: q }
              : {}),
        ...(query.vatNumber !== undefined ? { vatNumber: query.vatNumber } : {}),
        ...(query.country !== undefined ? { country: query.country } : {}),
        ...(query.city !== undefined ? { city: query.city } : {}),
        ...(query.postalCode !== undefined ? { postalCode: query.postalCode } : {}),
        ...(query.naceCodes ? { naceCodes: query.naceCodes } : {}),
        ...(query.documentTypes ? { documentTypes: query.documentTypes } : {}),
        ...(query.contact !== undefined ? { contact: query.contact } : {}),
        includeSubEntities: query.includeSubEntities,
        limit: query.limit,
        ...(after ? { after } : {}),
        ownAccessPoint: OWN_ACCESS_POINT,
        ownSmp: OWN_SMP,
      });
      const hasMore = rows.length > query.limit;
      const kept = hasMore ? rows.slice(0, query.limit) : rows;
      const last = kept[kept.length - 1];
      return {
        rows: kept.map(toParticipant),
        hasMore,
        cursor: hasMore && last ? encodeDirectoryCursor(last.name, last.peppol_id) : null,
      };
    },

    async participant(peppolId: string, caller: DirectoryCaller) {
      await ready();
      const row = await findDirectoryParticipant(db, caller.organizationId, peppolId, {
        accessPoint: OWN_ACCESS_POINT,
        smp: OWN_SMP,
      });
      if (row) return toParticipant(row);
      // A new user cannot know which ids are seeded: any other valid id answers with a card of its own.
      const synthesized = synthesizedParticipant(peppolId);
      return synthesized ? fromSeed(synthesized) : undefined;
    },
  };
}
