import { spawn, type ChildProcess } from 'node:child_process';
import { takeOverSignalHandling } from './embedded-postgres.ts';
import { log } from './log.ts';
import { forgetPid, recordPid } from './pid-files.ts';
import { logStartupFailure, StartupError } from './startup-error.ts';
import { stopChild } from './temporal-dev-server.ts';

/** Pauses before restarting a child that died n times in a row; a minute of uptime resets the count. */
const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
const STABLE_AFTER_MS = 60_000;

/**
 * Restarts in a row, each dying within a minute, after which a child is left stopped: one that cannot
 * start (a taken port, a bad setting) says why in its own log line, and restarting it forever would
 * only bury that line. Readiness then reports its task queues without pollers.
 */
export function maxRestartsFrom(env: NodeJS.ProcessEnv): number {
  const raw = env.SUPERVISOR_MAX_RESTARTS?.trim();
  const value = Number(raw || 5);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`SUPERVISOR_MAX_RESTARTS must be a positive integer, got "${raw}"`);
  return value;
}

export interface Running {
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

/** One child of the supervisor, started again whenever it ends unless everything is stopping. */
class Supervised {
  private current: Running | undefined;
  private failures = 0;

  constructor(
    readonly name: string,
    private readonly start: () => Promise<Running>,
    private readonly owner: Supervisor,
  ) {}

  async run(): Promise<void> {
    this.current = await this.start();
    void this.watch(this.current);
  }

  private async watch(running: Running): Promise<void> {
    const startedAt = Date.now();
    await running.exited;
    if (this.owner.stopping || this.current !== running) return;
    this.current = undefined;
    if (Date.now() - startedAt > STABLE_AFTER_MS) this.failures = 0;
    for (;;) {
      if (this.failures >= this.owner.maxRestarts) {
        log.error('child keeps failing; no longer restarting it', {
          name: this.name,
          restarts: this.failures,
          fix: `see the ${this.name} lines above for why it exits, fix that, then start again`,
        });
        return;
      }
      const pauseMs = RESTART_BACKOFF_MS[Math.min(this.failures, RESTART_BACKOFF_MS.length - 1)];
      this.failures += 1;
      log.error('child exited; restarting it', { name: this.name, restart: this.failures, inMs: pauseMs });
      await new Promise((r) => setTimeout(r, pauseMs));
      if (this.owner.stopping) return;
      try {
        this.current = await this.start();
        log.info('child restarted', { name: this.name, restart: this.failures });
        return void this.watch(this.current);
      } catch (err) {
        log.error('child did not restart', { name: this.name, error: String((err as Error)?.message ?? err) });
      }
    }
  }

  async stop(): Promise<void> {
    const running = this.current;
    this.current = undefined;
    await running?.stop();
  }
}

/**
 * Keeps children running (`npm start`, `npm run start:cluster`): each is started again after a pause
 * that grows with repeated deaths, up to `maxRestarts` quick deaths in a row; `shutdown` stops them
 * in reverse order of starting.
 */
export class Supervisor {
  stopping = false;
  private readonly children: Supervised[] = [];

  constructor(readonly maxRestarts: number) {}

  async supervise(name: string, start: () => Promise<Running>): Promise<void> {
    const child = new Supervised(name, start, this);
    this.children.push(child);
    await child.run();
  }

  async shutdown(): Promise<void> {
    this.stopping = true;
    for (const child of [...this.children].reverse()) await child.stop();
  }

  /**
   * Waits until an API answers `/health/liveness` on `port`; a StartupError naming `name` after
   * `timeoutMs`. Returns at once when everything is stopping: the stop says why.
   */
  async untilLive(name: string, port: number, timeoutMs: number, pollMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !this.stopping) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health/liveness`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
    if (!this.stopping)
      throw new StartupError(
        name,
        `127.0.0.1:${port} did not answer /health/liveness within ${timeoutMs / 1000} s`,
        'see its output above',
      );
  }

  /**
   * Runs `main` as the process's supervisor: SIGINT and SIGTERM stop every child in reverse order,
   * then the process; a failure of `main` is logged under `name` and stops them the same way.
   */
  runAsProcess(name: string, main: () => Promise<void>): void {
    const shutdown = async (code: number) => {
      if (this.stopping) return;
      await this.shutdown();
      process.exit(code);
    };
    takeOverSignalHandling();
    process.on('SIGINT', () => void shutdown(0));
    process.on('SIGTERM', () => void shutdown(0));
    main().catch(async (err) => {
      logStartupFailure(name, err);
      await shutdown(1);
    });
  }
}

export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * A child process whose pid is recorded under the data folder while it runs (so the next start ends
 * a leftover of a supervisor killed with SIGKILL), its output passed through.
 */
export function spawnRecorded(
  supervisor: Supervisor,
  options: {
    name: string;
    dataDir: string;
    command: string;
    args: string[];
    cwd: string;
    env: NodeJS.ProcessEnv;
    graceMs?: number;
  },
): Running {
  const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: 'inherit' });
  recordPid(options.dataDir, options.name, child.pid!);
  child.once('exit', (code, signal) => {
    forgetPid(options.dataDir, options.name);
    if (!supervisor.stopping) log.error('service exited', { name: options.name, code, signal });
  });
  return { exited: exitOf(child), stop: () => stopChild(child, options.graceMs ?? 15_000) };
}
