import type { Client } from '@temporalio/client';
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeySecret } from '../api/api-keys/secrets.ts';
import { createApp } from '../api/app.ts';
import { randomBelgianEnterpriseNumber } from '../api/sandbox/company-seed.ts';
import { loadConfig } from '../core/config.ts';
import { DOCUMENT_TYPES } from '../core/plans.ts';
import { insertApiKey } from '../db/api-keys.ts';
import { insertCompany } from '../db/companies.ts';
import type { Db } from '../db/database.ts';
import { insertOrganization } from '../db/organizations.ts';
import { createUpstreams } from '../upstreams/index.ts';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../core/embedded-postgres.ts';
import { newId } from '../core/ids.ts';
import { freePort } from '../core/ports.ts';
import { startTemporalDevServer, type DevServerHandle } from '../core/temporal-dev-server.ts';
import { PROJECT_ROOT } from '../core/config.ts';
import type { RecipientDirectory } from '../api/documents/parties.ts';
import { TASK_QUEUES } from '../core/temporal.ts';

export interface BenchServers {
  databaseUrl: string;
  temporalAddress: string;
  stop(): Promise<void>;
}

export interface BenchDatabase {
  databaseUrl: string;
  /** The scratch folder of this run, removed by `stop`. */
  scratch: string;
  stop(): Promise<void>;
}

/**
 * A fresh database for a benchmark: on DATABASE_URL's server when set, else on an embedded Postgres
 * in a scratch folder, removed by `stop`.
 */
export async function startBenchDatabase(name: string): Promise<BenchDatabase> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `docex-bench-${name}-`));
  chmodSync(scratch, 0o755);
  let postgres: EmbeddedPostgresHandle | undefined;
  const database = `docex_bench_${newId('probe').slice(6, 14).toLowerCase()}`;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    postgres = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'postgres'), port: await freePort() });
    serverUrl = postgres.serverUrl;
  }
  await ensureDatabase(serverUrl, database);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    databaseUrl: url.toString(),
    scratch,
    async stop() {
      await postgres?.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * The real servers a benchmark runs against: DATABASE_URL / TEMPORAL_ADDRESS when set, else an
 * embedded Postgres and a Temporal dev server of its own in a scratch folder, removed by `stop`.
 */
export async function startBenchServers(name: string): Promise<BenchServers> {
  const database = await startBenchDatabase(name);
  let devServer: DevServerHandle | undefined;
  let temporalAddress = process.env.TEMPORAL_ADDRESS;
  if (!temporalAddress) {
    devServer = await startTemporalDevServer({
      port: await freePort(),
      uiPort: 0,
      namespace: 'default',
      headless: true,
    });
    temporalAddress = devServer.address;
  }
  return {
    databaseUrl: database.databaseUrl,
    temporalAddress,
    async stop() {
      await devServer?.stop();
      await database.stop();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Resolves once a worker polls `taskQueue` (its workflows are bundled and it is ready for work). */
export async function untilPolled(client: Client, taskQueue: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { pollers } = await client.workflowService.describeTaskQueue({
      namespace: client.options.namespace,
      taskQueue: { name: taskQueue },
    });
    if (pollers?.length) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no worker polled ${taskQueue} within ${timeoutMs / 1000} s`);
}

/** CPU ms per item by role between two `cpuByRole` readings. */
export function cpuPerItemByRole(after: Map<string, number>, before: Map<string, number>, count: number) {
  return new Map([...after].map(([role, ms]) => [role, (ms - (before.get(role) ?? 0)) / count] as const));
}

/** CPU per item by role between two `cpuByRole` readings, as printed: `API and bench 2.4, worker 9.5`. */
export function cpuPerItem(after: Map<string, number>, before: Map<string, number>, count: number): string {
  return [...cpuPerItemByRole(after, before, count)]
    .filter(([, ms]) => ms >= 0.05)
    .map(([role, ms]) => `${role} ${ms.toFixed(1)}`)
    .join(', ');
}

/**
 * CPU time (ms) used so far by this process and its descendants, summed by role (this process as
 * `self`, by default "API and bench"; the API of `spawnBenchApi`, worker, Temporal, Postgres). Linux
 * only (reads /proc); empty elsewhere.
 */
export function cpuByRole(self = 'API and bench'): Map<string, number> {
  const roles = new Map<string, number>();
  if (!existsSync('/proc/self/stat')) return roles;
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const parentOf = new Map<number, number>();
  const usage = new Map<number, { ms: number; cmd: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
      usage.set(Number(entry), {
        ms: (Number(fields[11]) + Number(fields[12])) / ticksPerMs,
        cmd: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parentOf.get(p)) if (p === process.pid) return true;
    return false;
  };
  for (const [pid, { ms, cmd }] of usage) {
    if (!descends(pid)) continue;
    const gateway = /-Dgateway\.name=(\S+)/.exec(cmd)?.[1];
    const role =
      pid === process.pid
        ? self
        : gateway
          ? `gateway ${gateway.toUpperCase()}`
          : cmd.includes('api-process.ts')
            ? 'API'
            : cmd.includes('worker.ts')
              ? 'worker'
              : cmd.includes('temporal')
                ? 'Temporal'
                : cmd.includes('postgres')
                  ? 'Postgres'
                  : 'other';
    roles.set(role, (roles.get(role) ?? 0) + ms);
  }
  return roles;
}

/**
 * The API as `api/server.ts` builds it (every upstream of the config, sandbox simulators for sandbox
 * keys), listening on a free loopback port: what each benchmark sends its requests to.
 */
export async function listenBenchApp(
  db: Db,
  temporal: Client,
  options: { observe?: boolean; recipients?: RecipientDirectory } = {},
): Promise<{ base: string; server: Server }> {
  const config = loadConfig();
  const upstreams = createUpstreams(config, db);
  const app = createApp({
    db,
    temporal,
    publicBaseUrl: 'http://bench',
    upstreams,
    accessPoint: { forwardToken: config.accessPointForwardToken },
    observe: options.observe ?? false,
    ...(options.recipients ? { recipients: options.recipients } : {}),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A TypeScript entry point of the project in a Node process of its own, its CPU profile written when asked. */
function spawnProjectScript(
  script: string,
  options: { env: Record<string, string>; cpuProfileDir: string | undefined; stdio: StdioOptions },
): ChildProcess {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', path.join(PROJECT_ROOT, script)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...options.env },
    stdio: options.stdio,
  });
}

/**
 * The API as `listenBenchApp` builds it, in a process of its own (`bench/api-process.ts`), so that its
 * CPU is read apart from the benchmark's HTTP client (`cpuByRole` names it "API"). Stop it with
 * `stopChild`.
 */
export async function spawnBenchApi(
  servers: { databaseUrl: string; temporalAddress: string },
  options: { observe?: boolean; cpuProfileDir?: string } = {},
): Promise<{ base: string; child: ChildProcess }> {
  const child = spawnProjectScript(path.join('bench', 'api-process.ts'), {
    env: {
      DATABASE_URL: servers.databaseUrl,
      TEMPORAL_ADDRESS: servers.temporalAddress,
      BENCH_OBSERVE: options.observe === false ? 'off' : 'on',
    },
    cpuProfileDir: options.cpuProfileDir,
    // stdin stays open while the benchmark lives: the API ends with it, even if the benchmark is killed.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += String(chunk);
      const line = /^BENCH_API (\S+)$/m.exec(out);
      if (!line) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve(line[1]);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the bench API exited (${code}) before it listened`)));
  });
  return { base, child };
}

/** The body of bench send `i`: a small Belgian invoice from the bench company, numbered by `i`. */
export function benchInvoiceBody(companyId: string, i: number): string {
  return JSON.stringify({
    type: 'invoice',
    from: companyId,
    to: '0208:0202239951',
    document: {
      number: `BENCH-${i}`,
      issueDate: '2026-11-21',
      buyerReference: 'PO-BENCH',
      dueDate: '2026-12-21',
      buyer: { name: 'Proximus SA', address: { city: 'Brussels', country: 'BE' } },
      payment: { means: 'credit_transfer', iban: 'BE68539007547034' },
      lines: [{ description: 'Service', quantity: 2, unitPrice: 50, vatRate: 21, vatCategory: 'S' }],
    },
  });
}

/**
 * A sandbox (or, with `livemode`, a live) organization with one Belgian company that sends and
 * receives every type, and a key without a rate limit, so that a benchmark measures the service and
 * not the plan (white-label: no document quota either).
 */
export async function benchTenant(db: Db, name = 'Bench', { livemode = false }: { livemode?: boolean } = {}) {
  const organization = await insertOrganization(db, { name, plan: 'white_label', country: 'BE', sandbox: !livemode });
  const number = randomBelgianEnterpriseNumber();
  const seller = {
    name: `${name} BV`,
    vatNumber: `BE${number}`,
    peppolId: `0208:${number}`,
    legalId: { scheme: '0208', value: number },
    address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' },
  };
  const company = await insertCompany(db, {
    id: newId('comp'),
    organizationId: organization.id,
    livemode,
    name: seller.name,
    legalName: seller.name,
    vatNumber: seller.vatNumber,
    country: 'BE',
    peppolId: seller.peppolId,
    address: seller.address,
    capabilities: { send: [...DOCUMENT_TYPES], receive: [...DOCUMENT_TYPES] },
  });
  const { secret, keyPrefix } = generateKeySecret('personal', livemode);
  await insertApiKey(db, {
    id: newId('key'),
    organizationId: organization.id,
    companyId: null,
    name: 'bench',
    keyType: 'personal',
    livemode,
    keyPrefix,
    secret,
    scopes: ['*'],
    rateLimit: 1_000_000,
    expiresAt: null,
    createdBy: 'bench',
  });
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  return { organizationId: organization.id, companyId: company.id, seller, headers };
}

/**
 * Bare Temporal start-and-complete: `count` runs of a workflow without activities, `concurrency` at a
 * time, on the `system` queue of the run's worker. The reference a benchmark divides its own rate by.
 */
export async function bareWorkflowRate(client: Client, count = 300, concurrency = 16): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        await client.workflow.execute('timedWaitWorkflow', {
          taskQueue: TASK_QUEUES.system,
          workflowId: `bench-bare-${i}-${Date.now()}`,
          args: [{ livemode: true, waitMs: 0 }],
        });
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/**
 * The worker in its own process, as deployed (`workers/worker.ts` on the run's servers), so the
 * benchmark's own work does not share its thread. Stop it with `stopChild`.
 */
export function spawnBenchWorker(
  servers: { databaseUrl: string; temporalAddress: string },
  env: Record<string, string> = {},
  options: { cpuProfileDir?: string | undefined } = {},
): ChildProcess {
  const worker = spawnProjectScript(path.join('workers', 'worker.ts'), {
    env: {
      DATABASE_URL: servers.databaseUrl,
      TEMPORAL_ADDRESS: servers.temporalAddress,
      LOG_LEVEL: 'warn',
      WORKER_METRICS_PORT: '0',
      WORKER_TEMPORAL_METRICS_PORT: '0',
      ...env,
    },
    cpuProfileDir: options.cpuProfileDir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  worker.stderr?.on('data', (c) => {
    errors += c;
  });
  worker.once('exit', (code) => {
    if (code) console.error(`worker exited (${code}): ${errors}`);
  });
  return worker;
}
