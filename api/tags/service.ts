import { newId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/database.ts';
import { findCompanyByRef, lockCompany } from '../../db/companies.ts';
import { partnerExists } from '../../db/partners.ts';
import { findDocument, findDocumentForUpdate, type DocumentRow } from '../../db/documents.ts';
import type { TaggedObjectType } from '../../db/schema.ts';
import {
  countTags,
  ensureUngroupedTag,
  findTagGroup,
  findTagsByIds,
  findTagsByName,
  findTagsOfGroups,
  insertTag,
  insertTagGroup,
  listTagGroups,
  listTags,
  type TagGroupRow,
  type TagRow,
  type TagScope,
} from '../../db/tags.ts';
import { ApiError } from '../errors.ts';
import { onUniqueViolation } from '../foreign-errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { toTag, toTagGroup } from './mapper.ts';

/** Bounds that keep a group's embedded tag list and an object's tag list small enough to return whole. */
export const MAX_TAGS_PER_GROUP = 200;
export const MAX_TAGS_PER_OBJECT = 100;
/** The `group_id` that stands for the ungrouped tags in `/v1/tag-groups/{group_id}/tags`. */
export const UNGROUPED = 'ungrouped';

/** 409 TAG_EXISTS: group names are unique in the organization, tag names in their group. */
function nameTaken(what: string, name: string): ApiError {
  return new ApiError('TAG_EXISTS', `${what} named "${name}" already exists.`, {
    details: [{ field: 'name', rule: 'unique', message: 'names are unique (case-insensitive)', value: name }],
  });
}

export async function createTagGroup(
  db: Db,
  scope: Scope,
  input: { name: string; description?: string | null; exclusive?: boolean },
) {
  const name = input.name.trim();
  const row = await onUniqueViolation(
    insertTagGroup(db, scope, {
      id: newId('tgrp'),
      name,
      description: input.description ?? null,
      exclusive: input.exclusive ?? false,
    }),
    async () => nameTaken('A tag group', name),
  );
  return toTagGroup(row, []);
}

export async function listTagGroupsPage(db: Db, scope: Scope, limit: number, cursor: string | undefined) {
  const groups = await listTagGroups(db, scope, { limit, after: decodeCursor(cursor) });
  const tags = await findTagsOfGroups(
    db,
    scope,
    groups.slice(0, limit).map((g) => g.id),
  );
  return page(groups, limit, (g) =>
    toTagGroup(
      g,
      tags.filter((t) => t.group_id === g.id),
    ),
  );
}

/** The group a `group_id` path parameter names: null for `ungrouped`; 404 for another tenant's. */
async function groupOf(db: Db, scope: Scope, ref: string): Promise<TagGroupRow | null> {
  if (ref === UNGROUPED) return null;
  const group = await findTagGroup(db, scope, ref);
  if (!group) throw new ApiError('RESOURCE_NOT_FOUND', `No tag group ${ref} in this organization.`);
  return group;
}

export async function createTagInGroup(
  db: Db,
  scope: Scope,
  groupRef: string,
  input: { name: string; color?: string | null; description?: string | null },
) {
  const group = await groupOf(db, scope, groupRef);
  const groupId = group?.id ?? null;
  if ((await countTags(db, scope, groupId)) >= MAX_TAGS_PER_GROUP && groupId !== null)
    throw new ApiError('INVALID_REQUEST', `A tag group holds at most ${MAX_TAGS_PER_GROUP} tags.`, {
      details: [{ field: 'group_id', rule: 'maxTags', message: `at most ${MAX_TAGS_PER_GROUP}` }],
    });
  const name = input.name.trim();
  const row = await onUniqueViolation(
    insertTag(db, scope, {
      id: newId('tag'),
      groupId,
      name,
      color: input.color ?? null,
      description: input.description ?? null,
    }),
    async () => nameTaken(group ? `A tag of the group ${group.name}` : 'An ungrouped tag', name),
  );
  return toTag(row);
}

export async function listTagsPage(db: Db, scope: Scope, groupRef: string, limit: number, cursor: string | undefined) {
  const group = await groupOf(db, scope, groupRef);
  const rows = await listTags(db, scope, group?.id ?? null, { limit, after: decodeCursor(cursor) });
  return page(rows, limit, toTag);
}

const TAG_ID = /^tag_[0-9A-Za-z]+$/;

/**
 * The tag a reference names: a `tag_…` id, else a name (case-insensitive) — the ungrouped tag of
 * that name, else the one grouped tag of that name. An unknown name becomes a new ungrouped tag
 * when `create` is set; otherwise, like an unknown id, it resolves to nothing.
 */
export async function resolveTagRef(
  db: Db,
  scope: TagScope,
  ref: string,
  options: { create: boolean; field: string },
): Promise<TagRow | undefined> {
  const value = ref.trim();
  if (TAG_ID.test(value)) {
    const [tag] = await findTagsByIds(db, scope, [value]);
    if (!tag) throw new ApiError('RESOURCE_NOT_FOUND', `No tag ${value} in this organization.`);
    return tag;
  }
  const named = await findTagsByName(db, scope, value);
  if (named.length > 0 && (named[0].group_id === null || named.length === 1)) return named[0];
  if (named.length > 1) {
    const groups = await Promise.all(named.map((t) => findTagGroup(db, scope, t.group_id!)));
    throw new ApiError('INVALID_REQUEST', `Several tags are named "${value}"; name the one meant by its id.`, {
      details: [
        {
          field: options.field,
          rule: 'ambiguous',
          message: `matches ${named.map((t, i) => `${t.id} (group ${groups[i]?.name ?? t.group_id})`).join(', ')}`,
        },
      ],
    });
  }
  if (!options.create) return undefined;
  if (value.length === 0 || value.length > 64)
    throw new ApiError('INVALID_REQUEST', 'A tag name has 1 to 64 characters.', {
      details: [{ field: options.field, rule: 'length', message: '1 to 64 characters' }],
    });
  return ensureUngroupedTag(db, scope, newId('tag'), value);
}

/** Refuses a tag set with two tags of one exclusive group. */
export function checkExclusive(tags: TagRow[], field: string): void {
  const seen = new Map<string, TagRow>();
  for (const tag of tags) {
    if (!tag.exclusive || !tag.group_id) continue;
    const other = seen.get(tag.group_id);
    if (other)
      throw new ApiError('INVALID_REQUEST', `${other.name} and ${tag.name} belong to one exclusive group.`, {
        details: [{ field, rule: 'exclusive', message: 'at most one tag of an exclusive group per object' }],
      });
    seen.set(tag.group_id, tag);
  }
  if (tags.length > MAX_TAGS_PER_OBJECT)
    throw new ApiError('INVALID_REQUEST', `An object holds at most ${MAX_TAGS_PER_OBJECT} tags.`, {
      details: [{ field, rule: 'max', message: `at most ${MAX_TAGS_PER_OBJECT}` }],
    });
}

/**
 * `current` with `tag` added (after the others); a tag of an exclusive group replaces the group's
 * tag the object had.
 */
export function withTag(current: TagRow[], tag: TagRow): TagRow[] {
  if (current.some((t) => t.id === tag.id)) return current;
  const kept = tag.exclusive && tag.group_id ? current.filter((t) => t.group_id !== tag.group_id) : current;
  return [...kept, tag];
}

const PREFIX_TYPES: Record<string, TaggedObjectType> = { doc: 'document', part: 'partner', comp: 'company' };

/** The kind of object an id names by its prefix; undefined for any other id. */
export function objectTypeOf(objectId: string): TaggedObjectType | undefined {
  return PREFIX_TYPES[objectId.slice(0, objectId.indexOf('_'))];
}

function objectNotFound(type: TaggedObjectType | undefined, id: string): ApiError {
  switch (type) {
    case 'document':
      return new ApiError('DOCUMENT_NOT_FOUND', `No document ${id} in this organization.`);
    case 'partner':
      return new ApiError('PARTNER_NOT_FOUND', `No partner ${id} in this organization.`);
    case 'company':
      return new ApiError('COMPANY_NOT_FOUND', `No company ${id} in this organization.`);
    default:
      return new ApiError('RESOURCE_NOT_FOUND', `${id} is not a document, partner or company id.`);
  }
}

export interface LockedObject {
  type: TaggedObjectType;
  id: string;
  /** The document's row, for its event. */
  document?: DocumentRow;
}

/**
 * The object an id names, among those the scope sees, locked until `trx` ends (so concurrent tag
 * changes of one object apply one after the other). `expectedType`, when given, must match the id.
 */
export async function lockTaggedObject(
  trx: Db,
  scope: Scope,
  objectId: string,
  expectedType?: TaggedObjectType,
  lock = true,
): Promise<LockedObject> {
  const type = objectTypeOf(objectId);
  if (expectedType && type && expectedType !== type)
    throw new ApiError('INVALID_REQUEST', `${objectId} is a ${type}, not a ${expectedType}.`, {
      details: [{ field: 'objectType', rule: 'matchesObjectId', message: `must be ${type} for this id` }],
    });
  switch (type) {
    case 'document': {
      const document = await (lock ? findDocumentForUpdate : findDocument)(trx, scope, objectId);
      if (document) return { type, id: objectId, document };
      break;
    }
    case 'partner': {
      if (await partnerExists(trx, scope, objectId, lock)) return { type, id: objectId };
      break;
    }
    case 'company': {
      const company = await findCompanyByRef(trx, scope, objectId);
      if (company) {
        if (lock) await lockCompany(trx, company.id);
        return { type, id: company.id };
      }
      break;
    }
  }
  throw objectNotFound(type, objectId);
}
