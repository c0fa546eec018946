import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { searchDocuments, type FilterNode, type SortField, type SortOrder } from '../../db/document-search.ts';
import type { Scope } from '../../core/scope.ts';
import { scopeOf } from '../scope.ts';
import { toDocument } from './mapper.ts';

/** The validated body of POST /v1/documents/search. */
export interface SearchBody {
  query?: string;
  filters?: FilterNode;
  any?: FilterNode[];
  all?: FilterNode[];
  from?: string;
  to?: string;
  archived?: boolean;
  sort?: { field?: SortField; order?: SortOrder };
  limit?: number;
  cursor?: string;
}

/** Every part of the body that narrows the result is one more tree that must hold. */
function filterTrees(body: SearchBody): Array<{ node: FilterNode; at: string }> {
  const trees: Array<{ node: FilterNode; at: string }> = [];
  if (body.filters) trees.push({ node: body.filters, at: 'filters' });
  if (body.any) trees.push({ node: { any: body.any }, at: '' });
  if (body.all) trees.push({ node: { all: body.all }, at: '' });
  if (body.from) trees.push({ node: { field: 'issueDate', op: 'gte', value: body.from }, at: 'from' });
  if (body.to) trees.push({ node: { field: 'issueDate', op: 'lte', value: body.to }, at: 'to' });
  return trees;
}

export async function searchDocumentPage(db: Db, scope: Scope, body: SearchBody) {
  const limit = body.limit ?? 20;
  // A filter the search cannot apply propagates as SearchInputError (see api/foreign-errors.ts).
  const page = await searchDocuments(db, scope, {
    query: body.query,
    filters: filterTrees(body),
    archived: body.archived,
    sort: { field: body.sort?.field ?? 'createdAt', order: body.sort?.order ?? 'desc' },
    limit,
    cursor: body.cursor,
  });
  return {
    data: page.rows.map(({ sort_key: _key, ...row }) => toDocument(row)),
    hasMore: page.hasMore,
    cursor: page.cursor,
  };
}

export function documentSearchRoutes(db: Db): Router {
  const router = Router();
  router.post('/v1/documents/search', async (req, res) => {
    res.json(await searchDocumentPage(db, scopeOf(req), req.body as SearchBody));
  });
  return router;
}
