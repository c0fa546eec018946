import { expect } from 'chai';
import { type TestApp, startSandboxSuite } from '../support/app.ts';
import { bearer, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';

/** The webhook scenarios of the sandbox catalogue: simulated receivers driven by the company clock. */
describe('sandbox webhook scenarios', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });
  const deliveriesOf = async (webhookId: string) =>
    (await (await fetch(`${app.url}/v1/webhooks/${webhookId}/deliveries`, { headers: bearer(tenant.key) })).json())
      .data as any[];
  const waitForAttempts = async (webhookId: string, count: number) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const rows = await testServers()
        .db.selectFrom('webhook_delivery_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_delivery_attempts.delivery_id')
        .select('webhook_delivery_attempts.attempt')
        .where('webhook_deliveries.webhook_id', '=', webhookId)
        .where('webhook_delivery_attempts.finished_at', 'is not', null)
        .execute();
      if (rows.length >= count) return rows.length;
      await new Promise((r) => setTimeout(r, 150));
    }
    return -1;
  };

  it('a receiver that fails 3 times: attempt 1 at once, then one clock advance of 1 h runs attempts 2 to 4 and the 4th succeeds', async () => {
    const webhook = await (
      await post('/v1/webhooks', { url: 'https://fail-3.webhook.test/hook', events: ['document.sent'] })
    ).json();
    expect(webhook.id, JSON.stringify(webhook)).to.match(/^wh_/);
    expect(
      (
        await post('/v1/documents/send', {
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody(),
        })
      ).status,
    ).to.equal(201);
    expect(await waitForAttempts(webhook.id, 1)).to.equal(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await waitForAttempts(webhook.id, 1)).to.equal(1);

    const advanced = await post('/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '1h' });
    expect(advanced.status).to.equal(200);
    expect(await waitForAttempts(webhook.id, 4)).to.equal(4);
    const deadline = Date.now() + 10_000;
    let delivery: any;
    while (Date.now() < deadline) {
      [delivery] = await deliveriesOf(webhook.id);
      if (delivery?.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(delivery.status).to.equal('succeeded');
    expect(delivery.attempts.map((a: any) => [a.attempt, a.statusCode])).to.deep.equal([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
  });

  it("two receivers of one event, failing 3 times and once: one clock advance plays out each one's own schedule", async () => {
    const subscribe = async (url: string) => (await post('/v1/webhooks', { url, events: ['document.sent'] })).json();
    const three = await subscribe('https://fail-3.webhook.test/three');
    const once = await subscribe('https://fail-1.webhook.test/once');
    const sent = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody(),
    });
    expect(sent.status).to.equal(201);
    expect(await waitForAttempts(three.id, 1)).to.equal(1);
    expect(await waitForAttempts(once.id, 1)).to.equal(1);

    const advanced = await post('/v1/sandbox/clock/advance', { companyId: tenant.companyId, by: '1h' });
    expect(advanced.status).to.equal(200);
    expect(await waitForAttempts(three.id, 4)).to.equal(4);
    expect(await waitForAttempts(once.id, 2)).to.equal(2);
    const settled = async (webhookId: string) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [delivery] = await deliveriesOf(webhookId);
        if (delivery?.status !== 'pending' || Date.now() > deadline) return delivery;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const [byThree, byOnce] = [await settled(three.id), await settled(once.id)];
    expect(byThree.eventId).to.equal(byOnce.eventId);
    expect([byThree.status, byThree.attempts.map((a: any) => a.statusCode)]).to.deep.equal([
      'succeeded',
      [500, 500, 500, 200],
    ]);
    expect([byOnce.status, byOnce.attempts.map((a: any) => a.statusCode)]).to.deep.equal(['succeeded', [500, 200]]);
  });

  it('fail.webhook.test never answers 2xx and timeout.webhook.test times out, without any network traffic', async () => {
    const failing = await (
      await post('/v1/webhooks', { url: 'https://fail.webhook.test/x', events: ['document.sent'] })
    ).json();
    const slow = await (
      await post('/v1/webhooks', { url: 'https://timeout.webhook.test/x', events: ['document.sent'] })
    ).json();
    expect(
      (
        await post('/v1/documents/send', {
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody(),
        })
      ).status,
    ).to.equal(201);
    expect(await waitForAttempts(failing.id, 1)).to.be.at.least(1);
    expect(await waitForAttempts(slow.id, 1)).to.be.at.least(1);
    const [f] = await deliveriesOf(failing.id);
    const [t] = await deliveriesOf(slow.id);
    expect(f.attempts[0]).to.deep.include({ statusCode: 500 });
    expect(t.attempts[0].statusCode).to.equal(null);
    expect(t.attempts[0].error).to.match(/^no answer within/);
  });
});
