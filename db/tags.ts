import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Db } from './database.ts';
import type { TaggedObjectType, TagGroupsTable, TagsTable } from './schema.ts';
import { oldestFirst, type CreatedPosition } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

export type TagGroupRow = Selectable<TagGroupsTable>;
/** A tag with what its group says about it. */
export type TagRow = Selectable<TagsTable> & { exclusive: boolean };

/** Tags and groups belong to the organization and mode, never to one company. */
export type TagScope = Pick<Scope, 'organizationId' | 'livemode'>;

function owned<T extends 'tags' | 'tag_groups'>(table: T, scope: TagScope) {
  return sql<SqlBool>`${sql.ref(`${table}.organization_id`)} = ${scope.organizationId} and ${sql.ref(`${table}.livemode`)} = ${scope.livemode}`;
}

export async function insertTagGroup(
  db: Db,
  scope: TagScope,
  group: { id: string; name: string; description: string | null; exclusive: boolean },
): Promise<TagGroupRow> {
  return db
    .insertInto('tag_groups')
    .values({ ...group, organization_id: scope.organizationId, livemode: scope.livemode })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTagGroup(db: Db, scope: TagScope, id: string): Promise<TagGroupRow | undefined> {
  return db
    .selectFrom('tag_groups')
    .selectAll()
    .where(owned('tag_groups', scope))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findTagGroupByName(db: Db, scope: TagScope, name: string): Promise<TagGroupRow | undefined> {
  return db
    .selectFrom('tag_groups')
    .selectAll()
    .where(owned('tag_groups', scope))
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function listTagGroups(
  db: Db,
  scope: TagScope,
  page: { limit: number; after?: CreatedPosition | undefined },
): Promise<TagGroupRow[]> {
  return db.selectFrom('tag_groups').selectAll().where(owned('tag_groups', scope)).$call(oldestFirst(page)).execute();
}

function tagsWithGroup(db: Db, scope: TagScope) {
  return db
    .selectFrom('tags')
    .leftJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
    .selectAll('tags')
    .select(sql<boolean>`coalesce(tag_groups.exclusive, false)`.as('exclusive'))
    .where(owned('tags', scope));
}

/** Tags of the groups, each group's in creation order. */
export async function findTagsOfGroups(db: Db, scope: TagScope, groupIds: string[]): Promise<TagRow[]> {
  if (groupIds.length === 0) return [];
  return tagsWithGroup(db, scope)
    .where('tags.group_id', 'in', groupIds)
    .orderBy('tags.created_at')
    .orderBy('tags.id')
    .execute();
}

/** A page of one group's tags, or of the ungrouped ones (`groupId` null), oldest first. */
export async function listTags(
  db: Db,
  scope: TagScope,
  groupId: string | null,
  page: { limit: number; after?: CreatedPosition | undefined },
): Promise<TagRow[]> {
  return tagsWithGroup(db, scope)
    .where('tags.group_id', groupId === null ? 'is' : '=', groupId)
    .$call(oldestFirst(page, 'tags'))
    .execute();
}

export async function countTags(db: Db, scope: TagScope, groupId: string | null): Promise<number> {
  const row = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(owned('tags', scope))
    .where('group_id', groupId === null ? 'is' : '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTag(
  db: Db,
  scope: TagScope,
  tag: { id: string; groupId: string | null; name: string; color: string | null; description: string | null },
): Promise<TagRow> {
  const row = await db
    .insertInto('tags')
    .values({
      id: tag.id,
      organization_id: scope.organizationId,
      livemode: scope.livemode,
      group_id: tag.groupId,
      name: tag.name,
      color: tag.color,
      description: tag.description,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await findTagsByIds(db, scope, [row.id]))[0];
}

export async function findTagsByIds(db: Db, scope: TagScope, ids: string[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return tagsWithGroup(db, scope).where('tags.id', 'in', ids).execute();
}

/** Every tag named `name` (case-insensitive), ungrouped first. */
export async function findTagsByName(db: Db, scope: TagScope, name: string): Promise<TagRow[]> {
  return tagsWithGroup(db, scope)
    .where(sql`lower(tags.name)`, '=', name.toLowerCase())
    .orderBy(sql`tags.group_id is not null`)
    .orderBy('tags.created_at')
    .execute();
}

/** The ungrouped tag named `name`, created when there is none; concurrent callers get the same tag. */
export async function ensureUngroupedTag(db: Db, scope: TagScope, id: string, name: string): Promise<TagRow> {
  await sql`
    insert into tags (id, organization_id, livemode, group_id, name)
    values (${id}, ${scope.organizationId}, ${scope.livemode}, null, ${name})
    on conflict (organization_id, livemode, coalesce(group_id, ''), lower(name)) do nothing
  `.execute(db);
  const found = await tagsWithGroup(db, scope)
    .where('tags.group_id', 'is', null)
    .where(sql`lower(tags.name)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
  return found;
}

/** Every tag of the organization and mode: the recommender's candidates. */
export async function findAllTags(db: Db, scope: TagScope): Promise<TagRow[]> {
  return tagsWithGroup(db, scope).orderBy('tags.created_at').execute();
}

export type AssignedTagRow = TagRow & { position: number; assigned_at: Date };

/** The tags on an object, in assignment order. */
export async function findObjectTags(db: Db, scope: TagScope, objectId: string): Promise<AssignedTagRow[]> {
  return db
    .selectFrom('tag_assignments')
    .innerJoin('tags', 'tags.id', 'tag_assignments.tag_id')
    .leftJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
    .selectAll('tags')
    .select([
      sql<boolean>`coalesce(tag_groups.exclusive, false)`.as('exclusive'),
      'tag_assignments.position',
      'tag_assignments.created_at as assigned_at',
    ])
    .where('tag_assignments.organization_id', '=', scope.organizationId)
    .where('tag_assignments.livemode', '=', scope.livemode)
    .where('tag_assignments.object_id', '=', objectId)
    .orderBy('tag_assignments.position')
    .execute();
}

export interface TaggedObject {
  type: TaggedObjectType;
  id: string;
}

/**
 * Makes `target` (in order) the object's tags: removes the others, adds the new ones after the
 * kept ones, queues each change for the recommender and rewrites the names a document or partner
 * row carries. The caller holds the object's row lock, has checked `target` against exclusive
 * groups (the unique index refuses two tags of one) and passes tags of the scope. Returns the
 * names before and after, equal when nothing changed.
 */
export async function setObjectTags(
  trx: Db,
  scope: TagScope,
  object: TaggedObject,
  target: TagRow[],
): Promise<{ before: string[]; after: string[]; changed: boolean }> {
  const current = await findObjectTags(trx, scope, object.id);
  const wanted = new Set(target.map((t) => t.id));
  const removed = current.filter((t) => !wanted.has(t.id));
  const have = new Set(current.map((t) => t.id));
  const added = target.filter((t) => !have.has(t.id));
  const before = current.map((t) => t.name);
  if (removed.length === 0 && added.length === 0) return { before, after: before, changed: false };

  if (removed.length > 0)
    await trx
      .deleteFrom('tag_assignments')
      .where('object_id', '=', object.id)
      .where(
        'tag_id',
        'in',
        removed.map((t) => t.id),
      )
      .execute();
  if (added.length > 0)
    await trx
      .insertInto('tag_assignments')
      .values(
        added.map((t) => ({
          object_id: object.id,
          tag_id: t.id,
          organization_id: scope.organizationId,
          livemode: scope.livemode,
          object_type: object.type,
          exclusive_group_id: t.exclusive ? t.group_id : null,
        })),
      )
      .execute();
  await trx
    .insertInto('tag_model_updates')
    .values(
      [...removed.map((t) => ({ tag: t, assigned: false })), ...added.map((t) => ({ tag: t, assigned: true }))].map(
        ({ tag, assigned }) => ({
          organization_id: scope.organizationId,
          livemode: scope.livemode,
          object_type: object.type,
          object_id: object.id,
          tag_id: tag.id,
          assigned,
        }),
      ),
    )
    .execute();
  const after = [...current.filter((t) => wanted.has(t.id)).map((t) => t.name), ...added.map((t) => t.name)];
  if (object.type === 'document')
    await trx
      .updateTable('documents')
      .set({ tags: after, updated_at: new Date() })
      .where('id', '=', object.id)
      .execute();
  else if (object.type === 'partner')
    // A partner's tags are not one of its fields: assigning does not move its updatedAt.
    await trx.updateTable('partners').set({ tags: after }).where('id', '=', object.id).execute();
  return { before, after, changed: true };
}

/**
 * Objects carrying every one of `values` (tag ids or names, names case-insensitive), for list
 * filters; `objectId` is the object's id column.
 */
export function taggedWithAll(objectId: Expression<string>, values: string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.join(
    values.map((value) => taggedWithAny(objectId, [value])),
    sql` and `,
  )}`;
}

/** Objects carrying at least one of `values` (tag ids or names). */
export function taggedWithAny(objectId: Expression<string>, values: string[]): Expression<SqlBool> {
  const ids = values.filter((v) => v.startsWith('tag_'));
  const names = values.map((v) => v.toLowerCase());
  return sql<SqlBool>`exists (select 1 from tag_assignments ta join tags tt on tt.id = ta.tag_id
    where ta.object_id = ${objectId} and (ta.tag_id = any(${ids}::text[]) or lower(tt.name) = any(${names}::text[])))`;
}
