import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { PROJECT_ROOT } from '../../core/config.ts';
import { recordedPid } from '../../core/pid-files.ts';
import { isPortFree } from '../../core/ports.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { createDb, type Db } from '../../db/database.ts';
import type { maintenanceWorkflow } from '../../workflows/system/maintenance.ts';
import { buildTemporal, temporalBuilt } from '../../scripts/cluster/temporal-build.mjs';
import { dashboardMetrics, TEMPORAL_DASHBOARD } from '../support/dashboards.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';

/**
 * `npm run start:cluster` under a careful client's load: kill -9 of an API process, a worker, the
 * Temporal server and Postgres, each started again by the supervisor, then a rolling restart of the
 * workers. Nothing may be lost, doubled or stranded, and a client sees only 201 or 503 with Retry-After.
 */

/** Concurrent clients, each sending one invoice after another with a pause between them. */
const CLIENTS = 5;
const PAUSE_MS = 400;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sent {
  idempotencyKey: string;
  number: string;
  documentId?: string;
  /** Every answer other than 201, as `status code retry-after`, or `connection <message>`. */
  refusals: string[];
}

/** A base port whose `offsets` are all free, for the ranges start:cluster derives from one variable. */
async function freeBlock(offsets: number[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below the kernel's ephemeral range (32768 up), which the cluster's many connections draw from, and
    // below 32767 - 106: Temporal records its membership ports (+100 to +106) as SMALLINT.
    const base = 20_000 + Math.floor(Math.random() * 12_500);
    let free = true;
    for (const offset of offsets) if (!(free = await isPortFree(base + offset))) break;
    if (free) return base;
  }
  throw new Error('no free block of ports for the cluster');
}

describe('npm run start:cluster under faults (scripts/cluster/start.ts)', function () {
  this.timeout(20 * 60_000);
  let dir: string;
  let runDir: string;
  let cluster: ChildProcess;
  let output = '';
  let ports: { lb: number; api: number[]; temporal: number; temporalMetrics: number; postgres: number };
  let connection: Connection;
  let temporal: Client;
  let db: Db;
  const url = () => `http://127.0.0.1:${ports.lb}`;
  const tail = () => output.slice(-4000);

  before(async function () {
    // CI runs this suite: a missing build is built here (minutes the first time), never skipped.
    if (!temporalBuilt()) {
      const result = buildTemporal({ log: (line: string) => console.log(`      ${line}`) });
      if (!result.ok) throw new Error(`the Temporal server is needed and could not be built: ${result.reason}`);
    }
    dir = mkdtempSync(path.join(os.tmpdir(), 'docex-cluster-'));
    // The embedded server runs as the postgres user when the tests run as root.
    chmodSync(dir, 0o755);
    runDir = path.join(dir, 'cluster');
    const lb = await freeBlock([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const temporalPort = await freeBlock([0, 1, 2, 6, 10, 100, 101, 102, 106]);
    ports = {
      lb,
      api: [lb + 1, lb + 2],
      temporal: temporalPort,
      temporalMetrics: await freeBlock([0]),
      postgres: await freeBlock([0]),
    };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(lb),
      EMBEDDED_POSTGRES_PORT: String(ports.postgres),
      CLUSTER_TEMPORAL_PORT: String(temporalPort),
      CLUSTER_TEMPORAL_METRICS_PORT: String(ports.temporalMetrics),
      // Few shards: a fresh cluster on two shared cores starts faster, and the faults are the same.
      TEMPORAL_HISTORY_SHARDS: '16',
      LOG_LEVEL: 'warn',
    };
    for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'CLUSTER_DATABASE_SERVER_URL', 'CLUSTER_BASE_PORT'])
      delete env[name];
    const started = Date.now();
    cluster = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'cluster', 'start.ts')], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 400_000) output = output.slice(-200_000);
    };
    cluster.stdout!.on('data', collect);
    cluster.stderr!.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`start:cluster did not come up in 5 min:\n${tail()}`)), 300_000);
      const onData = () => {
        if (!output.includes('Ctrl-C stops everything')) return;
        clearTimeout(timer);
        cluster.stdout!.off('data', onData);
        resolve();
      };
      cluster.stdout!.on('data', onData);
      cluster.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`start:cluster exited with ${code}:\n${tail()}`));
      });
    });
    console.log(`      cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    temporal = new Client({ connection, namespace: 'default' });
    db = createDb(`postgres://postgres:postgres@127.0.0.1:${ports.postgres}/docex`, {
      max: 4,
      applicationName: 'docex-cluster-test',
    });
  });

  after(async function () {
    this.timeout(120_000);
    await db?.destroy().catch(() => undefined);
    await connection?.close().catch(() => undefined);
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The pid of a supervised child as the supervisor records it; Postgres's own postmaster.pid. */
  const pidOf = (name: string): number | undefined => {
    if (name !== 'postgres') return recordedPid(runDir, name);
    const file = path.join(runDir, 'postgres', 'postmaster.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined : undefined;
  };

  const until = async (what: string, probe: () => Promise<boolean>, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s:\n${tail()}`);
      await sleep(250);
    }
  };

  /** Whether a worker process of that pid polls the documents queue (the SDK's identity is `pid@host`). */
  const polls = async (pid: number) => {
    const res = await temporal.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: TASK_QUEUES.documents, kind: 1 },
      taskQueueType: 2,
    });
    const fresh = Date.now() / 1000 - 30;
    return (res.pollers ?? []).some(
      (p) => p.identity?.startsWith(`${pid}@`) && Number(p.lastAccessTime?.seconds ?? 0) > fresh,
    );
  };

  const ready = async () => (await fetch(`${url()}/health/readiness`)).status === 200;

  /** Kills `name` with `signal`, waits for the supervisor's next one of it; what `whileDown` saw. */
  async function restartOf(name: string, signal: NodeJS.Signals, whileDown?: () => Promise<void>) {
    const before = pidOf(name);
    expect(before, `${name} pid`).to.be.a('number');
    const killedAt = Date.now();
    process.kill(before!, signal);
    await whileDown?.();
    let after: number | undefined;
    await until(`${name} started again`, async () => {
      after = pidOf(name);
      return after !== undefined && after !== before;
    });
    return { before: before!, after: after!, killedAt };
  }

  const deliveredCount = async (organizationId: string) =>
    Number(
      (
        await db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('organization_id', '=', organizationId)
          .where('delivery_status', '=', 'delivered')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('kill -9 of an API, a worker, Temporal and Postgres, and a rolling restart of the workers: nothing lost, doubled or stranded', async () => {
    const testStarted = Date.now();
    // A sandbox key through the load balancer, without a plan's limits: the faults are the point.
    const created = await fetch(`${url()}/v1/sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const tenant = await created.json();
    expect(created.status, `${JSON.stringify(tenant)}\n${tail()}`).to.equal(201);
    await db
      .updateTable('organizations')
      .set({ plan: 'white_label' })
      .where('id', '=', tenant.organizationId)
      .execute();
    await db
      .updateTable('api_keys')
      .set({ rate_limit: 1_000_000 })
      .where('organization_id', '=', tenant.organizationId)
      .execute();

    // The careful client: one Idempotency-Key per invoice, a 503 retried after its Retry-After.
    const sent: Sent[] = [];
    let loading = true;
    const send = async (): Promise<void> => {
      const one: Sent = {
        idempotencyKey: randomUUID(),
        number: `INV-C-${randomUUID().slice(0, 13)}`,
        refusals: [],
      };
      sent.push(one);
      const body = JSON.stringify({
        type: 'invoice',
        from: tenant.company.id,
        to: RECIPIENT,
        document: invoiceBody({ number: one.number }),
      });
      const giveUp = Date.now() + 120_000;
      while (Date.now() < giveUp) {
        let res: Response;
        try {
          res = await fetch(`${url()}/v1/documents/send`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${tenant.key}`,
              'content-type': 'application/json',
              'idempotency-key': one.idempotencyKey,
            },
            body,
          });
        } catch (err) {
          one.refusals.push(`connection ${(err as Error).message}`);
          return;
        }
        const answer = await res.json().catch(() => ({}));
        if (res.status === 201) {
          one.documentId = answer.id;
          return;
        }
        const retryAfter = res.headers.get('retry-after');
        one.refusals.push(`${res.status} ${answer.error?.code} ${retryAfter}`);
        // 409 IDEMPOTENCY_IN_PROGRESS: the same key is still claimed (HAProxy re-sent a request whose
        // API died under it while that API's claim stands); it answers Retry-After like a 503.
        const retryable = res.status === 503 || answer.error?.code === 'IDEMPOTENCY_IN_PROGRESS';
        if (!retryable || !retryAfter) return;
        await sleep(Math.min(Number(retryAfter), 5) * 1000 * (0.5 + Math.random() / 2));
      }
    };
    const load = Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (loading) {
          await send();
          await sleep(PAUSE_MS);
        }
      }),
    );
    const timings: Record<string, number> = {};
    const step = async (name: string, fault: () => Promise<void>) => {
      const t0 = Date.now();
      await fault();
      await until(`ready again after ${name}`, ready);
      timings[name] = (Date.now() - t0) / 1000;
    };

    try {
      await sleep(3_000);

      // An API process dies: HAProxy takes it out of rotation and every request reaches the other.
      await step('api-1 kill -9', async () => {
        await restartOf('api-1', 'SIGKILL', async () => {
          await until('api-1 down', async () => {
            await fetch(`http://127.0.0.1:${ports.api[0]}/health/liveness`).then(
              () => {
                throw new Error('still up');
              },
              () => undefined,
            );
            return true;
          });
          // api-1 is dead, so every 200 is the other API's. A starved API may miss its checks too, and
          // HAProxy then answers 503 with Retry-After: a careful client's probe waits and asks again.
          const answers: number[] = [];
          for (let i = 0; i < 10; i++) {
            for (const giveUp = Date.now() + 30_000; ;) {
              const res = await fetch(`${url()}/health/liveness`);
              await res.arrayBuffer();
              const retryAfter = Number(res.headers.get('retry-after'));
              if (res.status !== 503 || !retryAfter || Date.now() > giveUp) {
                answers.push(res.status);
                break;
              }
              await sleep(retryAfter * 1000);
            }
          }
          expect(answers, `the load balancer answers while api-1 is dead\n${tail()}`).to.deep.equal(
            Array(10).fill(200),
          );
        });
        await until(
          'api-1 live again',
          async () => (await fetch(`http://127.0.0.1:${ports.api[0]}/health/liveness`)).ok,
        );
      });

      // A worker dies: the other one goes on delivering until the supervisor's new one polls.
      await step('worker-1 kill -9', async () => {
        const survivor = pidOf('worker-2')!;
        const deliveredAtKill = await deliveredCount(tenant.organizationId);
        let deliveredMeanwhile = 0;
        const { after } = await restartOf('worker-1', 'SIGKILL', async () => {
          await sleep(1_000);
          expect(await polls(survivor), 'worker-2 polls while worker-1 is away').to.equal(true);
        });
        // Deliveries counted before the new worker-1 polls were made by worker-2 alone.
        await until('the new worker-1 polls', async () => {
          const delivered = (await deliveredCount(tenant.organizationId)) - deliveredAtKill;
          if (await polls(after)) return true;
          deliveredMeanwhile = delivered;
          return false;
        });
        console.log(`      delivered by worker-2 alone: ${deliveredMeanwhile}`);
        expect(deliveredMeanwhile, 'deliveries went on on worker-2').to.be.greaterThan(0);
      });

      await step('temporal kill -9', async () => void (await restartOf('temporal', 'SIGKILL')));
      await step('postgres kill -9', async () => void (await restartOf('postgres', 'SIGKILL')));

      // A rolling restart: each worker in turn is stopped (SIGTERM, in-flight work finished) and
      // replaced, the next one only once its replacement polls.
      await step('rolling restart of the workers', async () => {
        for (const name of ['worker-1', 'worker-2']) {
          const { after } = await restartOf(name, 'SIGTERM');
          await until(`the new ${name} polls`, () => polls(after));
        }
      });
      await sleep(3_000);
    } finally {
      loading = false;
      await load;
    }
    const loadSeconds = (Date.now() - testStarted) / 1000;

    // The maintenance sweep starts what a crash left owed; wait until every document is settled.
    const settleStarted = Date.now();
    const open = async () =>
      db
        .selectFrom('documents')
        .select(['id', 'delivery_status'])
        .where('organization_id', '=', tenant.organizationId)
        .where('delivery_status', 'not in', ['delivered', 'failed', 'rejected'])
        .execute();
    await until(
      'every document settled',
      async () => {
        if ((await open()).length === 0) return true;
        await temporal.workflow
          .execute<typeof maintenanceWorkflow>('maintenanceWorkflow', {
            taskQueue: TASK_QUEUES.system,
            workflowId: `maintenance-cluster-${randomUUID()}`,
          })
          .catch(() => undefined);
        await sleep(2_000);
        return (await open()).length === 0;
      },
      180_000,
    );
    const settleSeconds = (Date.now() - settleStarted) / 1000;

    const accepted = sent.filter((s) => s.documentId);
    const refusals = sent.flatMap((s) => s.refusals);
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'number', 'delivery_status', 'error_code'])
      .where('organization_id', '=', tenant.organizationId)
      .execute();
    const owed = await db.selectFrom('workflow_starts').select('workflow_id').execute();
    const withoutRun: string[] = [];
    for (const row of rows) {
      const described = await temporal.workflow
        .getHandle(workflowIds.document(row.id))
        .describe()
        .catch(() => undefined);
      if (!described) withoutRun.push(row.id);
    }
    const byNumber = new Map<string, number>();
    for (const row of rows) byNumber.set(row.number!, (byNumber.get(row.number!) ?? 0) + 1);
    console.log(
      `      ${JSON.stringify({
        sent: sent.length,
        accepted: accepted.length,
        refused503: refusals.filter((r) => r.startsWith('503 ')).length,
        inProgress409: refusals.filter((r) => r.startsWith('409 ')).length,
        delivered: rows.filter((r) => r.delivery_status === 'delivered').length,
        secondsToReady: timings,
        loadSeconds,
        settleSeconds,
      })}`,
    );

    expect(
      refusals.filter((r) => !/^(503 [A-Z_]+|409 IDEMPOTENCY_IN_PROGRESS) \d+$/.test(r)),
      'answers other than 201, 503 with Retry-After and 409 IDEMPOTENCY_IN_PROGRESS with Retry-After',
    ).to.deep.equal([]);
    expect(
      sent.filter((s) => !s.documentId).map((s) => s.refusals.slice(-1)[0]),
      'every client ends with a 201',
    ).to.deep.equal([]);
    expect(rows.map((r) => r.id).sort(), 'the documents are the accepted ones').to.deep.equal(
      accepted.map((s) => s.documentId).sort(),
    );
    expect(
      [...byNumber.entries()].filter(([, n]) => n > 1),
      'one document per idempotency key',
    ).to.deep.equal([]);
    expect(
      rows.filter((r) => r.delivery_status !== 'delivered').map((r) => [r.id, r.delivery_status, r.error_code]),
      'every sandbox invoice ends delivered',
    ).to.deep.equal([]);
    expect(withoutRun, 'documents without a run').to.deep.equal([]);
    expect(owed, 'runs still owed').to.deep.equal([]);
    // A retried key answers with the document it made, not a second one.
    for (const one of accepted.slice(0, 5)) {
      const again = await fetch(`${url()}/v1/documents/send`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tenant.key}`,
          'content-type': 'application/json',
          'idempotency-key': one.idempotencyKey,
        },
        body: JSON.stringify({
          type: 'invoice',
          from: tenant.company.id,
          to: RECIPIENT,
          document: invoiceBody({ number: one.number }),
        }),
      });
      expect(again.status).to.equal(201);
      expect((await again.json()).id).to.equal(one.documentId);
    }
    // Grafana's Temporal server panels read metrics this server exposes.
    const exposed = await (await fetch(`http://127.0.0.1:${ports.temporalMetrics}/metrics`)).text();
    expect(
      dashboardMetrics(TEMPORAL_DASHBOARD).filter((name) => !new RegExp(`^${name}[{ ]`, 'm').test(exposed)),
      "the Temporal dashboard's metrics missing from the server's endpoint",
    ).to.deep.equal([]);
  });

  it('stops on SIGTERM, every child with it', async function () {
    this.timeout(120_000);
    const exited = new Promise<number | null>((r) => cluster.once('exit', (code) => r(code)));
    cluster.kill('SIGTERM');
    expect(await exited, tail()).to.equal(0);
    expect(readdirSync(path.join(runDir, 'run')), 'pid files left').to.deep.equal([]);
    for (const port of [ports.lb, ...ports.api, ports.temporal, ports.temporalMetrics, ports.postgres])
      expect(await isPortFree(port), `port ${port} still in use`).to.equal(true);
  });
});
