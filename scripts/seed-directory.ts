import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { startEmbeddedPostgres } from '../core/embedded-postgres.ts';
import { StartupError } from '../core/startup-error.ts';
import { createDb } from '../db/database.ts';
import { ensureDirectorySeeded } from '../db/directory.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { sandboxDirectory } from '../activities/upstreams/directory/seed.ts';

/**
 * `npx tsx scripts/seed-directory.ts`: loads the sandbox Peppol directory now instead of on the first
 * sandbox search (which otherwise pays about a second for it). Idempotent; against DATABASE_URL, or
 * the embedded server in the data folder.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  let url = config.databaseUrl;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const pg = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), port: config.embeddedPostgresPort });
    await pg.ensureDatabase('docex');
    url = pg.databaseUrl('docex');
    stop = pg.stop;
  }
  const db = createDb(url, { max: 2 });
  try {
    await migrateToLatest(db);
    const started = Date.now();
    await ensureDirectorySeeded(db, () => sandboxDirectory());
    const { count } = await db.selectFrom('directory_participants').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    console.log(`sandbox directory: ${count} participants (${Date.now() - started} ms)`);
  } finally {
    await db.destroy();
    await stop?.();
  }
}

main().catch((err) => {
  process.stderr.write(err instanceof StartupError ? err.render() : `seeding failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
