import { ensureDirectorySeeded } from '../db/directory.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { sandboxDirectory } from '../upstreams/directory/seed.ts';
import { runWithDatabase } from './database.ts';

/**
 * `node --import tsx scripts/seed-directory.ts`: loads the sandbox Peppol directory now instead of on
 * the first sandbox search (which otherwise pays about a second for it). Idempotent; against
 * DATABASE_URL, or the embedded server in the data folder.
 */
runWithDatabase('seeding', async (db) => {
  await migrateToLatest(db);
  const started = Date.now();
  await ensureDirectorySeeded(db, () => sandboxDirectory());
  const { count } = await db
    .selectFrom('directory_participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(`sandbox directory: ${count} participants (${Date.now() - started} ms)`);
});
