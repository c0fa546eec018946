import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/tables/events.ts';

/** An event as the events API lists it (part 2.8), with the company it concerns. */
export function toEvent(row: Selectable<EventsTable>) {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.created_at.toISOString(),
    livemode: row.livemode,
    companyId: row.company_id,
    data: row.data,
  };
}
