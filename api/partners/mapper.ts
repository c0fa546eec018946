import type { PartnerRow } from '../../db/partners.ts';

/** The one JSON shape of a partner (part 2.6). */
export function toPartner(row: PartnerRow) {
  return {
    id: row.id,
    peppolId: row.peppol_id,
    name: row.name,
    vatNumber: row.vat_number,
    country: row.country,
    role: row.role,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    peppolStatus: row.peppol_status,
    defaults: row.defaults,
    tags: row.tags,
    enrichment: row.enrichment,
    stats: {
      documentsSent: row.documents_sent,
      documentsReceived: row.documents_received,
      lastActivityAt: row.last_activity_at?.toISOString() ?? null,
    },
    metadata: row.metadata,
    punchout: row.punchout_identity
      ? { identity: row.punchout_identity, domain: row.punchout_domain, sharedSecretSet: true }
      : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
