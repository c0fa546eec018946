import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomToken } from '../core/ids.ts';
import { freePort } from '../core/ports.ts';
import { stopChild } from '../core/temporal-dev-server.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { renderUbl, wrapInSbdh, type DocumentBody } from '../peppol/index.ts';
import {
  gatewayUnavailable,
  identityOf,
  startGateway,
  writeLoopbackEndpointTable,
} from '../scripts/network/gateway.ts';
import { makeTestPki } from '../scripts/network/pki.ts';
import { benchInvoice } from './invoices.ts';
import { benchTenant, cpuByRole, cpuPerItem, spawnBenchApi, spawnBenchWorker, startBenchServers } from './support.ts';

/**
 * Live documents across two phase4 access points (gateway/) on 127.0.0.1: the service sends through
 * access point A with phoss-ap's contract, A sends over AS4 to B, B forwards to the service, and
 * B's Message Level Status comes back through A. A document counts when its sender sees it
 * `delivered` (after B's MLS). Printed: documents/s and CPU per document per process (the API, the
 * worker, each gateway, Temporal, Postgres), beside phase4's own sender — access point A's submit
 * of an SBD — posting the same invoices to the same receiver in the same run (target: ours ≥ 0.8 ×
 * that); then the time a 500-line and a 5,000-line invoice take from the send to `delivered`
 * (target: ≤ 10×).
 *
 *   npm run bench:as4 [-- documents [concurrency]]     default 200 documents, 8 at a time
 */
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const DOCUMENTS = Math.max(1, Number(args[0] ?? 200));
const CONCURRENCY = Math.max(1, Number(args[1] ?? 8));
const WARMUP = Math.min(100, DOCUMENTS);
const LARGE_RUNS = 3;

const unavailable = gatewayUnavailable();
if (unavailable) {
  console.error(`bench:as4 needs the phase4 access point: ${unavailable}`);
  process.exit(1);
}

/** Runs `task` for 0 … count-1, `concurrency` at a time. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

const servers = await startBenchServers('as4');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'docex-bench-as4-'));
const stops: Array<() => Promise<unknown>> = [];
try {
  const db = createDb(servers.databaseUrl, { max: 10, applicationName: 'docex-bench' });
  stops.push(() => db.destroy());
  await migrateToLatest(db);
  const sender = await benchTenant(db, 'Sender', { livemode: true });
  const recipient = await benchTenant(db, 'Recipient', { livemode: true });

  const apiToken = randomToken(24);
  const forwardToken = randomToken(24);
  Object.assign(process.env, { ACCESS_POINT_TOKEN: apiToken, ACCESS_POINT_FORWARD_TOKEN: forwardToken });
  process.env.BENCH_RECIPIENTS = 'participant-ids';
  const api = await spawnBenchApi(servers);
  stops.push(() => stopChild(api.child));

  const pki = makeTestPki(scratch);
  const ports = { a: await freePort(), b: await freePort() };
  const endpointsFile = path.join(scratch, 'endpoints.json');
  writeLoopbackEndpointTable(endpointsFile, pki, ports, {
    [sender.seller.peppolId]: 'a',
    [recipient.seller.peppolId]: 'b',
  });
  const [a, b] = await Promise.all(
    (['a', 'b'] as const).map((name) =>
      startGateway(
        {
          ...identityOf(pki, name),
          endpointsFile,
          forwardUrl: `${api.base}/internal/access-point/inbound`,
          forwardToken,
          token: apiToken,
          dataDir: path.join(scratch, `gateway-${name}`),
          quickStart: false,
        },
        ports[name],
      ),
    ),
  );
  stops.push(() => Promise.all([a.stop(), b.stop()]));
  const worker = spawnBenchWorker(servers, { ACCESS_POINT_URL: a.url, ACCESS_POINT_TOKEN: apiToken });
  stops.push(() => stopChild(worker));

  let numbered = 0;
  const invoice = (lines: number): DocumentBody => ({
    ...benchInvoice(lines),
    number: `AS4-${++numbered}`,
    seller: sender.seller,
    buyer: recipient.seller,
  });

  /** Sends `count` invoices through the service and waits until every one is delivered. */
  const throughService = async (count: number, lines = 3): Promise<number> => {
    const ids: string[] = [];
    const t0 = performance.now();
    await pool(count, CONCURRENCY, async () => {
      const res = await fetch(`${api.base}/v1/documents/send`, {
        method: 'POST',
        headers: sender.headers,
        body: JSON.stringify({
          type: 'invoice',
          from: sender.companyId,
          to: recipient.seller.peppolId,
          document: invoice(lines),
        }),
      });
      const body = (await res.json()) as { id: string };
      if (res.status !== 201) throw new Error(`send answered ${res.status}: ${JSON.stringify(body)}`);
      ids.push(body.id);
    });
    for (;;) {
      const rows = await db
        .selectFrom('documents')
        .select(['delivery_status', 'error_message'])
        .where('id', 'in', ids)
        .where('delivery_status', '!=', 'pending')
        .execute();
      const failed = rows.find((r) => r.delivery_status !== 'delivered');
      if (failed) throw new Error(`a document was not delivered: ${failed.error_message}`);
      if (rows.length === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - t0;
  };

  /** The same invoices as SBDs submitted straight to access point A: phase4's sender, no service before it. */
  const { xml } = renderUbl('invoice', invoice(3));
  if (!xml) throw new Error('the bench invoice does not render');
  const throughPhase4 = async (count: number): Promise<number> => {
    const t0 = performance.now();
    await pool(count, CONCURRENCY, async () => {
      const wrapped = wrapInSbdh(xml, {
        sender: sender.seller.peppolId,
        receiver: recipient.seller.peppolId,
        instanceId: randomUUID(),
        createdAt: new Date(),
        countryC1: 'BE',
      });
      if (!wrapped.ok) throw new Error('the bench invoice does not wrap');
      const res = await fetch(`${a.url}/api/outbound/submit-sbd`, {
        method: 'POST',
        headers: { 'X-Token': apiToken, 'Content-Type': 'application/xml' },
        body: wrapped.xml,
      });
      if (res.status !== 200) throw new Error(`submit-sbd answered ${res.status}: ${await res.text()}`);
      await res.body?.cancel();
    });
    return performance.now() - t0;
  };

  console.log(`warm-up: ${WARMUP} documents each way`);
  await throughService(WARMUP);
  await throughPhase4(WARMUP);

  // Two rounds, each path after the other, so that neither has the machine warmer than the other.
  console.log(`\n${DOCUMENTS} invoices, ${CONCURRENCY} at a time, two rounds`);
  const ratios: number[] = [];
  for (let round = 1; round <= 2; round++) {
    const before = cpuByRole('bench');
    const oursMs = await throughService(DOCUMENTS);
    const afterOurs = cpuByRole('bench');
    const bareMs = await throughPhase4(DOCUMENTS);
    const afterBare = cpuByRole('bench');
    const ours = DOCUMENTS / (oursMs / 1000);
    const bare = DOCUMENTS / (bareMs / 1000);
    ratios.push(ours / bare);
    console.log(`  round ${round}`);
    console.log(`    through the service (send → delivered, MLS included): ${ours.toFixed(1)} documents/s`);
    console.log(`      CPU ms per document: ${cpuPerItem(afterOurs, before, DOCUMENTS)}`);
    console.log(
      `    phase4's sender (submit-sbd at A → B → the service's inbound door): ${bare.toFixed(1)} documents/s`,
    );
    console.log(`      CPU ms per document: ${cpuPerItem(afterBare, afterOurs, DOCUMENTS)}`);
    console.log(`    ratio ${(ours / bare).toFixed(2)}`);
  }
  console.log(
    `  ratio, mean of the rounds: ${(ratios.reduce((x, y) => x + y) / ratios.length).toFixed(2)} (target ≥ 0.8)`,
  );

  const crossing: Record<number, number> = {};
  for (const lines of [500, 5000]) {
    const times: number[] = [];
    for (let run = 0; run < LARGE_RUNS; run++) times.push(await throughService(1, lines));
    crossing[lines] = median(times);
  }
  console.log(`\none invoice, send → delivered (median of ${LARGE_RUNS})`);
  console.log(`  500 lines ${crossing[500].toFixed(0)} ms, 5,000 lines ${crossing[5000].toFixed(0)} ms`);
  console.log(`  ratio ${(crossing[5000] / crossing[500]).toFixed(1)} (target ≤ 10)`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await servers.stop();
  rmSync(scratch, { recursive: true, force: true });
}
