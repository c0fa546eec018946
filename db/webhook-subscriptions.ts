import { sql, type RawBuilder } from 'kysely';

// Which webhooks an event goes to, as SQL: shared by the event writer (an event nobody subscribes to
// is written dispatched) and the webhook repository (the subscriptions a dispatched event fans out to).

export interface EventOwner {
  organization_id: string;
  livemode: boolean;
  company_id: string | null;
  type: string;
}

/** An event's owner and type, as values or as the columns of an `events` row in a query. */
type EventTerms = {
  organizationId: RawBuilder<unknown>;
  livemode: RawBuilder<unknown>;
  type: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
};

/**
 * The one rule of which webhooks an event goes to: active, same organization and mode, the event's
 * type or `*`, and either no company scope or the event's company (a company-less event only
 * reaches webhooks without one: `= null` is never true).
 */
export function subscribes(event: EventTerms) {
  return sql<boolean>`webhooks.status = 'active' and webhooks.organization_id = ${event.organizationId} and webhooks.livemode = ${event.livemode}
    and webhooks.events && array[${event.type}, '*']::text[]
    and (webhooks.company_id is null or webhooks.company_id = ${event.companyId})`;
}

/** Whether any webhook subscribes to an event with this owner and type, as an SQL condition. */
export function anyWebhookSubscribes(event: EventOwner) {
  return sql<boolean>`exists (select 1 from webhooks where ${subscribes(eventTerms(event))})`;
}

export function eventTerms(event: EventOwner): EventTerms {
  return {
    organizationId: sql.val(event.organization_id),
    livemode: sql.val(event.livemode),
    type: sql`${event.type}::text`,
    companyId: sql.val(event.company_id),
  };
}
