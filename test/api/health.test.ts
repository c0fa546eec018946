import { expect } from 'chai';
import { sql } from 'kysely';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { TASK_QUEUES } from '../../core/temporal.ts';
import { createDb } from '../../db/database.ts';
import { findProbe } from '../../db/probes.ts';
import { freePort } from '../../core/ports.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';

describe('health endpoints', () => {
  let app: TestApp;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
  });
  after(() => app.close());

  it('GET /health/liveness answers 200 {status: ok} without auth, with a request id', async () => {
    const res = await fetch(`${app.url}/health/liveness`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-request-id')).to.match(/^req_[0-9A-Za-z]{20}$/);
    expect(await res.json()).to.deep.equal({ status: 'ok' });
  });

  it('GET /health/readiness reports closed circuits and the pollers of every task queue', async () => {
    const res = await fetch(`${app.url}/health/readiness`);
    expect(res.status).to.equal(200);
    const body = await res.json();
    expect(body.status).to.equal('ok');
    expect(body.circuits).to.deep.equal({
      postgres: { state: 'closed', failures: 0 },
      temporal: { state: 'closed', failures: 0 },
    });
    expect(Object.keys(body.taskQueues).sort()).to.deep.equal(Object.values(TASK_QUEUES).sort());
    for (const [queue, state] of Object.entries<Record<string, unknown>>(body.taskQueues)) {
      expect(state.status, queue).to.equal('ok');
      expect(state.pollers, queue).to.be.at.least(1);
      expect(Date.parse(String(state.lastPollerSeenAt)), queue).to.be.closeTo(Date.now(), 10_000);
    }
  });

  describe('a task queue the API feeds', () => {
    const queue = `readiness-${Date.now().toString(36)}`;
    let strict: TestApp;
    let lenient: TestApp;
    before(async () => {
      strict = await startTestApp({ readiness: { taskQueues: [queue], graceMs: 0 } });
      lenient = await startTestApp({ readiness: { taskQueues: [queue], graceMs: 600_000 } });
    });
    after(async () => {
      await strict.close();
      await lenient.close();
    });

    it('without a worker past the bound: 503 with Retry-After, the queue starved with no poller', async () => {
      const res = await fetch(`${strict.url}/health/readiness`);
      expect(res.status).to.equal(503);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      const body = await res.json();
      expect(body.status).to.equal('unavailable');
      expect(body.circuits.temporal).to.deep.equal({ state: 'closed', failures: 0 });
      expect(body.taskQueues).to.deep.equal({ [queue]: { status: 'starved', pollers: 0 } });
    });

    it('without a worker within the bound: still ready, the queue waiting', async () => {
      const res = await fetch(`${lenient.url}/health/readiness`);
      expect(res.status).to.equal(200);
      expect((await res.json()).taskQueues).to.deep.equal({ [queue]: { status: 'waiting', pollers: 0 } });
    });

    it('with a worker polling it: 200, one poller', async () => {
      const connection = await NativeConnection.connect({ address: testServers().temporalAddress });
      const worker = await Worker.create({
        connection,
        taskQueue: queue,
        identity: 'readiness-test-worker',
        activities: { noop: async () => undefined },
      });
      const running = worker.run();
      try {
        const deadline = Date.now() + 20_000;
        let res = await fetch(`${strict.url}/health/readiness`);
        while (res.status !== 200 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 200));
          res = await fetch(`${strict.url}/health/readiness`);
        }
        expect(res.status).to.equal(200);
        const state = (await res.json()).taskQueues[queue];
        expect(state).to.include({ status: 'ok', pollers: 1 });
        expect(state.lastPollerSeenAt).to.be.a('string');
      } finally {
        worker.shutdown();
        await running;
        await connection.close();
      }
    });
  });

  it('GET /health/contracts runs the probe workflow end to end: API → Temporal → worker → Postgres row', async () => {
    const res = await fetch(`${app.url}/health/contracts`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.status).to.equal('ok');
    expect(body.contracts.postgres.status).to.equal('ok');
    expect(body.contracts.temporal.status).to.equal('ok');
    const workflowId = /^(probe:probe_[0-9A-Za-z]{20}) recorded$/.exec(body.contracts.temporal.detail)?.[1];
    expect(workflowId, body.contracts.temporal.detail).to.be.a('string');
    const row = await findProbe(testServers().db, workflowId!.slice('probe:'.length));
    expect(row?.requested_by).to.equal('health/contracts');
    const described = await testServers().temporal.workflow.getHandle(workflowId!).describe();
    expect(described.status.name).to.equal('COMPLETED');
  });

  describe('with a dependency down', () => {
    let downApp: TestApp;
    let deadDb: ReturnType<typeof createDb>;
    let deadConnection: Connection;
    before(async () => {
      // Nothing listens on these ports: the same app, wired to dependencies that are gone.
      deadDb = createDb(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/none`, { max: 1 });
      deadConnection = Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: 500 });
      downApp = await startTestApp({ db: deadDb, temporal: new Client({ connection: deadConnection }) });
    });
    after(async () => {
      await downApp.close();
      await deadDb.destroy();
    });

    it('GET /health/readiness answers 503 with Retry-After and counts failures per circuit', async () => {
      const res = await fetch(`${downApp.url}/health/readiness`);
      expect(res.status).to.equal(503);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      const body = await res.json();
      expect(body.status).to.equal('unavailable');
      expect(body.circuits.postgres).to.deep.equal({ state: 'closed', failures: 1 });
      expect(body.circuits.temporal).to.deep.equal({ state: 'closed', failures: 1 });
    });

    it('opens the postgres circuit after three failed checks', async () => {
      await fetch(`${downApp.url}/health/readiness`);
      const res = await fetch(`${downApp.url}/health/readiness`);
      const body = await res.json();
      expect(res.status).to.equal(503);
      expect(body.circuits.postgres).to.deep.equal({ state: 'open', failures: 3 });
    });

    it('answers an API key with 503 UPSTREAM_UNAVAILABLE and Retry-After, never a credential error', async () => {
      const res = await fetch(`${downApp.url}/v1/companies`, {
        headers: { authorization: `Bearer svc_test_${'a'.repeat(40)}` },
      });
      expect(res.status).to.equal(503);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      expect((await errorBody(res)).code).to.equal('UPSTREAM_UNAVAILABLE');
    });

    it('GET /health/contracts answers 503 naming the failed probes', async () => {
      const res = await fetch(`${downApp.url}/health/contracts`);
      expect(res.status).to.equal(503);
      const body = await res.json();
      expect(body.status).to.equal('failing');
      expect(body.contracts.postgres.status).to.equal('failed');
      expect(body.contracts.postgres.error).to.be.a('string').and.not.be.empty;
      expect(body.contracts.temporal.status).to.equal('failed');
    });
  });

  describe('a connection lost inside a transaction', () => {
    it('fails the next statement of the transaction instead of crashing the process', async () => {
      const db = createDb(testServers().databaseUrl, { max: 1, applicationName: 'docex-terminated' });
      try {
        const outcome = await db
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            // Killed while the transaction holds the client between two statements: no query of ours is listening.
            await sql`select pg_terminate_backend(${rows[0].pid})`.execute(testServers().db);
            await new Promise((resolve) => setTimeout(resolve, 200));
            await sql`select 1`.execute(trx);
            return 'committed';
          })
          .catch((err: Error) => err.message);
        expect(outcome).to.not.equal('committed');
        // The pool recovers by itself: the next query gets a fresh connection.
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
        expect(rows[0].one).to.equal(1);
      } finally {
        await db.destroy();
      }
    });
  });
});
