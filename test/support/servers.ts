import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../core/embedded-postgres.ts';
import { freePort } from '../../core/ports.ts';
import { startTemporalDevServer, type DevServerHandle } from '../../core/temporal-dev-server.ts';
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

let servers: TestServers | undefined;
let embedded: EmbeddedPostgresHandle | undefined;
let devServer: DevServerHandle | undefined;
let temporalConnection: Connection | undefined;
let scratchDir: string | undefined;

export function testServers(): TestServers {
  if (!servers) throw new Error('test servers are not started: run the tests through mocha with .mocharc.cjs (test/support/global.ts)');
  return servers;
}

export async function startTestServers(): Promise<TestServers> {
  scratchDir = mkdtempSync(path.join(os.tmpdir(), 'docex-test-'));
  // The embedded server runs as the postgres user when the tests run as root.
  chmodSync(scratchDir, 0o755);

  const database = `docex_test_${randomToken(8).toLowerCase()}`;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(scratchDir, 'postgres'), port: await freePort() });
    serverUrl = embedded.serverUrl;
  }
  await ensureDatabase(serverUrl, database);
  const databaseUrl = withDatabase(serverUrl, database);
  const db = createDb(databaseUrl, { max: 30, applicationName: 'docex-test' });
  await migrateToLatest(db);

  let temporalAddress = process.env.TEMPORAL_ADDRESS;
  if (!temporalAddress) {
    devServer = await startTemporalDevServer({ port: await freePort(), uiPort: 0, namespace: 'default', headless: true });
    temporalAddress = devServer.address;
  }
  temporalConnection = await Connection.connect({ address: temporalAddress });
  const temporal = new Client({ connection: temporalConnection, namespace: 'default' });

  servers = { databaseUrl, serverUrl, db, temporalAddress, temporal };
  return servers;
}

export async function stopTestServers(): Promise<void> {
  await servers?.db.destroy().catch(() => undefined);
  await temporalConnection?.close().catch(() => undefined);
  await devServer?.stop();
  await embedded?.stop();
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  servers = undefined;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
