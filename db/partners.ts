import { sql, type Selectable, type SqlBool, type Expression } from 'kysely';
import { columnsOf, compiledOnce, type Db } from './database.ts';
import { taggedWithAll } from './tags.ts';
import type { Scope } from '../core/scope.ts';
import type {
  PartnerDefaults,
  PartnerEnrichment,
  PartnerRole,
  PartnersTable,
  PeppolStatus,
} from './tables/partners.ts';

export type PartnerRow = Selectable<PartnersTable>;

/**
 * Partners belong to the organization (any of its companies trades with them), so a partner query is
 * narrowed by the scope's organization and mode, never by its company.
 */
export type PartnerScope = Pick<Scope, 'organizationId' | 'livemode'>;

// Named, not `*`: the look-up every send makes is a prepared statement.
export const PARTNER_COLUMNS = columnsOf<PartnersTable>()([
  'id',
  'organization_id',
  'livemode',
  'peppol_id',
  'vat_number',
  'name',
  'country',
  'role',
  'contact_name',
  'contact_email',
  'peppol_status',
  'defaults',
  'tags',
  'identifiers',
  'enrichment',
  'documents_sent',
  'documents_received',
  'last_activity_at',
  'metadata',
  'punchout_identity',
  'punchout_domain',
  'punchout_secret_hash',
  'created_at',
  'updated_at',
]);

function scoped(db: Db, scope: PartnerScope) {
  return db
    .selectFrom('partners')
    .select(PARTNER_COLUMNS)
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
}

// Every send to a partner looks it up by its participant id.
const partnerByPeppolId = compiledOnce((db, params: { organizationId: string; livemode: boolean; peppolId: string }) =>
  scoped(db, params).where(sql`lower(peppol_id)`, '=', params.peppolId),
);

/** A partner by `part_…`, `vat:…` or `peppol:…` (part 2.1); anything else, or another tenant's id, finds nothing. */
export async function findPartnerByRef(db: Db, scope: PartnerScope, ref: string): Promise<PartnerRow | undefined> {
  if (ref.startsWith('vat:'))
    return scoped(db, scope)
      .where('vat_number', '=', normalizeVat(ref.slice(4)))
      .executeTakeFirst();
  if (ref.startsWith('peppol:')) {
    const { organizationId, livemode } = scope;
    const peppolId = ref.slice(7).trim().toLowerCase();
    return (await db.executeQuery(partnerByPeppolId(db, { organizationId, livemode, peppolId }))).rows[0];
  }
  if (ref.startsWith('part_')) return scoped(db, scope).where('id', '=', ref).executeTakeFirst();
  return undefined;
}

function normalizeVat(vat: string): string {
  return vat.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether the scope has a partner with this id; `lock` holds its row until the transaction ends. */
export async function partnerExists(db: Db, scope: PartnerScope, id: string, lock = false): Promise<boolean> {
  const query = db
    .selectFrom('partners')
    .select('id')
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
}

/** Partners that already hold this Peppol id or VAT number (the duplicates of a create/update). */
export async function findPartnerDuplicates(
  db: Db,
  scope: PartnerScope,
  ids: { peppolId?: string | null; vatNumber?: string | null },
  exceptId?: string,
): Promise<PartnerRow[]> {
  const peppolId = ids.peppolId?.toLowerCase();
  const vatNumber = ids.vatNumber ?? undefined;
  if (!peppolId && !vatNumber) return [];
  let query = scoped(db, scope).where((eb) => {
    const ors: Expression<SqlBool>[] = [];
    if (peppolId) ors.push(eb(sql`lower(peppol_id)`, '=', peppolId));
    if (vatNumber) ors.push(eb('vat_number', '=', vatNumber));
    return eb.or(ors);
  });
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.orderBy('created_at').execute();
}

export interface NewPartner {
  id: string;
  scope: PartnerScope;
  peppolId: string | null;
  vatNumber: string | null;
  name: string;
  country: string | null;
  role: PartnerRole;
  contactName: string | null;
  contactEmail: string | null;
  peppolStatus: PeppolStatus;
  defaults: PartnerDefaults;
  identifiers: Array<{ scheme: string; value: string }>;
  enrichment: PartnerEnrichment;
  metadata: Record<string, string>;
  punchout?: PartnerPunchout | null;
}

/** A partner's cXML PunchOut credentials as stored: the secret only as its hash. */
export interface PartnerPunchout {
  identity: string;
  domain: string | null;
  secretHash: string;
}

const punchoutColumns = (punchout: PartnerPunchout | null) => ({
  punchout_identity: punchout?.identity ?? null,
  punchout_domain: punchout?.domain ?? null,
  punchout_secret_hash: punchout?.secretHash ?? null,
});

export async function insertPartner(db: Db, partner: NewPartner): Promise<PartnerRow> {
  return db
    .insertInto('partners')
    .values({
      id: partner.id,
      organization_id: partner.scope.organizationId,
      livemode: partner.scope.livemode,
      peppol_id: partner.peppolId,
      vat_number: partner.vatNumber,
      name: partner.name,
      country: partner.country,
      role: partner.role,
      contact_name: partner.contactName,
      contact_email: partner.contactEmail,
      peppol_status: partner.peppolStatus,
      defaults: JSON.stringify(partner.defaults),
      identifiers: JSON.stringify(partner.identifiers),
      enrichment: JSON.stringify(partner.enrichment),
      metadata: JSON.stringify(partner.metadata),
      ...punchoutColumns(partner.punchout ?? null),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface PartnerChanges {
  peppolId?: string | null;
  vatNumber?: string | null;
  name?: string;
  country?: string | null;
  role?: PartnerRole;
  contactName?: string | null;
  contactEmail?: string | null;
  peppolStatus?: PeppolStatus;
  defaults?: PartnerDefaults;
  identifiers?: Array<{ scheme: string; value: string }>;
  enrichment?: PartnerEnrichment;
  metadata?: Record<string, string>;
  punchout?: PartnerPunchout | null;
}

export async function updatePartner(
  db: Db,
  scope: PartnerScope,
  id: string,
  changes: PartnerChanges,
): Promise<PartnerRow | undefined> {
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (changes.peppolId !== undefined) set.peppol_id = changes.peppolId;
  if (changes.vatNumber !== undefined) set.vat_number = changes.vatNumber;
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.country !== undefined) set.country = changes.country;
  if (changes.role !== undefined) set.role = changes.role;
  if (changes.contactName !== undefined) set.contact_name = changes.contactName;
  if (changes.contactEmail !== undefined) set.contact_email = changes.contactEmail;
  if (changes.peppolStatus !== undefined) set.peppol_status = changes.peppolStatus;
  if (changes.defaults !== undefined) set.defaults = JSON.stringify(changes.defaults);
  if (changes.identifiers !== undefined) set.identifiers = JSON.stringify(changes.identifiers);
  if (changes.enrichment !== undefined) set.enrichment = JSON.stringify(changes.enrichment);
  if (changes.metadata !== undefined) set.metadata = JSON.stringify(changes.metadata);
  if (changes.punchout !== undefined) Object.assign(set, punchoutColumns(changes.punchout));
  return db
    .updateTable('partners')
    .set(set)
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePartner(db: Db, scope: PartnerScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('partners')
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type PartnerSort = 'name' | 'createdAt' | 'lastActivityAt';

export interface PartnerListQuery {
  role?: PartnerRole;
  search?: string;
  country?: string;
  tags?: string[];
  hasActivity?: boolean;
  peppolStatus?: PeppolStatus;
  sortBy: PartnerSort;
  order: 'asc' | 'desc';
  limit: number;
  /** Keyset position: the sort value of the last row (string) and its id. */
  after?: { value: string; id: string };
}

/** A page of partners; `sort_key` is the sort value as text (timestamps in ISO order) for the cursor. */
export async function listPartners(
  db: Db,
  scope: PartnerScope,
  query: PartnerListQuery,
): Promise<Array<PartnerRow & { sort_key: string }>> {
  const key =
    query.sortBy === 'name'
      ? sql<string>`lower(name)`
      : query.sortBy === 'createdAt'
        ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql<string>`to_char(coalesce(last_activity_at, 'epoch'::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const orderKey =
    query.sortBy === 'name'
      ? sql`lower(name)`
      : query.sortBy === 'createdAt'
        ? sql`date_trunc('milliseconds', created_at)`
        : sql`coalesce(date_trunc('milliseconds', last_activity_at), 'epoch'::timestamptz)`;
  let q = scoped(db, scope).select(key.as('sort_key'));
  if (query.role === 'both') q = q.where('role', '=', 'both');
  else if (query.role) q = q.where('role', 'in', [query.role, 'both']);
  if (query.search) {
    const like = `%${query.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q =
      q.where(sql<SqlBool>`(lower(name) like ${like} or lower(coalesce(vat_number, '')) like ${like} or lower(coalesce(peppol_id, '')) like ${like}
      or lower(coalesce(contact_name, '')) like ${like} or lower(coalesce(contact_email, '')) like ${like})`);
  }
  if (query.country) q = q.where('country', '=', query.country);
  if (query.tags?.length) q = q.where(taggedWithAll(sql.ref('partners.id'), query.tags));
  if (query.hasActivity !== undefined)
    q = q.where(
      query.hasActivity ? sql<SqlBool>`last_activity_at is not null` : sql<SqlBool>`last_activity_at is null`,
    );
  if (query.peppolStatus) q = q.where('peppol_status', '=', query.peppolStatus);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  if (query.after) {
    const cmp = query.order === 'asc' ? sql`>` : sql`<`;
    q = q.where(sql<SqlBool>`(${key}, id) ${cmp} (${query.after.value}, ${query.after.id})`);
  }
  return q
    .orderBy(sql`${orderKey} ${direction}`)
    .orderBy(sql`id ${direction}`)
    .limit(query.limit + 1)
    .execute();
}

/**
 * Counts one more document exchanged with the partner (sending and receiving pipelines call it)
 * and stamps the activity time. Atomic: concurrent deliveries never lose a count.
 */
export async function incrementPartnerStats(
  db: Db,
  partnerId: string,
  delta: { sent?: number; received?: number },
): Promise<void> {
  await partnerStatsUpdate(db, partnerId, delta, new Date()).execute();
}

/** The update {@link incrementPartnerStats} makes, unexecuted; `partnerId` may be an expression (see companyStatsUpdate). */
export function partnerStatsUpdate(
  db: Db,
  partnerId: string | Expression<string | null>,
  delta: { sent?: number; received?: number },
  at: Date,
) {
  return db
    .updateTable('partners')
    .set((eb) => ({
      documents_sent: eb('documents_sent', '+', delta.sent ?? 0),
      documents_received: eb('documents_received', '+', delta.received ?? 0),
      last_activity_at: at,
    }))
    .where('id', '=', partnerId as string | Expression<string>);
}

/**
 * Links the organization's documents exchanged with the participant while it was no partner (none
 * yet, or one since deleted) to the partner, and counts them as the pipelines would have: outgoing ones delivered
 * as sent, incoming ones as received, the latest of those as the last activity. Outgoing documents
 * still on their way are linked and counted when delivered. Returns how many were linked.
 */
export async function adoptPartnerDocuments(
  db: Db,
  scope: PartnerScope,
  partnerId: string,
  peppolId: string,
): Promise<number> {
  const { rows } = await sql<{ linked: number }>`
    with linked as (
      update documents set partner_id = ${partnerId}
      where organization_id = ${scope.organizationId} and livemode = ${scope.livemode}
        and (partner_id is null or not exists (select 1 from partners p where p.id = documents.partner_id))
        and ((direction = 'outgoing' and lower(receiver_peppol_id) = lower(${peppolId}))
          or (direction = 'incoming' and lower(sender_peppol_id) = lower(${peppolId})))
      returning direction, delivery_status, delivered_at, received_at
    ), counted as (
      select
        (count(*) filter (where direction = 'outgoing' and delivery_status = 'delivered'))::int as sent,
        (count(*) filter (where direction = 'incoming'))::int as received,
        max(case when direction = 'incoming' then coalesce(received_at, delivered_at)
                 when delivery_status = 'delivered' then delivered_at end) as last_at,
        count(*)::int as linked
      from linked
    ), bumped as (
      update partners set
        documents_sent = documents_sent + counted.sent,
        documents_received = documents_received + counted.received,
        last_activity_at = greatest(last_activity_at, counted.last_at)
      from counted where partners.id = ${partnerId} and counted.linked > 0
    )
    select linked from counted
  `.execute(db);
  return rows[0]?.linked ?? 0;
}

/**
 * Identifier prefixes a send recipient may use (part 4.6), and how each is stored on a partner:
 * a Peppol scheme of the participant id, an extra identifier, or a column.
 */
const IDENTIFIER_SCHEMES: Record<string, { peppolSchemes?: string[]; scheme?: string }> = {
  siren: { peppolSchemes: ['0002'], scheme: 'siren' },
  siret: { peppolSchemes: ['0009'], scheme: 'siret' },
  duns: { peppolSchemes: ['0060'], scheme: 'duns' },
  gln: { peppolSchemes: ['0088'], scheme: 'gln' },
  lei: { peppolSchemes: ['0199'], scheme: 'lei' },
  eori: { scheme: 'eori' },
};

/**
 * The partner a non-Peppol recipient identifier designates: `vat:`, `siren:`, `siret:`, `duns:`,
 * `gln:`, `lei:`, `eori:`, `email:`, `domain:`, `name:`, `id:` (a `part_` id), `peppol:` or a bare
 * participant id. Scoped to the organization and mode; undefined when no partner matches.
 */
export async function resolvePartnerByIdentifier(
  db: Db,
  scope: PartnerScope,
  identifier: string,
): Promise<PartnerRow | undefined> {
  const trimmed = identifier.trim();
  const m = /^([a-z]+):(.*)$/i.exec(trimmed);
  const bareParticipant = /^\d{4}:.+$/.test(trimmed);
  if (bareParticipant) return findPartnerByRef(db, scope, `peppol:${trimmed}`);
  if (!m) return undefined;
  const prefix = m[1].toLowerCase();
  const value = m[2].trim();
  if (!value) return undefined;
  switch (prefix) {
    case 'peppol':
    case 'vat':
      return findPartnerByRef(db, scope, `${prefix}:${value}`);
    case 'id':
      return value.startsWith('part_') ? findPartnerByRef(db, scope, value) : undefined;
    case 'email':
      return scoped(db, scope)
        .where(sql`lower(contact_email)`, '=', value.toLowerCase())
        .orderBy('created_at')
        .executeTakeFirst();
    case 'domain':
      return scoped(db, scope)
        .where(
          sql<SqlBool>`lower(contact_email) like ${`%@${value
            .toLowerCase()
            .replace(/^@/, '')
            .replace(/[\\%_]/g, (ch) => `\\${ch}`)}`}`,
        )
        .orderBy('created_at')
        .executeTakeFirst();
    case 'name':
      return scoped(db, scope)
        .where(sql`lower(name)`, '=', value.toLowerCase())
        .orderBy('created_at')
        .executeTakeFirst();
    default: {
      const spec = IDENTIFIER_SCHEMES[prefix];
      if (!spec) return undefined;
      return scoped(db, scope)
        .where((eb) => {
          const ors: Expression<SqlBool>[] = [];
          for (const scheme of spec.peppolSchemes ?? [])
            ors.push(eb(sql`lower(peppol_id)`, '=', `${scheme}:${value}`.toLowerCase()));
          if (spec.scheme)
            ors.push(sql<SqlBool>`identifiers @> ${JSON.stringify([{ scheme: spec.scheme, value }])}::jsonb`);
          return eb.or(ors);
        })
        .orderBy('created_at')
        .executeTakeFirst();
    }
  }
}

/** Every partner whose name is `name` (case-insensitive), oldest first: for a `to` given as a name. */
export async function findPartnersByName(db: Db, scope: PartnerScope, name: string, limit = 10): Promise<PartnerRow[]> {
  return scoped(db, scope)
    .where(sql`lower(name)`, '=', name.trim().toLowerCase())
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * The organization's partners (both modes) whose PunchOut identity is one of `identities`
 * (case-insensitive): the candidates whose secret a cXML PunchOut message may carry.
 */
export async function findPunchoutPartners(
  db: Db,
  organizationId: string,
  identities: string[],
): Promise<PartnerRow[]> {
  const wanted = [...new Set(identities.map((i) => i.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('partners')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('punchout_identity', 'is not', null)
    .where(sql`lower(punchout_identity)`, 'in', wanted)
    .orderBy('created_at')
    .limit(20)
    .execute();
}
