import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { createKey, createTenant, jsonHeaders } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';

describe('idempotency (part 8)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  const createKeyRequest = (token: string, idempotencyKey: string | undefined, body: unknown) =>
    fetch(`${app.url}/v1/api-keys`, {
      method: 'POST',
      headers: jsonHeaders(token, idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const keysNamed = async (organizationId: string, name: string) =>
    (
      await testServers()
        .db.selectFrom('api_keys')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('name', '=', name)
        .execute()
    ).length;

  it('replays the first response for the same key and body, without creating anything again', async () => {
    const tenant = await createTenant();
    const first = await createKeyRequest(tenant.key, 'idem-1', { name: 'replayed' });
    expect(first.status).to.equal(201);
    const firstBody = await first.json();
    const again = await createKeyRequest(tenant.key, 'idem-1', { name: 'replayed' });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.headers.get('original-request-id')).to.equal(first.headers.get('x-request-id'));
    expect(again.headers.get('x-request-id')).to.not.equal(first.headers.get('x-request-id'));
    expect(again.headers.get('content-type')).to.equal(first.headers.get('content-type'));
    const againBody = await again.json();
    // The secret is never stored, so the replay is the same object without it.
    const { key, ...withoutSecret } = firstBody;
    expect(key).to.match(/^svc_live_/);
    expect(againBody).to.deep.equal(withoutSecret);
    expect(await keysNamed(tenant.organizationId, 'replayed')).to.equal(1);
  });

  it('replays an error outcome byte for byte', async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const body = { name: 'x', companyId: other.companyId };
    const first = await createKeyRequest(tenant.key, 'idem-404', body);
    expect(first.status).to.equal(404);
    const firstText = await first.text();
    const again = await createKeyRequest(tenant.key, 'idem-404', body);
    expect(again.status).to.equal(404);
    expect(await again.text()).to.equal(firstText);
  });

  it('409 IDEMPOTENCY_BODY_MISMATCH for the same key with another body', async () => {
    const tenant = await createTenant();
    expect((await createKeyRequest(tenant.key, 'idem-2', { name: 'a' })).status).to.equal(201);
    const res = await createKeyRequest(tenant.key, 'idem-2', { name: 'b' });
    expect(res.status).to.equal(409);
    const error = await errorBody(res);
    expect(error).to.deep.include({ type: 'conflict', code: 'IDEMPOTENCY_BODY_MISMATCH' });
    expect(await keysNamed(tenant.organizationId, 'b')).to.equal(0);
    // The first outcome is still what the key answers.
    expect((await createKeyRequest(tenant.key, 'idem-2', { name: 'a' })).headers.get('idempotent-replayed')).to.equal(
      'true',
    );
  });

  it('compares bytes: the same JSON written differently is another body', async () => {
    const tenant = await createTenant();
    expect((await createKeyRequest(tenant.key, 'idem-bytes', '{"name":"z"}')).status).to.equal(201);
    expect((await createKeyRequest(tenant.key, 'idem-bytes', '{ "name": "z" }')).status).to.equal(409);
  });

  const runningRequest = async (
    organizationId: string,
    principal: string,
    key: string,
    body: string,
    lockedUntil: Date,
  ) => {
    await testServers()
      .db.insertInto('idempotency_keys')
      .values({
        organization_id: organizationId,
        principal,
        idempotency_key: key,
        request_hash: createHash('sha256').update('POST /v1/api-keys\n').update(body).digest('hex'),
        method: 'POST',
        path: '/v1/api-keys',
        state: 'in_progress',
        request_id: 'req_running',
        locked_until: lockedUntil,
      })
      .execute();
  };

  it('409 IDEMPOTENCY_IN_PROGRESS while the first request runs', async () => {
    const tenant = await createTenant();
    const body = JSON.stringify({ name: 'running' });
    await runningRequest(tenant.organizationId, tenant.keyId, 'idem-running', body, new Date(Date.now() + 60_000));
    const res = await createKeyRequest(tenant.key, 'idem-running', body);
    expect(res.status).to.equal(409);
    expect(res.headers.get('retry-after')).to.equal('1');
    expect(await errorBody(res)).to.deep.include({ type: 'conflict', code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await keysNamed(tenant.organizationId, 'running')).to.equal(0);
  });

  it('takes over a key whose first request died mid-flight (lock expired)', async () => {
    const tenant = await createTenant();
    const body = JSON.stringify({ name: 'orphan' });
    await runningRequest(tenant.organizationId, tenant.keyId, 'idem-orphan', body, new Date(Date.now() - 1000));
    const res = await createKeyRequest(tenant.key, 'idem-orphan', body);
    expect(res.status).to.equal(201);
    expect(await keysNamed(tenant.organizationId, 'orphan')).to.equal(1);
  });

  it('50 simultaneous identical requests create exactly one key', async () => {
    const tenant = await createTenant({ plan: 'pro' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => createKeyRequest(tenant.key, 'idem-burst', { name: 'burst' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(await keysNamed(tenant.organizationId, 'burst')).to.equal(1);
    expect(statuses.every((s) => s === 201 || s === 409)).to.equal(true);
    const created = responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') !== 'true');
    expect(created).to.have.length(1);
    for (const r of responses.filter((x) => x.status === 409))
      expect((await errorBody(r)).code).to.equal('IDEMPOTENCY_IN_PROGRESS');
  });

  it('a request that failed validation does not keep the key', async () => {
    const tenant = await createTenant();
    const bad = await createKeyRequest(tenant.key, 'idem-fix', { nom: 'typo' });
    expect(bad.status).to.equal(400);
    const fixed = await createKeyRequest(tenant.key, 'idem-fix', { name: 'fixed' });
    expect(fixed.status).to.equal(201);
    expect(fixed.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('after 24 hours the key is new', async () => {
    const tenant = await createTenant();
    expect((await createKeyRequest(tenant.key, 'idem-old', { name: 'old' })).status).to.equal(201);
    await testServers()
      .db.updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 24 * 3600 * 1000 - 1000) })
      .where('organization_id', '=', tenant.organizationId)
      .where('idempotency_key', '=', 'idem-old')
      .execute();
    const again = await createKeyRequest(tenant.key, 'idem-old', { name: 'old' });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal(null);
    expect(await keysNamed(tenant.organizationId, 'old')).to.equal(2);
  });

  it('is scoped to the key: another key of the organization runs its own request', async () => {
    const tenant = await createTenant();
    const second = await createKey(tenant.organizationId, { livemode: true });
    expect((await createKeyRequest(tenant.key, 'idem-shared', { name: 'shared' })).status).to.equal(201);
    const other = await createKeyRequest(second.secret, 'idem-shared', { name: 'shared' });
    expect(other.status).to.equal(201);
    expect(other.headers.get('idempotent-replayed')).to.equal(null);
    expect(await keysNamed(tenant.organizationId, 'shared')).to.equal(2);
  });

  it('400 for an Idempotency-Key longer than 255 characters', async () => {
    const tenant = await createTenant();
    const res = await createKeyRequest(tenant.key, 'k'.repeat(256), { name: 'x' });
    expect(res.status).to.equal(400);
    expect((await errorBody(res)).details[0].field).to.equal('Idempotency-Key');
  });
});
