import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { loadConfig } from '../core/config.ts';
import { forEachConcurrently } from '../core/concurrency.ts';
import { createEventDispatcher } from '../core/event-dispatcher.ts';
import { newId } from '../core/ids.ts';
import { TASK_QUEUES } from '../core/temporal.ts';
import { stopChild } from '../core/temporal-dev-server.ts';
import { createDb } from '../db/database.ts';
import { insertEvent } from '../db/events.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertWebhook } from '../db/webhooks.ts';
import { createUpstreams } from '../upstreams/index.ts';
import { createWorkers, runWorkers } from '../workers/create-workers.ts';
import { DELIVERY_SCHEDULE_MS } from '../workflows/webhooks/delivery.ts';
import {
  bareWorkflowRate,
  benchTenant,
  cpuByRole,
  cpuPerItem,
  percentile,
  spawnBenchWorker,
  startBenchServers,
  untilPolled,
} from './support.ts';

/**
 * Webhook benchmark, on real servers and the worker in its own process, with 2 sandbox webhooks
 * subscribed to every event on a receiver on 127.0.0.1. Events are committed and handed to the
 * event dispatcher as the service does it. Three measures of the same run:
 *  - the bare workflow start-and-complete rate (the reference);
 *  - a sustained phase, RATE events/s for SECONDS s: deliveries/s, the lag from the event's commit to
 *    the receiver's first POST (p50/p95/p99), and the ratio of deliveries/s to the bare rate;
 *  - a burst of BURST events at once, of which one delivery in RETRY_EVERY fails its first attempt:
 *    the time to drain, the wait of the first attempts and how late each retry came against the
 *    schedule of part 6.4.
 * Run with `npm run bench:webhooks [rate] [seconds] [burst]` (defaults 50, 60, 1000).
 *
 * `--dispatch-in-worker` commits and dispatches the events in the process that runs the webhooks
 * worker, as the activities do for most events (delivered, received, lifecycle): delivery runs then
 * start eagerly on that worker. Its CPU is printed with this process's.
 */
const IN_WORKER = process.argv.includes('--dispatch-in-worker');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const RATE = Math.max(1, Number(args[0] ?? 50));
const SECONDS = Math.max(1, Number(args[1] ?? 60));
const BURST = Math.max(1, Number(args[2] ?? 1000));
const WEBHOOKS = 2;
const RETRY_EVERY = 10;
/** Targets of the issue: first-attempt lag p99, the ratio to the bare rate, a retry's lateness. */
const LAG_P99_TARGET_MS = 2_000;
const RATIO_TARGET = 0.5;
const LATENESS_TARGET_MS = 2_000;
/** Concurrent commits of the burst, as many API requests at once would make them. */
const BURST_CONCURRENCY = 32;

interface Post {
  at: number;
  attempt: number;
  ok: boolean;
}

/** What the receiver saw, per delivery, and when each event was committed. */
const posts = new Map<string, { eventId: string; posts: Post[] }>();
const committedAt = new Map<string, number>();
let failFirstAttempts = false;
let firstAttempts = 0;

const receiver = http.createServer((req, res) => {
  const at = Date.now();
  req.resume();
  req.on('end', () => {
    const deliveryId = String(req.headers['x-service-delivery']);
    const attempt = Number(req.headers['x-service-attempt']);
    const ok = !(failFirstAttempts && attempt === 1 && firstAttempts++ % RETRY_EVERY === 0);
    const seen = posts.get(deliveryId) ?? { eventId: String(req.headers['x-service-event-id']), posts: [] };
    seen.posts.push({ at, attempt, ok });
    posts.set(deliveryId, seen);
    res.statusCode = ok ? 204 : 500;
    res.end();
  });
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The deliveries of `events` the receiver saw, once each got a 2xx (or the deadline passed). */
async function delivered(events: Set<string>, deadlineMs: number) {
  const expected = events.size * WEBHOOKS;
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const mine = [...posts.values()].filter((d) => events.has(d.eventId));
    const done = mine.filter((d) => d.posts.some((p) => p.ok));
    if (done.length >= expected) return mine;
    if (Date.now() > deadline) {
      console.log(`  gave up waiting: ${done.length} of ${expected} deliveries succeeded`);
      return mine;
    }
    await sleep(100);
  }
}

// The in-process workers' state changes would interleave with the figures.
if (IN_WORKER) Runtime.install({ logger: new DefaultLogger('WARN') });
const servers = await startBenchServers('webhooks');
try {
  const db = createDb(servers.databaseUrl, { max: 30, applicationName: 'docex-bench' });
  await migrateToLatest(db);
  const clientConnection = IN_WORKER
    ? await NativeConnection.connect({ address: servers.temporalAddress })
    : await Connection.connect({ address: servers.temporalAddress });
  const client = new Client({ connection: clientConnection, namespace: 'default' });
  const taskQueues = [TASK_QUEUES.webhooks, TASK_QUEUES.system];
  let worker: ChildProcess | undefined;
  const stopInProcess = new AbortController();
  let inProcess: Promise<void> | undefined;
  if (clientConnection instanceof NativeConnection) {
    const workers = await createWorkers({
      connection: clientConnection,
      namespace: 'default',
      db,
      events: createEventDispatcher(client, db, { eagerStart: true }),
      upstreams: createUpstreams({ ...loadConfig(), webhookAllowLoopback: true }, db),
      taskQueues,
    });
    inProcess = runWorkers(workers, stopInProcess.signal);
  } else {
    worker = spawnBenchWorker(servers, { WORKER_TASK_QUEUES: taskQueues.join(','), WEBHOOK_ALLOW_LOOPBACK: 'true' });
  }
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  const { organizationId, companyId } = await benchTenant(db);
  for (let i = 0; i < WEBHOOKS; i++) {
    await insertWebhook(db, {
      id: newId('wh'),
      organizationId,
      livemode: false,
      companyId: null,
      url: `http://127.0.0.1:${port}/hook-${i}`,
      events: ['*'],
      secret: `whsec_bench_${i}_0123456789abcdef`,
    });
  }
  // As the API and the activities do: commit the event, then hand it to the dispatcher.
  const dispatcher = createEventDispatcher(client, db, { eagerStart: IN_WORKER });
  let sequence = 0;
  const emit = async (): Promise<string> => {
    const event = await insertEvent(db, {
      organizationId,
      livemode: false,
      companyId,
      type: 'document.delivered',
      data: { documentId: `doc_bench_${sequence++}`, deliveredAt: new Date().toISOString() },
    });
    committedAt.set(event.id, Date.now());
    await dispatcher.dispatch([event]);
    return event.id;
  };

  await untilPolled(client, TASK_QUEUES.webhooks);
  await untilPolled(client, TASK_QUEUES.system);
  // Warm-up: the worker's caches and pools, the first runs of each workflow type.
  const warmUp = new Set(await Promise.all(Array.from({ length: 20 }, emit)));
  await delivered(warmUp, 60_000);
  await bareWorkflowRate(client, 50);

  const bareCpuBefore = cpuByRole();
  const bareCount = 300;
  const bareRate = await bareWorkflowRate(client, bareCount);
  const bareCpuAfter = cpuByRole();

  // Sustained: one event every 1/RATE s, each committed and dispatched on its own.
  const total = Math.round(RATE * SECONDS);
  const sustained = new Set<string>();
  const inFlight: Promise<void>[] = [];
  const cpuBefore = cpuByRole();
  const started = Date.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - Date.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(emit().then((id) => void sustained.add(id)));
  }
  await Promise.all(inFlight);
  const offeredMs = Math.max(...[...sustained].map((id) => committedAt.get(id)!)) - started;
  const sustainedDeliveries = await delivered(sustained, 10 * 60_000);
  const cpuAfter = cpuByRole();
  const firstPostOf = (d: { posts: Post[] }) => Math.min(...d.posts.filter((p) => p.attempt === 1).map((p) => p.at));
  const lags = sustainedDeliveries.map((d) => firstPostOf(d) - committedAt.get(d.eventId)!).sort((a, b) => a - b);
  const lastOk = Math.max(...sustainedDeliveries.flatMap((d) => d.posts.filter((p) => p.ok).map((p) => p.at)));
  const deliveryRate = sustainedDeliveries.length / ((lastOk - started) / 1000);

  // Burst: every event committed at once; one delivery in RETRY_EVERY fails its first attempt once.
  failFirstAttempts = true;
  const burst = new Set<string>();
  const burstStarted = Date.now();
  await forEachConcurrently(Array.from({ length: BURST }), BURST_CONCURRENCY, async () => void burst.add(await emit()));
  const burstCommittedMs = Date.now() - burstStarted;
  const burstDeliveries = await delivered(burst, 10 * 60_000);
  const drainedMs =
    Math.max(...burstDeliveries.flatMap((d) => d.posts.filter((p) => p.ok).map((p) => p.at))) - burstStarted;
  const firstWaits = burstDeliveries.map((d) => firstPostOf(d) - committedAt.get(d.eventId)!).sort((a, b) => a - b);
  // A retry is due its schedule's delay after the failure before it (the failed POST's answer).
  const lateness: number[] = [];
  for (const { posts: seen } of burstDeliveries) {
    const byAttempt = [...seen].sort((a, b) => a.at - b.at);
    for (let i = 1; i < byAttempt.length; i++) {
      if (byAttempt[i].attempt === byAttempt[i - 1].attempt) continue; // a repeated attempt, not a retry
      const due = byAttempt[i - 1].at + DELIVERY_SCHEDULE_MS[byAttempt[i].attempt - 1];
      lateness.push(byAttempt[i].at - due);
    }
  }
  lateness.sort((a, b) => a - b);

  const ratio = deliveryRate / bareRate;
  const p99 = percentile(lags, 99);
  const worstLate = lateness.length ? lateness[lateness.length - 1] : 0;
  console.log(
    `webhooks: ${WEBHOOKS} webhooks subscribed to every event, receiver on 127.0.0.1; events dispatched ${IN_WORKER ? "in the worker's process (eager starts)" : 'from another process'}`,
  );
  console.log(`bare workflow start-and-complete      ${bareRate.toFixed(1)} workflows/s`);
  console.log(
    `sustained ${RATE} events/s for ${SECONDS} s      ${total} events committed in ${seconds(offeredMs)} (${(total / (offeredMs / 1000)).toFixed(1)} events/s), ${sustainedDeliveries.length} deliveries`,
  );
  console.log(
    `  deliveries/s                        ${deliveryRate.toFixed(1)} (last 2xx ${seconds(lastOk - started)} after the first commit)`,
  );
  console.log(
    `  lag commit → first POST             p50 ${percentile(lags, 50)} ms   p95 ${percentile(lags, 95)} ms   p99 ${p99} ms   max ${lags[lags.length - 1]} ms`,
  );
  if (cpuAfter.size) {
    console.log(`  CPU per delivery (ms)               ${cpuPerItem(cpuAfter, cpuBefore, sustainedDeliveries.length)}`);
    console.log(`  CPU per bare workflow (ms)          ${cpuPerItem(bareCpuAfter, bareCpuBefore, bareCount)}`);
  }
  console.log(
    `burst of ${BURST} events                  committed in ${seconds(burstCommittedMs)}, drained in ${seconds(drainedMs)} (${burstDeliveries.length} deliveries, ${lateness.length} retries)`,
  );
  console.log(
    `  first attempts: wait after commit   p50 ${percentile(firstWaits, 50)} ms   p99 ${percentile(firstWaits, 99)} ms   max ${firstWaits[firstWaits.length - 1]} ms`,
  );
  console.log(
    `  retries: late against the schedule  p50 ${percentile(lateness, 50)} ms   max ${worstLate} ms (due ${DELIVERY_SCHEDULE_MS[1] / 1000} s after the failure)`,
  );
  console.log(`first-attempt lag p99                 ${p99} ms (target ≤ ${LAG_P99_TARGET_MS} ms)`);
  console.log(`ratio of deliveries/s to bare rate    ${ratio.toFixed(2)} (target ≥ ${RATIO_TARGET})`);
  console.log(`burst: worst retry lateness           ${worstLate} ms (target ≤ ${LATENESS_TARGET_MS} ms)`);

  if (worker) await stopChild(worker);
  stopInProcess.abort();
  await inProcess;
  await clientConnection.close();
  await db.destroy();
} finally {
  receiver.closeAllConnections();
  receiver.close();
  await servers.stop();
}
