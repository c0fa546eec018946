import type { EventDispatcher } from '../../core/event-dispatcher.ts';
import type { Scope } from '../../core/scope.ts';
import type { TagLearning } from '../../core/tag-learning.ts';
import type { Db } from '../../db/database.ts';
import { insertEvent } from '../../db/events.ts';
import type { TaggedObjectType } from '../../db/schema.ts';
import { findObjectTags, setObjectTags, type TagRow, type TagScope } from '../../db/tags.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../pagination.ts';
import { toObjectTag } from './mapper.ts';
import { checkExclusive, lockTaggedObject, resolveTagRef, withTag, type LockedObject } from './service.ts';

export interface TagDeps {
  db: Db;
  events: EventDispatcher;
  learning: TagLearning;
}

/** What one tag change of an object did: the names before and after, and its event if it wrote one. */
export interface TagChange {
  from: string[];
  to: string[];
  changed: boolean;
  event?: { id: string; dispatched_at: Date | null };
}

/** The same without the event, for a caller that reports the change itself (the document actions). */
export async function applyObjectTags(
  trx: Db,
  scope: TagScope,
  object: Pick<LockedObject, 'type' | 'id'>,
  target: (current: TagRow[]) => TagRow[],
  field: string,
): Promise<TagChange> {
  const current = await findObjectTags(trx, scope, object.id);
  const next = target(current);
  checkExclusive(next, field);
  const { before, after, changed } = await setObjectTags(trx, scope, object, next);
  return { from: before, to: after, changed };
}

/**
 * Inside `trx`, with the object locked: makes `target(current)` its tags (checked against exclusive
 * groups) and, for a document whose tags changed, writes `document.updated` with the diff.
 */
export async function changeObjectTags(
  trx: Db,
  scope: Scope,
  object: LockedObject,
  target: (current: TagRow[]) => TagRow[],
  field: string,
): Promise<TagChange> {
  const { from: before, to: after, changed } = await applyObjectTags(trx, scope, object, target, field);
  if (!changed || object.type !== 'document' || !object.document) return { from: before, to: after, changed };
  const event = await insertEvent(trx, {
    organizationId: object.document.organization_id,
    livemode: object.document.livemode,
    companyId: object.document.company_id,
    type: 'document.updated',
    data: { documentId: object.id, changes: { tags: { from: before, to: after } } },
  });
  return { from: before, to: after, changed, event };
}

/**
 * After the commit: the event's fan-out and the recommender's learning step. Both are recorded
 * already (the event row, the queued change), so a failure here only delays them to their sweeps.
 */
export async function afterTagChange(deps: Omit<TagDeps, 'db'>, scope: Scope, change: TagChange): Promise<void> {
  if (!change.changed) return;
  await Promise.all([
    change.event ? deps.events.dispatch([change.event]).catch(() => undefined) : undefined,
    deps.learning.changed({ organizationId: scope.organizationId, livemode: scope.livemode }).catch(() => undefined),
  ]);
}

export async function listObjectTagsPage(
  db: Db,
  scope: Scope,
  objectId: string,
  limit: number,
  cursor: string | undefined,
) {
  await lockTaggedObject(db, scope, objectId, undefined, false);
  const after = decodeCursor(cursor);
  const rows = await findObjectTags(db, scope, objectId);
  // An object holds at most 100 tags: they are read whole and paged in assignment order.
  const start = after ? rows.findIndex((r) => r.id === after.id) + 1 : 0;
  const kept = rows.slice(start, start + limit);
  const hasMore = start + limit < rows.length;
  const last = kept[kept.length - 1];
  return {
    data: kept.map(toObjectTag),
    hasMore,
    cursor: hasMore && last ? encodeCursor({ createdAt: last.assigned_at, id: last.id }) : null,
  };
}

/** POST /v1/objects/{object_id}/tags: the tag as it sits on the object (assigning twice changes nothing). */
export async function assignObjectTag(
  deps: TagDeps,
  scope: Scope,
  objectId: string,
  input: { tagId: string; objectType: TaggedObjectType },
) {
  const { change, assigned } = await deps.db.transaction().execute(async (trx) => {
    const object = await lockTaggedObject(trx, scope, objectId, input.objectType);
    const tag = (await resolveTagRef(trx, scope, input.tagId, { create: false, field: 'tagId' }))!;
    const change = await changeObjectTags(trx, scope, object, (current) => withTag(current, tag), 'tagId');
    const assigned = (await findObjectTags(trx, scope, object.id)).find((t) => t.id === tag.id)!;
    return { change, assigned };
  });
  await afterTagChange(deps, scope, change);
  return toObjectTag(assigned);
}

/** DELETE /v1/objects/{object_id}/tags/{tag_id}: 404 when the tag is not on the object. */
export async function removeObjectTag(deps: TagDeps, scope: Scope, objectId: string, tagId: string): Promise<void> {
  const change = await deps.db.transaction().execute(async (trx) => {
    const object = await lockTaggedObject(trx, scope, objectId);
    const current = await findObjectTags(trx, scope, object.id);
    if (!current.some((t) => t.id === tagId))
      throw new ApiError('RESOURCE_NOT_FOUND', `Tag ${tagId} is not on ${objectId}.`);
    return changeObjectTags(trx, scope, object, (tags) => tags.filter((t) => t.id !== tagId), 'tag_id');
  });
  await afterTagChange(deps, scope, change);
}
