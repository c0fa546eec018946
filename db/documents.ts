import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { DocumentsTable } from './schema.ts';
import { olderThan } from './keyset.ts';

export type DocumentRow = Selectable<DocumentsTable>;

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<DocumentRow> {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A document of the organization in the caller's mode; another tenant's id finds nothing. */
export async function findDocument(db: Db, organizationId: string, livemode: boolean, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('livemode', '=', livemode).executeTakeFirst();
}

/** For activities, which act on a document already authorised when its workflow started. */
export async function findDocumentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDocumentByTransportMessage(db: Db, messageId: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('transport_message_id', '=', messageId).executeTakeFirst();
}

/** The outgoing document an access point's receipt refers to (incoming ones carry the sender's message id). */
export async function findOutgoingDocumentByTransportMessage(db: Db, messageId: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('transport_message_id', '=', messageId).where('direction', '=', 'outgoing').executeTakeFirst();
}

/**
 * Guarded delivery-state moves: each applies only from the state it expects, so a repeated activity
 * changes nothing the second time. Returns the row when this call made the move.
 */
export async function markHandedOff(db: Db, id: string, messageId: string, at: Date): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({ transport_message_id: messageId, sent_at: at, updated_at: at })
    .where('id', '=', id)
    .where('delivery_status', '=', 'pending')
    .where('transport_message_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function markDelivered(db: Db, id: string, at: Date): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({ delivery_status: 'delivered', status: 'delivered', delivered_at: at, updated_at: at })
    .where('id', '=', id)
    .where('delivery_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function markDeliveryFailed(db: Db, id: string, outcome: { rejected: boolean; code: string; message: string }, at: Date): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({
      delivery_status: outcome.rejected ? 'rejected' : 'failed',
      ...(outcome.rejected ? { status: 'rejected' } : {}),
      error_code: outcome.code,
      error_message: outcome.message,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('delivery_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export interface DocumentFilters {
  direction?: string;
  type?: string;
  /** Exact lifecycle status; `delivered` and `failed` mean the delivery status (part 3.1). */
  status?: string;
  deliveryStatus?: string;
  from?: string;
  to?: string;
  amountMin?: number;
  amountMax?: number;
  companyId?: string;
  search?: string;
  /** true: archived only; false: not archived; absent: all. */
  archived?: boolean;
}

export async function findDocuments(db: Db, scope: { organizationId: string; livemode: boolean }, filters: DocumentFilters, page: { limit: number; after?: { createdAt: Date; id: string } | undefined }) {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (filters.direction) query = query.where('direction', '=', filters.direction);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) {
    query = filters.status === 'delivered' || filters.status === 'failed'
      ? query.where('delivery_status', '=', filters.status)
      : query.where('lifecycle_status', '=', filters.status);
  }
  if (filters.deliveryStatus) query = query.where('delivery_status', '=', filters.deliveryStatus);
  if (filters.from) query = query.where('issue_date', '>=', filters.from);
  if (filters.to) query = query.where('issue_date', '<=', filters.to);
  if (filters.amountMin !== undefined) query = query.where('gross_amount', '>=', String(filters.amountMin));
  if (filters.amountMax !== undefined) query = query.where('gross_amount', '<=', String(filters.amountMax));
  if (filters.companyId) query = query.where('company_id', '=', filters.companyId);
  if (filters.search) query = query.where(sql<boolean>`search @@ websearch_to_tsquery('simple', ${filters.search})`);
  if (filters.archived !== undefined) query = query.where('archived_at', filters.archived ? 'is not' : 'is', null);
  if (page.after) query = query.where(olderThan(page.after));
  return query.execute();
}
