import type { CompanyRecord } from '../../db/companies.ts';
import type { CompanyNetwork } from '../../db/tables/companies.ts';

/** The `network` block: the last check, or what the SMP registration alone says before any check. */
export function networkOf(row: CompanyRecord): CompanyNetwork {
  if (row.network) return row.network;
  return {
    smp: row.smp_registered ? 'published' : row.peppol_id ? 'pending' : 'not_registered',
    sml: 'unchecked',
    directory: 'unchecked',
    checkedAt: null,
    problem: null,
  };
}
import type { RegistryCompany } from '../../upstreams/registry/index.ts';

/** The Company resource of part 2.2: the one place a row becomes JSON. */
export function toCompany(row: CompanyRecord) {
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    vatNumber: row.vat_number,
    country: row.country,
    peppolId: row.peppol_id,
    additionalIdentifiers: row.additional_identifiers,
    address: row.address,
    capabilities: row.capabilities,
    status: row.status,
    smpRegistered: row.smp_registered,
    smpRegisteredAt: row.smp_registered_at?.toISOString() ?? null,
    network: networkOf(row),
    compliance: row.compliance,
    settings: row.settings,
    stats: { sent: Number(row.stats.sent ?? 0), received: Number(row.stats.received ?? 0) },
    metadata: row.metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * A list row. Addresses are stored on the company, so the "legal address id" is derived from the
 * company id: stable and opaque, null when the company has no address.
 */
export function toCompanyRow(row: CompanyRecord, includeAddress: boolean) {
  const base = {
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    country: row.country,
    peppolId: row.peppol_id,
    status: row.status,
  };
  return includeAddress
    ? { ...base, address: row.address }
    : { ...base, legalAddressId: row.address ? `addr_${row.id.slice('comp_'.length)}` : null };
}

export function managedHit(row: CompanyRecord) {
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    country: row.country,
    peppolId: row.peppol_id,
    source: 'managed' as const,
  };
}

export function registryHit(company: RegistryCompany) {
  return {
    id: null,
    name: company.legalName,
    vatNumber: company.vatNumber,
    country: company.country,
    peppolId: company.peppolId,
    source: 'registry' as const,
  };
}
