import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { PROJECT_ROOT } from '../../core/config.ts';
import { freePort, isPortFree } from '../../core/ports.ts';
import { testServers } from '../support/servers.ts';

interface Started {
  child: ChildProcess;
  output: () => string;
}

function startService(env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'start.ts')], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (c) => {
    text += c;
  });
  child.stderr.on('data', (c) => {
    text += c;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up in 120 s:\n${text}`)), 120_000);
    const onData = () => {
      if (text.includes('Ctrl-C stops everything')) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve({ child, output: () => text });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${text}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('npm start (scripts/start.ts)', function () {
  this.timeout(300_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: { api: number; pg: number; temporal: number; ui: number };

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'docex-start-'));
    chmodSync(dataDir, 0o755);
    ports = { api: await freePort(), pg: await freePort(), temporal: await freePort(), ui: await freePort() };
    // Live upstreams point at closed loopback ports: the test never reaches outside this machine.
    const closed = `http://127.0.0.1:${await freePort()}`;
    env = {
      ...process.env,
      REGISTRY_BASE_URL: closed,
      SMP_BASE_URL: closed,
      ACCESS_POINT_URL: closed,
      DIRECTORY_BASE_URL: closed,
      FRENCH_PA_FLOW_SERVICE_URL: closed,
      SDI_BASE_URL: closed,
      DATA_DIR: dataDir,
      PORT: String(ports.api),
      EMBEDDED_POSTGRES_PORT: String(ports.pg),
      TEMPORAL_DEV_PORT: String(ports.temporal),
      TEMPORAL_UI_PORT: String(ports.ui),
      METRICS_PORT: String(await freePort()),
      WORKER_METRICS_PORT: String(await freePort()),
      WORKER_TEMPORAL_METRICS_PORT: String(await freePort()),
    };
    delete env.DATABASE_URL;
    delete env.TEMPORAL_ADDRESS;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts Postgres, Temporal, the worker and the API, recovers after kill -9, and stops cleanly on SIGTERM', async () => {
    const first = await startService(env);
    expect(first.output()).to.include(`API              http://127.0.0.1:${ports.api}/v1`);
    expect(first.output()).to.include(`Temporal UI      http://127.0.0.1:${ports.ui}`);
    expect(first.output()).to.include(`Data folder      ${dataDir}`);
    // External upstreams (registry, SMP, AS4 gateway) are unreachable here; the local ones must pass.
    const contracts = await (await fetch(`http://127.0.0.1:${ports.api}/health/contracts`)).json();
    expect(contracts.contracts.postgres.status, JSON.stringify(contracts)).to.equal('ok');
    expect(contracts.contracts.temporal.status, JSON.stringify(contracts)).to.equal('ok');
    expect((await fetch(`http://127.0.0.1:${ports.ui}/`)).status).to.equal(200);
    // Both processes serve /metrics on their own loopback listeners; the worker's SDK exporter too.
    const scraped = await Promise.all(
      [env.METRICS_PORT, env.WORKER_METRICS_PORT, env.WORKER_TEMPORAL_METRICS_PORT].map(async (port) =>
        (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
      ),
    );
    expect(scraped[0]).to.include('docex_http_request_duration_seconds_bucket');
    expect(scraped[1]).to.include('docex_db_pool_connections{pool="docex-worker"');
    expect(scraped[2]).to.include('temporal_');
    // The worker registered the recurring maintenance job as a Temporal Schedule.
    const connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    try {
      const schedule = await new Client({ connection }).schedule.getHandle('maintenance').describe();
      expect(schedule.action.type).to.equal('startWorkflow');
    } finally {
      await connection.close();
    }

    // A supervisor killed outright leaves Postgres, the dev server, the API and the worker behind.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(await isPortFree(ports.api)).to.equal(false);

    const second = await startService(env);
    expect(second.output()).to.match(
      /\{"level":"info",[^\n]*"name":"(api|worker|temporal)","pid":\d+,"msg":"ended leftover process from a previous run"\}/,
    );
    const ready = await fetch(`http://127.0.0.1:${ports.api}/health/readiness`);
    expect(ready.status).to.equal(200);
    // The data survived: the probe rows written by the first run are still there.
    const again = await (await fetch(`http://127.0.0.1:${ports.api}/health/contracts`)).json();
    expect(again.contracts.temporal.status).to.equal('ok');

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).to.equal(0);
    for (const port of Object.values(ports)) expect(await isPortFree(port), `port ${port} still in use`).to.equal(true);
    expect(readdirSync(path.join(dataDir, 'run'))).to.deep.equal([]);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).to.equal(false);
  });

  it('starts a killed worker, API, Temporal dev server and Postgres again; the API answers meanwhile', async () => {
    const service = await startService({ ...env, WEBHOOK_ALLOW_LOOPBACK: undefined });
    const api = `http://127.0.0.1:${ports.api}`;
    const pidOf = (name: string) => {
      const file =
        name === 'postgres'
          ? path.join(dataDir, 'postgres', 'postmaster.pid')
          : path.join(dataDir, 'run', `${name}.pid`);
      return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
    };
    const until = async (what: string, probe: () => Promise<boolean>, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await probe().catch(() => false))) {
        if (Date.now() > deadline)
          throw new Error(`${what} within ${timeoutMs / 1000} s:\n${service.output().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const ready = async () => (await fetch(`${api}/health/readiness`)).status === 200;
    try {
      for (const name of ['worker', 'temporal', 'postgres', 'api']) {
        const before = pidOf(name);
        expect(before, `${name} pid`).to.be.a('number');
        process.kill(before!, 'SIGKILL');
        if (name === 'worker') {
          // The API is another process: it keeps answering while the worker is away.
          expect((await fetch(`${api}/health/liveness`)).status).to.equal(200);
        }
        await until(`${name} restarted`, async () => {
          const now = pidOf(name);
          return now !== undefined && now !== before;
        });
        await until(`ready again after ${name} was killed`, ready);
      }
      expect(service.output()).to.match(/"name":"worker","restart":1,"msg":"child restarted"/);
      expect(service.output()).to.match(/"name":"postgres","restart":1,"msg":"child restarted"/);
    } finally {
      service.child.kill('SIGTERM');
      expect(await exited(service.child)).to.equal(0);
    }
  });

  it('a worker that cannot start says why; the supervisor gives up after its bound and readiness fails', async () => {
    const net = await import('node:net');
    // The worker's metrics port is taken: it exits at start, every time.
    const blocker = net.createServer().listen(Number(env.WORKER_METRICS_PORT), '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const service = await startService({ ...env, SUPERVISOR_MAX_RESTARTS: '2', READINESS_POLLER_GRACE_SECONDS: '1' });
    try {
      const gaveUp = /"name":"worker","restarts":2,[^\n]*"msg":"child keeps failing; no longer restarting it"/;
      const deadline = Date.now() + 120_000;
      while (!gaveUp.test(service.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const output = service.output();
      expect(output, output.slice(-3000)).to.match(gaveUp);
      expect(output).to.include(`port ${env.WORKER_METRICS_PORT} (WORKER_METRICS_PORT) on 127.0.0.1 is already in use`);
      expect(
        output.match(/"name":"worker","restart":\d,"inMs":\d+,"msg":"child exited; restarting it"/g),
      ).to.have.length(2);
      // Nothing polls the queues the API feeds: the API is not ready, and says which queues starve.
      const res = await fetch(`http://127.0.0.1:${ports.api}/health/readiness`);
      expect(res.status).to.equal(503);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      const body = await res.json();
      expect(body.taskQueues.documents).to.deep.include({ status: 'starved', pollers: 0 });
      // No further restart after giving up.
      await new Promise((r) => setTimeout(r, 2000));
      expect(service.output().match(/child exited; restarting it/g)).to.have.length(2);
    } finally {
      blocker.close();
      service.child.kill('SIGTERM');
      expect(await exited(service.child)).to.equal(0);
    }
  });

  it('refuses to start with a clear message when the API port is taken', async () => {
    const net = await import('node:net');
    const blocker = net.createServer().listen(ports.api, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'start.ts')], {
        cwd: PROJECT_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stderr.on('data', (c) => {
        text += c;
      });
      expect(await exited(child)).to.equal(1);
      expect(text).to.include(`port ${ports.api} is already in use`);
      expect(text).to.include('How to fix: set PORT');
    } finally {
      blocker.close();
    }
  });

  for (const [entry, variable, dependency] of [
    ['api/server.ts', 'DATABASE_URL', 'postgres'],
    ['api/server.ts', 'TEMPORAL_ADDRESS', 'temporal'],
    ['workers/worker.ts', 'TEMPORAL_ADDRESS', 'temporal'],
  ] as const) {
    it(`${entry} exits 1 with one JSON log line naming ${dependency} when it cannot be reached`, async () => {
      const closed = `127.0.0.1:${await freePort()}`;
      const deps = {
        DATABASE_URL:
          variable === 'DATABASE_URL' ? `postgres://postgres:postgres@${closed}/docex` : testServers().databaseUrl,
        TEMPORAL_ADDRESS: variable === 'TEMPORAL_ADDRESS' ? closed : testServers().temporalAddress,
      };
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, entry)], {
        cwd: PROJECT_ROOT,
        env: { ...env, ...deps, PORT: String(await freePort()) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stderr.on('data', (c) => {
        text += c;
      });
      expect(await exited(child)).to.equal(1);
      const lines = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const failure = lines.find((line) => line.dependency === dependency);
      expect(failure, text).to.include({ level: 'error', dependency });
      expect(failure!.msg).to.include(`Cannot start: ${dependency}`).and.include('How to fix:');
    });
  }
});
