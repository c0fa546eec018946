import { expect } from 'chai';
import { toOutageError } from '../../api/foreign-errors.ts';
import { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { freePort } from '../../core/ports.ts';
import { StartupError } from '../../core/startup-error.ts';
import { connectTemporal } from '../../core/temporal-client.ts';
import { startTemporalDevServer } from '../../core/temporal-dev-server.ts';
import { startOwedWorkflow } from '../../core/workflow-starts.ts';
import { insertWorkflowStart, type WorkflowStart } from '../../db/workflow-starts.ts';

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
