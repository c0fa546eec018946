import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import { UpstreamError, type DirectoryParticipant } from '../../upstreams/directory/types.ts';
import { decodeCursor, encodeCursor } from '../../core/cursor.ts';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import {
  deletePartner as deletePartnerRow,
  adoptPartnerDocuments,
  findPartnerByRef,
  findPartnerDuplicates,
  insertPartner,
  listPartners,
  resolvePartnerByIdentifier,
  updatePartner,
  type PartnerChanges,
  type PartnerRow,
  type PartnerScope,
  type PartnerSort,
  type PartnerListQuery,
} from '../../db/partners.ts';
import type { PartnerDefaults, PartnerEnrichment, PartnerRole, PeppolStatus } from '../../db/tables/partners.ts';
import {
  checkParticipantId,
  checkVatNumber,
  normalizeVatNumber,
  sameParticipant,
  splitParticipantId,
} from '../../peppol/index.ts';
import { ApiError } from '../errors.ts';
import { onUniqueViolation } from '../foreign-errors.ts';
import { toPartner } from './mapper.ts';
import { hashPunchoutSecret } from '../../core/punchout-secret.ts';
import type { TagLearning } from '../../core/tag-learning.ts';
import type { TagRow } from '../../db/tags.ts';
import { applyObjectTags } from '../tags/objects.ts';
import { resolveTagRef } from '../tags/service.ts';

export interface PartnerInput {
  peppolId?: string | null;
  vatNumber?: string | null;
  name?: string;
  role?: PartnerRole;
  contactName?: string | null;
  contactEmail?: string | null;
  defaults?: PartnerDefaults;
  tags?: string[];
  metadata?: Record<string, string | null>;
  punchout?: PunchoutInput | null;
}

export interface PunchoutInput {
  identity: string;
  domain?: string | null;
  sharedSecret?: string;
}

/** Extra identifiers a directory card carries, under the names recipient resolution uses. */
const SCHEME_NAMES: Record<string, string> = {
  '0002': 'siren',
  '0009': 'siret',
  '0060': 'duns',
  '0088': 'gln',
  '0199': 'lei',
};

function identifiersOf(
  peppolId: string | null,
  card: DirectoryParticipant | undefined,
): Array<{ scheme: string; value: string }> {
  const out: Array<{ scheme: string; value: string }> = [];
  const add = (scheme: string, value: string) => {
    const name = SCHEME_NAMES[scheme];
    if (name && !out.some((i) => i.scheme === name && i.value === value)) out.push({ scheme: name, value });
  };
  const split = peppolId ? splitParticipantId(peppolId) : undefined;
  if (split) add(split.scheme, split.value);
  for (const id of card?.identifiers ?? []) add(id.scheme, id.value);
  if (card?.peppolId) {
    const own = splitParticipantId(card.peppolId);
    if (own) add(own.scheme, own.value);
  }
  return out;
}

interface Lookup {
  card: DirectoryParticipant | undefined;
  status: PeppolStatus;
}

/**
 * The partner's directory entry: by Peppol id (the SMP decides registration when the Directory has
 * no card), else by VAT number. A failing upstream never fails the partner: the status is `unknown`.
 */
async function lookupDirectory(
  services: DirectoryServices,
  scope: PartnerScope,
  ids: { peppolId: string | null; vatNumber: string | null },
): Promise<Lookup> {
  const caller = { organizationId: scope.organizationId };
  try {
    if (ids.peppolId) {
      const card = await services.directory(scope.livemode).participant(ids.peppolId, caller);
      if (card) return { card, status: 'registered' };
      const smp = await services.smp(scope.livemode).lookup(ids.peppolId, caller, { documentTypeIds: [] });
      return { card: undefined, status: smp ? 'registered' : 'not_registered' };
    }
    if (ids.vatNumber) {
      const page = await services
        .directory(scope.livemode)
        .search({ vatNumber: ids.vatNumber, includeSubEntities: false, limit: 1 }, caller);
      const card = page.rows[0];
      return { card, status: card ? 'registered' : 'not_registered' };
    }
    return { card: undefined, status: 'unknown' };
  } catch (err) {
    if (err instanceof UpstreamError) return { card: undefined, status: 'unknown' };
    throw err;
  }
}

function enrichmentOf(card: DirectoryParticipant | undefined): PartnerEnrichment {
  if (!card) return {};
  return {
    naceCode: card.naceCodes[0] ?? null,
    naceCodes: card.naceCodes,
    legalName: card.name,
    city: card.city,
    postalCode: card.postalCode,
    documentTypes: card.documentTypes,
    accessPoint: card.accessPoint?.name ?? null,
    source: card.source,
    enrichedAt: new Date().toISOString(),
  };
}

function checkIdentifiers(
  peppolId: string | null | undefined,
  vatNumber: string | null | undefined,
  requireOne = true,
): void {
  if (requireOne && !peppolId && !vatNumber) {
    throw new ApiError('MISSING_FIELD', 'A partner needs peppolId or vatNumber (or both).', {
      type: 'validation_error',
      details: [{ field: 'peppolId', rule: 'required', message: 'peppolId or vatNumber is required' }],
    });
  }
  if (peppolId) {
    const check = checkParticipantId(peppolId);
    if (!check.valid) {
      throw new ApiError(
        'INVALID_REQUEST',
        `peppolId ${peppolId} is not a valid participant identifier: ${check.problems.join('; ')}.`,
        {
          type: 'validation_error',
          details: [{ field: 'peppolId', rule: 'participant_id', message: check.problems.join('; ') }],
        },
      );
    }
  }
  if (vatNumber) {
    const check = checkVatNumber(vatNumber);
    if (!check.valid) {
      throw new ApiError(
        'INVALID_VAT_FORMAT',
        `vatNumber ${vatNumber} is not a valid VAT number: ${check.problems.join('; ')}.`,
        {
          details: [{ field: 'vatNumber', rule: 'checksum', message: check.problems.join('; ') }],
        },
      );
    }
  }
}

/** 409 PARTNER_EXISTS naming the partner that already holds one of the identifiers, if any does. */
async function duplicateOf(
  db: Db,
  scope: PartnerScope,
  ids: { peppolId: string | null; vatNumber: string | null },
  exceptId?: string,
): Promise<ApiError | undefined> {
  const dups = await findPartnerDuplicates(db, scope, ids, exceptId);
  if (dups.length === 0) return undefined;
  const existing = dups[0];
  const byPeppol = sameParticipant(existing.peppol_id, ids.peppolId);
  const field = byPeppol ? 'peppolId' : 'vatNumber';
  const value = byPeppol ? ids.peppolId : ids.vatNumber;
  return new ApiError('PARTNER_EXISTS', `A partner with ${field} ${value} already exists: ${existing.id}.`, {
    details: [{ field, value, existingId: existing.id, message: 'already used by another partner' }],
  });
}

async function rejectDuplicates(
  db: Db,
  scope: PartnerScope,
  ids: { peppolId: string | null; vatNumber: string | null },
  exceptId?: string,
): Promise<void> {
  const duplicate = await duplicateOf(db, scope, ids, exceptId);
  if (duplicate) throw duplicate;
}

function countryOf(
  peppolId: string | null,
  vatNumber: string | null,
  card: DirectoryParticipant | undefined,
): string | null {
  if (vatNumber) {
    const country = checkVatNumber(vatNumber).country;
    if (country) return country;
  }
  if (peppolId) {
    const country = checkParticipantId(peppolId).country;
    if (country) return country;
  }
  return card?.country || null;
}

function cleanMetadata(metadata: Record<string, string | null> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** Creates a partner (part 4.8) enriched from the directory; 409 PARTNER_EXISTS for a duplicate. */
export async function createPartner(
  db: Db,
  services: DirectoryServices,
  scope: PartnerScope,
  input: PartnerInput,
  learning?: TagLearning,
): Promise<PartnerRow> {
  const givenPeppol = input.peppolId?.trim() || null;
  const givenVat = input.vatNumber ? normalizeVatNumber(input.vatNumber) : null;
  checkIdentifiers(givenPeppol, givenVat);
  await rejectDuplicates(db, scope, { peppolId: givenPeppol, vatNumber: givenVat });

  const { card, status } = await lookupDirectory(services, scope, { peppolId: givenPeppol, vatNumber: givenVat });
  // The directory fills the identifier the caller left out, unless another partner already holds it.
  let peppolId = givenPeppol ?? card?.peppolId ?? null;
  let vatNumber = givenVat ?? card?.vatNumber ?? null;
  if (peppolId !== givenPeppol || vatNumber !== givenVat) {
    const taken = await findPartnerDuplicates(db, scope, {
      peppolId: peppolId !== givenPeppol ? peppolId : null,
      vatNumber: vatNumber !== givenVat ? vatNumber : null,
    });
    if (taken.length > 0) {
      peppolId = givenPeppol;
      vatNumber = givenVat;
    }
  }
  // A concurrent create of the same partner loses the race to the unique index.
  const punchout = await punchoutOf(input.punchout, null);
  const row = await onUniqueViolation(
    db.transaction().execute(async (trx) => {
      const inserted = await insertPartner(trx, {
        id: newId('part'),
        scope,
        peppolId,
        vatNumber,
        name: input.name ?? card?.name ?? vatNumber ?? peppolId!,
        country: countryOf(peppolId, vatNumber, card),
        role: input.role ?? 'both',
        contactName: input.contactName ?? null,
        contactEmail: input.contactEmail ?? null,
        peppolStatus: status,
        defaults: input.defaults ?? {},
        identifiers: identifiersOf(peppolId, card),
        enrichment: enrichmentOf(card),
        metadata: cleanMetadata(input.metadata),
        punchout,
      });
      // Its counters start from the documents already exchanged with it, not from zero.
      const adopted = peppolId ? await adoptPartnerDocuments(trx, scope, inserted.id, peppolId) : 0;
      const row = adopted > 0 ? ((await findPartnerByRef(trx, scope, inserted.id)) ?? inserted) : inserted;
      return input.tags?.length ? withPartnerTags(trx, scope, row.id, input.tags) : { row, changed: false };
    }),
    () => duplicateOf(db, scope, { peppolId, vatNumber }),
  );
  if (row.changed && learning) await learning.changed(scope).catch(() => undefined);
  return row.row;
}

/**
 * Makes `refs` (tag ids or names; an unknown name creates an ungrouped tag) the partner's tags, in
 * the transaction that wrote the partner, and returns the row with them.
 */
async function withPartnerTags(
  trx: Db,
  scope: PartnerScope,
  partnerId: string,
  refs: string[],
): Promise<{ row: PartnerRow; changed: boolean }> {
  const tags: TagRow[] = [];
  for (const ref of refs) {
    const tag = (await resolveTagRef(trx, scope, ref, { create: true, field: 'tags' }))!;
    if (!tags.some((t) => t.id === tag.id)) tags.push(tag);
  }
  const { changed } = await applyObjectTags(trx, scope, { type: 'partner', id: partnerId }, () => tags, 'tags');
  return { row: (await findPartnerByRef(trx, scope, partnerId))!, changed };
}

/**
 * The PunchOut settings to store: the given secret hashed, or the one already stored when an update
 * leaves it out (changing the identity or domain alone does not need the secret again).
 */
async function punchoutOf(input: PunchoutInput | null | undefined, storedHash: string | null) {
  if (!input) return null;
  const secretHash = input.sharedSecret !== undefined ? await hashPunchoutSecret(input.sharedSecret) : storedHash;
  if (!secretHash)
    throw new ApiError('MISSING_FIELD', 'punchout.sharedSecret is required to set up PunchOut for this partner.', {
      type: 'validation_error',
      details: [{ field: 'punchout.sharedSecret', rule: 'required', message: 'required' }],
    });
  return { identity: input.identity.trim(), domain: input.domain?.trim() || null, secretHash };
}

export async function getPartner(db: Db, scope: PartnerScope, ref: string): Promise<PartnerRow> {
  const row = await findPartnerByRef(db, scope, ref);
  if (!row)
    throw new ApiError(
      'PARTNER_NOT_FOUND',
      `No partner ${ref} in this organization${scope.livemode ? '' : ' (sandbox)'}.`,
    );
  return row;
}

/** PATCH: top-level keys replaced, metadata shallow-merged (null deletes); new identifiers re-enrich. */
export async function updatePartnerByRef(
  db: Db,
  services: DirectoryServices,
  scope: PartnerScope,
  ref: string,
  input: PartnerInput,
  learning?: TagLearning,
): Promise<PartnerRow> {
  const current = await getPartner(db, scope, ref);
  const peppolId = input.peppolId === undefined ? current.peppol_id : input.peppolId?.trim() || null;
  const vatNumber =
    input.vatNumber === undefined ? current.vat_number : input.vatNumber ? normalizeVatNumber(input.vatNumber) : null;
  checkIdentifiers(
    input.peppolId === undefined ? undefined : peppolId,
    input.vatNumber === undefined ? undefined : vatNumber,
    false,
  );
  if (!peppolId && !vatNumber) checkIdentifiers(null, null);
  const identifiersChanged =
    (peppolId ?? '').toLowerCase() !== (current.peppol_id ?? '').toLowerCase() || vatNumber !== current.vat_number;
  if (identifiersChanged) await rejectDuplicates(db, scope, { peppolId, vatNumber }, current.id);

  const changes: PartnerChanges = {};
  if (input.peppolId !== undefined) changes.peppolId = peppolId;
  if (input.vatNumber !== undefined) changes.vatNumber = vatNumber;
  if (input.name !== undefined) changes.name = input.name;
  if (input.role !== undefined) changes.role = input.role;
  if (input.contactName !== undefined) changes.contactName = input.contactName;
  if (input.contactEmail !== undefined) changes.contactEmail = input.contactEmail;
  if (input.defaults !== undefined) changes.defaults = input.defaults;
  if (input.punchout !== undefined) changes.punchout = await punchoutOf(input.punchout, current.punchout_secret_hash);
  if (input.metadata !== undefined) {
    const merged: Record<string, string | null> = { ...current.metadata, ...input.metadata };
    if (Object.keys(cleanMetadata(merged)).length > 40) {
      throw new ApiError('INVALID_REQUEST', 'metadata can hold at most 40 keys.', {
        details: [{ field: 'metadata', rule: 'maxProperties', message: 'at most 40 keys' }],
      });
    }
    changes.metadata = cleanMetadata(merged);
  }
  if (identifiersChanged) {
    const { card, status } = await lookupDirectory(services, scope, { peppolId, vatNumber });
    changes.peppolStatus = status;
    changes.enrichment = enrichmentOf(card);
    changes.identifiers = identifiersOf(peppolId, card);
    changes.country = countryOf(peppolId, vatNumber, card);
  }
  const updated = await onUniqueViolation(
    db.transaction().execute(async (trx) => {
      let row = await updatePartner(trx, scope, current.id, changes);
      // A new participant id brings the documents already exchanged with it.
      if (row?.peppol_id && row.peppol_id !== current.peppol_id) {
        if ((await adoptPartnerDocuments(trx, scope, row.id, row.peppol_id)) > 0)
          row = (await findPartnerByRef(trx, scope, row.id)) ?? row;
      }
      if (!row || input.tags === undefined) return row && { row, changed: false };
      return withPartnerTags(trx, scope, row.id, input.tags);
    }),
    () => duplicateOf(db, scope, { peppolId, vatNumber }, current.id),
  );
  if (!updated) throw new ApiError('PARTNER_NOT_FOUND', `No partner ${ref} in this organization.`);
  if (updated.changed && learning) await learning.changed(scope).catch(() => undefined);
  return updated.row;
}

export async function deletePartnerByRef(db: Db, scope: PartnerScope, ref: string): Promise<void> {
  const row = await getPartner(db, scope, ref);
  await deletePartnerRow(db, scope, row.id);
}

/** The list query as the API receives it: the repository's filters with an opaque cursor. */
export type ListInput = Omit<PartnerListQuery, 'after'> & { cursor?: string };

function decodeSortedCursor(cursor: string, sortBy: PartnerSort, order: string): { value: string; id: string } {
  const [s, o, value, id] = decodeCursor(cursor) ?? [];
  if (s === sortBy && o === order && typeof value === 'string' && typeof id === 'string') return { value, id };
  throw new ApiError('INVALID_REQUEST', 'The cursor is not one this list returned (with the same sortBy and order).', {
    details: [{ field: 'cursor', rule: 'cursor', message: 'is not valid' }],
  });
}

export async function listPartnersPage(db: Db, scope: PartnerScope, input: ListInput) {
  const after = input.cursor !== undefined ? decodeSortedCursor(input.cursor, input.sortBy, input.order) : undefined;
  const rows = await listPartners(db, scope, {
    ...(input.role ? { role: input.role } : {}),
    ...(input.search ? { search: input.search } : {}),
    ...(input.country ? { country: input.country } : {}),
    ...(input.tags?.length ? { tags: input.tags } : {}),
    ...(input.hasActivity !== undefined ? { hasActivity: input.hasActivity } : {}),
    ...(input.peppolStatus ? { peppolStatus: input.peppolStatus } : {}),
    sortBy: input.sortBy,
    order: input.order,
    limit: input.limit,
    ...(after ? { after } : {}),
  });
  const hasMore = rows.length > input.limit;
  const kept = hasMore ? rows.slice(0, input.limit) : rows;
  const last = kept[kept.length - 1];
  return {
    data: kept.map(toPartner),
    hasMore,
    cursor: hasMore && last ? encodeCursor([input.sortBy, input.order, last.sort_key, last.id]) : null,
  };
}

/**
 * The partner for a send recipient that is not yet one: resolves `identifier` (the forms of
 * resolvePartnerByIdentifier) to an existing partner, else creates one from the directory. Only
 * `peppol:`/bare participant ids and `vat:` (and `siren:`/`siret:`/`gln:`/`duns:`/`lei:`, turned
 * into participant ids) can be provisioned; other forms return undefined when no partner matches.
 */
export async function provisionPartner(
  db: Db,
  services: DirectoryServices,
  scope: PartnerScope,
  identifier: string,
  hints: { name?: string; role?: PartnerRole } = {},
): Promise<{ partner: PartnerRow; created: boolean } | undefined> {
  const existing = await resolvePartnerByIdentifier(db, scope, identifier);
  if (existing) return { partner: existing, created: false };
  const input = provisionInput(identifier);
  if (!input) return undefined;
  try {
    const partner = await createPartner(db, services, scope, {
      ...input,
      role: hints.role ?? 'buyer',
      ...(hints.name ? { name: hints.name } : {}),
    });
    return { partner, created: true };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'PARTNER_EXISTS') {
      const id = err.details?.[0]?.existingId;
      const partner = typeof id === 'string' ? await findPartnerByRef(db, scope, id) : undefined;
      if (partner) return { partner, created: false };
    }
    throw err;
  }
}

const PROVISION_SCHEMES: Record<string, string> = {
  siren: '0002',
  siret: '0009',
  gln: '0088',
  duns: '0060',
  lei: '0199',
};

function provisionInput(identifier: string): { peppolId?: string; vatNumber?: string } | undefined {
  const trimmed = identifier.trim();
  if (/^\d{4}:.+$/.test(trimmed)) return { peppolId: trimmed };
  const m = /^([a-z]+):(.+)$/i.exec(trimmed);
  if (!m) return undefined;
  const prefix = m[1].toLowerCase();
  const value = m[2].trim();
  if (prefix === 'peppol') return { peppolId: value };
  if (prefix === 'vat') return { vatNumber: value };
  const scheme = PROVISION_SCHEMES[prefix];
  return scheme ? { peppolId: `${scheme}:${value}` } : undefined;
}
