import { newId } from '../../../core/ids.ts';
import { insertDocument } from '../../../db/documents.ts';
import type { Tenant } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';

let lastCreatedAt = 0;
/** Rows seeded back to back get distinct, increasing creation times, so newest-first order is defined. */
function nextCreatedAt() {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

/** A document row as the pipeline would leave it, written directly so each case controls every field. */
export async function seedDocument(tenant: Tenant, fields: Record<string, unknown> = {}) {
  const row = await insertDocument(testServers().db, {
    id: newId('doc'),
    organization_id: tenant.organizationId,
    livemode: false,
    company_id: tenant.companyId,
    type: 'invoice',
    direction: 'outgoing',
    number: `INV-${Math.random().toString(36).slice(2, 8)}`,
    issue_date: '2026-11-01',
    due_date: '2026-12-01',
    currency: 'EUR',
    gross_amount: '121.00',
    net_amount: '100.00',
    vat_amount: '21.00',
    sender: JSON.stringify({ peppolId: '0208:0403019261', name: 'Acme BV', vatNumber: 'BE0403019261' }),
    receiver: JSON.stringify({ peppolId: '0208:0202239951', name: 'Proximus SA', vatNumber: null }),
    sender_peppol_id: '0208:0403019261',
    receiver_peppol_id: '0208:0202239951',
    status: 'sent',
    delivery_status: 'pending',
    lifecycle_status: 'issued',
    body: JSON.stringify(null),
    source_format: 'json',
    metadata: '{}',
    notes: '[]',
    created_at: nextCreatedAt(),
    ...fields,
  } as never);
  return row.id;
}
