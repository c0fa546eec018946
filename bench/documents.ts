import { Client, Connection } from '@temporalio/client';
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../core/config.ts';
import { stopChild } from '../core/temporal-dev-server.ts';
import { SANDBOX_CONFIRMATION_MS } from '../core/sandbox-scenarios.ts';
import { TASK_QUEUES } from '../core/temporal.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  bareWorkflowRate,
  benchInvoiceBody,
  benchTenant,
  cpuByRole,
  cpuPerItem,
  cpuPerItemByRole,
  percentile,
  spawnBenchApi,
  spawnBenchWorker,
  startBenchServers,
  untilPolled,
} from './support.ts';
import { fileURLToPath } from 'node:url';
import { freePort } from '../core/ports.ts';

/** The worker's metrics listeners: on free ports when observing, off for the baseline. */
async function workerMetricsEnv(): Promise<Record<string, string>> {
  if (!OBSERVE) return { WORKER_METRICS_PORT: '0', WORKER_TEMPORAL_METRICS_PORT: '0' };
  return { WORKER_METRICS_PORT: String(await freePort()), WORKER_TEMPORAL_METRICS_PORT: String(await freePort()) };
}

/**
 * End-to-end send benchmark: DOCUMENTS JSON invoices (default 1000) sent through the HTTP API,
 * CONCURRENCY at a time, to a sandbox recipient, until every one is `delivered` through the
 * document workflow and the simulated access point, which confirms each a few seconds after its
 * hand-off (enough documents make that wait a small part of the run). Prints documents/s, API latency p50/p99, and the rate of bare workflow
 * start-and-complete measured in the same run. The API and the worker run in processes of their own, so
 * the CPU printed per process tells the API's from this process's HTTP client ("bench client"). The bench key has no rate limit so the API, not the
 * plan, is what is measured. Run with `npm run bench:documents [documents] [concurrency] [--warmup=N]`:
 * N documents (default 1,000) and up to 100 bare workflows go through first, delivered before anything is
 * measured.
 *
 * `--compare-metrics` runs the benchmark twice, each in a fresh process with fresh servers: once
 * without request logs and metrics (the worker's /metrics and Temporal SDK exporter off), once
 * with them (tracing off both times), and prints both rates and the cost.
 */
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const DOCUMENTS = Math.max(1, Number(args[0] ?? 1000));
const CONCURRENCY = Math.max(1, Number(args[1] ?? 16));
const warmupArg = process.argv.find((a) => a.startsWith('--warmup='));
const WARMUP = Math.max(0, Number(warmupArg?.slice('--warmup='.length) ?? 1000));
// BENCH_OBSERVE=off is set by --compare-metrics for its baseline run.
const OBSERVE = process.env.BENCH_OBSERVE !== 'off';

if (process.argv.includes('--cluster')) {
  const { benchCluster } = await import('./documents-cluster.ts');
  await benchCluster();
  process.exit(0);
}

if (process.argv.includes('--compare-metrics')) {
  const results: Record<string, { rate: number; acceptRate: number }> = {};
  for (const mode of ['off', 'on'] as const) {
    console.log(`\n— instrumentation ${mode} —`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), String(DOCUMENTS), String(CONCURRENCY), `--warmup=${WARMUP}`],
      { cwd: PROJECT_ROOT, env: { ...process.env, BENCH_OBSERVE: mode }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      process.stdout.write(c);
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
    if (!line) throw new Error(`the ${mode} run printed no result`);
    results[mode] = JSON.parse(line.slice('BENCH_RESULT '.length));
  }
  const { off, on } = results as Record<'off' | 'on', { rate: number; acceptRate: number }>;
  console.log('\ninstrumentation cost (tracing off)');
  console.log(
    `  API acceptance   off ${off.acceptRate.toFixed(1)}   on ${on.acceptRate.toFixed(1)} documents/s   cost ${(100 * (1 - on.acceptRate / off.acceptRate)).toFixed(1)} %`,
  );
  console.log(
    `  end to end       off ${off.rate.toFixed(1)}   on ${on.rate.toFixed(1)} documents/s   cost ${(100 * (1 - on.rate / off.rate)).toFixed(1)} % (target ≤ 10 %)`,
  );
  process.exit(0);
}

const servers = await startBenchServers('documents');
try {
  const db = createDb(servers.databaseUrl, { max: 30, applicationName: 'docex-bench' });
  await migrateToLatest(db);
  const clientConnection = await Connection.connect({ address: servers.temporalAddress });
  const client = new Client({ connection: clientConnection, namespace: 'default' });
  // The worker runs in its own process, as deployed: the API and the activities do not share a thread.
  // WORKER_CPU_PROFILE=<dir> writes the worker's CPU profile there, to see where its time goes.
  const worker = spawnBenchWorker(servers, await workerMetricsEnv(), {
    cpuProfileDir: process.env.WORKER_CPU_PROFILE,
  });
  await untilPolled(client, TASK_QUEUES.documents);
  // The API runs in a process of its own too, so that its CPU is not mixed with this HTTP client's.
  // API_CPU_PROFILE=<dir> writes the API's CPU profile there.
  const api = await spawnBenchApi(servers, { observe: OBSERVE, cpuProfileDir: process.env.API_CPU_PROFILE });
  const base = api.base;

  const { organizationId, companyId, headers } = await benchTenant(db);
  const body = (i: number) => benchInvoiceBody(companyId, i);

  /** Sends `count` documents numbered from `first`, CONCURRENCY at a time; the latency of each send. */
  const sendAll = async (first: number, count: number) => {
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          const i = first + next++;
          const t0 = performance.now();
          const res = await fetch(`${base}/v1/documents/send`, { method: 'POST', headers, body: body(i) });
          latencies.push(performance.now() - t0);
          if (res.status !== 201) {
            if (failures === 0)
              console.log(
                `first refusal: ${res.status} ${Buffer.from(await res.clone().arrayBuffer())
                  .toString()
                  .slice(0, 300)}`,
              );
            failures++;
          }
        }
      }),
    );
    return { latencies, failures };
  };
  /** Waits until `count` documents of the tenant are delivered, or says so and goes on after two minutes. */
  const untilDelivered = async (count: number, since: number): Promise<void> => {
    for (;;) {
      const row = await db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', organizationId)
        .where('delivery_status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      const delivered = Number(row.n);
      if (delivered >= count) return;
      if (performance.now() - since > 120_000) {
        console.log(`gave up waiting: ${delivered} of ${count} delivered after 120 s`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  // Warm-up, left out of every figure: the processes' optimised code, the pools' connections and
  // Postgres' backends are what a running service has. Without it a 1,000-document run measures
  // mostly the API's first seconds of compiling (5.5–6.6 ms a document; 4.3–4.7 after 300 documents
  // of warm-up, 2.9–3.7 after 1,000). More warm-up does not help: Temporal's cost per workflow grows
  // as its in-memory store fills.
  const warmupStarted = performance.now();
  const warmup = await sendAll(-WARMUP, WARMUP);
  await untilDelivered(WARMUP - warmup.failures, warmupStarted);
  await bareWorkflowRate(client, Math.min(WARMUP, 100), CONCURRENCY);
  const deliveredBefore = WARMUP - warmup.failures;

  const cpuBefore = cpuByRole('bench client');
  const started = performance.now();
  const { latencies, failures } = await sendAll(0, DOCUMENTS);
  const accepted = performance.now();
  console.log(
    `accepted ${DOCUMENTS - failures} of ${DOCUMENTS} in ${((accepted - started) / 1000).toFixed(1)} s (${((DOCUMENTS - failures) / ((accepted - started) / 1000)).toFixed(1)} documents/s)`,
  );
  await untilDelivered(deliveredBefore + DOCUMENTS - failures, accepted);
  const done = performance.now();
  const cpuAfter = cpuByRole('bench client');
  console.log(
    `last delivery ${((done - accepted) / 1000).toFixed(1)} s after the last acceptance (the simulated access point confirms each ${SANDBOX_CONFIRMATION_MS / 1000} s after its hand-off)`,
  );

  // Bare Temporal start-and-complete of a workflow without activities, same servers, same concurrency.
  const bareCount = Math.min(DOCUMENTS, 300);
  const bareCpuBefore = cpuByRole('bench client');
  const bareRate = await bareWorkflowRate(client, bareCount, CONCURRENCY);
  const bareCpuAfter = cpuByRole('bench client');

  latencies.sort((a, b) => a - b);
  const rate = DOCUMENTS / ((done - started) / 1000);
  console.log(
    `documents: ${DOCUMENTS} sent (${failures} failed), concurrency ${CONCURRENCY}, after ${WARMUP} to warm up`,
  );
  console.log(
    `end to end (API → delivered)        ${rate.toFixed(1)} documents/s   total ${((done - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `API latency at concurrency ${CONCURRENCY}      p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(`bare workflow start-and-complete      ${bareRate.toFixed(1)} workflows/s`);
  // Where the cores go: a bare workflow's CPU beside a document's shows what the pipeline adds.
  if (cpuAfter.size) {
    console.log(`CPU per document (ms)                 ${cpuPerItem(cpuAfter, cpuBefore, DOCUMENTS)}`);
    console.log(`CPU per bare workflow (ms)            ${cpuPerItem(bareCpuAfter, bareCpuBefore, bareCount)}`);
    console.log("  targets per document: API ≤ 4 ms, Postgres ≤ 4 ms, worker ≤ 1.5 × the bare workflow's");
    // What the ratio could reach if the API, Postgres and the worker met those targets: Temporal's own
    // cost of a document's two workflow tasks stays, and the cores are shared as in this run.
    const doc = cpuPerItemByRole(cpuAfter, cpuBefore, DOCUMENTS);
    const bare = cpuPerItemByRole(bareCpuAfter, bareCpuBefore, bareCount);
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const atTargets = 4 + 4 + (doc.get('Temporal') ?? 0) + 1.5 * (bare.get('worker') ?? 0);
    console.log(
      `  at those targets a document would cost ${atTargets.toFixed(1)} ms against the bare ${sum(bare).toFixed(1)} ms: ratio ≤ ${(sum(bare) / atTargets).toFixed(2)} on this machine`,
    );
  }
  console.log(
    `BENCH_RESULT ${JSON.stringify({
      rate,
      acceptRate: (DOCUMENTS - failures) / ((accepted - started) / 1000),
      cpu: Object.fromEntries(
        [...cpuPerItemByRole(cpuAfter, cpuBefore, DOCUMENTS)].filter(([role]) => role !== 'bench client'),
      ),
    })}`,
  );
  console.log(`ratio to bare rate                    ${(rate / bareRate).toFixed(2)} (target ≥ 0.6)`);

  await stopChild(api.child);
  await stopChild(worker);
  await clientConnection.close();
  await db.destroy();
} finally {
  await servers.stop();
}
