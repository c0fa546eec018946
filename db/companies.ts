import { sql, type Expression } from 'kysely';
import { columnsOf, compiledOnce, type Db } from './database.ts';
import type { Address, CompaniesTable, CompanyNetwork, CompanyStatus } from './tables/companies.ts';
import { newestFirst } from './keyset.ts';
import type { Scope } from '../core/scope.ts';

// Named, not `*`: the look-ups every send makes are prepared statements.
export const COMPANY_COLUMNS = columnsOf<CompaniesTable>()([
  'id',
  'organization_id',
  'livemode',
  'name',
  'legal_name',
  'vat_number',
  'country',
  'peppol_id',
  'additional_identifiers',
  'address',
  'capabilities',
  'status',
  'smp_registered',
  'smp_registered_at',
  'compliance',
  'settings',
  'stats',
  'metadata',
  'clock_offset_ms',
  'smp_generation',
  'network',
  'created_at',
  'updated_at',
]);

type CompanyScope = Pick<Scope, 'organizationId' | 'livemode' | 'companyId'>;

/** The companies a scope sees: its organization and mode, and only its own company when it has one. */
function visibleCompanies(db: Db, scope: CompanyScope) {
  let query = db
    .selectFrom('companies')
    .select(COMPANY_COLUMNS)
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('id', '=', scope.companyId);
  return query;
}

/**
 * What a scope may read in company lists and gets: what it sees, plus, when it is not narrowed to one
 * company, the companies other organizations granted it by accepting its join requests. Writes keep
 * to `visibleCompanies`: a joined company is changed only by acting for it.
 */
function readableCompanies(db: Db, scope: Scope) {
  if (scope.companyId) return visibleCompanies(db, scope);
  return db
    .selectFrom('companies')
    .selectAll()
    .where('livemode', '=', scope.livemode)
    .where((eb) =>
      eb.or([eb('organization_id', '=', scope.organizationId), eb('id', 'in', grantedCompanyIds(db, scope))]),
    );
}

/**
 * Companies of other organizations (same mode) that accepted a join request of the scope's
 * organization: readable beside its own, and actable through `X-Service-Company`. A subquery, so
 * only the reads that need the grants pay for them.
 */
function grantedCompanyIds(db: Db, scope: Scope) {
  return db
    .selectFrom('join_requests')
    .select('company_id')
    .where('requester_organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('status', '=', 'accepted');
}

/** A company the scope may read (its own, or one granted by a join): for GET /v1/companies/{id}. */
export async function findReadableCompanyByRef(db: Db, scope: Scope, ref: string) {
  return whereRef(readableCompanies(db, scope), ref).executeTakeFirst();
}

/** A company of another organization granted to the scope by an accepted join request, by ref. */
export async function findGrantedCompanyByRef(db: Db, scope: Scope, ref: string) {
  const query = db
    .selectFrom('companies')
    .selectAll()
    .where('livemode', '=', scope.livemode)
    .where('id', 'in', grantedCompanyIds(db, scope));
  return whereRef(query, ref).executeTakeFirst();
}

/**
 * A company the scope sees, by `comp_…`, `vat:…` or `peppol:…` (part 2.1). Ids of other
 * organizations, modes or companies find nothing.
 */
export async function findCompanyByRef(db: Db, scope: Scope, ref: string) {
  const { organizationId, livemode, companyId } = scope;
  const [column, value] = refColumn(ref);
  return (await db.executeQuery(companyByRef(db, { organizationId, livemode, companyId, column, value }))).rows[0];
}

// Every send looks its sender up: one statement per column a ref names, narrowed to a company or not.
const companyByRef = compiledOnce(
  (db, params: CompanyScope & { column: 'vat_number' | 'peppol_id' | 'id'; value: string }, shape) => {
    const [column, narrowed] = shape.split(' ') as [typeof params.column, string];
    const { organizationId, livemode } = params;
    const companyId = narrowed === 'company' ? params.companyId : undefined;
    return visibleCompanies(db, { organizationId, livemode, companyId }).where(column, '=', params.value);
  },
  (params) => `${params.column} ${params.companyId ? 'company' : 'organization'}`,
);

/** Every company the scope sees, oldest first. */
export async function findScopeCompanies(db: Db, scope: Scope) {
  return visibleCompanies(db, scope).orderBy('created_at').orderBy('id').execute();
}

/** Holds the company's row until the transaction ends: writers of its dependent rows queue behind it. */
export async function lockCompany(db: Db, companyId: string): Promise<void> {
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
}

/** Up to `limit` active companies the scope sees, oldest first (a sender is implied when there is one). */
export async function findActiveCompanies(db: Db, scope: Scope, limit: number) {
  return visibleCompanies(db, scope)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

function normalizedVatRef(ref: string): string {
  return ref
    .slice(4)
    .replace(/[\s.-]/g, '')
    .toUpperCase();
}

function whereRef<Q extends { where: (...args: any[]) => any }>(query: Q, ref: string): Q {
  const [column, value] = refColumn(ref);
  return query.where(column, '=', value);
}

/** The column a company ref (`vat:…`, `peppol:…` or an id) names, and the value it holds there. */
function refColumn(ref: string): readonly ['vat_number' | 'peppol_id' | 'id', string] {
  if (ref.startsWith('vat:')) return ['vat_number', normalizedVatRef(ref)];
  if (ref.startsWith('peppol:')) return ['peppol_id', ref.slice(7)];
  return ['id', ref];
}

/**
 * The live company a Peppol participant id designates, across every organization: a participant id
 * is registered in the SMP by at most one of them. In an organization's sandbox network, the
 * sandbox company of that organization.
 */
export async function findReceivingCompany(
  db: Db,
  participantId: string,
  network: { livemode: boolean; organizationId?: string } = { livemode: true },
) {
  const bare = participantId
    .trim()
    .replace(/^iso6523-actorid-upis::/i, '')
    .toLowerCase();
  let query = db
    .selectFrom('companies')
    .selectAll()
    .where('livemode', '=', network.livemode)
    .where('status', '=', 'active')
    .where(sql`lower(peppol_id)`, '=', bare);
  // A sandbox network is one organization's: its companies only.
  if (!network.livemode) query = query.where('organization_id', '=', network.organizationId ?? '');
  return query.orderBy('created_at').executeTakeFirst();
}

/** By id alone: for workers, which act on ids they were given by a scoped request. */
export async function findCompanyById(db: Db, id: string) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewCompany {
  id: string;
  organizationId: string;
  livemode: boolean;
  name: string;
  legalName: string;
  vatNumber: string;
  country: string;
  peppolId: string | null;
  address: Address | Record<string, string> | null;
  capabilities: { send: string[]; receive: string[] };
  compliance?: Record<string, unknown>;
  additionalIdentifiers?: Array<{ scheme: string; value: string }>;
  settings?: Record<string, unknown>;
  metadata?: Record<string, string>;
}

export async function insertCompany(db: Db, company: NewCompany) {
  return db
    .insertInto('companies')
    .values({
      id: company.id,
      organization_id: company.organizationId,
      livemode: company.livemode,
      name: company.name,
      legal_name: company.legalName,
      vat_number: company.vatNumber,
      country: company.country,
      peppol_id: company.peppolId,
      additional_identifiers: JSON.stringify(company.additionalIdentifiers ?? []),
      address: JSON.stringify(company.address),
      capabilities: JSON.stringify(company.capabilities),
      compliance: JSON.stringify(company.compliance ?? {}),
      settings: JSON.stringify(company.settings ?? { defaultCurrency: 'EUR' }),
      stats: JSON.stringify({ sent: 0, received: 0 }),
      metadata: JSON.stringify(company.metadata ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CompanyRecord = NonNullable<Awaited<ReturnType<typeof findCompanyById>>>;

/**
 * `word:*` prefix terms joined with AND, over the same 'simple' vector the `companies_search` index
 * holds: "acme 0208:01" finds "ACME BV" with Peppol id 0208:0123456789.
 */
export function prefixTsQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

const SEARCH_VECTOR = sql`to_tsvector('simple', name || ' ' || legal_name || ' ' || vat_number || ' ' || coalesce(peppol_id, ''))`;

export interface CompanyListQuery {
  country?: string | undefined;
  status?: CompanyStatus | undefined;
  search?: string | undefined;
  limit: number;
  after?: { createdAt: Date; id: string } | undefined;
}

/** A page of the organization's companies, newest first, `limit + 1` rows (see api/pagination.ts). */
export async function findCompanies(db: Db, scope: Scope, q: CompanyListQuery) {
  let query = readableCompanies(db, scope);
  if (q.country) query = query.where('country', '=', q.country);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.search !== undefined) {
    const tsQuery = prefixTsQuery(q.search);
    // A search with no word in it matches nothing rather than everything.
    query = tsQuery
      ? query.where(sql<boolean>`${SEARCH_VECTOR} @@ to_tsquery('simple', ${tsQuery})`)
      : query.where(sql<boolean>`false`);
  }
  return query.$call(newestFirst(q)).execute();
}

/** Autocomplete over the organization's active companies: best text match first, then newest. */
export async function searchCompanies(
  db: Db,
  scope: Scope,
  q: { text: string; countryCode?: string | undefined; limit: number },
) {
  const tsQuery = prefixTsQuery(q.text);
  if (!tsQuery) return [];
  let query = readableCompanies(db, scope)
    .where('status', '!=', 'inactive')
    .where(sql<boolean>`${SEARCH_VECTOR} @@ to_tsquery('simple', ${tsQuery})`);
  if (q.countryCode) query = query.where('country', '=', q.countryCode);
  return query
    .orderBy(sql`ts_rank(${SEARCH_VECTOR}, to_tsquery('simple', ${tsQuery}))`, 'desc')
    .orderBy('created_at', 'desc')
    .limit(q.limit)
    .execute();
}

export interface CompanyChanges {
  name?: string;
  address?: Address | null;
  capabilities?: { send: string[]; receive: string[] };
  settings?: Record<string, unknown>;
  compliance?: Record<string, unknown>;
  additionalIdentifiers?: Array<{ scheme: string; value: string }>;
  /** Set by the service only (the contract refuses it in a body): a company that had no participant id gets one. */
  peppolId?: string;
  /** Shallow merge: a null value deletes the key. */
  metadata?: Record<string, string | null>;
}

/**
 * Applies an update in one statement: top-level fields replaced, metadata merged in SQL so two
 * concurrent updates of different keys both survive. Returns the row, or undefined if not found.
 */
export async function updateCompany(db: Db, scope: Scope, id: string, changes: CompanyChanges) {
  const set: Record<string, unknown> = { updated_at: sql`now()` };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.address !== undefined) set.address = JSON.stringify(changes.address);
  if (changes.capabilities !== undefined) set.capabilities = JSON.stringify(changes.capabilities);
  if (changes.settings !== undefined) set.settings = JSON.stringify(changes.settings);
  if (changes.compliance !== undefined) set.compliance = JSON.stringify(changes.compliance);
  if (changes.additionalIdentifiers !== undefined)
    set.additional_identifiers = JSON.stringify(changes.additionalIdentifiers);
  if (changes.peppolId !== undefined) set.peppol_id = changes.peppolId;
  if (changes.metadata !== undefined) {
    const upserts = Object.fromEntries(Object.entries(changes.metadata).filter(([, v]) => v !== null));
    const removals = Object.entries(changes.metadata)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    set.metadata = sql`(metadata - ${sql.val(removals)}::text[]) || ${JSON.stringify(upserts)}::jsonb`;
  }
  return db
    .updateTable('companies')
    .set(set as any)
    .where('id', 'in', visibleCompanies(db, scope).clearSelect().select('id').where('id', '=', id))
    .returningAll()
    .executeTakeFirst();
}

/** Sets status `inactive`; `changed` is false when it already was (a repeated DELETE). */
export async function deactivateCompany(db: Db, scope: Scope, id: string) {
  const row = await db
    .updateTable('companies')
    .set({ status: 'inactive', updated_at: sql`now()` as any })
    .where('id', 'in', visibleCompanies(db, scope).clearSelect().select('id').where('id', '=', id))
    .where('status', '!=', 'inactive')
    .returningAll()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a live SMP registration once per generation: a retried call with the same generation
 * changes nothing and returns undefined, so the caller writes the event only the first time.
 * Inactive companies are never marked.
 */
export async function markCompanySmpRegistered(db: Db, companyId: string, generation: number) {
  return db
    .updateTable('companies')
    .set({
      smp_registered: true,
      smp_registered_at: sql`now()` as any,
      smp_generation: generation,
      updated_at: sql`now()` as any,
    })
    .where('id', '=', companyId)
    .where('status', '!=', 'inactive')
    .where('smp_generation', '<', generation)
    .returningAll()
    .executeTakeFirst();
}

export async function markCompanySmpDeregistered(db: Db, companyId: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ smp_registered: false, smp_registered_at: null, updated_at: sql`now()` as any })
    .where('id', '=', companyId)
    .where('smp_registered', '=', true)
    .execute();
}

/**
 * Adds to the company's document counters atomically (the document pipeline calls it when a
 * document is sent or received). Negative or absent increments count as 0.
 */
export async function incrementCompanyStats(
  db: Db,
  companyId: string,
  by: { sent?: number; received?: number },
): Promise<void> {
  const sent = Math.max(0, Math.trunc(by.sent ?? 0));
  const received = Math.max(0, Math.trunc(by.received ?? 0));
  if (sent === 0 && received === 0) return;
  await companyStatsUpdate(db, companyId, { sent, received }).execute();
}

/**
 * The update that adds to a company's counters, unexecuted: `companyId` may be an expression, so a
 * larger statement can count the company of a row it changes (db/documents.ts moveDelivery).
 */
export function companyStatsUpdate(
  db: Db,
  companyId: string | Expression<string>,
  by: { sent: number; received: number },
) {
  return db
    .updateTable('companies')
    .set({
      stats: sql`jsonb_build_object(
        'sent', coalesce((stats->>'sent')::bigint, 0) + ${by.sent}::bigint,
        'received', coalesce((stats->>'received')::bigint, 0) + ${by.received}::bigint)` as any,
    })
    .where('id', '=', companyId);
}

/**
 * The company a join request targets, in any organization of the caller's mode: by id, or by VAT or
 * Peppol id (the oldest active company holding it, when several organizations manage the same one).
 */
export async function findJoinableCompany(db: Db, livemode: boolean, ref: string) {
  let query = db.selectFrom('companies').selectAll().where('livemode', '=', livemode).where('status', '=', 'active');
  query = whereRef(query, ref);
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').executeTakeFirst();
}

/**
 * Active companies of the organization that a recipient identifier designates: by exact name
 * (case-insensitive) or by an additional identifier, whose scheme may be written as a name (`GLN`)
 * or as its ICD (`0088`).
 */
export async function findCompaniesMatching(
  db: Db,
  organizationId: string,
  livemode: boolean,
  match: { name: string } | { schemes: string[]; value: string },
  limit = 10,
) {
  let query = db
    .selectFrom('companies')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('livemode', '=', livemode)
    .where('status', '=', 'active');
  if ('name' in match) {
    const name = match.name.trim().toLowerCase();
    query = query.where((eb) => eb.or([eb(sql`lower(name)`, '=', name), eb(sql`lower(legal_name)`, '=', name)]));
  } else {
    const schemes = match.schemes.map((s) => s.toLowerCase());
    query = query.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(additional_identifiers) i where lower(i->>'scheme') = any(${schemes}) and upper(i->>'value') = ${match.value.trim().toUpperCase()})`,
    );
  }
  return query.orderBy('created_at').limit(limit).execute();
}

/** Records the outcome of a network presence check (the listing workflow's). */
export async function recordCompanyNetwork(db: Db, companyId: string, network: CompanyNetwork): Promise<void> {
  await db
    .updateTable('companies')
    .set({ network: JSON.stringify(network), updated_at: sql`now()` as any })
    .where('id', '=', companyId)
    .execute();
}
