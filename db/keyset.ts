import { sql, type SelectQueryBuilder } from 'kysely';

/** Where a newest-first page ended: the last row's creation time and id (the tiebreaker). */
export interface CreatedPosition {
  createdAt: Date;
  id: string;
}

export interface NewestFirstPage {
  limit: number;
  after?: CreatedPosition | undefined;
}

/**
 * A list ordered newest first by (created_at desc, id desc), from after `page.after`, `limit + 1`
 * rows (the extra one tells whether there is more; see api/pagination.ts). The position is a row
 * comparison, which Postgres answers from the (…, created_at, id) indexes. Apply with `$call`;
 * `table` qualifies the columns in a join.
 */
export function newestFirst(page: NewestFirstPage, table?: string) {
  const createdAt = sql.ref(table ? `${table}.created_at` : 'created_at');
  const id = sql.ref(table ? `${table}.id` : 'id');
  return <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB => {
    const ordered = query
      .orderBy(createdAt, 'desc')
      .orderBy(id, 'desc')
      .limit(page.limit + 1);
    return (
      page.after
        ? ordered.where(sql<boolean>`(${createdAt}, ${id}) < (${page.after.createdAt}, ${page.after.id})`)
        : ordered
    ) as QB;
  };
}

/**
 * The same list in creation order, oldest first, from strictly after `page.after`: a replay of
 * what came after a known point. Same row comparison, scanned the other way.
 */
export function oldestFirst(page: NewestFirstPage, table?: string) {
  const createdAt = sql.ref(table ? `${table}.created_at` : 'created_at');
  const id = sql.ref(table ? `${table}.id` : 'id');
  return <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB => {
    const ordered = query
      .orderBy(createdAt, 'asc')
      .orderBy(id, 'asc')
      .limit(page.limit + 1);
    return (
      page.after
        ? ordered.where(sql<boolean>`(${createdAt}, ${id}) > (${page.after.createdAt}, ${page.after.id})`)
        : ordered
    ) as QB;
  };
}
