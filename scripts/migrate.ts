import { loadConfig } from '../core/config.ts';
import { startEmbeddedPostgres } from '../core/embedded-postgres.ts';
import { StartupError } from '../core/startup-error.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import path from 'node:path';

/** `npm run db:migrate`: against DATABASE_URL, or the embedded server in the data folder. */
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
    const result = await migrateToLatest(db);
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.destroy();
    await stop?.();
  }
}

main().catch((err) => {
  process.stderr.write(err instanceof StartupError ? err.render() : `migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
