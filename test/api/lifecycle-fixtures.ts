import { newId } from '../../core/ids.ts';
import { insertDocument, type DocumentRow } from '../../db/documents.ts';
import type { DocumentLifecycleStatus } from '../../db/schema.ts';
import type { DocumentType } from '../../peppol/index.ts';
import { testServers } from '../support/servers.ts';
import type { Tenant } from '../support/access.ts';

/**
 * A delivered document stored directly in a given lifecycle status, without a workflow: the first
 * lifecycle update starts the lifecycle-only run.
 */
export async function storedDocument(
  tenant: Tenant,
  options: {
    status?: DocumentLifecycleStatus;
    direction?: 'incoming' | 'outgoing';
    type?: DocumentType;
    gross?: string;
    number?: string;
    companyId?: string;
    iban?: string | null;
    dueDate?: string;
    livemode?: boolean;
  } = {},
): Promise<DocumentRow> {
  const gross = options.gross ?? '1149.50';
  const iban = options.iban === undefined ? 'BE68539007547034' : options.iban;
  return insertDocument(testServers().db, {
    id: newId('doc'),
    organization_id: tenant.organizationId,
    livemode: options.livemode ?? false,
    company_id: options.companyId ?? tenant.companyId,
    partner_id: null,
    type: options.type ?? 'invoice',
    direction: options.direction ?? 'outgoing',
    number: options.number ?? `INV-${Math.random().toString(36).slice(2, 10)}`,
    issue_date: '2026-11-21',
    due_date: options.dueDate ?? '2026-12-21',
    currency: 'EUR',
    gross_amount: gross,
    net_amount: gross,
    vat_amount: '0.00',
    sender: JSON.stringify({ peppolId: '0208:0202239951', name: 'Proximus SA', vatNumber: 'BE0202239951' }),
    receiver: JSON.stringify({ peppolId: '0208:0403170701', name: 'Buyer NV', vatNumber: 'BE0403170701' }),
    sender_peppol_id: '0208:0202239951',
    receiver_peppol_id: '0208:0403170701',
    status: 'delivered',
    delivery_status: 'delivered',
    lifecycle_status: options.status ?? 'issued',
    body: JSON.stringify({
      number: 'x',
      payment: iban ? { means: 'credit_transfer', iban, reference: '+++090/9337/55493+++' } : undefined,
    }),
    xml: null,
    source_format: 'json',
    metadata: '{}',
    notes: '[]',
  });
}

/** A sandbox company of the tenant's organization in `country` (FR reports to PPF, IT to SDI). */
export async function companyIn(tenant: Tenant, country: string, livemode = false): Promise<string> {
  const { createCompany } = await import('../support/access.ts');
  const id = await createCompany(tenant.organizationId, livemode);
  await testServers().db.updateTable('companies').set({ country }).where('id', '=', id).execute();
  return id;
}
