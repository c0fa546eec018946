import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../core/embedded-postgres.ts';
import { freePort } from '../../core/ports.ts';
import { startTemporalDevServer, type DevServerHandle } from '../../core/temporal-dev-server.ts';
import { connectTemporal, type TemporalClientHandle } from '../../core/temporal-client.ts';
import { randomToken } from '../../core/ids.ts';
import { createDb, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';

/**
 * The real servers every suite runs against, started once per test run: a PostgreSQL server (the
 * embedded one, or the server of DATABASE_URL with a fresh database) and a Temporal dev server (or
 * TEMPORAL_ADDRESS). Nothing is faked; a missing server fails the run with a message saying why.
 */
export interface TestServers {
  databaseUrl: string;
  /** A URL to the same server's maintenance database, for tests that create databases. */
  serverUrl: string;
  db: Db;
  temporalAddress: string;
  temporal: Client;
}

interface RunState {
  servers?: TestServers;
  embedded?: EmbeddedPostgresHandle;
  devServer?: DevServerHandle;
  temporalConnection?: TemporalClientHandle;
  scratchDir?: string;
}

/**
 * Mocha may load the global fixture and the suites through different module loaders (require and
 * import), which would give each its own copy of this module: the run's state lives on globalThis.
 */
const state: RunState = ((globalThis as { __docexTestRun?: RunState }).__docexTestRun ??= {});

export function testServers(): TestServers {
  if (!state.servers)
    throw new Error(
      'test servers are not started: run the tests through mocha with .mocharc.cjs (test/support/global.ts)',
    );
  return state.servers;
}

export async function startTestServers(): Promise<TestServers> {
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'docex-test-'));
  state.scratchDir = scratchDir;
  // The embedded server runs as the postgres user when the tests run as root.
  chmodSync(scratchDir, 0o755);

  const database = `docex_test_${randomToken(8).toLowerCase()}`;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    state.embedded = await startEmbeddedPostgres({
      dataDir: path.join(scratchDir, 'postgres'),
      port: await freePort(),
    });
    serverUrl = state.embedded.serverUrl;
  }
  await ensureDatabase(serverUrl, database);
  const databaseUrl = withDatabase(serverUrl, database);
  const db = createDb(databaseUrl, { max: 30, applicationName: 'docex-test' });
  await migrateToLatest(db);

  let temporalAddress = process.env.TEMPORAL_ADDRESS;
  if (!temporalAddress) {
    state.devServer = await startTemporalDevServer({
      port: await freePort(),
      uiPort: 0,
      namespace: 'default',
      headless: true,
    });
    temporalAddress = state.devServer.address;
  }
  // The API's own connection, so that the apps the suites start talk to Temporal as deployed.
  state.temporalConnection = await connectTemporal(temporalAddress, 'default');
  const temporal = state.temporalConnection.client;

  state.servers = { databaseUrl, serverUrl, db, temporalAddress, temporal };
  return state.servers;
}

export async function stopTestServers(): Promise<void> {
  await state.servers?.db.destroy().catch(() => undefined);
  await state.temporalConnection?.close().catch(() => undefined);
  await state.devServer?.stop();
  await state.embedded?.stop();
  if (state.scratchDir) rmSync(state.scratchDir, { recursive: true, force: true });
  for (const key of Object.keys(state) as Array<keyof RunState>) delete state[key];
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
