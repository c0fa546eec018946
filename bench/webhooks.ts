import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { percentile, startBenchServers, type BenchServers } from './support.ts';
import { createEventDispatcher } from '../core/event-dispatcher.ts';
import { newId } from '../core/ids.ts';
import { TASK_QUEUES } from '../core/temporal.ts';
import { createDb, type Db } from '../db/database.ts';
import { insertCompany } from '../db/companies.ts';
import { insertEvent } from '../db/events.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertOrganization } from '../db/organizations.ts';
import { insertWebhook } from '../db/webhooks.ts';
import { createWorkers, runWorkers } from '../workers/create-workers.ts';
import { loadConfig } from '../core/config.ts';
import { createUpstreams } from '../upstreams/index.ts';

/**
 * Webhook fan-out benchmark: EVENTS events (default 1,000), each fanned out to 2 sandbox webhooks on
 * a receiver on 127.0.0.1, through the real event and delivery workflows on a Temporal dev server.
 * Prints the time until every delivery succeeded and the lag from event creation to the first
 * attempt (p50/p99). Uses DATABASE_URL / TEMPORAL_ADDRESS when set, else starts its own servers.
 * Run with `npx tsx bench/webhooks.ts [events]`.
 */
const EVENTS = Math.max(1, Number(process.argv[2] ?? 1000));
const WEBHOOKS = 2;

let benchServers: BenchServers | undefined;

async function countSucceeded(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  benchServers = await startBenchServers('webhooks');
  const { databaseUrl, temporalAddress } = benchServers;
  const db = createDb(databaseUrl, { max: 20, applicationName: 'docex-bench' });
  await migrateToLatest(db);
  const clientConnection = await Connection.connect({ address: temporalAddress });
  const client = new Client({ connection: clientConnection, namespace: 'default' });
  const connection = await NativeConnection.connect({ address: temporalAddress });

  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  const org = await insertOrganization(db, { name: 'Bench', plan: 'platform', country: 'BE' });
  const company = await insertCompany(db, {
    id: newId('comp'),
    organizationId: org.id,
    livemode: false,
    name: 'Bench BV',
    legalName: 'Bench BV',
    vatNumber: 'BE0200000158',
    country: 'BE',
    peppolId: '0208:0200000158',
    address: { country: 'BE' },
    capabilities: { send: ['invoice'], receive: ['invoice'] },
  });
  for (let i = 0; i < WEBHOOKS; i++) {
    await insertWebhook(db, {
      id: newId('wh'),
      organizationId: org.id,
      livemode: false,
      companyId: null,
      url: `http://127.0.0.1:${port}/hook-${i}`,
      events: ['*'],
      secret: `whsec_bench_${i}_0123456789abcdef`,
    });
  }

  const workers = await createWorkers({
    connection,
    namespace: 'default',
    db,
    events: createEventDispatcher(client),
    upstreams: createUpstreams(loadConfig(), db),
    taskQueues: [TASK_QUEUES.webhooks],
  });
  const stop = new AbortController();
  const running = runWorkers(workers, stop.signal);
  const dispatcher = createEventDispatcher(client);

  const started = performance.now();
  // As the service does: commit each event, then hand it to the dispatcher.
  const ids: string[] = [];
  for (let i = 0; i < EVENTS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, EVENTS - i) }, (_, j) =>
        insertEvent(db, {
          organizationId: org.id,
          livemode: false,
          companyId: company.id,
          type: 'document.delivered',
          data: { documentId: `doc_bench_${i + j}`, deliveredAt: new Date().toISOString() },
        }),
      ),
    );
    ids.push(...batch.map((e) => e.id));
    await dispatcher.dispatch(batch);
  }
  const dispatchedMs = performance.now() - started;

  const expected = EVENTS * WEBHOOKS;
  while ((await countSucceeded(db, org.id)) < expected) {
    if (performance.now() - started > 10 * 60_000)
      throw new Error(`only ${await countSucceeded(db, org.id)} of ${expected} deliveries succeeded after 10 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const allDeliveredMs = performance.now() - started;

  const lags = await db
    .selectFrom('webhook_delivery_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select(['a.started_at', 'e.created_at'])
    .where('d.organization_id', '=', org.id)
    .where('a.attempt', '=', 1)
    .execute();
  const lagMs = lags.map((r) => r.started_at.getTime() - r.created_at.getTime()).sort((a, b) => a - b);

  console.log(
    `webhooks: ${EVENTS} events x ${WEBHOOKS} webhooks = ${expected} deliveries (receiver got ${received} requests)`,
  );
  console.log(`  events committed and dispatched in ${(dispatchedMs / 1000).toFixed(2)} s`);
  console.log(
    `  all delivered after              ${(allDeliveredMs / 1000).toFixed(2)} s (${(expected / (allDeliveredMs / 1000)).toFixed(0)} deliveries/s)`,
  );
  console.log(
    `  lag event -> first attempt       p50 ${percentile(lagMs, 50)} ms, p99 ${percentile(lagMs, 99)} ms, max ${lagMs[lagMs.length - 1]} ms`,
  );

  stop.abort();
  await running;
  await connection.close();
  await clientConnection.close();
  await db.destroy();
  await new Promise<void>((resolve) => {
    receiver.closeAllConnections();
    receiver.close(() => resolve());
  });
}

try {
  await main();
} finally {
  await benchServers?.stop();
}
