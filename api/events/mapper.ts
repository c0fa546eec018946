import type { EventRow } from '../../db/schema.ts';

/** An event as the events API lists it (part 2.8), with the company it concerns. */
export function toEvent(row: EventRow) {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.created_at.toISOString(),
    livemode: row.livemode,
    companyId: row.company_id,
    data: row.data,
  };
}
