import { expect } from 'chai';
import { toOutageError } from '../../api/foreign-errors.ts';
import { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { freePort } from '../../core/ports.ts';
import { StartupError } from '../../core/startup-error.ts';
import { connectTemporal } from '../../core/temporal-client.ts';
import { startTemporalDevServer } from '../../core/temporal-dev-server.ts';

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
});
