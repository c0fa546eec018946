import path from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../core/config.ts';
import { startEmbeddedPostgres } from '../core/embedded-postgres.ts';
import { endLeftover, forgetPid, recordPid } from '../core/pid-files.ts';
import { exitOf, maxRestartsFrom, spawnRecorded, Supervisor, type Running } from '../core/supervisor.ts';
import { isPortFree } from '../core/ports.ts';
import { createLogger, log, useLogger } from '../core/log.ts';
import { StartupError } from '../core/startup-error.ts';
import { devServerDbFile, startTemporalDevServer } from '../core/temporal-dev-server.ts';
import { connectTemporal, installClientRuntime } from '../core/temporal-client.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * `npm start`: the whole service on one machine. Postgres (embedded unless DATABASE_URL), Temporal
 * (dev server unless TEMPORAL_ADDRESS), migrations, then the worker and the API as child processes.
 * Whatever of these dies is started again after a pause that grows with repeated deaths; the API
 * answers 503 with Retry-After for what depends on a server that is away meanwhile. Ctrl-C or
 * SIGTERM stops all of it in reverse order.
 */
const config = loadConfig();
// The banner goes to stdout for the person at the terminal; everything else is a JSON line on stderr.
useLogger(createLogger({ level: config.logLevel, base: { service: 'docex-start' } }));
const supervisor = new Supervisor(maxRestartsFrom(process.env));
const supervise = (name: string, start: () => Promise<Running>) => supervisor.supervise(name, start);

async function main(): Promise<void> {
  // Whatever a previous run killed with SIGKILL left behind still holds its ports.
  for (const name of ['api', 'worker', 'temporal']) {
    const pid = await endLeftover(config.dataDir, name);
    if (pid) log.info('ended leftover process from a previous run', { name, pid });
  }
  if (!(await isPortFree(config.port, config.host === '0.0.0.0' ? '0.0.0.0' : config.host))) {
    throw new StartupError(
      'api',
      `port ${config.port} is already in use`,
      'set PORT to a free port, or stop what listens there',
    );
  }

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    let embeddedUrl = '';
    await supervise('postgres', async () => {
      const postgres = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
      });
      await postgres.ensureDatabase('docex');
      embeddedUrl = postgres.databaseUrl('docex');
      return { exited: postgres.exited, stop: () => postgres.stop() };
    });
    databaseUrl = embeddedUrl;
  }
  const db = createDb(databaseUrl, { max: 2, applicationName: 'docex-start' });
  try {
    await migrateToLatest(db);
  } catch (err) {
    throw new StartupError(
      'postgres',
      `cannot migrate the database: ${(err as Error).message}`,
      databaseUrl === config.databaseUrl ? 'check DATABASE_URL and that the server runs' : 'see the message above',
      err,
    );
  } finally {
    await db.destroy();
  }

  let temporalAddress = config.temporalAddress;
  let temporalUi = config.temporalUiUrl;
  if (!temporalAddress) {
    let devServer = { address: '', uiUrl: undefined as string | undefined };
    await supervise('temporal', async () => {
      const server = await startTemporalDevServer({
        cliPath: config.temporalCliPath,
        port: config.temporalDevPort,
        uiPort: config.temporalUiPort,
        namespace: config.temporalNamespace,
        dbFile: devServerDbFile(config.dataDir),
      });
      recordPid(config.dataDir, 'temporal', server.process.pid!);
      devServer = server;
      return {
        exited: exitOf(server.process).then(() => forgetPid(config.dataDir, 'temporal')),
        stop: () => server.stop(),
      };
    });
    temporalAddress = devServer.address;
    temporalUi = devServer.uiUrl;
  } else {
    installClientRuntime({ debug: config.logLevel === 'debug' });
    const probe = await connectTemporal(temporalAddress, config.temporalNamespace);
    await probe.close();
  }

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: config.temporalNamespace,
    // On a developer's own machine a sandbox webhook may reach a local receiver; an explicit value wins.
    WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK?.trim() || 'true',
  };
  await supervise('worker', async () => spawnService('worker', path.join(PROJECT_ROOT, 'workers', 'worker.ts'), env));
  await supervise('api', async () => spawnService('api', path.join(PROJECT_ROOT, 'api', 'server.ts'), env));
  await supervisor.untilLive('api', config.port, 60_000, 200);

  console.log(
    [
      '',
      '  Document exchange service is running',
      `    API              ${config.publicBaseUrl}/v1`,
      `    API reference    ${config.publicBaseUrl}/docs`,
      `    Health           ${config.publicBaseUrl}/health/readiness`,
      `    Temporal UI      ${temporalUi ?? '(external cluster: set TEMPORAL_UI_URL to show it here)'}`,
      `    Temporal         ${temporalAddress} (namespace ${config.temporalNamespace})`,
      `    Postgres         ${config.databaseUrl ? redact(databaseUrl) : `embedded, 127.0.0.1:${config.embeddedPostgresPort}`}`,
      `    Data folder      ${config.dataDir}`,
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function spawnService(name: string, entry: string, env: NodeJS.ProcessEnv): Running {
  return spawnRecorded(supervisor, {
    name,
    dataDir: config.dataDir,
    command: process.execPath,
    args: ['--import', 'tsx', entry],
    cwd: PROJECT_ROOT,
    env,
  });
}

supervisor.runAsProcess('supervisor', main);
