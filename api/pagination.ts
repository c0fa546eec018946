import { ApiError } from './errors.ts';

/** Keyset position of the last row of a page: newest-first lists order by (createdAt, id). */
export interface CursorPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): CursorPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw new ApiError('INVALID_REQUEST', 'The cursor is not one this list returned.', {
      details: [{ field: 'cursor', rule: 'cursor', message: 'is not valid' }],
    });
  }
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
