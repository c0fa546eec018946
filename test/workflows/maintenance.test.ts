import { expect } from 'chai';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { insertEvent, findEvent } from '../../db/events.ts';
import { createWorkers, runWorkers } from '../../workers/create-workers.ts';
import type { maintenanceWorkflow } from '../../workflows/system/maintenance.ts';
import { createTenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { createTimeSkippingEnv } from '../support/time-skipping.ts';
import { testUpstreams } from '../support/upstreams.ts';

describe('maintenanceWorkflow (the maintenance schedule)', () => {
  let env: TestWorkflowEnvironment;
  before(async () => {
    env = await createTimeSkippingEnv();
  });
  after(() => env.teardown());

  it('prunes expired records and re-dispatches events stranded before their fan-out', async () => {
    const { db } = testServers();
    const tenant = await createTenant();
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    await db
      .insertInto('idempotency_keys')
      .values({
        organization_id: tenant.organizationId,
        principal: tenant.keyId,
        idempotency_key: 'stale',
        request_hash: 'h',
        method: 'POST',
        path: '/v1/x',
        state: 'completed',
        request_id: 'req_stale',
        created_at: old,
        locked_until: old,
      })
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values({
        organization_id: tenant.organizationId,
        principal: tenant.keyId,
        idempotency_key: 'fresh',
        request_hash: 'h',
        method: 'POST',
        path: '/v1/x',
        state: 'completed',
        request_id: 'req_fresh',
        locked_until: new Date(),
      })
      .execute();
    await db
      .insertInto('rate_limit_hits')
      .values({ bucket: `maintenance-test:${tenant.keyId}`, hit_at: old })
      .execute();
    const stranded = await insertEvent(db, {
      organizationId: tenant.organizationId,
      livemode: true,
      companyId: null,
      type: 'document.updated',
      data: { documentId: 'doc_x', changes: {} },
    });
    // As a crash between the commit of an event with subscribers and its fan-out leaves it.
    await db
      .updateTable('events')
      .set({ created_at: new Date(Date.now() - 5 * 60_000), dispatched_at: null })
      .where('id', '=', stranded.id)
      .execute();

    // A tag change queued long ago whose learning trigger was lost (the signal failed after the commit).
    await db
      .insertInto('tag_model_updates')
      .values({
        organization_id: tenant.organizationId,
        livemode: true,
        object_type: 'document',
        object_id: 'doc_stale',
        tag_id: 'tag_stale',
        assigned: true,
        created_at: new Date(Date.now() - 5 * 60_000),
      })
      .execute();

    const workers = await createWorkers({
      connection: env.nativeConnection,
      namespace: 'default',
      db,
      events: createEventDispatcher(env.client, db),
      upstreams: testUpstreams(),
      taskQueues: [TASK_QUEUES.system, TASK_QUEUES.webhooks],
    });
    const stop = new AbortController();
    const running = runWorkers(workers, stop.signal);
    try {
      const result = await env.client.workflow.execute<typeof maintenanceWorkflow>('maintenanceWorkflow', {
        taskQueue: TASK_QUEUES.system,
        workflowId: `maintenance-test-${Date.now()}`,
      });
      expect(result.pruned.idempotencyKeys).to.be.at.least(1);
      expect(result.pruned.rateLimitHits).to.be.at.least(1);
      expect(result.redispatchedEvents).to.be.at.least(1);
      expect(result.restartedTagModels).to.be.at.least(1);
      const tagModel = await env.client.workflow
        .getHandle(workflowIds.tagModel(tenant.organizationId, true))
        .describe();
      expect(tagModel.type).to.equal('tagModelWorkflow');
      const keys = await db
        .selectFrom('idempotency_keys')
        .select('idempotency_key')
        .where('organization_id', '=', tenant.organizationId)
        .execute();
      expect(keys.map((k) => k.idempotency_key)).to.deep.equal(['fresh']);
      expect((await findEvent(db, stranded.id))?.dispatched_at).to.be.instanceOf(Date);
    } finally {
      stop.abort();
      await running;
    }
  });
});
