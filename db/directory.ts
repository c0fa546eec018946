import { sql, type RawBuilder, type Selectable } from 'kysely';
import { compiledOnce, type Db } from './database.ts';
import type { DirectoryAccessPoint, DirectoryParticipantsTable, DirectorySmp } from './tables/directory.ts';

/**
 * A participant row of the sandbox directory, or one of the organization's own sandbox companies
 * (which have no access point, SMP or registration date of their own).
 */
export type DirectoryRecord = Omit<Selectable<DirectoryParticipantsTable>, 'access_point' | 'smp' | 'registered_at'> & {
  access_point: DirectoryAccessPoint | null;
  smp: DirectorySmp | null;
  registered_at: Date | null;
  source: 'directory' | 'organization';
};

export interface NewDirectoryParticipant {
  peppolId: string;
  name: string;
  country: string;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  vatNumber: string | null;
  siren: string | null;
  siret: string | null;
  identifiers: Array<{ scheme: string; value: string }>;
  naceCodes: string[];
  documentTypes: string[];
  parentPeppolId: string | null;
  website: string | null;
  contactEmail: string | null;
  accessPoint: DirectoryAccessPoint;
  smp: DirectorySmp;
  registeredAt: string;
}

const seeding = new WeakMap<Db, Promise<void>>();

/**
 * Loads the sandbox directory once per database: under an advisory lock so that concurrent
 * processes seed it once, and idempotently (existing ids are kept) so a partial load completes.
 */
export function ensureDirectorySeeded(db: Db, participants: () => NewDirectoryParticipant[]): Promise<void> {
  let pending = seeding.get(db);
  if (!pending) {
    pending = seedOnce(db, participants).catch((err) => {
      seeding.delete(db);
      throw err;
    });
    seeding.set(db, pending);
  }
  return pending;
}

async function seedOnce(db: Db, participants: () => NewDirectoryParticipant[]): Promise<void> {
  const rows = participants();
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('directory_participants_seed'))`.execute(trx);
    const { count } = await trx
      .selectFrom('directory_participants')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= rows.length) return;
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('directory_participants')
        .values(
          rows.slice(i, i + 1000).map((p) => ({
            peppol_id: p.peppolId,
            name: p.name,
            country: p.country,
            street: p.street,
            city: p.city,
            postal_code: p.postalCode,
            vat_number: p.vatNumber,
            siren: p.siren,
            siret: p.siret,
            identifiers: JSON.stringify(p.identifiers),
            nace_codes: p.naceCodes,
            document_types: p.documentTypes,
            parent_peppol_id: p.parentPeppolId,
            website: p.website,
            contact_email: p.contactEmail,
            access_point: JSON.stringify(p.accessPoint),
            smp: JSON.stringify(p.smp),
            registered_at: p.registeredAt,
          })),
        )
        .onConflict((oc) => oc.column('peppol_id').doNothing())
        .execute();
    }
  });
  await sql`analyze directory_participants`.execute(db);
}

export interface DirectorySearch {
  organizationId: string;
  /** Free text matched as a substring of the name (or an exact participant id / VAT number). */
  text?: string;
  siren?: string;
  siret?: string;
  vatNumber?: string;
  country?: string;
  city?: string;
  postalCode?: string;
  naceCodes?: string[];
  documentTypes?: string[];
  /** An e-mail address (exact contact e-mail) or a domain (of the contact e-mail or the website). */
  contact?: string;
  includeSubEntities: boolean;
  limit: number;
  after?: { name: string; peppolId: string };
  /** Access point the organization's own companies are reached through. */
  ownAccessPoint: DirectoryAccessPoint;
  ownSmp: DirectorySmp;
}

/**
 * The union the sandbox directory answers from: seeded participants plus the caller's sandbox
 * companies, which carry `ownAccessPoint` and `ownSmp` (given as JSON text).
 */
function participantsOf(organizationId: string, ownAccessPoint: string, ownSmp: string): RawBuilder<DirectoryRecord> {
  return sql<DirectoryRecord>`(
    select peppol_id, name, country, street, city, postal_code, vat_number, siren, siret, identifiers, nace_codes,
           document_types, parent_peppol_id, website, contact_email, access_point, smp, registered_at, 'directory'::text as source
      from directory_participants
    union all
    select c.peppol_id, c.name, c.country, c.address->>'street', c.address->>'city', c.address->>'postalCode', c.vat_number,
           case when c.vat_number ~ '^FR[0-9A-Z]{2}[0-9]{9}$' then substr(c.vat_number, 5, 9)
                when c.peppol_id like '0002:%' then substr(c.peppol_id, 6) end,
           case when c.peppol_id like '0009:%' then substr(c.peppol_id, 6) end,
           c.additional_identifiers, '{}'::text[],
           array(select jsonb_array_elements_text(c.capabilities->'receive')), null, null, null,
           ${ownAccessPoint}::jsonb, ${ownSmp}::jsonb, c.created_at, 'organization'::text
      from companies c
     where c.organization_id = ${organizationId} and c.livemode = false and c.status = 'active' and c.peppol_id is not null
  )`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** One page of the sandbox directory, ordered by name then participant id (keyset paging). */
export async function searchDirectory(db: Db, search: DirectorySearch): Promise<DirectoryRecord[]> {
  const where: RawBuilder<unknown>[] = [];
  if (search.text !== undefined) {
    const text = search.text.trim();
    where.push(
      sql`(lower(p.name) like ${`%${escapeLike(text.toLowerCase())}%`} or p.peppol_id = ${text} or p.vat_number = ${text.toUpperCase()})`,
    );
  }
  if (search.siren !== undefined) where.push(sql`p.siren = ${search.siren}`);
  if (search.siret !== undefined) where.push(sql`p.siret = ${search.siret}`);
  if (search.vatNumber !== undefined) where.push(sql`p.vat_number = ${search.vatNumber}`);
  if (search.country !== undefined) where.push(sql`p.country = ${search.country}`);
  if (search.city !== undefined) where.push(sql`lower(p.city) = ${search.city.trim().toLowerCase()}`);
  if (search.postalCode !== undefined)
    where.push(sql`p.postal_code like ${`${escapeLike(search.postalCode.trim())}%`}`);
  if (search.naceCodes?.length) where.push(sql`p.nace_codes && ${search.naceCodes}::text[]`);
  if (search.documentTypes?.length) where.push(sql`p.document_types @> ${search.documentTypes}::text[]`);
  if (search.contact !== undefined) {
    const contact = search.contact.trim().toLowerCase();
    where.push(
      contact.includes('@')
        ? sql`lower(p.contact_email) = ${contact}`
        : sql`(lower(p.contact_email) like ${`%@${escapeLike(contact)}`} or substring(lower(p.website) from '^https?://(?:www[.])?([^/:]+)') = ${contact})`,
    );
  }
  // An exact SIRET asks for that establishment: it is returned whatever includeSubEntities says.
  if (!search.includeSubEntities && search.siret === undefined) where.push(sql`p.parent_peppol_id is null`);
  if (search.after) where.push(sql`(p.name, p.peppol_id) > (${search.after.name}, ${search.after.peppolId})`);
  const condition = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const { rows } = await sql<DirectoryRecord>`
    select * from ${participantsOf(search.organizationId, JSON.stringify(search.ownAccessPoint), JSON.stringify(search.ownSmp))} as p
     where ${condition}
     order by p.name, p.peppol_id
     limit ${search.limit + 1}`.execute(db);
  return rows;
}

/** One participant by its id (case-insensitive, as Peppol participant values are). */
export async function findDirectoryParticipant(
  db: Db,
  organizationId: string,
  peppolId: string,
  own: { accessPoint: DirectoryAccessPoint; smp: DirectorySmp },
): Promise<DirectoryRecord | undefined> {
  const params = {
    organizationId,
    peppolId: peppolId.toLowerCase(),
    accessPoint: JSON.stringify(own.accessPoint),
    smp: JSON.stringify(own.smp),
  };
  return (await db.executeQuery(participantById(db, params))).rows[0];
}

// Every send looks its recipient up here; the subquery names its columns, so it can be prepared.
const participantById = compiledOnce(
  (_db, params: { organizationId: string; peppolId: string; accessPoint: string; smp: string }) => sql<DirectoryRecord>`
    select * from ${participantsOf(params.organizationId, params.accessPoint, params.smp)} as p
     where lower(p.peppol_id) = ${params.peppolId}
     order by p.source desc
     limit 1`,
);
