import { sql, type Selectable } from 'kysely';
import { compiledOnce, type Db } from './database.ts';
import { COMPANY_COLUMNS } from './companies.ts';
import { PARTNER_COLUMNS, type PartnerRow, type PartnerScope } from './partners.ts';
import type { CompaniesTable } from './schema.ts';

/** A participant as the organization knows it; null where it knows it not as that. */
export interface OwnParticipant {
  /** One of the organization's companies (in the mode) of that Peppol id, whatever its status. */
  company: Selectable<CompaniesTable> | null;
  /** The organization's partner of that Peppol id. */
  partner: PartnerRow | null;
}

const columns = (alias: string, names: readonly string[]) =>
  names.map((name) => sql`${sql.ref(`${alias}.${name}`)} as ${sql.id(`${alias}_${name}`)}`);

/** The columns of `alias` in a row the statement prefixed them in; null when the join found nothing. */
function unprefixed<T>(row: Record<string, unknown>, alias: string, names: readonly string[]): T | null {
  if (row[`${alias}_id`] === null) return null;
  return Object.fromEntries(names.map((name) => [name, row[`${alias}_${name}`]])) as T;
}

// Every send to a Peppol id looks both up: one statement instead of two. The company is matched as
// `findCompanyByRef` matches `peppol:` (exactly), the partner as `findPartnerByRef` does (any case).
const ownParticipant = compiledOnce(
  (_db, params: { organizationId: string; livemode: boolean; peppolId: string; lowerPeppolId: string }) =>
    sql<Record<string, unknown>>`
      select ${sql.join([...columns('company', COMPANY_COLUMNS), ...columns('partner', PARTNER_COLUMNS)])}
        from (select) as one
        left join companies as company
          on company.organization_id = ${params.organizationId} and company.livemode = ${params.livemode}
         and company.peppol_id = ${params.peppolId}
        left join partners as partner
          on partner.organization_id = ${params.organizationId} and partner.livemode = ${params.livemode}
         and lower(partner.peppol_id) = ${params.lowerPeppolId}
       limit 1`,
);

export async function findOwnParticipant(db: Db, scope: PartnerScope, peppolId: string): Promise<OwnParticipant> {
  const { organizationId, livemode } = scope;
  const params = { organizationId, livemode, peppolId, lowerPeppolId: peppolId.trim().toLowerCase() };
  const [row] = (await db.executeQuery(ownParticipant(db, params))).rows;
  return {
    company: unprefixed(row, 'company', COMPANY_COLUMNS),
    partner: unprefixed(row, 'partner', PARTNER_COLUMNS),
  };
}
