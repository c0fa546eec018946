import { expect } from 'chai';
import { createCompany } from './access.ts';
import { testServers } from './servers.ts';
import { bearer } from './access.ts';
import { findDocumentById } from '../../db/documents.ts';

/** A JSON invoice body that passes every Peppol BIS rule once the sender company is filled in. */
export function invoiceBody(overrides: Record<string, unknown> = {}) {
  return {
    number: `INV-${Math.random().toString(36).slice(2, 10)}`,
    issueDate: '2026-11-21',
    dueDate: '2026-12-21',
    currency: 'EUR',
    buyerReference: 'PO-7781',
    buyer: {
      name: 'Proximus SA',
      address: { street: 'Boulevard du Roi Albert II 27', city: 'Brussels', postalCode: '1030', country: 'BE' },
    },
    payment: { means: 'credit_transfer', iban: 'BE68539007547034' },
    lines: [{ description: 'Consulting', quantity: 10, unit: 'HUR', unitPrice: 95, vatRate: 21, vatCategory: 'S' }],
    ...overrides,
  };
}

export const RECIPIENT = '0208:0202239951';

/**
 * Waits until the document satisfies `predicate` (delivery runs in the background). It polls the
 * table, so as not to spend the key's rate limit, then returns the document as the API shows it.
 */
export async function waitForDocument(
  baseUrl: string,
  key: string,
  id: string,
  predicate: (doc: any) => boolean,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const row = await findDocumentById(testServers().db, id);
    last = row
      ? {
          deliveryStatus: row.delivery_status,
          status: row.status,
          errorCode: row.error_code,
          lifecycleStatus: row.lifecycle_status,
        }
      : undefined;
    if (last && predicate(last)) {
      const doc = await (await fetch(`${baseUrl}/v1/documents/${id}`, { headers: bearer(key) })).json();
      if (predicate(doc)) return doc;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  expect.fail(
    `document ${id} never reached the expected state; last: ${JSON.stringify({ deliveryStatus: last?.deliveryStatus, status: last?.status, errorCode: last?.errorCode })}`,
  );
}

export async function eventsOf(documentId: string): Promise<string[]> {
  const rows = await testServers().db.selectFrom('events').select(['type', 'data']).orderBy('created_at').execute();
  return rows.filter((r) => (r.data as any).documentId === documentId).map((r) => r.type);
}

/** The data of the organization's `compliance.reported` events about one document, oldest first. */
export async function complianceReportedOf(organizationId: string, documentId: string): Promise<any[]> {
  const rows = await testServers()
    .db.selectFrom('events')
    .select('data')
    .where('type', '=', 'compliance.reported')
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .execute();
  return rows.map((e) => e.data as any).filter((d) => d.documentId === documentId);
}

/** A second sandbox company of the organization that receives everything. */
export async function createReceivingCompany(organizationId: string): Promise<{ id: string; peppolId: string }> {
  const id = await createCompany(organizationId, false);
  const row = await testServers()
    .db.updateTable('companies')
    .set({ capabilities: JSON.stringify({ send: ['invoice'], receive: ['invoice', 'credit-note'] }) })
    .where('id', '=', id)
    .returning(['peppol_id'])
    .executeTakeFirstOrThrow();
  return { id, peppolId: row.peppol_id! };
}
