import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { logger } from '../../core/log.ts';
import { workflowIds } from '../../core/temporal.ts';
import type { maintenanceWorkflow } from '../../workflows/system/maintenance.ts';
import { TASK_QUEUES } from '../../core/temporal.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { FaultStack, sleep, type Target } from './stack.ts';

/** Concurrent sends per run, each a client that retries a 503 after its Retry-After (capped at 1 s). */
const SENDS = 200;
/** How long a killed process stays dead. */
const DOWNTIME_MS = 2_000;

interface Outcome {
  number: string;
  documentId?: string;
  /** Every answer other than 201, as `status code retry-after`. */
  refusals: string[];
}

/**
 * The fault campaign of docs/deployment.md ("Process crashes"): 200 concurrent sends, a SIGKILL
 * of one process at a random moment of the load, then what a client and the data must show.
 */
describe('faults: a process killed with SIGKILL', function () {
  this.timeout(240_000);
  let stack: FaultStack;
  let level: string;
  before(async function () {
    this.timeout(180_000);
    // Hundreds of expected 503s would bury the reporter; the figures below say what happened.
    level = logger().level;
    logger().level = 'fatal';
    stack = await FaultStack.start();
  });
  after(async () => {
    logger().level = level;
    await stack?.stop();
  });

  async function tenant(): Promise<{ key: string; companyId: string; organizationId: string }> {
    const res = await fetch(`${stack.url}/v1/sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.equal(201);
    // The load is the point, not the plan's limits.
    await stack.db
      .updateTable('organizations')
      .set({ plan: 'white_label' })
      .where('id', '=', body.organizationId)
      .execute();
    await stack.db
      .updateTable('api_keys')
      .set({ rate_limit: 1_000_000 })
      .where('organization_id', '=', body.organizationId)
      .execute();
    return { key: body.key, companyId: body.company.id, organizationId: body.organizationId };
  }

  async function client(base: string, key: string, companyId: string, until: number): Promise<Outcome> {
    const number = `INV-F-${randomUUID().slice(0, 13)}`;
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ type: 'invoice', from: companyId, to: RECIPIENT, document: invoiceBody({ number }) });
    const outcome: Outcome = { number, refusals: [] };
    while (Date.now() < until) {
      let res: Response;
      try {
        res = await fetch(`${base}/v1/documents/send`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body,
        });
      } catch (err) {
        outcome.refusals.push(`connection ${(err as Error).message}`);
        return outcome;
      }
      const answer = await res.json();
      if (res.status === 201) {
        outcome.documentId = answer.id;
        return outcome;
      }
      const retryAfter = res.headers.get('retry-after');
      outcome.refusals.push(`${res.status} ${answer.error?.code} ${retryAfter}`);
      if (res.status !== 503 || !retryAfter) return outcome;
      await sleep(Math.min(Number(retryAfter), 1) * 1000 * (0.5 + Math.random() / 2));
    }
    return outcome;
  }

  /** Runs the maintenance sweep until every accepted document is delivered or failed. */
  async function settle(organizationId: string): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      await stack.temporal.workflow
        .execute<typeof maintenanceWorkflow>('maintenanceWorkflow', {
          taskQueue: TASK_QUEUES.system,
          workflowId: `maintenance-faults-${randomUUID()}`,
        })
        .catch(() => undefined);
      const open = await stack.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .where('delivery_status', 'not in', ['delivered', 'failed', 'rejected'])
        .executeTakeFirstOrThrow();
      if (Number(open.n) === 0) return;
      await sleep(2_000);
    }
  }

  it("kill -9 of the worker during a webhook's first attempt: the attempt is made again and the delivery succeeds, once; the event's other delivery, answered already, is not made again", async () => {
    const { key, companyId } = await tenant();
    // The first request is held open while the worker that made it dies; later ones are answered.
    const receiver = await startWebhookReceiver((index) => (index === 0 ? 'hang' : 200));
    // The same event's other webhook answers at once, in the same task of the event's run.
    const prompt = await startWebhookReceiver(() => 200);
    try {
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const subscribe = async (url: string) => {
        const created = await fetch(`${stack.url}/v1/webhooks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ url, events: ['document.delivered'] }),
        });
        expect(created.status).to.equal(201);
        return created.json();
      };
      const webhook = await subscribe(receiver.url);
      const promptWebhook = await subscribe(prompt.url);
      const sent = await fetch(`${stack.url}/v1/documents/send`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type: 'invoice', from: companyId, to: RECIPIENT, document: invoiceBody() }),
      });
      expect(sent.status).to.equal(201);

      const [held] = await receiver.waitFor(1, 60_000);
      // The worker dies once the other delivery's answer is recorded, while this one is held.
      let answered = false;
      for (const deadline = Date.now() + 30_000; !answered && Date.now() < deadline; await sleep(100)) {
        const res = await fetch(`${stack.url}/v1/webhooks/${promptWebhook.id}/deliveries`, { headers });
        answered = (await res.json()).data[0]?.status === 'succeeded';
      }
      expect(answered, "the other delivery's answer is recorded").to.equal(true);
      stack.kill('worker');
      await sleep(DOWNTIME_MS);
      await stack.restart('worker');
      const [, again] = await receiver.waitFor(2, 120_000);
      expect(again.headers['x-service-event-id']).to.equal(held.headers['x-service-event-id']);
      expect(again.headers['x-service-delivery']).to.equal(held.headers['x-service-delivery']);

      let deliveries: Array<{ id: string; status: string; completedAt: string | null }> = [];
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const res = await fetch(`${stack.url}/v1/webhooks/${webhook.id}/deliveries`, { headers });
        deliveries = (await res.json()).data;
        if (deliveries.every((d) => d.status === 'succeeded')) break;
        await sleep(500);
      }
      expect(deliveries.map((d) => [d.id, d.status])).to.deep.equal([
        [held.headers['x-service-delivery'], 'succeeded'],
      ]);
      await sleep(2_000);
      expect(receiver.received, 'no further request once answered').to.have.length(2);
      expect(
        prompt.received.map((r) => r.headers['x-service-event-id']),
        'the answered delivery is not made again',
      ).to.deep.equal([held.headers['x-service-event-id']]);
    } finally {
      await receiver.close();
      await prompt.close();
    }
  });

  for (const target of ['worker', 'temporal', 'postgres'] as Target[]) {
    it(`kill -9 of the ${target}: every 201 ends delivered or failed with a reason, nothing doubled or stranded, only 503s refused`, async () => {
      const { key, companyId, organizationId } = await tenant();
      const started = Date.now();
      const load = Promise.all(
        Array.from({ length: SENDS }, () => client(stack.url, key, companyId, started + 90_000)),
      );
      const killAfter = 300 + Math.floor(Math.random() * 1_500);
      await sleep(killAfter);
      stack.kill(target);
      await sleep(DOWNTIME_MS);
      await stack.restart(target);
      const outcomes = await load;
      const loadSeconds = (Date.now() - started) / 1000;
      await settle(organizationId);

      const accepted = outcomes.filter((o) => o.documentId);
      const refusals = outcomes.flatMap((o) => o.refusals);
      const rows = await stack.db
        .selectFrom('documents')
        .select(['id', 'number', 'delivery_status', 'error_code'])
        .where('organization_id', '=', organizationId)
        .execute();
      const owed = await stack.db.selectFrom('workflow_starts').select('workflow_id').execute();
      const withoutRun: string[] = [];
      for (const row of rows) {
        const described = await stack.temporal.workflow
          .getHandle(workflowIds.document(row.id))
          .describe()
          .catch(() => undefined);
        if (!described) withoutRun.push(row.id);
      }
      const byNumber = new Map<string, number>();
      for (const row of rows) byNumber.set(row.number!, (byNumber.get(row.number!) ?? 0) + 1);
      const figures = {
        target,
        killedAfterMs: killAfter,
        loadSeconds,
        accepted: accepted.length,
        refused503: refusals.filter((r) => r.startsWith('503 ')).length,
        delivered: rows.filter((r) => r.delivery_status === 'delivered').length,
        failed: rows.filter((r) => r.delivery_status === 'failed').length,
      };
      console.log(`      ${JSON.stringify(figures)}`);

      expect(
        refusals.filter((r) => !/^503 UPSTREAM_UNAVAILABLE \d+$/.test(r)),
        'refusals other than 503',
      ).to.deep.equal([]);
      expect(accepted.length, 'every client ends with a 201').to.equal(SENDS);
      expect(rows.map((r) => r.id).sort(), 'rows are the accepted documents').to.deep.equal(
        accepted.map((o) => o.documentId).sort(),
      );
      expect(
        [...byNumber.values()].filter((n) => n > 1),
        'one row per number and idempotency key',
      ).to.deep.equal([]);
      expect(
        rows.filter((r) => !['delivered', 'failed', 'rejected'].includes(r.delivery_status)).map((r) => r.id),
        'stranded',
      ).to.deep.equal([]);
      expect(
        rows.filter((r) => r.delivery_status !== 'delivered' && (!r.error_code || r.error_code === 'Error')),
        'failed without a reason',
      ).to.deep.equal([]);
      expect(withoutRun, 'rows without a run').to.deep.equal([]);
      expect(owed, 'runs still owed').to.deep.equal([]);
    });
  }
});
