import { sql } from 'kysely';

/** Where a newest-first page ended: the last row's creation time and id (the tiebreaker). */
export interface CreatedPosition {
  createdAt: Date;
  id: string;
}

/**
 * Rows after `position` in a list ordered by (created_at desc, id desc): a row comparison, which
 * Postgres answers from the (…, created_at, id) indexes.
 */
export function olderThan(position: CreatedPosition) {
  return sql<boolean>`(created_at, id) < (${position.createdAt}, ${position.id})`;
}
