import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, chmodSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { createApp } from '../../api/app.ts';
import { loadConfig, PROJECT_ROOT } from '../../core/config.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../core/embedded-postgres.ts';
import { freePort } from '../../core/ports.ts';
import { TASK_QUEUES } from '../../core/temporal.ts';
import { startTemporalDevServer, type DevServerHandle } from '../../core/temporal-dev-server.ts';
import { connectTemporal, type TemporalClientHandle } from '../../core/temporal-client.ts';
import { createDb, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { withDatabase } from '../support/servers.ts';
import { loopbackWebhookSenders, testUpstreams } from '../support/upstreams.ts';

export type Target = 'worker' | 'temporal' | 'postgres';

/**
 * The service as it runs in production, on this machine: Postgres, the Temporal dev server (on a
 * SQLite file, so a restart keeps its runs) and the worker each in a process of their own that the
 * suite kills with SIGKILL and starts again; the API in the test process, which must outlive them all.
 */
export class FaultStack {
  private postgres?: EmbeddedPostgresHandle;
  private temporalServer?: DevServerHandle;
  private worker?: ChildProcess;
  private server?: Server;
  private connection?: TemporalClientHandle;
  db!: Db;
  temporal!: Client;
  url!: string;
  databaseUrl!: string;

  private constructor(
    private readonly dir: string,
    private readonly pgPort: number,
    private readonly temporalPort: number,
  ) {}

  static async start(): Promise<FaultStack> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docex-faults-'));
    chmodSync(dir, 0o755);
    const stack = new FaultStack(dir, await freePort(), await freePort());
    await stack.startPostgres();
    await ensureDatabase(stack.postgres!.serverUrl, 'docex_faults');
    stack.databaseUrl = withDatabase(stack.postgres!.serverUrl, 'docex_faults');
    stack.db = createDb(stack.databaseUrl, { max: 40, applicationName: 'docex-faults-api' });
    await migrateToLatest(stack.db);
    await stack.startTemporal();
    // The API's own connection, so that killing Temporal tests what a deployed API does.
    stack.connection = await connectTemporal(`127.0.0.1:${stack.temporalPort}`, 'default');
    stack.temporal = stack.connection.client;
    await stack.startWorker();
    await stack.startApi();
    return stack;
  }

  private async startPostgres(): Promise<void> {
    // A postmaster killed with SIGKILL leaves its backends to notice and exit: retry until they have.
    for (let attempt = 1; ; attempt++) {
      try {
        this.postgres = await startEmbeddedPostgres({ dataDir: path.join(this.dir, 'postgres'), port: this.pgPort });
        return;
      } catch (err) {
        if (attempt >= 20) throw err;
        await sleep(500);
      }
    }
  }

  private async startTemporal(): Promise<void> {
    this.temporalServer = await startTemporalDevServer({
      port: this.temporalPort,
      uiPort: 0,
      namespace: 'default',
      headless: true,
      dbFile: path.join(this.dir, 'temporal.db'),
    });
  }

  private async startWorker(): Promise<void> {
    this.worker = spawn(process.execPath, ['--import', 'tsx', 'workers/worker.ts'], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        TEMPORAL_ADDRESS: `127.0.0.1:${this.temporalPort}`,
        WORKER_METRICS_PORT: '0',
        WORKER_TEMPORAL_METRICS_PORT: '0',
        LOG_LEVEL: 'error',
        // The webhook fault case delivers to a receiver of the test process.
        WEBHOOK_ALLOW_LOOPBACK: 'true',
      },
    });
    this.worker.stderr?.resume();
    await this.waitForPollers();
  }

  /** The worker is up once it polls the documents queue. */
  private async waitForPollers(): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const described = await this.temporal.workflowService
        .describeTaskQueue({ namespace: 'default', taskQueue: { name: TASK_QUEUES.documents }, taskQueueType: 1 })
        .catch(() => undefined);
      if (described?.pollers?.some((p) => Date.now() - Number(p.lastAccessTime?.seconds ?? 0) * 1000 < 5_000)) return;
      await sleep(500);
    }
    throw new Error('the worker did not start polling within 2 minutes');
  }

  private async startApi(): Promise<void> {
    const upstreams = { ...testUpstreams({}, this.db), webhooks: loopbackWebhookSenders() };
    const app = createApp({
      db: this.db,
      temporal: this.temporal,
      publicBaseUrl: 'http://docs.test',
      validateResponses: true,
      bootstrapPerHour: 100,
      upstreams,
      accessPoint: { forwardToken: loadConfig().accessPointForwardToken },
      observe: false,
    });
    this.server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** SIGKILL, as a crash or the OOM killer would: no shutdown hook of the process runs. */
  kill(target: Target): void {
    if (target === 'worker') this.worker?.kill('SIGKILL');
    if (target === 'temporal') this.temporalServer?.process.kill('SIGKILL');
    if (target === 'postgres') {
      const pidFile = path.join(this.dir, 'postgres', 'postmaster.pid');
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
    }
  }

  async restart(target: Target): Promise<void> {
    if (target === 'worker') await this.startWorker();
    if (target === 'temporal') {
      await this.startTemporal();
      // The worker reconnects by itself; wait until it polls again before the suite goes on.
      await this.waitForPollers();
    }
    if (target === 'postgres') await this.startPostgres();
  }

  async stop(): Promise<void> {
    this.worker?.kill('SIGKILL');
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise((resolve) => this.server!.close(resolve));
    }
    await this.connection?.close().catch(() => undefined);
    await this.db?.destroy().catch(() => undefined);
    await this.temporalServer?.stop().catch(() => undefined);
    await this.postgres?.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
