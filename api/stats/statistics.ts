import type { DocumentCountRow } from '../../db/stats.ts';

export interface DocumentTotals {
  sent: number;
  received: number;
  delivered: number;
  failed: number;
}

/** Delivery states that end an outgoing document unsuccessfully. */
const FAILED_DELIVERY = new Set(['failed', 'rejected']);

export function emptyTotals(): DocumentTotals {
  return { sent: 0, received: 0, delivered: 0, failed: 0 };
}

/** Adds one count group to running totals: delivered and failed are outgoing documents only. */
export function addToTotals(totals: DocumentTotals, row: DocumentCountRow): void {
  if (row.direction === 'outgoing') {
    totals.sent += row.n;
    if (row.delivery_status === 'delivered') totals.delivered += row.n;
    else if (FAILED_DELIVERY.has(row.delivery_status)) totals.failed += row.n;
  } else {
    totals.received += row.n;
  }
}

/** Folds the aggregate's groups into the `documents`, `byType` and `byCountry` of part 2.10. */
export function foldDocumentCounts(rows: DocumentCountRow[]) {
  const documents = emptyTotals();
  const byType: Record<string, number> = {};
  const byCountry: Record<string, number> = {};
  for (const row of rows) {
    addToTotals(documents, row);
    byType[row.type] = (byType[row.type] ?? 0) + row.n;
    byCountry[row.country] = (byCountry[row.country] ?? 0) + row.n;
  }
  return { documents, byType, byCountry };
}
