import { decodeCursor as decodePosition, encodeCursor as encodePosition } from '../core/cursor.ts';
import { ApiError } from './errors.ts';

/** Keyset position of the last row of a page: newest-first lists order by (createdAt, id). */
export interface CursorPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return encodePosition([position.createdAt.toISOString(), position.id]);
}

export function decodeCursor(cursor: string | undefined): CursorPosition | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt, id] = decodePosition(cursor) ?? [];
  const date = typeof createdAt === 'string' ? new Date(createdAt) : undefined;
  if (typeof id !== 'string' || !date || Number.isNaN(date.getTime()))
    throw new ApiError('INVALID_REQUEST', 'The cursor is not one this list returned.', {
      details: [{ field: 'cursor', rule: 'cursor', message: 'is not valid' }],
    });
  return { createdAt: date, id };
}

/** The list envelope of part 2.1 from `limit + 1` fetched rows. */
export function page<Row extends { created_at: Date; id: string }, Item>(
  rows: Row[],
  limit: number,
  map: (row: Row) => Item,
) {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return {
    data: kept.map(map),
    hasMore,
    cursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
