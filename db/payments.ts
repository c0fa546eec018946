import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import { randomToken } from '../core/ids.ts';
import type { Db } from './database.ts';
import type { DocumentPaymentsTable } from './schema.ts';

export type DocumentPaymentRow = Selectable<DocumentPaymentsTable>;

export function newPaymentId(): string {
  return `pay_${randomToken(20)}`;
}

export async function insertPayment(db: Db, row: Insertable<DocumentPaymentsTable>): Promise<DocumentPaymentRow> {
  return db.insertInto('document_payments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The amount paid so far, as a decimal string ('0.00' when nothing was paid). */
export async function amountPaid(db: Db, documentId: string): Promise<string> {
  const row = await db
    .selectFrom('document_payments')
    .select(sql<string>`coalesce(sum(amount), 0)::numeric(18,2)::text`.as('paid'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return row.paid;
}

/** Amounts paid per document, for several documents at once. */
export async function amountsPaid(db: Db, documentIds: string[]): Promise<Map<string, string>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('document_payments')
    .select(['document_id', sql<string>`sum(amount)::numeric(18,2)::text`.as('paid')])
    .where('document_id', 'in', documentIds)
    .groupBy('document_id')
    .execute();
  return new Map(rows.map((r) => [r.document_id, r.paid]));
}

export async function listPayments(db: Db, documentId: string): Promise<DocumentPaymentRow[]> {
  return db
    .selectFrom('document_payments')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .execute();
}
