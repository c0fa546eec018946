import { expect } from 'chai';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createActivities } from '../../activities/index.ts';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { findProbe } from '../../db/probes.ts';
import { newId } from '../../core/ids.ts';
import { workflowIds } from '../../core/temporal.ts';
import type { probeWorkflow } from '../../workflows/system/probe.ts';
import { workflowBundle } from '../../workers/bundle.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';

describe('probeWorkflow', () => {
  let env: TestWorkflowEnvironment;
  before(async () => {
    env = await createTimeSkippingEnv();
  });
  after(() => env.teardown());

  it('writes its row through the real activity, once, even when run twice with the same id', async () => {
    const { db } = testServers();
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'probe-test',
      workflowBundle: await workflowBundle(),
      activities: createActivities({ db, events: createEventDispatcher(env.client, db), upstreams: testUpstreams() }),
    });
    const probeId = newId('probe');
    await worker.runUntil(async () => {
      for (let i = 0; i < 2; i++) {
        const result = await env.client.workflow.execute<typeof probeWorkflow>('probeWorkflow', {
          taskQueue: 'probe-test',
          workflowId: `${workflowIds.probe(probeId)}:${i}`,
          args: [{ probeId, requestedBy: 'test' }],
        });
        expect(result.probeId).to.equal(probeId);
      }
    });
    const row = await findProbe(db, probeId);
    expect(row?.requested_by).to.equal('test');
    const count = await db
      .selectFrom('probes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', probeId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).to.equal(1);
  });
});
