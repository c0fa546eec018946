import type { AssignedTagRow, TagGroupRow, TagRow } from '../../db/tags.ts';

/** The one JSON shape of a tag (part 4.14). */
export function toTag(row: TagRow) {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    color: row.color,
    description: row.description,
    createdAt: row.created_at.toISOString(),
  };
}

/** A tag as it sits on an object: the tag, and when it was assigned. */
export function toObjectTag(row: AssignedTagRow) {
  return { ...toTag(row), assignedAt: row.assigned_at.toISOString() };
}

/** The one JSON shape of a tag group, with its tags. */
export function toTagGroup(row: TagGroupRow, tags: TagRow[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    exclusive: row.exclusive,
    tags: tags.map(toTag),
    createdAt: row.created_at.toISOString(),
  };
}
