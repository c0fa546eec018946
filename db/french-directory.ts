import type { Db } from './database.ts';

/**
 * The organization's active sandbox companies that may be French (by country, or by a SIREN/SIRET
 * identifier): the sandbox annuaire lists them beside its seeded entries.
 */
export async function findFrenchSandboxCompanies(db: Db, organizationId: string) {
  return db
    .selectFrom('companies')
    .select([
      'id',
      'name',
      'legal_name',
      'vat_number',
      'peppol_id',
      'additional_identifiers',
      'address',
      'capabilities',
    ])
    .where('organization_id', '=', organizationId)
    .where('livemode', '=', false)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('country', '=', 'FR'),
        eb('peppol_id', 'like', '0002:%'),
        eb('peppol_id', 'like', '0009:%'),
        eb('peppol_id', 'like', '0225:%'),
      ]),
    )
    .orderBy('created_at')
    .execute();
}
