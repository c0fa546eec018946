/** Documents per UTC day or month and group, kept by the `documents_counted` trigger (never written by the app). */
export interface DocumentCountsTable {
  organization_id: string;
  livemode: boolean;
  company_id: string;
  /** Rows per UTC day and per calendar month: a period is summed from the coarsest grain that tiles it. */
  grain: 'day' | 'month';
  /** `YYYY-MM-DD` (UTC): the day, or the first day of the month, of the documents' creation. */
  period_start: string;
  type: string;
  direction: string;
  delivery_status: string;
  /** Counts are spread over a few rows per group so concurrent writers rarely wait on one; sum them. */
  shard: number;
  n: number;
}

export interface StatisticsTables {
  document_counts: DocumentCountsTable;
}
