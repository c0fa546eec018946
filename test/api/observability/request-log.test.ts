import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createLogger, useLogger } from '../../../core/log.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';

/** A pino destination that keeps what was written, one parsed object per line. */
function captureLines(): { stream: Writable; lines: () => Array<Record<string, any>>; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

describe('request log lines (issue 19)', () => {
  let app: TestApp;
  let tenant: Tenant;
  let capture: ReturnType<typeof captureLines>;
  let restore: ReturnType<typeof useLogger>;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant();
  });
  beforeEach(() => {
    capture = captureLines();
    restore = useLogger(createLogger({ level: 'info', destination: capture.stream }));
  });
  afterEach(() => {
    useLogger(restore);
  });
  after(() => app.close());

  const requestLines = () => capture.lines().filter((line) => line.msg === 'request');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('writes one JSON line per request with route template, status, duration, organization, key id and error code', async () => {
    const res = await fetch(`${app.url}/v1/webhooks/wh_doesnotexist?token=should-not-appear`, {
      headers: bearer(tenant.key),
    });
    await settle();
    const [line, ...more] = requestLines();
    expect(more).to.have.length(0);
    expect(line).to.include({
      level: 'info',
      requestId: res.headers.get('x-request-id'),
      method: 'GET',
      route: '/v1/webhooks/{webhook_id}',
      status: res.status,
      organizationId: tenant.organizationId,
      apiKeyId: tenant.keyId,
      idempotentReplay: false,
      errorCode: 'INVALID_REQUEST',
    });
    expect(line.durationMs).to.be.a('number').and.to.be.at.least(0);
    expect(line.url).to.equal('/v1/webhooks/wh_doesnotexist?token=[redacted]');
    expect(line.time).to.match(/^\d{4}-\d\d-\d\dT/);
  });

  it('flags an idempotent replay and never writes the key secret, the bearer header or a webhook secret', async () => {
    const body = JSON.stringify({ url: 'https://93.184.216.34/hooks/docex', events: ['*'] });
    const headers = jsonHeaders(tenant.key, { 'Idempotency-Key': `log-${Date.now()}` });
    const first = await fetch(`${app.url}/v1/webhooks`, { method: 'POST', headers, body });
    const created = (await first.json()) as { secret: string };
    const replay = await fetch(`${app.url}/v1/webhooks`, { method: 'POST', headers, body });
    await replay.arrayBuffer();
    await settle();
    const lines = requestLines();
    expect(lines.map((line) => [line.route, line.status, line.idempotentReplay])).to.deep.equal([
      ['/v1/webhooks', 201, false],
      ['/v1/webhooks', 201, true],
    ]);
    expect(created.secret).to.match(/^whsec_/);
    for (const secret of [tenant.key, created.secret, 'should-not-appear'])
      expect(capture.text()).to.not.include(secret);
  });

  it('redacts credential fields that reach the logger by mistake', () => {
    const logged = captureLines();
    createLogger({ destination: logged.stream }).info(
      { authorization: `Bearer ${tenant.key}`, webhook: { secret: 'whsec_x' }, headers: { authorization: 'x' } },
      'oops',
    );
    expect(logged.text()).to.not.include(tenant.key);
    expect(logged.lines()[0]).to.deep.include({ authorization: '[redacted]', webhook: { secret: '[redacted]' } });
  });
});
