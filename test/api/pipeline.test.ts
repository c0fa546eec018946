import { expect } from 'chai';
import { Router } from 'express';
import type { OpenApiDocument } from '../../api/openapi.ts';
import { contractOf, type PipelineOptions, type SharedSteps } from '../../api/pipeline.ts';
import { principalOf } from '../../api/principal.ts';
import { bearer, createTenant, type Tenant } from '../support/access.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';

/** A second API in miniature: its own contract under /widgets/v1 and a flat error body. */
function widgetsContract(): OpenApiDocument {
  const error = {
    description: 'An error in the widgets shape.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['errorCode', 'errorMessage'],
          additionalProperties: false,
          properties: { errorCode: { type: 'string' }, errorMessage: { type: 'string' } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Widgets', version: '1.0.0' },
    servers: [{ url: '/widgets/v1' }],
    security: [{ bearerAuth: [] }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/widgets': {
        post: {
          operationId: 'createWidget',
          'x-scope': 'documents.write',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  additionalProperties: false,
                  properties: { name: { type: 'string', minLength: 1 } },
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'The widget.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['name', 'organizationId'],
                    properties: { name: { type: 'string' }, organizationId: { type: 'string' } },
                  },
                },
              },
            },
            default: error,
          },
        },
      },
    },
  };
}

function widgetsApi(shared: SharedSteps): PipelineOptions {
  const router = Router();
  router.post('/widgets', (req, res) => {
    res.status(201).json({ name: req.body.name, organizationId: principalOf(req).organizationId });
  });
  return {
    ...shared,
    contract: contractOf(widgetsContract()),
    mountPath: '/widgets/v1',
    renderError: (error) => ({ errorCode: error.code, errorMessage: error.message }),
    routers: [router],
  };
}

describe('a second API mounted beside /v1 with its own contract and error shape', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp({ apis: [widgetsApi] });
    tenant = await createTenant();
  });
  after(() => app.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('serves its operation through the shared access steps, with a request id', async () => {
    const res = await post('/widgets/v1/widgets', { name: 'sprocket' }, bearer(tenant.key));
    expect(res.status).to.equal(201);
    expect(res.headers.get('x-request-id')).to.match(/^req_/);
    expect(await res.json()).to.deep.equal({ name: 'sprocket', organizationId: tenant.organizationId });
  });

  it('renders authentication, validation and routing errors in its own shape', async () => {
    const anonymous = await post('/widgets/v1/widgets', { name: 'sprocket' });
    expect(anonymous.status).to.equal(401);
    expect(await anonymous.json()).to.deep.equal({
      errorCode: 'MISSING_AUTH',
      errorMessage: await errorMessageOf('MISSING_AUTH'),
    });

    const invalid = await post('/widgets/v1/widgets', { colour: 'red' }, bearer(tenant.key));
    expect(invalid.status).to.equal(400);
    const body = (await invalid.json()) as Record<string, unknown>;
    expect(Object.keys(body)).to.deep.equal(['errorCode', 'errorMessage']);
    expect(body.errorCode).to.equal('MISSING_FIELD');

    const unknown = await fetch(`${app.url}/widgets/v1/gadgets`, { headers: bearer(tenant.key) });
    expect(unknown.status).to.equal(404);
    expect(await unknown.json()).to.deep.equal({
      errorCode: 'RESOURCE_NOT_FOUND',
      errorMessage: 'No route GET /gadgets.',
    });
  });

  it('leaves /v1 as it was: its operations, its envelope, and no widgets route', async () => {
    const me = await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key) });
    expect(me.status).to.equal(200);
    const missing = await fetch(`${app.url}/v1/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(tenant.key) },
      body: '{"name":"x"}',
    });
    expect(missing.status).to.equal(404);
    expect(await errorBody(missing)).to.deep.include({
      type: 'invalid_request_error',
      code: 'RESOURCE_NOT_FOUND',
      message: 'No route POST /v1/widgets.',
    });
    const contract = (await (await fetch(`${app.url}/openapi.json`)).json()) as OpenApiDocument;
    expect(contract.paths).to.not.have.property('/widgets');
  });

  /** The message /v1 gives for the same failure: only the shape differs between the two APIs. */
  async function errorMessageOf(code: string): Promise<string> {
    const res = await fetch(`${app.url}/v1/me`);
    const error = await errorBody(res);
    expect(error.code).to.equal(code);
    return error.message as string;
  }
});
