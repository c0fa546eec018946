import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import {
  generateWebhookSecret,
  signStandardWebhook,
  signWebhookPayload,
  standardWebhooksSecret,
  verifyStandardWebhook,
  verifyWebhookSignature,
  webhookSecretFormat,
  webhookSigningKey,
} from '../../core/webhook-signature.ts';

// An independent signer: exactly the recipe of part 6.3, with node:crypto directly.
const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('webhook signature (part 6.3)', () => {
  const secret = 'whsec_test_secret_0123456789';
  const body = '{"id":"evt_1","type":"document.received","data":{"n":"é"}}';
  const t = 1_790_000_000;
  const at = (seconds: number) => new Date(seconds * 1000);

  it('signs t=<unix>,v1=<hex hmac-sha256 of "<t>.<raw body>">', () => {
    const { header, timestamp, signature } = signWebhookPayload({ payload: body, secret, timestamp: t });
    expect(timestamp).to.equal(t);
    expect(signature).to.equal(hmac(secret, t, body));
    expect(header).to.equal(`t=${t},v1=${hmac(secret, t, body)}`);
  });

  it('accepts a header made by an independent implementation, from a string or a Buffer body', () => {
    const header = `t=${t},v1=${hmac(secret, t, body)}`;
    expect(verifyWebhookSignature({ payload: body, header, secret, now: at(t + 10) })).to.deep.equal({
      ok: true,
      timestamp: t,
    });
    expect(
      verifyWebhookSignature({ payload: Buffer.from(body, 'utf8'), header, secret, now: (t - 10) * 1000 }),
    ).to.deep.equal({ ok: true, timestamp: t });
  });

  it('accepts any of several v1 values (e.g. during a secret rotation) and ignores unknown schemes', () => {
    const header = `t=${t},v0=abc,v1=${'0'.repeat(64)},v1=${hmac(secret, t, body)}`;
    expect(verifyWebhookSignature({ payload: body, header, secret, now: at(t) }).ok).to.equal(true);
  });

  it('rejects a timestamp more than 5 minutes away, and honours a custom tolerance', () => {
    const header = `t=${t},v1=${hmac(secret, t, body)}`;
    expect(verifyWebhookSignature({ payload: body, header, secret, now: at(t + 300) }).ok).to.equal(true);
    expect(verifyWebhookSignature({ payload: body, header, secret, now: at(t + 301) })).to.deep.equal({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
      timestamp: t,
    });
    expect(verifyWebhookSignature({ payload: body, header, secret, now: at(t - 301) }).ok).to.equal(false);
    expect(
      verifyWebhookSignature({ payload: body, header, secret, now: at(t + 301), toleranceSeconds: 600 }).ok,
    ).to.equal(true);
  });

  it('rejects a changed body, a re-serialised body, another secret, or a shifted timestamp', () => {
    const header = `t=${t},v1=${hmac(secret, t, body)}`;
    const reason = (r: ReturnType<typeof verifyWebhookSignature>) => (r.ok ? 'ok' : r.reason);
    expect(
      reason(verifyWebhookSignature({ payload: body.replace('received', 'sent'), header, secret, now: at(t) })),
    ).to.equal('signature_mismatch');
    expect(
      reason(
        verifyWebhookSignature({ payload: JSON.stringify(JSON.parse(body), null, 2), header, secret, now: at(t) }),
      ),
    ).to.equal('signature_mismatch');
    expect(
      reason(verifyWebhookSignature({ payload: body, header, secret: 'whsec_other_secret_000000', now: at(t) })),
    ).to.equal('signature_mismatch');
    expect(
      reason(
        verifyWebhookSignature({ payload: body, header: `t=${t + 1},v1=${hmac(secret, t, body)}`, secret, now: at(t) }),
      ),
    ).to.equal('signature_mismatch');
  });

  it('rejects a missing or malformed header', () => {
    const reason = (header: string | undefined) => {
      const r = verifyWebhookSignature({ payload: body, header, secret, now: at(t) });
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason(undefined)).to.equal('missing_header');
    expect(reason('')).to.equal('missing_header');
    expect(reason(`v1=${hmac(secret, t, body)}`)).to.equal('malformed_header');
    expect(reason(`t=${t}`)).to.equal('malformed_header');
    expect(reason(`t=soon,v1=${hmac(secret, t, body)}`)).to.equal('malformed_header');
    expect(reason(`t=${t},v1=xyz`)).to.equal('malformed_header');
  });
});

describe('Standard Webhooks signature', () => {
  const secret = 'whsec_test_secret_0123456789';
  const body = '{"id":"evt_1","type":"document.received","data":{"n":"é"}}';
  const t = 1_790_000_000;
  const at = (seconds: number) => new Date(seconds * 1000);
  // The spec's recipe with node:crypto: base64 HMAC-SHA256 of "<id>.<t>.<body>", keyed with our secret's UTF-8 bytes.
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`evt_1.${t}.${body}`).digest('base64');

  it('signs webhook-id, webhook-timestamp and webhook-signature: v1,<base64>', () => {
    expect(signStandardWebhook({ id: 'evt_1', payload: body, secret, timestamp: t })).to.deep.equal({
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(t),
      'webhook-signature': `v1,${expected}`,
    });
  });

  it('agrees with the standardwebhooks library both ways, through the whsec_<base64> form of the secret', () => {
    const library = new Webhook(standardWebhooksSecret(secret));
    const headers = signStandardWebhook({ id: 'evt_1', payload: body, secret });
    expect(library.verify(body, headers)).to.deep.equal(JSON.parse(body));
    const signature = library.sign('evt_1', at(t), body);
    expect(signature).to.equal(`v1,${expected}`);
    const theirs = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(t), 'webhook-signature': signature };
    expect(verifyStandardWebhook({ payload: body, headers: theirs, secret, now: at(t) })).to.deep.equal({
      ok: true,
      timestamp: t,
    });
  });

  it('accepts any of several space-separated signatures and ignores other versions', () => {
    const headers = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(t),
      'webhook-signature': `v1a,xyz v1,${Buffer.alloc(32).toString('base64')} v1,${expected}`,
    };
    expect(verifyStandardWebhook({ payload: Buffer.from(body), headers, secret, now: at(t) }).ok).to.equal(true);
  });

  it('refuses missing headers, a bad timestamp, a stale one, a changed id and another secret', () => {
    const headers = signStandardWebhook({ id: 'evt_1', payload: body, secret, timestamp: t });
    const check = (h: Record<string, string | undefined>, s = secret, now = at(t)) =>
      verifyStandardWebhook({ payload: body, headers: h, secret: s, now });
    expect(check({ ...headers, 'webhook-signature': undefined })).to.deep.equal({
      ok: false,
      reason: 'missing_header',
    });
    expect(check({ ...headers, 'webhook-timestamp': 'soon' })).to.deep.equal({ ok: false, reason: 'malformed_header' });
    expect(check(headers, secret, at(t + 301))).to.deep.equal({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
      timestamp: t,
    });
    expect(check({ ...headers, 'webhook-id': 'evt_2' })).to.deep.equal({
      ok: false,
      reason: 'signature_mismatch',
      timestamp: t,
    });
    expect(check(headers, 'whsec_another_secret_0000')).to.deep.equal({
      ok: false,
      reason: 'signature_mismatch',
      timestamp: t,
    });
  });
});

describe('webhook secrets in the Standard Webhooks form', () => {
  const body = '{"id":"evt_1","type":"document.received"}';

  it('issues whsec_ + base64 of 32 random bytes, and signs both schemes with the decoded bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(generateWebhookSecret()).to.not.equal(secret);
    const key = Buffer.from(secret.slice(6), 'base64');
    expect(key).to.have.length(32);
    expect(webhookSecretFormat(secret)).to.equal('whsec');
    expect(webhookSigningKey(secret)).to.deep.equal(key);
    const headers = signStandardWebhook({ id: 'evt_1', payload: body, secret });
    // The libraries take the secret exactly as issued.
    expect(new Webhook(secret).verify(body, headers)).to.deep.equal(JSON.parse(body));
    expect(new SvixWebhook(secret).verify(body, headers)).to.deep.equal(JSON.parse(body));
    const { header, timestamp } = signWebhookPayload({ payload: body, secret });
    expect(header).to.equal(
      `t=${timestamp},v1=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`,
    );
    expect(standardWebhooksSecret(secret)).to.equal(secret);
  });

  it('reads any other secret as its UTF-8 bytes, and verifies an earlier whsec_ secret signed as text', () => {
    for (const text of [
      'my-own-secret:ünïcode/+=0123',
      'whsec_not base64!',
      `whsec_${Buffer.alloc(8).toString('base64')}`,
    ])
      expect(webhookSecretFormat(text), text).to.equal('text');
    const legacy = 'whsec_Qm3Lp8Zr2Tx6Vb1Nc4Kd7Fg9Hj0Sa5We';
    expect(webhookSecretFormat(legacy)).to.equal('whsec');
    const asText = webhookSigningKey(legacy, 'text');
    expect(asText).to.deep.equal(Buffer.from(legacy, 'utf8'));
    const signed = signWebhookPayload({ payload: body, secret: asText });
    expect(verifyWebhookSignature({ payload: body, header: signed.header, secret: legacy }).ok).to.equal(true);
    const standard = signStandardWebhook({ id: 'evt_1', payload: body, secret: asText });
    expect(verifyStandardWebhook({ payload: body, headers: standard, secret: legacy }).ok).to.equal(true);
    expect(new Webhook(standardWebhooksSecret(legacy, 'text')).verify(body, standard)).to.deep.equal(JSON.parse(body));
  });
});
