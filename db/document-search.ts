import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.ts';
import type { Database, DocumentLifecycleStatus } from './schema.ts';
import { deliveryStatusesOf, type DocumentRow } from './documents.ts';
import { decodeCursor, encodeCursor } from '../core/cursor.ts';
import type { Scope } from '../core/scope.ts';
import { taggedWithAny } from './tags.ts';

/** The search body's filter tree (POST /v1/documents/search); see `compileFilter` for its rules. */
export interface FilterNode {
  and?: FilterNode[];
  or?: FilterNode[];
  all?: FilterNode[];
  any?: FilterNode[];
  not?: FilterNode;
  field?: string;
  op?: string;
  value?: unknown;
}

export const MAX_FILTER_DEPTH = 5;
export const MAX_FILTER_PREDICATES = 50;

export const SORT_FIELDS = {
  createdAt: 'created_at',
  issueDate: 'issue_date',
  dueDate: 'due_date',
  grossAmount: 'gross_amount',
  number: 'number',
} as const;
export type SortField = keyof typeof SORT_FIELDS;
export type SortOrder = 'asc' | 'desc';

type Kind = 'text' | 'enum' | 'date' | 'amount' | 'tags' | 'boolean' | 'status';
interface FieldSpec {
  kind: Kind;
  column?:
    | 'direction'
    | 'type'
    | 'lifecycle_status'
    | 'delivery_status'
    | 'issue_date'
    | 'due_date'
    | 'gross_amount'
    | 'currency'
    | 'company_id'
    | 'partner_id'
    | 'sender_peppol_id'
    | 'receiver_peppol_id'
    | 'number'
    | 'assigned_user_id';
  values?: readonly string[];
}

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'rejected', 'stored'] as const;
const LIFECYCLE_STATUSES = [
  'issued',
  'under_review',
  'approved',
  'partially_paid',
  'paid',
  'rejected',
  'disputed',
] as const;

/** The only fields a filter may name: each maps to one column, so no caller text reaches SQL except as a parameter. */
const FIELDS: Record<string, FieldSpec> = {
  direction: { kind: 'enum', column: 'direction', values: ['incoming', 'outgoing'] },
  type: {
    kind: 'enum',
    column: 'type',
    values: ['invoice', 'credit-note', 'debit-note', 'purchase-order', 'sales-order', 'quote', 'event'],
  },
  status: { kind: 'status' },
  lifecycleStatus: { kind: 'enum', column: 'lifecycle_status', values: LIFECYCLE_STATUSES },
  deliveryStatus: { kind: 'enum', column: 'delivery_status', values: DELIVERY_STATUSES },
  issueDate: { kind: 'date', column: 'issue_date' },
  dueDate: { kind: 'date', column: 'due_date' },
  grossAmount: { kind: 'amount', column: 'gross_amount' },
  currency: { kind: 'text', column: 'currency' },
  companyId: { kind: 'text', column: 'company_id' },
  partnerId: { kind: 'text', column: 'partner_id' },
  senderPeppolId: { kind: 'text', column: 'sender_peppol_id' },
  receiverPeppolId: { kind: 'text', column: 'receiver_peppol_id' },
  number: { kind: 'text', column: 'number' },
  assignedUserId: { kind: 'text', column: 'assigned_user_id' },
  tags: { kind: 'tags' },
  archived: { kind: 'boolean' },
  read: { kind: 'boolean' },
};

const OPS_BY_KIND: Record<Kind, readonly string[]> = {
  text: ['eq', 'ne', 'in', 'contains'],
  enum: ['eq', 'ne', 'in'],
  status: ['eq', 'ne', 'in'],
  date: ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'],
  amount: ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'],
  tags: ['eq', 'ne', 'in', 'contains'],
  boolean: ['eq', 'ne'],
};

const COMPARISON = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL_RE = /^-?\d{1,16}(\.\d{1,2})?$/;
const MAX_IN_VALUES = 100;

type Eb = ExpressionBuilder<Database, 'documents'>;
type Where = Expression<SqlBool>;

/** What is wrong with a search input: a value outside its field's list, a malformed date, or anything else. */
export type SearchProblem = 'invalid' | 'not_in_list' | 'not_a_date';

/** A search the caller got wrong, naming `field`; the API decides how it answers. */
export class SearchInputError extends Error {
  constructor(
    readonly problem: SearchProblem,
    readonly field: string,
    readonly detail: string,
    message: string,
  ) {
    super(message);
  }
}

function invalid(path: string, message: string, problem: SearchProblem = 'invalid'): SearchInputError {
  return new SearchInputError(problem, path, message, `${path}: ${message}.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one scalar against the field's kind and returns the parameter to bind. */
function scalar(spec: FieldSpec, field: string, value: unknown, path: string): string | boolean {
  switch (spec.kind) {
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(path, `${field} takes true or false`);
      return value;
    case 'date':
      if (typeof value !== 'string' || !DATE_RE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        throw invalid(path, `${field} takes a date (YYYY-MM-DD)`, 'not_a_date');
      return value;
    case 'amount': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof text !== 'string' || !DECIMAL_RE.test(text)) throw invalid(path, `${field} takes a decimal amount`);
      return text;
    }
    case 'enum':
      if (typeof value !== 'string' || !spec.values!.includes(value))
        throw invalid(path, `${field} is one of ${spec.values!.join(', ')}`, 'not_in_list');
      return value;
    case 'status':
      if (
        typeof value !== 'string' ||
        (!(LIFECYCLE_STATUSES as readonly string[]).includes(value) &&
          !(DELIVERY_STATUSES as readonly string[]).includes(value))
      ) {
        throw invalid(
          path,
          `status is a lifecycle status (${LIFECYCLE_STATUSES.join(', ')}) or delivered / failed`,
          'not_in_list',
        );
      }
      return value;
    default:
      if (typeof value !== 'string' || value.length === 0 || value.length > 300)
        throw invalid(path, `${field} takes a non-empty string (at most 300 characters)`);
      return value;
  }
}

/** `%` and `_` are literal in a `contains` value. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Part 3.1: `delivered` and `failed` are delivery statuses; every other value is a lifecycle status. */
function statusMatch(eb: Eb, values: string[]): Where {
  // The values were checked against both lists by `scalar`.
  const delivery = values
    .filter((v): v is 'delivered' | 'failed' => v === 'delivered' || v === 'failed')
    .flatMap(deliveryStatusesOf);
  const lifecycle = values.filter((v) => v !== 'delivered' && v !== 'failed') as DocumentLifecycleStatus[];
  const parts: Where[] = [];
  if (lifecycle.length) parts.push(eb('lifecycle_status', 'in', lifecycle));
  if (delivery.length) parts.push(eb('delivery_status', 'in', delivery));
  return parts.length === 1 ? parts[0] : eb.or(parts);
}

function leaf(eb: Eb, node: Record<string, unknown>, path: string): Where {
  for (const key of Object.keys(node))
    if (!['field', 'op', 'value'].includes(key))
      throw invalid(path, `a predicate has only field, op and value (found ${key})`);
  const field = node.field;
  if (typeof field !== 'string' || !(field in FIELDS))
    throw invalid(path, `unknown field ${JSON.stringify(field)}; one of ${Object.keys(FIELDS).join(', ')}`);
  const spec = FIELDS[field];
  const op = node.op === undefined ? (Array.isArray(node.value) ? 'in' : 'eq') : node.op;
  if (typeof op !== 'string' || !OPS_BY_KIND[spec.kind].includes(op))
    throw invalid(path, `${field} accepts the operators ${OPS_BY_KIND[spec.kind].join(', ')}`);
  if (!('value' in node) || node.value === null) throw invalid(path, `${field} ${op} needs a value`);

  if (op === 'in') {
    if (!Array.isArray(node.value) || node.value.length === 0 || node.value.length > MAX_IN_VALUES)
      throw invalid(path, `in takes an array of 1 to ${MAX_IN_VALUES} values`);
    const values = node.value.map((v, i) => scalar(spec, field, v, `${path}.value[${i}]`)) as string[];
    if (spec.kind === 'status') return statusMatch(eb, values);
    if (spec.kind === 'tags') return taggedWithAny(sql.ref('documents.id'), values);
    return eb(spec.column!, 'in', values);
  }
  const value = scalar(spec, field, node.value, `${path}.value`);
  const negate = op === 'ne';
  let match: Where;
  if (spec.kind === 'status') {
    match = statusMatch(eb, [value as string]);
  } else if (spec.kind === 'tags') {
    // A document "equals" a tag (by id or name) when it carries it; tags are a set, not a scalar.
    match = taggedWithAny(sql.ref('documents.id'), [value as string]);
  } else if (spec.kind === 'boolean') {
    const column = field === 'archived' ? 'archived_at' : 'read_at';
    match = value ? eb(column, 'is not', null) : eb(column, 'is', null);
  } else if (op === 'contains') {
    match = eb(spec.column!, 'ilike', likePattern(value as string));
  } else if (negate) {
    // Unknown values count as different: `number ne X` keeps documents without a number.
    return eb(spec.column!, 'is distinct from', value as string);
  } else {
    match = eb(spec.column!, COMPARISON[op as keyof typeof COMPARISON], value as string);
  }
  return negate ? eb.not(match) : match;
}

/**
 * Compiles the filter tree to a where-clause: whitelisted fields only, every value bound as a
 * parameter, at most MAX_FILTER_DEPTH levels and MAX_FILTER_PREDICATES predicates (400 otherwise).
 * `all`/`any` are the sample's spelling of `and`/`or`; a predicate without `op` means `eq` (`in` for an array).
 */
export function compileFilter(eb: Eb, roots: Array<{ node: FilterNode; at: string }>): Where {
  let predicates = 0;
  const walk = (node: unknown, path: string, depth: number): Where => {
    if (depth > MAX_FILTER_DEPTH) throw invalid(path, `the filter tree is deeper than ${MAX_FILTER_DEPTH} levels`);
    if (!isObject(node)) throw invalid(path, 'each node is an object');
    const groups = (['and', 'or', 'all', 'any', 'not'] as const).filter((k) => k in node);
    if (groups.length > 1 || (groups.length === 1 && 'field' in node))
      throw invalid(path, 'a node is exactly one of and, or, all, any, not, or a predicate (field, op, value)');
    const group = groups[0];
    if (group === undefined) {
      predicates += 1;
      if (predicates > MAX_FILTER_PREDICATES)
        throw invalid(path, `the filters have more than ${MAX_FILTER_PREDICATES} predicates`);
      return leaf(eb, node, path);
    }
    if (group === 'not') return eb.not(walk(node.not, `${path}.not`, depth + 1));
    const children = node[group];
    if (!Array.isArray(children) || children.length === 0) throw invalid(`${path}.${group}`, 'takes a non-empty array');
    const compiled = children.map((child, i) => walk(child, `${path}.${group}[${i}]`, depth + 1));
    return group === 'and' || group === 'all' ? eb.and(compiled) : eb.or(compiled);
  };
  const compiled = roots.map((root) => walk(root.node, root.at, 1));
  return compiled.length === 1 ? compiled[0] : eb.and(compiled);
}

/** Where a page ended: the sort key's value as Postgres prints it (exact, microseconds included) and the id. */
interface SearchCursor {
  field: SortField;
  order: SortOrder;
  value: string | null;
  id: string;
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeCursor([cursor.field, cursor.order, cursor.value, cursor.id]);
}

function decodeSearchCursor(cursor: string, field: SortField, order: SortOrder): SearchCursor {
  const bad = (message: string) => new SearchInputError('invalid', 'cursor', message, `The cursor ${message}.`);
  const parsed = decodeCursor(cursor);
  if (
    !parsed ||
    parsed.length !== 4 ||
    typeof parsed[3] !== 'string' ||
    (parsed[2] !== null && typeof parsed[2] !== 'string')
  )
    throw bad('is not one this search returned');
  if (parsed[0] !== field || parsed[1] !== order)
    throw bad(`belongs to a search sorted by ${parsed[0]} ${parsed[1]}; keep the sort when paging`);
  return { field, order, value: parsed[2], id: parsed[3] };
}

export interface DocumentSearch {
  query?: string | undefined;
  /** Trees that must all hold (the body's `filters`, `any`, `all`, `from`/`to`), checked as one budget. */
  filters?: Array<{ node: FilterNode; at: string }> | undefined;
  archived?: boolean | undefined;
  sort: { field: SortField; order: SortOrder };
  limit: number;
  cursor?: string | undefined;
}

export type SearchRow = DocumentRow & { sort_key: string | null };

const CASTS: Record<SortField, string> = {
  createdAt: 'timestamptz',
  issueDate: 'date',
  dueDate: 'date',
  grossAmount: 'numeric',
  number: 'text',
};

/**
 * One page of the search, `limit + 1` rows (the extra one says whether there is more). Order:
 * the sort field (unknown values last, in either direction), then the id, so the keyset is total.
 */
export async function searchDocuments(
  db: Db,
  scope: Scope,
  search: DocumentSearch,
): Promise<{ rows: SearchRow[]; hasMore: boolean; cursor: string | null }> {
  const { field, order } = search.sort;
  const column = SORT_FIELDS[field];
  const ref = sql.ref(column);
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  let query = db
    .selectFrom('documents')
    .selectAll()
    .select(sql<string | null>`${ref}::text`.as('sort_key'))
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .orderBy(sql`${ref} is null`)
    .orderBy(sql`${ref} ${direction}`)
    .orderBy(sql`${sql.ref('id')} ${direction}`)
    .limit(search.limit + 1);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  if (search.query) query = query.where(sql<boolean>`search @@ websearch_to_tsquery('simple', ${search.query})`);
  if (search.archived !== undefined) query = query.where('archived_at', search.archived ? 'is not' : 'is', null);
  if (search.filters?.length) {
    const filters = search.filters;
    query = query.where((eb) => compileFilter(eb, filters));
  }
  if (search.cursor) {
    const after = decodeSearchCursor(search.cursor, field, order);
    const cmp = order === 'asc' ? sql`>` : sql`<`;
    const cast = sql.raw(CASTS[field]);
    query =
      after.value === null
        ? query.where(sql<boolean>`${ref} is null and ${sql.ref('id')} ${cmp} ${after.id}`)
        : query.where(
            sql<boolean>`(${ref} is null or ${ref} ${cmp} ${after.value}::${cast} or (${ref} = ${after.value}::${cast} and ${sql.ref('id')} ${cmp} ${after.id}))`,
          );
  }
  const rows = (await query.execute()) as SearchRow[];
  const hasMore = rows.length > search.limit;
  const kept = hasMore ? rows.slice(0, search.limit) : rows;
  const last = kept[kept.length - 1];
  return {
    rows: kept,
    hasMore,
    cursor: hasMore && last ? encodeSearchCursor({ field, order, value: last.sort_key, id: last.id }) : null,
  };
}
