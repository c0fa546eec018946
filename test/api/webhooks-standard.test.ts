import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { createHmac } from 'node:crypto';
import { standardWebhooksSecret, verifyStandardWebhook, verifyWebhookSignature } from '../../core/webhook-signature.ts';
import { verifyWebhook } from '../../clients/typescript/src/index.ts';
import { testServers } from '../support/servers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loopbackWebhookSenders } from '../support/upstreams.ts';
import { createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { seedDocument } from './documents/seed-document.ts';

describe('Standard Webhooks headers on every delivery (alongside part 6.3)', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp({ upstreams: { webhooks: loopbackWebhookSenders() } });
    receiver = await startWebhookReceiver(() => 204);
  });
  after(async () => {
    await receiver.close();
    await app.close();
  });

  const post = (tenant: Tenant, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A real event: an action through the API, delivered by the workers to the local receiver. */
  async function deliverDocumentUpdated(tenant: Tenant): Promise<ReceivedDelivery> {
    const documentId = await seedDocument(tenant, {});
    expect((await post(tenant, `/v1/documents/${documentId}/actions`, { action: 'archive' })).status).to.equal(200);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const delivery = receiver.received.find((r) => JSON.parse(r.body).data?.documentId === documentId);
      if (delivery) return delivery;
      if (Date.now() > deadline) expect.fail(`no delivery for ${documentId}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const stringHeaders = (delivery: ReceivedDelivery) =>
    Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));

  for (const [kind, secret] of [
    ['a generated secret', undefined],
    ['an owner-chosen secret with non-ASCII characters', 'my-own-secret:ünïcode/+=0123'],
  ] as const) {
    it(`verifies with standardwebhooks, svix and verifyStandardWebhook for ${kind}`, async () => {
      const tenant = await createTenant({ livemode: false });
      const created = await post(tenant, '/v1/webhooks', {
        url: receiver.url,
        events: ['document.updated'],
        ...(secret ? { secret } : {}),
      });
      expect(created.status).to.equal(201);
      const hook = (await created.json()) as { secret: string };
      const delivery = await deliverDocumentUpdated(tenant);
      const headers = stringHeaders(delivery);
      const event = JSON.parse(delivery.body) as { id: string };

      expect(headers['webhook-id']).to.equal(event.id);
      expect(headers['webhook-id']).to.equal(headers['x-service-event-id']);
      expect(headers['webhook-timestamp']).to.match(/^\d+$/);
      expect(headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
      // One instant for both schemes.
      expect(headers['x-service-signature']).to.match(new RegExp(`^t=${headers['webhook-timestamp']},v1=`));

      const librarySecret = standardWebhooksSecret(hook.secret);
      expect(new StandardWebhook(librarySecret).verify(delivery.body, headers)).to.deep.equal(
        JSON.parse(delivery.body),
      );
      expect(new SvixWebhook(librarySecret).verify(delivery.body, headers)).to.deep.equal(JSON.parse(delivery.body));
      expect(verifyStandardWebhook({ payload: delivery.body, headers, secret: hook.secret }).ok).to.equal(true);
      expect(
        verifyWebhookSignature({ payload: delivery.body, header: headers['x-service-signature'], secret: hook.secret })
          .ok,
      ).to.equal(true);

      // And each of them refuses a body that was changed on the way.
      const tampered = delivery.body.replace('"document.updated"', '"document.deleted"');
      expect(() => new StandardWebhook(librarySecret).verify(tampered, headers)).to.throw();
      expect(() => new SvixWebhook(librarySecret).verify(tampered, headers)).to.throw();
      expect(verifyStandardWebhook({ payload: tampered, headers, secret: hook.secret })).to.deep.include({
        ok: false,
        reason: 'signature_mismatch',
      });
    });
  }

  it('an issued secret is what the libraries take, as is: no conversion', async () => {
    const tenant = await createTenant({ livemode: false });
    const hook = (await (
      await post(tenant, '/v1/webhooks', { url: receiver.url, events: ['document.updated'] })
    ).json()) as { secret: string };
    expect(Buffer.from(hook.secret.slice('whsec_'.length), 'base64')).to.have.length(32);
    const delivery = await deliverDocumentUpdated(tenant);
    const headers = stringHeaders(delivery);
    expect(new StandardWebhook(hook.secret).verify(delivery.body, headers)).to.have.property(
      'type',
      'document.updated',
    );
    expect(new SvixWebhook(hook.secret).verify(delivery.body, headers)).to.have.property('type', 'document.updated');
    // X-Service-Signature is made with the same decoded key bytes.
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['x-service-signature']) ?? [];
    const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
    expect(v1).to.equal(createHmac('sha256', key).update(`${t}.${delivery.body}`).digest('hex'));
  });

  it('a webhook whose secret was issued before keeps verifying as it did, until its secret is rotated', async () => {
    const tenant = await createTenant({ livemode: false });
    const created = (await (
      await post(tenant, '/v1/webhooks', { url: receiver.url, events: ['document.updated'] })
    ).json()) as { id: string };
    // The row as the migration leaves one issued earlier: 32 letters and digits, signed as text.
    const legacy = 'whsec_Qm3Lp8Zr2Tx6Vb1Nc4Kd7Fg9Hj0Sa5We';
    await testServers()
      .db.updateTable('webhooks')
      .set({ secret: legacy, secret_format: 'text' })
      .where('id', '=', created.id)
      .execute();
    const delivery = await deliverDocumentUpdated(tenant);
    const headers = stringHeaders(delivery);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['x-service-signature']) ?? [];
    expect(v1).to.equal(createHmac('sha256', legacy).update(`${t}.${delivery.body}`).digest('hex'));
    expect(
      verifyWebhookSignature({ payload: delivery.body, header: headers['x-service-signature'], secret: legacy }).ok,
    ).to.equal(true);
    expect(verifyStandardWebhook({ payload: delivery.body, headers, secret: legacy }).ok).to.equal(true);
    expect(verifyWebhook(delivery.body, headers, legacy).id).to.equal(JSON.parse(delivery.body).id);
    expect(new StandardWebhook(standardWebhooksSecret(legacy, 'text')).verify(delivery.body, headers)).to.have.property(
      'id',
    );

    const rotated = (await (
      await fetch(`${app.url}/v1/webhooks/${created.id}`, {
        method: 'PATCH',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ rotateSecret: true }),
      })
    ).json()) as { secret: string };
    const after = await deliverDocumentUpdated(tenant);
    expect(new SvixWebhook(rotated.secret).verify(after.body, stringHeaders(after))).to.have.property('id');
    expect(verifyWebhook(after.body, after.headers, rotated.secret).id).to.equal(JSON.parse(after.body).id);
  });

  it('a replay carries the same webhook-id, so receivers deduplicate on it', async () => {
    const tenant = await createTenant({ livemode: false });
    const hook = (await (await post(tenant, '/v1/webhooks', { url: receiver.url, events: ['*'] })).json()) as {
      secret: string;
    };
    const first = await deliverDocumentUpdated(tenant);
    const eventId = String(first.headers['webhook-id']);
    const before = receiver.received.length;
    expect((await post(tenant, `/v1/events/${eventId}/replay`)).status).to.equal(200);
    await receiver.waitFor(before + 1);
    const replays = receiver.received.slice(before).filter((r) => r.headers['webhook-id'] === eventId);
    expect(replays).to.have.length(1);
    expect(
      new StandardWebhook(standardWebhooksSecret(hook.secret)).verify(replays[0].body, stringHeaders(replays[0])),
    ).to.have.property('id', eventId);
  });
});
