import { pino } from 'pino';
import { loadConfig } from '../core/config.ts';
import { createLogger, useLogger } from '../core/log.ts';
import { connectTemporal, installClientRuntime } from '../core/temporal-client.ts';
import { createDb } from '../db/database.ts';
import { participantIdDirectory } from '../api/documents/parties.ts';
import { listenBenchApp } from './support.ts';

/**
 * The API in a process of its own for `bench:documents` (started by `spawnBenchApi`), so that the CPU
 * it spends is read apart from the benchmark's own HTTP client. Serves on a free loopback port and
 * writes `BENCH_API <base URL>` on stdout once it listens; request lines are serialised as in
 * production, then dropped, unless BENCH_OBSERVE=off.
 */
const observe = process.env.BENCH_OBSERVE !== 'off';
const db = createDb(process.env.DATABASE_URL!, { max: loadConfig().databasePoolSize, applicationName: 'docex-api' });
if (observe) useLogger(createLogger({ level: 'info', destination: pino.destination('/dev/null') }));
// The Temporal client as `api/server.ts` builds it.
installClientRuntime();
const temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS!, 'default');
// bench:as4 has no SML to look recipients up in: the access point's endpoint table stands for it.
const recipients = process.env.BENCH_RECIPIENTS === 'participant-ids' ? participantIdDirectory : undefined;
const { base, server } = await listenBenchApp(db, temporal.client, { observe, ...(recipients ? { recipients } : {}) });
process.stdout.write(`BENCH_API ${base}\n`);

const stop = () => {
  server.close();
  server.closeAllConnections();
  void Promise.allSettled([temporal.close(), db.destroy()]).then(() => process.exit(0));
};
process.once('SIGTERM', stop);
// The benchmark holds stdin open: when it ends, killed or not, so does this process.
process.stdin.once('end', stop).resume();
