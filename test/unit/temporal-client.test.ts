import { AsyncLocalStorage } from 'node:async_hooks';
import http2 from 'node:http2';
import { expect } from 'chai';
import { toOutageError } from '../../api/foreign-errors.ts';
import { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { freePort } from '../../core/ports.ts';
import { StartupError } from '../../core/startup-error.ts';
import { connectTemporal } from '../../core/temporal-client.ts';
import { startTemporalDevServer } from '../../core/temporal-dev-server.ts';
import { startOwedWorkflow } from '../../core/workflow-starts.ts';
import { insertWorkflowStart, type WorkflowStart } from '../../db/workflow-starts.ts';

/**
 * A gRPC server on 127.0.0.1 that answers Core's connection check and the namespace check with empty
 * messages and leaves every other call unanswered: a Temporal that accepts work and then hangs.
 */
async function unansweringTemporal() {
  const calls: string[] = [];
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    const method = String(headers[':path']).split('/').pop() ?? '';
    calls.push(method);
    stream.resume();
    if (method !== 'GetSystemInfo' && method !== 'DescribeNamespace') return;
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
    // One uncompressed message of zero bytes: the empty response.
    stream.end(Buffer.alloc(5));
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The stacks of AsyncLocalStorage entries made while `fn` runs, through this module's code. */
async function contextEntriesOf(fn: () => Promise<void>): Promise<string[]> {
  const entries: string[] = [];
  const { run, enterWith } = AsyncLocalStorage.prototype;
  const record = (stack = '') => {
    if (stack.includes('temporal-client.ts') || stack.includes('workflow-starts.ts')) entries.push(stack);
  };
  AsyncLocalStorage.prototype.run = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
    record(new Error().stack);
    return run.apply(this, args);
  } as typeof run;
  AsyncLocalStorage.prototype.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
    record(new Error().stack);
    enterWith.call(this, store);
  };
  try {
    await fn();
  } finally {
    AsyncLocalStorage.prototype.run = run;
    AsyncLocalStorage.prototype.enterWith = enterWith;
  }
  return entries;
}

describe("the API's Temporal connection (core/temporal-client.ts)", () => {
  it('fails the start with a StartupError naming the address when no server listens', async () => {
    const address = `127.0.0.1:${await freePort()}`;
    const err = await connectTemporal(address, 'default').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(StartupError);
    expect((err as StartupError).dependency).to.equal('temporal');
    expect((err as StartupError).render())
      .to.include(address)
      .and.include('How to fix:');
  });

  it('fails the start with a StartupError naming the namespace when the server lacks it', async () => {
    const { testServers } = await import('../support/servers.ts');
    const err = await connectTemporal(testServers().temporalAddress, 'no-such-namespace').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(StartupError);
    expect((err as StartupError).render()).to.include('"no-such-namespace"');
  });

  it('ends a call at its deadline while the server is down, as a timeout the API answers 504', async () => {
    const server = await startTemporalDevServer({
      port: await freePort(),
      uiPort: 0,
      namespace: 'default',
      headless: true,
    });
    const temporal = await connectTemporal(server.address, 'default');
    try {
      const start = (workflowId: string) =>
        temporal.connection.withDeadline(Date.now() + 1_000, () =>
          temporal.client.workflow.start('anyWorkflow', { taskQueue: 'nobody', workflowId }),
        );
      await start('before-the-outage');
      await server.stop();

      const began = Date.now();
      const err = await start('during-the-outage').then(
        () => undefined,
        (e: unknown) => e,
      );
      // Core retries an unreachable server for several seconds beyond a deadline of its attempts.
      expect(Date.now() - began).to.be.lessThan(2_000);
      const answer = toOutageError(err, {
        postgres: new CircuitBreaker('postgres-test'),
        temporal: new CircuitBreaker('temporal-test'),
      });
      expect(answer?.code, String(err)).to.equal('UPSTREAM_TIMEOUT');
    } finally {
      await temporal.close();
      await server.stop();
    }
  });

  it("ends an attempt the server leaves unanswered at the connection's deadline, with no call context entered", async () => {
    const stub = await unansweringTemporal();
    let temporal: Awaited<ReturnType<typeof connectTemporal>> | undefined;
    try {
      const entries = await contextEntriesOf(async () => {
        const connected = await connectTemporal(stub.address, 'default', 1_000);
        temporal = connected;
        const start = (workflowId: string) =>
          connected.client.workflow.start('anyWorkflow', { taskQueue: 'nobody', workflowId }).then(
            () => undefined,
            (e: unknown) => e,
          );

        // No deadline of the caller's own: the connection's ends the attempt.
        let began = Date.now();
        const unbounded = await start('no-caller-deadline');
        expect(Date.now() - began, 'ended by the attempt deadline').to.be.within(900, 5_000);
        expect(unbounded).to.be.instanceOf(Error);

        // A shorter deadline of the caller's ends its wait first.
        began = Date.now();
        const bounded = await connected.connection
          .withDeadline(Date.now() + 200, () =>
            connected.client.workflow.start('anyWorkflow', { taskQueue: 'nobody', workflowId: 'caller-deadline' }),
          )
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(Date.now() - began).to.be.lessThan(900);
        expect(String(bounded)).to.include('did not answer before the deadline');
      });
      expect(stub.calls.filter((m) => m === 'StartWorkflowExecution').length).to.be.at.least(2);
      // Entering one would turn on the promise hooks every later request of the process pays for.
      expect(entries, 'AsyncLocalStorage entered by the connection').to.deep.equal([]);
    } finally {
      await temporal?.close();
      await stub.close();
    }
  });

  it('refuses metadata per call, which this connection cannot carry, instead of dropping it', async () => {
    const { testServers } = await import('../support/servers.ts');
    const temporal = await connectTemporal(testServers().temporalAddress, 'default');
    try {
      const err = await temporal.connection
        .withMetadata({ 'x-tenant': 'org_1' }, () => temporal.connection.workflowService.getSystemInfo({}))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(String(err)).to.include('carries no per-call context');
    } finally {
      await temporal.close();
    }
  });

  it('clears the debt of a start abandoned at its deadline once the connection still completes it', async () => {
    const { testServers } = await import('../support/servers.ts');
    const { db } = testServers();
    const port = await freePort();
    const devServer = () => startTemporalDevServer({ port, uiPort: 0, namespace: 'default', headless: true });
    let server = await devServer();
    const temporal = await connectTemporal(server.address, 'default');
    const run: WorkflowStart = {
      workflowId: `owed-through-an-outage-${Date.now()}`,
      workflowType: 'anyWorkflow',
      taskQueue: 'nobody',
      args: [],
      owner: { organizationId: 'org_none', livemode: false },
    };
    const owed = () => db.selectFrom('workflow_starts').select('workflow_id').where('workflow_id', '=', run.workflowId);
    try {
      await insertWorkflowStart(db, run);
      await server.stop();
      const err = await startOwedWorkflow(db, temporal.client, run, { deadlineMs: 1_000 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, 'the caller stops waiting at the deadline').to.be.instanceOf(Error);
      expect(await owed().execute(), 'owed while the start is unanswered').to.have.length(1);

      // Back within the time Core keeps retrying: the abandoned start reaches the server.
      server = await devServer();
      const until = Date.now() + 20_000;
      while ((await owed().execute()).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(await owed().execute(), 'cleared without the sweeper').to.deep.equal([]);
      const described = await temporal.client.workflow.getHandle(run.workflowId).describe();
      expect(described.status.name).to.equal('RUNNING');
    } finally {
      await db.deleteFrom('workflow_starts').where('workflow_id', '=', run.workflowId).execute();
      await temporal.close();
      await server.stop();
    }
  });
});
