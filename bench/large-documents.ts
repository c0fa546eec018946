import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { renderUbl, type DocumentBody } from '../peppol/index.ts';
import { benchInvoice } from './invoices.ts';
import { benchTenant, listenBenchApp, startBenchServers } from './support.ts';

/**
 * Large documents through the API: a 5,000-line invoice against a 500-line one, sent as JSON and as
 * UBL, then its PDF, XML and structured view read back. Prints the median time of each step and
 * the ratio (target ≤ 10×: linear in the lines). Sending is measured up to the API's answer
 * (acceptance); no worker runs, so the documents stay where acceptance leaves them.
 *
 *   npm run bench:large-documents [-- runs]      runs per size and step (default 5)
 */
const RUNS = Math.max(1, Number(process.argv[2] ?? 5) || 5);
const SIZES = [500, 5000] as const;
const RECIPIENT = '0208:0202239951';

const servers = await startBenchServers('large-documents');
try {
  const db = createDb(servers.databaseUrl, { max: 10, applicationName: 'docex-bench' });
  await migrateToLatest(db);
  const connection = await Connection.connect({ address: servers.temporalAddress });
  const client = new Client({ connection, namespace: 'default' });
  const { base, server } = await listenBenchApp(db, client);

  const {
    companyId,
    seller,
    headers: { authorization },
  } = await benchTenant(db);

  let sent = 0;
  const invoice = (lines: number): DocumentBody => ({ ...benchInvoice(lines), number: `LARGE-${++sent}`, seller });
  const timed = async (url: string, init?: RequestInit): Promise<{ ms: number; body: Buffer }> => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { ...init, headers: { authorization, ...init?.headers } });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${body.toString().slice(0, 500)}`);
    return { ms, body };
  };
  const send = async (format: 'json' | 'ubl-xml', lines: number) => {
    const document = invoice(lines);
    const payload =
      format === 'json'
        ? { type: 'invoice', from: companyId, to: RECIPIENT, document }
        : { type: 'invoice', format, from: companyId, to: RECIPIENT, xml: renderUbl('invoice', document).xml };
    const { ms, body } = await timed('/v1/documents/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { ms, id: (JSON.parse(body.toString()) as { id: string }).id };
  };

  const steps = ['send JSON', 'send UBL', 'read PDF', 'read XML', 'read structured'] as const;
  const times = new Map<string, number[]>();
  const record = (step: string, lines: number, ms: number) => {
    const key = `${step}@${lines}`;
    times.set(key, [...(times.get(key) ?? []), ms]);
  };
  // One warm-up round compiles the code paths and fills the pools; it is not counted.
  for (let run = -1; run < RUNS; run++) {
    for (const lines of SIZES) {
      const json = await send('json', lines);
      const ubl = await send('ubl-xml', lines);
      // One at a time: each read is timed alone.
      const reads: number[] = [];
      for (const view of ['pdf', 'xml', 'structured']) reads.push((await timed(`/v1/documents/${json.id}/${view}`)).ms);
      if (run < 0) continue;
      record('send JSON', lines, json.ms);
      record('send UBL', lines, ubl.ms);
      steps.slice(2).forEach((step, i) => record(step, lines, reads[i]));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`large documents through the API (median of ${RUNS}; target: 5,000 lines ≤ 10× 500 lines)`);
  console.log('| step | 500 lines ms | 5,000 lines ms | ratio |');
  console.log('|---|---|---|---|');
  for (const step of steps) {
    const [small, large] = SIZES.map((lines) => median(times.get(`${step}@${lines}`)!));
    console.log(`| ${step} | ${small.toFixed(0)} | ${large.toFixed(0)} | ${(large / small).toFixed(1)}× |`);
  }
  server.close();
  await connection.close();
  await db.destroy();
} finally {
  await servers.stop();
}
