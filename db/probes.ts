import type { Db } from './database.ts';

/** Idempotent: a retried activity finds its row already there. */
export async function insertProbe(db: Db, id: string, requestedBy: string): Promise<void> {
  await db
    .insertInto('probes')
    .values({ id, requested_by: requestedBy })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findProbe(db: Db, id: string) {
  return db.selectFrom('probes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Probes are only evidence for a health check; keep the table small. */
export async function deleteProbesOlderThan(db: Db, cutoff: Date): Promise<void> {
  await db.deleteFrom('probes').where('created_at', '<', cutoff).execute();
}
