import { expect } from 'chai';
import { Router } from 'express';
import { loadOpenApiDocument, type OpenApiDocument } from '../../api/openapi.ts';
import { createDb } from '../../db/database.ts';
import { freePort } from '../../core/ports.ts';
import { sql } from 'kysely';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { testServers } from '../support/servers.ts';

/**
 * The HTTP conventions every endpoint inherits, checked through a small contract of test
 * operations added to the real document and served by the real pipeline.
 */
function contractWithProbeOperations(): OpenApiDocument {
  const doc = loadOpenApiDocument();
  const error = { $ref: '#/components/responses/Error' };
  doc.paths['/v1/conventions/echo'] = {
    post: {
      operationId: 'echoForTest',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['name', 'kind'],
              additionalProperties: false,
              properties: {
                name: { type: 'string', minLength: 1 },
                kind: { type: 'string', enum: ['a', 'b'] },
                vatNumber: { type: 'string', pattern: '^[A-Z]{2}[A-Z0-9]+$' },
                iban: { type: 'string', format: 'iban' },
                currency: { type: 'string', format: 'currency' },
                issueDate: { type: 'string', format: 'date' },
                count: { type: 'integer', minimum: 1 },
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'echo', content: { 'application/json': { schema: { type: 'object' } } } },
        default: error,
      },
    },
  };
  doc.paths['/v1/conventions/boom'] = {
    get: { operationId: 'boomForTest', security: [], responses: { '200': { description: 'never' }, default: error } },
  };
  doc.paths['/v1/conventions/db'] = {
    get: {
      operationId: 'dbForTest',
      security: [],
      responses: {
        '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        default: error,
      },
    },
  };
  doc.paths['/v1/conventions/old'] = {
    get: {
      operationId: 'oldForTest',
      security: [],
      deprecated: true,
      'x-sunset': '2027-06-30',
      'x-deprecation-link': 'https://docs.docex.example/changelog#old',
      responses: {
        '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        default: error,
      },
    },
  };
  return doc;
}

function probeRouter(dbFor: () => ReturnType<typeof createDb>): Router {
  const router = Router();
  router.post('/v1/conventions/echo', (req, res) => {
    res.json(req.body);
  });
  router.get('/v1/conventions/boom', () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
  router.get('/v1/conventions/db', async (_req, res) => {
    await sql`select 1`.execute(dbFor());
    res.json({ ok: true });
  });
  router.get('/v1/conventions/old', (_req, res) => {
    res.json({ ok: true });
  });
  return router;
}

describe('HTTP conventions', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      openapi: contractWithProbeOperations(),
      extraRouters: [probeRouter(() => testServers().db)],
    });
  });
  after(() => app.close());

  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${app.url}/v1/conventions/echo`, { method: 'POST', headers, body });

  it('answers an unknown route with 404 RESOURCE_NOT_FOUND in the envelope', async () => {
    const res = await fetch(`${app.url}/v1/no-such-thing`);
    expect(res.status).to.equal(404);
    const error = await errorBody(res);
    expect(error).to.deep.include({
      type: 'invalid_request_error',
      code: 'RESOURCE_NOT_FOUND',
      message: 'No route GET /v1/no-such-thing.',
    });
    expect(error.docUrl).to.equal('http://docs.test/docs/errors#RESOURCE_NOT_FOUND');
  });

  it('answers an unknown route with 404 even when its body is malformed', async () => {
    const res = await fetch(`${app.url}/v1/nowhere`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('RESOURCE_NOT_FOUND');
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const res = await fetch(`${app.url}/health/liveness`, { method: 'DELETE' });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('GET');
    expect((await errorBody(res)).code).to.equal('METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with 400 INVALID_REQUEST', async () => {
    const res = await post('{"name": ');
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.type).to.equal('invalid_request_error');
    expect(error.code).to.equal('INVALID_REQUEST');
    expect(error.message).to.match(/^The body is not valid JSON/);
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024), kind: 'a' }));
    expect(res.status).to.equal(413);
    expect((await errorBody(res)).code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('maps a missing field to 400 MISSING_FIELD with one detail per problem', async () => {
    const res = await post(JSON.stringify({ kind: 'a' }));
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.type).to.equal('validation_error');
    expect(error.code).to.equal('MISSING_FIELD');
    expect(error.details).to.deep.equal([{ field: 'name', rule: 'required', message: 'name is required' }]);
    expect(error.message).to.equal('The request is invalid: name is required.');
  });

  it('maps an enum violation to INVALID_ENUM', async () => {
    const res = await post(JSON.stringify({ name: 'n', kind: 'A' }));
    const error = await errorBody(res);
    expect(res.status).to.equal(400);
    expect(error.code).to.equal('INVALID_ENUM');
    expect(error.details[0]).to.include({ field: 'kind', rule: 'enum' });
  });

  for (const [field, value, code] of [
    ['vatNumber', 'be0123', 'INVALID_VAT_FORMAT'],
    ['iban', 'BE68539007547035', 'INVALID_IBAN'],
    ['currency', 'EURO', 'INVALID_CURRENCY'],
    ['currency', 'XYZ', 'INVALID_CURRENCY'],
    ['issueDate', '2026-13-45', 'INVALID_DATE'],
    ['count', 0, 'INVALID_REQUEST'],
  ] as const) {
    it(`maps a bad ${field} (${JSON.stringify(value)}) to ${code}`, async () => {
      const res = await post(JSON.stringify({ name: 'n', kind: 'a', [field]: value }));
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.type).to.equal('validation_error');
      expect(error.code).to.equal(code);
      expect(error.details).to.have.length(1);
      expect(error.details[0].field).to.equal(field);
    });
  }

  it('accepts a valid body (valid IBAN, currency, date)', async () => {
    const body = {
      name: 'n',
      kind: 'b',
      vatNumber: 'BE0123456749',
      iban: 'BE68539007547034',
      currency: 'EUR',
      issueDate: '2026-11-21',
      count: 2,
    };
    const res = await post(JSON.stringify(body));
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal(body);
  });

  it('reports several problems at once, the first specific code winning', async () => {
    const res = await post(JSON.stringify({ kind: 'z', extra: 1 }));
    const error = await errorBody(res);
    expect(res.status).to.equal(400);
    expect(error.details.length).to.be.greaterThanOrEqual(3);
    expect(['MISSING_FIELD', 'INVALID_ENUM']).to.include(error.code);
  });

  it('answers an unhandled error with 500 INTERNAL_ERROR and no internals', async () => {
    const res = await fetch(`${app.url}/v1/conventions/boom`);
    expect(res.status).to.equal(500);
    const text = await res.text();
    expect(text).not.to.include('secret internal detail');
    expect(text).not.to.include('.ts:');
    const error = JSON.parse(text).error;
    expect(error).to.deep.include({
      type: 'api_error',
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred.',
    });
  });

  it('flags deprecated operations with Deprecation, Sunset and Link headers', async () => {
    const res = await fetch(`${app.url}/v1/conventions/old`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('deprecation')).to.equal('true');
    expect(res.headers.get('sunset')).to.equal('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(res.headers.get('link')).to.equal('<https://docs.docex.example/changelog#old>; rel="deprecation"');
    const current = await fetch(`${app.url}/health/liveness`);
    expect(current.headers.get('deprecation')).to.equal(null);
  });

  it('serves the contract at /openapi.json and a reference page at /docs', async () => {
    const doc = await fetch(`${app.url}/openapi.json`);
    expect(doc.status).to.equal(200);
    const json = await doc.json();
    expect(json.openapi).to.equal('3.1.0');
    expect(json.paths).to.have.property('/health/readiness');
    const page = await fetch(`${app.url}/docs`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(await page.text()).to.include('/docs/reference.json');
    const asset = await fetch(`${app.url}/docs/assets/standalone.js`);
    expect(asset.status).to.equal(200);
    const errors = await fetch(`${app.url}/docs/errors`);
    expect(await errors.text()).to.include('id="RATE_LIMITED"');
  });

  describe('when Postgres is down', () => {
    let downApp: TestApp;
    let deadDb: ReturnType<typeof createDb>;
    before(async () => {
      deadDb = createDb(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/none`, { max: 1 });
      downApp = await startTestApp({
        db: deadDb,
        openapi: contractWithProbeOperations(),
        extraRouters: [probeRouter(() => deadDb)],
      });
    });
    after(async () => {
      await downApp.close();
      await deadDb.destroy();
    });

    it('answers 503 UPSTREAM_UNAVAILABLE with Retry-After', async () => {
      const res = await fetch(`${downApp.url}/v1/conventions/db`);
      expect(res.status).to.equal(503);
      expect(Number(res.headers.get('retry-after'))).to.be.at.least(1);
      const error = await errorBody(res);
      expect(error).to.deep.include({ type: 'upstream_error', code: 'UPSTREAM_UNAVAILABLE' });
    });
  });
});
