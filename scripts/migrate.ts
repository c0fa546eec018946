import { migrateToLatest } from '../db/migrate.ts';
import { runWithDatabase } from './database.ts';

/** `npm run db:migrate`: against DATABASE_URL, or the embedded server in the data folder. */
runWithDatabase('migration', async (db) => {
  const result = await migrateToLatest(db);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
});
