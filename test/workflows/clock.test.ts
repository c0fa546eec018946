import { expect } from 'chai';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { clockChangedSignal } from '../../workflows/clock.ts';
import type { timedWaitWorkflow } from '../../workflows/system/wait.ts';
import { workflowBundle } from '../../workers/bundle.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';

const HOUR = 3_600_000;

describe('workflow clock (sandbox-aware wait)', () => {
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = 'clock-test';

  before(async () => {
    env = await createTimeSkippingEnv();
    worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: {},
    });
    running = worker.run();
  });
  after(async () => {
    worker.shutdown();
    await running;
    await env.teardown();
  });

  it('a live 12 h wait completes under time skipping', async () => {
    const startedAt = await env.currentTimeMs();
    const wallStart = Date.now();
    const result = await env.client.workflow.execute<typeof timedWaitWorkflow>('timedWaitWorkflow', {
      taskQueue,
      workflowId: `wait-live-${wallStart}`,
      args: [{ livemode: true, waitMs: 12 * HOUR }],
    });
    expect(result.wokeAt - startedAt).to.be.at.least(12 * HOUR);
    expect(Date.now() - wallStart).to.be.below(30_000);
  });

  it('a sandbox 12 h wait completes at once when the company clock is advanced by 12 h', async () => {
    const handle = await env.client.workflow.start<typeof timedWaitWorkflow>('timedWaitWorkflow', {
      taskQueue,
      workflowId: `wait-sandbox-${Date.now()}`,
      args: [{ livemode: false, offsetMs: 0, waitMs: 12 * HOUR }],
    });
    const startedAt = await env.currentTimeMs();
    // Without the signal the wait stays pending: time only skips while a result is awaited.
    await new Promise((r) => setTimeout(r, 300));
    expect((await handle.describe()).status.name).to.equal('RUNNING');

    await handle.signal(clockChangedSignal, { offsetMs: 12 * HOUR });
    const deadline = Date.now() + 10_000;
    let status = (await handle.describe()).status.name;
    while (status === 'RUNNING' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await handle.describe()).status.name;
    }
    expect(status).to.equal('COMPLETED');
    // The server's clock did not skip 12 h: the signal, not a timer, ended the wait.
    expect((await env.currentTimeMs()) - startedAt).to.be.below(60_000);
    const { wokeAt } = await handle.result();
    expect(wokeAt - startedAt)
      .to.be.at.least(12 * HOUR)
      .and.below(12 * HOUR + 60_000);
  });

  it('a sandbox wait advanced by less than its length keeps waiting for the rest', async () => {
    const handle = await env.client.workflow.start<typeof timedWaitWorkflow>('timedWaitWorkflow', {
      taskQueue,
      workflowId: `wait-partial-${Date.now()}`,
      args: [{ livemode: false, offsetMs: 0, waitMs: 12 * HOUR }],
    });
    const startedAt = await env.currentTimeMs();
    // Let the wait start first: a change that arrives before it is simply the clock it starts from.
    await new Promise((r) => setTimeout(r, 300));
    await handle.signal(clockChangedSignal, { offsetMs: 4 * HOUR });
    await new Promise((r) => setTimeout(r, 500));
    expect((await handle.describe()).status.name).to.equal('RUNNING');
    // Awaiting the result lets the server skip the remaining 8 h of real timer.
    const { wokeAt } = await handle.result();
    expect(wokeAt - startedAt)
      .to.be.at.least(12 * HOUR)
      .and.below(12 * HOUR + 60_000);
    // The history shows the 12 h timer cancelled and an 8 h one firing 8 h after the start.
    const events = (await handle.fetchHistory()).events ?? [];
    const seconds = (e: (typeof events)[number]) => Number(e.eventTime?.seconds ?? 0);
    const started = events.filter((e) => e.timerStartedEventAttributes);
    expect(started.map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds))).to.satisfy(
      (timeouts: number[]) => timeouts[0] === 12 * 3600 && Math.abs(timeouts[1] - 8 * 3600) <= 60,
    );
    expect(events.some((e) => e.timerCanceledEventAttributes)).to.equal(true);
    const fired = events.find((e) => e.timerFiredEventAttributes)!;
    expect(seconds(fired) - seconds(events[0])).to.be.within(8 * 3600 - 60, 8 * 3600 + 60);
  });

  it('one advance past several waits in a row plays them all out, each counted from when the previous was due', async () => {
    const handle = await env.client.workflow.start<typeof timedWaitWorkflow>('timedWaitWorkflow', {
      taskQueue,
      workflowId: `wait-chain-${Date.now()}`,
      args: [{ livemode: false, offsetMs: 0, waitMs: 30_000, thenMs: [120_000, 600_000, 1_800_000] }],
    });
    const startedAt = await env.currentTimeMs();
    await new Promise((r) => setTimeout(r, 300));
    // 30 s + 2 min + 10 min + 30 min = 42.5 min of waits: an hour covers them all.
    await handle.signal(clockChangedSignal, { offsetMs: HOUR });
    const deadline = Date.now() + 10_000;
    let status = (await handle.describe()).status.name;
    while (status === 'RUNNING' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await handle.describe()).status.name;
    }
    expect(status).to.equal('COMPLETED');
    expect((await env.currentTimeMs()) - startedAt).to.be.below(60_000);
    expect((await handle.result()).waits).to.equal(4);
  });
});
