import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../core/config.ts';
import { recordedPid } from '../core/pid-files.ts';
import { isPortFree } from '../core/ports.ts';
import { createDb } from '../db/database.ts';
import { benchInvoiceBody, benchTenant } from './support.ts';

/**
 * `npm run bench:documents -- --cluster [documents] [concurrency] [--warmup=N]`: the same sends on
 * the Temporal dev server (the plain benchmark, in a child process) and on `npm run start:cluster`
 * (the Temporal server on Postgres, HAProxy, two API processes) with 2 and then 1 worker process.
 * Prints documents/s and CPU per document of each process, side by side.
 */
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const DOCUMENTS = Math.max(1, Number(args[0] ?? 500));
const CONCURRENCY = Math.max(1, Number(args[1] ?? 16));
const warmupArg = process.argv.find((a) => a.startsWith('--warmup='));
const WARMUP = Math.max(0, Number(warmupArg?.slice('--warmup='.length) ?? 300));

interface Result {
  rate: number;
  acceptRate: number;
  /** CPU ms per document by process. */
  cpu: Record<string, number>;
}

/** CPU ms of each process tree whose root is named in `roots`; the rest under `rest` (this process's descendants). */
function cpuByTree(roots: Map<number, string>, rest: string): Map<string, number> {
  const parentOf = new Map<number, number>();
  const ms = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
      // Own time and that of reaped children (Postgres's ended backends): USER_HZ is 100.
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
      ms.set(Number(entry), (utime + stime + cutime + cstime) * 10);
    } catch {
      // ended while read
    }
  }
  const totals = new Map<string, number>();
  for (const [pid, used] of ms) {
    let name: string | undefined;
    for (let p: number | undefined = pid; p && p > 1; p = parentOf.get(p)) {
      name = roots.get(p);
      if (name) break;
      if (p === process.pid) {
        name = rest;
        break;
      }
    }
    if (name && pid !== process.pid) totals.set(name, (totals.get(name) ?? 0) + used);
  }
  return totals;
}

async function freeBlock(offsets: number[]): Promise<number> {
  for (;;) {
    // Below the ephemeral range, and membership ports (+106) below 32767 (Temporal's SMALLINT).
    const base = 20_000 + Math.floor(Math.random() * 12_500);
    let free = true;
    for (const offset of offsets) if (!(free = await isPortFree(base + offset))) break;
    if (free) return base;
  }
}

/** One run on `npm run start:cluster` with `workers` worker processes. */
async function onCluster(workers: number): Promise<Result> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docex-bench-cluster-'));
  chmodSync(dir, 0o755);
  const runDir = path.join(dir, 'cluster');
  const lb = await freeBlock([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const pgPort = await freeBlock([0]);
  const closed = 'http://127.0.0.1:9';
  const env: NodeJS.ProcessEnv = {};
  const cluster: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'cluster', 'start.ts')],
    {
      cwd: PROJECT_ROOT,
      env: Object.assign(env, {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(lb),
        EMBEDDED_POSTGRES_PORT: String(pgPort),
        CLUSTER_TEMPORAL_PORT: String(await freeBlock([0, 1, 2, 6, 10, 100, 101, 102, 106])),
        CLUSTER_TEMPORAL_METRICS_PORT: String(await freeBlock([0])),
        WORKER_REPLICAS: String(workers),
        LOG_LEVEL: 'warn',
        ...Object.fromEntries(
          [
            'REGISTRY_BASE_URL',
            'SMP_BASE_URL',
            'ACCESS_POINT_URL',
            'DIRECTORY_BASE_URL',
            'PPF_BASE_URL',
            'SDI_BASE_URL',
          ].map((name) => [name, closed]),
        ),
        // The cluster's own Postgres and Temporal server, whatever this shell points at.
        DATABASE_URL: undefined,
        TEMPORAL_ADDRESS: undefined,
        CLUSTER_DATABASE_SERVER_URL: undefined,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  cluster.stdout!.on('data', (c) => (output += c));
  cluster.stderr!.on('data', (c) => (output = (output + c).slice(-100_000)));
  try {
    const startedAt = Date.now();
    while (!output.includes('Ctrl-C stops everything')) {
      if (cluster.exitCode !== null || Date.now() - startedAt > 600_000)
        throw new Error(`start:cluster did not come up:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`  cluster with ${workers} worker(s) up in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/docex`, { max: 2 });
    try {
      const { organizationId, companyId, headers } = await benchTenant(db);
      const base = `http://127.0.0.1:${lb}`;
      const body = (i: number) => benchInvoiceBody(companyId, i);
      const sendAll = async (first: number, count: number) => {
        let next = 0;
        let failures = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < count) {
              const i = first + next++;
              const res = await fetch(`${base}/v1/documents/send`, { method: 'POST', headers, body: body(i) });
              await res.arrayBuffer();
              if (res.status !== 201) failures++;
            }
          }),
        );
        return failures;
      };
      const untilDelivered = async (count: number) => {
        const since = Date.now();
        for (;;) {
          const row = await db
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('organization_id', '=', organizationId)
            .where('delivery_status', '=', 'delivered')
            .executeTakeFirstOrThrow();
          if (Number(row.n) >= count) return;
          if (Date.now() - since > 300_000) throw new Error(`${row.n} of ${count} delivered after 300 s`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const warmupFailures = await sendAll(-WARMUP, WARMUP);
      await untilDelivered(WARMUP - warmupFailures);

      const roots = new Map<number, string>();
      for (const name of ['lb', 'api-1', 'api-2', 'worker-1', 'worker-2', 'temporal']) {
        const pid = recordedPid(runDir, name);
        if (pid) roots.set(pid, name === 'temporal' ? 'Temporal' : name);
      }
      const postmaster = path.join(runDir, 'postgres', 'postmaster.pid');
      if (existsSync(postmaster)) roots.set(Number(readFileSync(postmaster, 'utf8').split('\n')[0]), 'Postgres');
      const cpuBefore = cpuByTree(roots, 'supervisor');
      const started = performance.now();
      const failures = await sendAll(0, DOCUMENTS);
      const accepted = performance.now();
      await untilDelivered(WARMUP - warmupFailures + DOCUMENTS - failures);
      const done = performance.now();
      const cpuAfter = cpuByTree(roots, 'supervisor');
      if (failures) console.log(`  ${failures} of ${DOCUMENTS} sends refused`);
      const cpu = Object.fromEntries(
        [...cpuAfter].map(([name, ms]) => [name, (ms - (cpuBefore.get(name) ?? 0)) / DOCUMENTS] as const),
      );
      return {
        rate: DOCUMENTS / ((done - started) / 1000),
        acceptRate: (DOCUMENTS - failures) / ((accepted - started) / 1000),
        cpu,
      };
    } finally {
      await db.destroy();
    }
  } finally {
    const exited = new Promise((r) => (cluster.exitCode !== null ? r(null) : cluster.once('exit', r)));
    cluster.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The plain benchmark on the dev server, in a child process: its BENCH_RESULT line. */
async function onDevServer(): Promise<Result> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'documents.ts'),
      String(DOCUMENTS),
      String(CONCURRENCY),
      `--warmup=${WARMUP}`,
    ],
    { cwd: PROJECT_ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  await new Promise((resolve) => child.once('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (!line) throw new Error(`the dev server run printed no result:\n${out.slice(-2000)}`);
  return JSON.parse(line.slice('BENCH_RESULT '.length));
}

export async function benchCluster(): Promise<void> {
  console.log(
    `documents: ${DOCUMENTS} at concurrency ${CONCURRENCY} after ${WARMUP} to warm up, on ${os.cpus().length} cores`,
  );
  console.log('— Temporal dev server, one API and one worker process —');
  const dev = await onDevServer();
  console.log('— start:cluster, 2 workers —');
  const two = await onCluster(2);
  console.log('— start:cluster, 1 worker —');
  const one = await onCluster(1);

  const columns = [
    ['dev server', dev],
    ['cluster, 2 workers', two],
    ['cluster, 1 worker', one],
  ] as const;
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log('');
  console.log(pad('', 26) + columns.map(([name]) => pad(name, 22)).join(''));
  console.log(pad('end to end, documents/s', 26) + columns.map(([, r]) => pad(r.rate.toFixed(1), 22)).join(''));
  console.log(pad('accepted, documents/s', 26) + columns.map(([, r]) => pad(r.acceptRate.toFixed(1), 22)).join(''));
  console.log('CPU per document (ms)');
  const names = [...new Set(columns.flatMap(([, r]) => Object.keys(r.cpu)))].sort();
  for (const name of names)
    console.log(
      pad(`  ${name}`, 26) +
        columns.map(([, r]) => pad(r.cpu[name] === undefined ? '—' : r.cpu[name].toFixed(1), 22)).join(''),
    );
  const total = (r: Result) => Object.values(r.cpu).reduce((a, b) => a + b, 0);
  console.log(pad('  all processes', 26) + columns.map(([, r]) => pad(total(r).toFixed(1), 22)).join(''));
}
