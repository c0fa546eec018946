import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { startEmbeddedPostgres } from '../core/embedded-postgres.ts';
import { logStartupFailure } from '../core/startup-error.ts';
import { createDb, type Db } from '../db/database.ts';

/**
 * Runs a one-shot maintenance command against DATABASE_URL, or the embedded server in the data
 * folder (started for the command and stopped after it). Failures end the process with exit 1.
 */
export function runWithDatabase(what: string, command: (db: Db) => Promise<void>): void {
  const run = async () => {
    const config = loadConfig();
    let url = config.databaseUrl;
    let stop: (() => Promise<void>) | undefined;
    if (!url) {
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
      });
      await pg.ensureDatabase('docex');
      url = pg.databaseUrl('docex');
      stop = pg.stop;
    }
    const db = createDb(url, { max: 2 });
    try {
      await command(db);
    } finally {
      await db.destroy();
      await stop?.();
    }
  };
  run().catch((err) => {
    logStartupFailure(what, err);
    process.exit(1);
  });
}
