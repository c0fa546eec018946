import type { Db } from './database.ts';

/**
 * A company of the organization, in the caller's mode, by `comp_…`, `vat:…` or `peppol:…`
 * (part 2.1). Ids of other organizations find nothing.
 */
export async function findCompanyByRef(db: Db, organizationId: string, livemode: boolean, ref: string) {
  let query = db.selectFrom('companies').selectAll().where('organization_id', '=', organizationId).where('livemode', '=', livemode);
  if (ref.startsWith('vat:')) query = query.where('vat_number', '=', ref.slice(4).toUpperCase());
  else if (ref.startsWith('peppol:')) query = query.where('peppol_id', '=', ref.slice(7));
  else query = query.where('id', '=', ref);
  return query.executeTakeFirst();
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
  address: Record<string, string> | null;
  capabilities: { send: string[]; receive: string[] };
  compliance?: Record<string, unknown>;
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
      additional_identifiers: '[]',
      address: JSON.stringify(company.address),
      capabilities: JSON.stringify(company.capabilities),
      compliance: JSON.stringify(company.compliance ?? {}),
      settings: JSON.stringify({ defaultCurrency: 'EUR' }),
      stats: JSON.stringify({ sent: 0, received: 0 }),
      metadata: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
