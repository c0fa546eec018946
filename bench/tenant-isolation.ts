import { Client, Connection } from '@temporalio/client';
import { newId } from '../core/ids.ts';
import { closePeppolPool, OFFLOAD_MIN_LINES } from '../core/peppol-pool.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { benchTenant, listenBenchApp, percentile, startBenchServers } from './support.ts';

/**
 * Does one tenant's large invoice hold up everyone else? A second tenant sends a small request
 * (`GET /v1/documents?limit=1`) every INTERVAL_MS, first alone (the reference), then while the
 * first tenant sends LARGE invoices of LINES lines (default 5,000) one after the other. Prints the
 * small request's p50/p99/max in both phases and the p99 delay the large invoices add (target:
 * ≤ 100 ms), and the large invoices' own acceptance time. Large bodies are rendered and validated
 * on worker threads (core/peppol-pool.ts, from OFFLOAD_MIN_LINES lines). The workflows the sends
 * start are not run: no worker polls, acceptance is what is measured.
 * Run with `npm run bench:tenant-isolation [lines] [large invoices]`.
 */
const args = process.argv.slice(2);
const LINES = Math.max(1, Number(args[0] ?? 5000));
const LARGE = Math.max(1, Number(args[1] ?? 3));
const INTERVAL_MS = 20;
const REFERENCE_MS = 5_000;
const RECIPIENT = '0208:0202239951';

const largeBody = (companyId: string, i: number) =>
  JSON.stringify({
    type: 'invoice',
    from: companyId,
    to: RECIPIENT,
    document: {
      number: `LARGE-${i}-${newId('probe').slice(6, 12)}`,
      issueDate: '2026-11-21',
      dueDate: '2026-12-21',
      buyerReference: 'PO-LARGE',
      buyer: { name: 'Proximus SA', address: { city: 'Brussels', country: 'BE' } },
      payment: { means: 'credit_transfer', iban: 'BE68539007547034' },
      lines: Array.from({ length: LINES }, (_, n) => ({
        description: `Item ${n}`,
        quantity: 1 + (n % 7),
        unitPrice: 10 + (n % 13),
        vatRate: 21,
        vatCategory: 'S',
      })),
    },
  });

const stats = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

const servers = await startBenchServers('tenant-isolation');
try {
  const db = createDb(servers.databaseUrl, { max: 20, applicationName: 'docex-bench' });
  await migrateToLatest(db);
  const connection = await Connection.connect({ address: servers.temporalAddress });
  const client = new Client({ connection, namespace: 'default' });
  const { base, server } = await listenBenchApp(db, client);
  const big = await benchTenant(db, 'Large');
  const small = await benchTenant(db, 'Small');

  const smallRequest = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/v1/documents?limit=1`, { headers: small.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`small request answered ${res.status}`);
    return performance.now() - t0;
  };
  /** Small requests one every INTERVAL_MS until `done` settles. */
  const probe = async (done: Promise<unknown>) => {
    let finished = false;
    void done.finally(() => (finished = true));
    const latencies: number[] = [];
    while (!finished) {
      const started = performance.now();
      latencies.push(await smallRequest());
      const rest = INTERVAL_MS - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
    return latencies;
  };

  // Warm-up: contract, validators, one large invoice (starts the threads), pools.
  for (let i = 0; i < 20; i++) await smallRequest();
  const warm = await fetch(`${base}/v1/documents/send`, {
    method: 'POST',
    headers: big.headers,
    body: largeBody(big.companyId, -1),
  });
  if (warm.status !== 201)
    throw new Error(`large invoice answered ${warm.status}: ${(await warm.text()).slice(0, 300)}`);

  const reference = stats(await probe(new Promise((r) => setTimeout(r, REFERENCE_MS))));
  const accepted: number[] = [];
  const sending = (async () => {
    for (let i = 0; i < LARGE; i++) {
      const body = largeBody(big.companyId, i);
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/documents/send`, { method: 'POST', headers: big.headers, body });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`large invoice answered ${res.status}`);
      accepted.push(performance.now() - t0);
    }
  })();
  const during = stats(await probe(sending));
  await sending;

  console.log(`\nsmall request of another tenant, one every ${INTERVAL_MS} ms`);
  console.log(
    `  alone (reference)        n ${reference.n}  p50 ${ms(reference.p50)}  p99 ${ms(reference.p99)}  max ${ms(reference.max)}`,
  );
  console.log(
    `  during ${LARGE} × ${LINES} lines    n ${during.n}  p50 ${ms(during.p50)}  p99 ${ms(during.p99)}  max ${ms(during.max)}`,
  );
  console.log(
    `  p99 added by the large invoices ${ms(during.p99 - reference.p99)} (target ≤ 100 ms), ratio ${(during.p99 / reference.p99).toFixed(2)}`,
  );
  console.log(
    `large invoice acceptance (${LINES} lines, threads from ${OFFLOAD_MIN_LINES} lines): ${accepted.map((a) => ms(a)).join(', ')}`,
  );
  server.closeAllConnections();
  server.close();
  await closePeppolPool();
  await connection.close();
  await db.destroy();
} finally {
  await servers.stop();
}
process.exit(0);
