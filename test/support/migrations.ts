import { Migrator, type Kysely } from 'kysely';
import { ensureDatabase } from '../../core/embedded-postgres.ts';
import { createDb } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { testServers, withDatabase } from './servers.ts';

/**
 * A database of its own on the test server, for a test that migrates it to a past state, writes
 * rows as they were then and runs a migration over them; and a migrator over every migration.
 */
export async function createMigrationDatabase(label: string): Promise<{ db: Kysely<any>; migrator: Migrator }> {
  const { serverUrl } = testServers();
  const database = `docex_${label}_${Date.now()}`;
  await ensureDatabase(serverUrl, database);
  const db = createDb(withDatabase(serverUrl, database), { max: 2, applicationName: 'docex-test-migration' });
  return { db, migrator: new Migrator({ db, provider: { getMigrations: async () => migrations } }) };
}

/** The name of the migration that runs just before `name`. */
export function migrationBefore(name: string): string {
  const names = Object.keys(migrations).sort();
  return names[names.indexOf(name) - 1];
}
