import { expect } from 'chai';
import { classifyAddress } from '../../core/webhook-targets.ts';
import { createHttpWebhookSender } from '../../upstreams/webhooks/http.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

describe('webhook targets', () => {
  it('judges IPv6 forms that carry an IPv4 address by that address', () => {
    const cases: Array<[string, string]> = [
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::127.0.0.2', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['64:ff9b::192.168.0.1', 'private'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:a9fe:a9fe:1::5', 'metadata'],
      ['[::ffff:10.0.0.1]', 'private'],
      ['::1', 'loopback'],
      ['::2', 'unspecified'],
      ['::', 'unspecified'],
      ['64:ff9b::5db8:d822', 'public'],
      ['2002:5db8:d822::', 'public'],
      ['2001:db8::7f00:1', 'public'],
    ];
    for (const [address, cls] of cases) expect(classifyAddress(address), address).to.equal(cls);
  });

  describe('delivery to a receiver on 127.0.0.1 (the check at connect time)', () => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startWebhookReceiver(() => 200);
    });
    after(() => receiver.close());

    const send = (url: string, allowLoopback: boolean) =>
      createHttpWebhookSender({ policy: { livemode: false, allowLoopback }, timeoutMs: 2_000 }).send({
        url,
        body: '{}',
        headers: { 'content-type': 'application/json' },
        attempt: 1,
      });

    it('is refused without WEBHOOK_ALLOW_LOOPBACK, by address and by a name resolving there', async () => {
      const port = new URL(receiver.url).port;
      for (const url of [receiver.url, `http://localhost:${port}/`, `http://[::ffff:7f00:1]:${port}/`]) {
        const answer = await send(url, false);
        expect(answer.statusCode, url).to.equal(null);
        expect(answer.error, url).to.match(/^refused: .*loopback address; .*WEBHOOK_ALLOW_LOOPBACK=true/);
      }
      expect(receiver.received).to.have.length(0);
    });

    it('reaches it with the switch on', async () => {
      expect(await send(receiver.url, true)).to.deep.equal({ statusCode: 200, error: null });
      expect(receiver.received).to.have.length(1);
    });
  });
});
