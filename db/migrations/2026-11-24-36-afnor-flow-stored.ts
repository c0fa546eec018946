import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Subscriptions of the AFNOR facade also hear of flows kept as records (CDAR, FRR), which write
// a `flow.stored` event: the ones made before it existed get it too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update webhooks set events = array_append(events, 'flow.stored')
    where afnor is not null and not ('flow.stored' = any(events))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update webhooks set events = array_remove(events, 'flow.stored') where afnor is not null`.execute(db);
}
