import { execFile, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import { loadConfig, PROJECT_ROOT } from '../../core/config.ts';
import { startEmbeddedPostgres } from '../../core/embedded-postgres.ts';
import { createLogger, log, useLogger } from '../../core/log.ts';
import { endLeftover, forgetPid, recordPid } from '../../core/pid-files.ts';
import { isPortFree, waitForPort } from '../../core/ports.ts';
import { StartupError } from '../../core/startup-error.ts';
import { exitOf, maxRestartsFrom, spawnRecorded, Supervisor, type Running } from '../../core/supervisor.ts';
import { SEARCH_ATTRIBUTES } from '../../core/temporal.ts';
import { stopChild } from '../../core/temporal-dev-server.ts';
import { createDb } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { buildTemporal, goAvailable, temporalBinaries, temporalBuilt } from './temporal-build.mjs';
import { CLUSTER } from './topology.ts';
import { haproxyConfig, temporalServerConfig } from './configs.ts';

/**
 * `npm run start:cluster`: the production topology of docker-compose.yml on one machine, without
 * Docker. Postgres (embedded unless CLUSTER_DATABASE_SERVER_URL names a server), the Temporal server
 * built from its Go module with persistence and visibility in databases of their own on it, two
 * workers, two API processes, HAProxy in front of the APIs on PORT. Same supervision, logs and
 * shutdown as `npm start`.
 */
const config = loadConfig();
useLogger(createLogger({ level: config.logLevel, base: { service: 'docex-cluster' } }));
const supervisor = new Supervisor(maxRestartsFrom(process.env));
const run = promisify(execFile);

const dataDir = path.join(config.dataDir, 'cluster');
const lbPort = config.port;
const temporalPort = Number(process.env.CLUSTER_TEMPORAL_PORT ?? 7233);
const temporalMetricsPort = Number(process.env.CLUSTER_TEMPORAL_METRICS_PORT ?? CLUSTER.temporalMetricsPort);
/** The processes behind the load balancer, and the metrics listeners of each, from CLUSTER_BASE_PORT up. */
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? lbPort + 1);
const apiPorts = [basePort, basePort + 1];
const apiMetricsPorts = [basePort + 2, basePort + 3];
const workerMetricsPorts = [basePort + 4, basePort + 5];
const workerTemporalMetricsPorts = [basePort + 6, basePort + 7];
const temporalPorts = {
  frontend: temporalPort,
  history: temporalPort + 1,
  matching: temporalPort + 2,
  worker: temporalPort + 6,
  frontendHttp: temporalPort + 10,
  membershipBase: temporalPort + 100,
};
/** Worker processes, as compose's WORKER_REPLICAS: 2 unless told 1 (the ports above hold two). */
const workerReplicas = Number(process.env.WORKER_REPLICAS?.trim() || 2);
const childNames = ['lb', 'api-1', 'api-2', 'worker-1', 'worker-2', 'temporal'];

async function requireFreePorts(): Promise<void> {
  if (workerReplicas !== 1 && workerReplicas !== 2)
    throw new StartupError(
      'cluster',
      `WORKER_REPLICAS is ${process.env.WORKER_REPLICAS}; start:cluster runs 1 or 2 workers`,
      'set WORKER_REPLICAS to 1 or 2, or unset it',
    );
  // The server records its membership ports in a SMALLINT column: one above 32767 fails its start.
  if (temporalPorts.membershipBase + 6 > 32_767)
    throw new StartupError(
      'temporal',
      `CLUSTER_TEMPORAL_PORT ${temporalPort} puts membership ports above 32767, which the server cannot record`,
      `set CLUSTER_TEMPORAL_PORT to at most ${32_767 - 106}`,
    );
  const wanted: Array<[number, string]> = [
    [lbPort, 'PORT'],
    ...apiPorts.map((p): [number, string] => [p, 'CLUSTER_BASE_PORT']),
    ...[...apiMetricsPorts, ...workerMetricsPorts, ...workerTemporalMetricsPorts].map((p): [number, string] => [
      p,
      'CLUSTER_BASE_PORT',
    ]),
    [temporalMetricsPort, 'CLUSTER_TEMPORAL_METRICS_PORT'],
    ...[
      temporalPorts.frontend,
      temporalPorts.history,
      temporalPorts.matching,
      temporalPorts.worker,
      temporalPorts.frontendHttp,
      temporalPorts.membershipBase,
      temporalPorts.membershipBase + 1,
      temporalPorts.membershipBase + 2,
      temporalPorts.membershipBase + 6,
    ].map((p): [number, string] => [p, 'CLUSTER_TEMPORAL_PORT']),
  ];
  for (const [port, variable] of wanted) {
    if (!(await isPortFree(port)))
      throw new StartupError(
        'cluster',
        `port ${port} is already in use`,
        `set ${variable} elsewhere, or stop what listens there`,
      );
  }
}

async function requireHaproxy(): Promise<string> {
  const binary = process.env.HAPROXY_PATH?.trim() || 'haproxy';
  try {
    const { stdout, stderr } = await run(binary, ['-v']);
    const version = /version (\d+\.\d+)/i.exec(stdout + stderr)?.[1];
    if (version !== CLUSTER.haproxyVersion)
      log.warn('HAProxy differs from the version compose runs', { found: version, compose: CLUSTER.haproxyVersion });
    return binary;
  } catch {
    throw new StartupError(
      'lb',
      'HAProxy is not installed',
      'apt-get install haproxy (Debian/Ubuntu), brew install haproxy (macOS), or set HAPROXY_PATH',
    );
  }
}

function requireTemporalServer(): void {
  if (temporalBuilt()) return;
  if (!goAvailable())
    throw new StartupError(
      'temporal',
      'the Temporal server is not built and Go is not installed',
      'install Go 1.26 or newer (apt-get install golang, or go.dev/dl), then run npm run setup',
    );
  const result = buildTemporal({ log: (line) => console.log(line) });
  if (!result.ok)
    throw new StartupError(
      'temporal',
      `the Temporal server could not be built: ${result.reason}`,
      'run node scripts/cluster/temporal-build.mjs to see the whole build output',
    );
}

async function main(): Promise<void> {
  for (const name of childNames) {
    const pid = await endLeftover(dataDir, name);
    if (pid) log.info('ended leftover process from a previous run', { name, pid });
  }
  await requireFreePorts();
  const haproxy = await requireHaproxy();
  requireTemporalServer();

  // ---------------------------------------------------------------- postgres
  let server = process.env.CLUSTER_DATABASE_SERVER_URL?.trim();
  let databaseUrl = (db: string) => {
    const url = new URL(server!);
    url.pathname = `/${db}`;
    return url.toString();
  };
  if (!server) {
    let serverUrl = '';
    await supervisor.supervise('postgres', async () => {
      const postgres = await startEmbeddedPostgres({
        dataDir: path.join(dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
      });
      serverUrl = postgres.serverUrl;
      return { exited: postgres.exited, stop: () => postgres.stop() };
    });
    server = serverUrl;
    databaseUrl = (db: string) => serverUrl.replace(/\/postgres$/, `/${db}`);
  }
  const pgUrl = new URL(server);
  const admin = createDb(server, { max: 1, applicationName: 'docex-cluster' });
  try {
    await admin.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
  } catch (err) {
    throw new StartupError(
      'postgres',
      `cannot reach ${pgUrl.hostname}:${pgUrl.port || 5432}: ${(err as Error).message}`,
      'start that server or correct CLUSTER_DATABASE_SERVER_URL (unset, an embedded server is started)',
      err,
    );
  } finally {
    await admin.destroy();
  }
  const { ensureDatabase } = await import('../../core/embedded-postgres.ts');
  await ensureDatabase(server, 'docex');

  // ------------------------------------------------------- temporal-schema
  const sqlTool = (db: string, ...args: string[]) =>
    run(temporalBinaries.sqlTool, [
      '--plugin',
      'postgres12',
      '--ep',
      pgUrl.hostname,
      '-p',
      pgUrl.port || '5432',
      '-u',
      decodeURIComponent(pgUrl.username),
      '--pw',
      decodeURIComponent(pgUrl.password),
      '--db',
      db,
      ...args,
    ]);
  const schemaStarted = Date.now();
  for (const db of CLUSTER.temporalDatabases) {
    const schema = db === 'temporal' ? 'temporal' : 'visibility';
    await ensureDatabase(server, db);
    try {
      await sqlTool(db, 'setup-schema', '-v', '0.0');
      await sqlTool(db, 'update-schema', '-d', path.join(temporalBinaries.schema, schema, 'versioned'));
    } catch (err) {
      throw new StartupError(
        'temporal-schema',
        `the schema of ${db} could not be set up: ${(err as { stderr?: string }).stderr?.trim().split('\n').pop() ?? String(err)}`,
        'see the message; the schema tool runs against the same Postgres server',
      );
    }
  }
  log.info('temporal schema up to date', { databases: CLUSTER.temporalDatabases, ms: Date.now() - schemaStarted });

  // ---------------------------------------------------------------- temporal
  const temporalDir = path.join(dataDir, 'temporal');
  mkdirSync(temporalDir, { recursive: true });
  const temporalConfig = path.join(temporalDir, 'config.yaml');
  writeFileSync(
    path.join(temporalDir, 'dynamicconfig.yaml'),
    'limit.maxIDLength:\n  - value: 255\n    constraints: {}\n',
  );
  writeFileSync(
    temporalConfig,
    temporalServerConfig({
      host: pgUrl.hostname,
      port: Number(pgUrl.port || 5432),
      user: decodeURIComponent(pgUrl.username),
      password: decodeURIComponent(pgUrl.password),
      ports: temporalPorts,
      metricsPort: temporalMetricsPort,
      dynamicConfig: path.join(temporalDir, 'dynamicconfig.yaml'),
    }),
  );
  await supervisor.supervise('temporal', async () => {
    const child = spawn(temporalBinaries.server, ['--config-file', temporalConfig, '--allow-no-auth', 'start'], {
      cwd: temporalDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const tail: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        tail.push(line);
        if (tail.length > 20) tail.shift();
        // The server logs JSON lines of its own; only warnings and errors reach the terminal.
        if (/"level":"(warn|error|fatal|panic)"/.test(line)) process.stderr.write(`${line}\n`);
      }
    });
    recordPid(dataDir, 'temporal', child.pid!);
    const exited = exitOf(child).then(() => forgetPid(dataDir, 'temporal'));
    if (!(await waitForPort(temporalPorts.frontend, '127.0.0.1', 90_000)) || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new StartupError(
        'temporal',
        `the server did not start: ${tail.slice(-3).join(' ')}`,
        'see its lines above',
      );
    }
    return { exited, stop: () => stopChild(child, 20_000) };
  });
  await setUpNamespace(`127.0.0.1:${temporalPorts.frontend}`, config.temporalNamespace);

  // ----------------------------------------------------------------- migrate
  const db = createDb(databaseUrl('docex'), { max: 2, applicationName: 'docex-cluster' });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }

  // --------------------------------------------------------- workers and APIs
  const shared = {
    ...process.env,
    DATABASE_URL: databaseUrl('docex'),
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPorts.frontend}`,
    TEMPORAL_NAMESPACE: config.temporalNamespace,
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: config.publicBaseUrl,
    METRICS_HOST: config.metricsHost,
    WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK?.trim() || 'true',
  };
  const node = (name: string, entry: string, env: NodeJS.ProcessEnv): Running =>
    spawnRecorded(supervisor, {
      name,
      dataDir,
      command: process.execPath,
      args: ['--import', 'tsx', path.join(PROJECT_ROOT, entry)],
      cwd: PROJECT_ROOT,
      env,
    });
  for (let i = 0; i < workerReplicas; i++) {
    await supervisor.supervise(`worker-${i + 1}`, async () =>
      node(`worker-${i + 1}`, 'workers/worker.ts', {
        ...shared,
        WORKER_METRICS_PORT: String(workerMetricsPorts[i]),
        WORKER_TEMPORAL_METRICS_PORT: String(workerTemporalMetricsPorts[i]),
      }),
    );
  }
  for (const i of [0, 1]) {
    await supervisor.supervise(`api-${i + 1}`, async () =>
      node(`api-${i + 1}`, 'api/server.ts', {
        ...shared,
        PORT: String(apiPorts[i]),
        METRICS_PORT: String(apiMetricsPorts[i]),
      }),
    );
  }
  // Four Node processes starting at once on two shared cores take a while.
  for (const port of apiPorts) await supervisor.untilLive('cluster', port, 240_000, 250);

  // ---------------------------------------------------------------------- lb
  const lbConfig = path.join(dataDir, 'haproxy.cfg');
  writeFileSync(lbConfig, haproxyConfig({ port: lbPort, host: config.host, servers: apiPorts, errorDir: dataDir }));
  await supervisor.supervise('lb', async () =>
    spawnRecorded(supervisor, {
      name: 'lb',
      dataDir,
      command: haproxy,
      args: ['-db', '-f', lbConfig],
      cwd: dataDir,
      env: process.env,
      graceMs: 5_000,
    }),
  );
  await supervisor.untilLive('cluster', lbPort, 240_000, 250);

  console.log(
    [
      '',
      '  Document exchange cluster is running',
      `    API (HAProxy)    ${config.publicBaseUrl}/v1  ->  127.0.0.1:${apiPorts.join(', 127.0.0.1:')}`,
      `    Health           ${config.publicBaseUrl}/health/readiness`,
      `    Workers          ${workerReplicas} (metrics ${workerMetricsPorts.slice(0, workerReplicas).join(', ')}; SDK ${workerTemporalMetricsPorts.slice(0, workerReplicas).join(', ')})`,
      `    Temporal         127.0.0.1:${temporalPorts.frontend} (server ${CLUSTER.temporalServerVersion}, namespace ${config.temporalNamespace}, metrics :${temporalMetricsPort}/metrics)`,
      `    Postgres         ${process.env.CLUSTER_DATABASE_SERVER_URL ? `${pgUrl.hostname}:${pgUrl.port}` : `embedded, 127.0.0.1:${config.embeddedPostgresPort}`} (docex, ${CLUSTER.temporalDatabases.join(', ')})`,
      `    Data folder      ${dataDir}`,
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

/** What compose's temporal-setup job does: the namespace and the search attributes, where missing. */
async function setUpNamespace(address: string, namespace: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        const service = connection.workflowService;
        const exists = await service.describeNamespace({ namespace }).then(
          () => true,
          () => false,
        );
        if (!exists)
          await service
            .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs(CLUSTER.namespaceRetention) })
            .catch((err: { code?: number }) => {
              if (err.code !== 6) throw err; // ALREADY_EXISTS
            });
        const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
        // IndexedValueType of temporal.api.enums.v1.
        const types = { Keyword: 2, Bool: 5 } as const;
        const typeOf = (name: string) => Number(customAttributes?.[name] ?? 0);
        // A type other than ours (a Bool once registered as a Double) fails every start that sets it.
        const wrong = Object.entries(SEARCH_ATTRIBUTES).filter(
          ([name, type]) => typeOf(name) && typeOf(name) !== types[type],
        );
        if (wrong.length)
          await connection.operatorService.removeSearchAttributes({
            namespace,
            searchAttributes: wrong.map(([name]) => name),
          });
        const missing = Object.entries(SEARCH_ATTRIBUTES).filter(([name, type]) => typeOf(name) !== types[type]);
        if (missing.length) {
          await connection.operatorService.addSearchAttributes({
            namespace,
            searchAttributes: Object.fromEntries(missing.map(([name, type]) => [name, types[type]])),
          });
        }
        await service.describeNamespace({ namespace });
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      if (Date.now() > deadline)
        throw new StartupError(
          'temporal-setup',
          `namespace ${namespace} could not be set up: ${String(err)}`,
          'see the server lines above',
        );
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

supervisor.runAsProcess('cluster', main);
