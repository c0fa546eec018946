import { expect } from 'chai';
import { INTERNAL_OPENAPI_PATH, loadOpenApiDocument } from '../../api/openapi.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { storedDocument } from './lifecycle-fixtures.ts';
import { ensureTestWorkers } from '../support/workers.ts';

type Operation = {
  operationId: string;
  parameters?: Array<{ in: string; name: string } | { $ref: string }>;
  requestBody?: unknown;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const FORWARD_TOKEN = 'access-point-token-for-malformed-input';

/** Values of the wrong type for whatever a field expects. */
const WRONG = [
  null,
  2 ** 64,
  'x'.repeat(300),
  true,
  [],
  { nested: { deeper: [1, 'two'] } },
  '%00\u0000<>"\'',
  -1,
  '2026-02-30',
];

/**
 * Every operation of the contract, called with what a careless or hostile client sends: unknown
 * ids, garbage query values, bodies of the wrong shape and type. Whatever the operation, the answer
 * is a 4xx in the error envelope (or a success) — never a 5xx, and never a body off the contract
 * (response validation is on, so one would surface as a 500).
 */
describe('malformed input on every operation', () => {
  let app: TestApp;
  let sandbox: Tenant;
  let live: Tenant;
  const doc = loadOpenApiDocument();
  const operations: Array<{ method: (typeof METHODS)[number]; path: string; op: Operation }> = [];
  // The internal contract's paths are relative to its mount path, /internal.
  for (const [prefix, contract] of [
    ['', doc],
    ['/internal', loadOpenApiDocument(INTERNAL_OPENAPI_PATH)],
  ] as const) {
    for (const [path, item] of Object.entries(contract.paths as Record<string, Record<string, Operation>>)) {
      for (const method of METHODS)
        if (item[method]) operations.push({ method, path: prefix + path, op: item[method] });
    }
  }

  /** Ids of the caller's own resources, so malformed bodies also reach the handlers behind the lookups. */
  const own = new Map<string, Record<string, string>>();
  const ownResources = async (tenant: Tenant) => {
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(`${app.url}${path}`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify(body),
        })
      ).json()) as { id: string };
    const document = await storedDocument(tenant);
    const webhook = await post('/v1/webhooks', { url: 'https://93.184.216.34/hooks/malformed', events: ['*'] });
    const partner = await post('/v1/partners', { peppolId: '0208:0202239951', name: 'Malformed Input SA' });
    const requestId = (await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key) })).headers.get('x-request-id')!;
    return {
      company_id: tenant.companyId,
      document_id: document.id,
      key_id: tenant.keyId,
      webhook_id: webhook.id,
      partner_id: partner.id,
      request_id: requestId,
      peppol_id: '0208:0202239951',
    };
  };

  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp({ accessPoint: { forwardToken: FORWARD_TOKEN } });
    sandbox = await createTenant({ livemode: false, plan: 'pro' });
    live = await createTenant({ livemode: true, plan: 'pro' });
    own.set(sandbox.key, await ownResources(sandbox));
    own.set(live.key, await ownResources(live));
  });
  after(() => app.close());

  const shared =
    (doc as { components?: { parameters?: Record<string, { in: string; name: string }> } }).components?.parameters ??
    {};
  const parameterNames = (op: Operation, where: string) =>
    (op.parameters ?? [])
      .map((p) => ('$ref' in p ? shared[p.$ref.split('/').pop()!] : p))
      .filter((p) => p?.in === where)
      .map((p) => p.name);

  const call = async (method: string, url: string, key: string, body?: string, contentType = 'application/json') => {
    const res = await fetch(url, {
      method: method.toUpperCase(),
      headers: {
        // The access point presents its forward token as X-Token; every other caller an API key.
        ...(key === FORWARD_TOKEN ? { 'x-token': key } : bearer(key)),
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    return { status: res.status, text, requestId: res.headers.get('x-request-id') };
  };

  const expectHandled = (
    what: string,
    result: { status: number; text: string; requestId: string | null },
    htmlErrors = false,
  ) => {
    expect(result.status, `${what} → ${result.status} ${result.text.slice(0, 400)}`).to.be.below(500);
    // A browser-facing operation (`x-error-format: html`) answers its errors as a page naming the request.
    if (result.status >= 400 && htmlErrors) {
      expect(result.text, `${what}: error page`).to.match(/^<!DOCTYPE html>/i);
      expect(result.text, `${what}: requestId`).to.include(result.requestId!);
    } else if (result.status >= 400 && result.text) {
      const body = JSON.parse(result.text) as { error?: { code?: string; requestId?: string } };
      expect(body.error?.code, `${what}: error envelope`).to.be.a('string');
      expect(body.error?.requestId, `${what}: requestId`).to.equal(result.requestId);
    }
  };

  it('finds the operations of the contract', () => {
    expect(operations.length).to.be.greaterThan(50);
  });

  for (const { method, path, op } of operations) {
    it(`${method.toUpperCase()} ${path} (${op.operationId})`, async () => {
      // The access point's endpoint takes its own token; every other operation a sandbox and a live key.
      const callers = path.startsWith('/internal/')
        ? [{ label: 'access point', key: FORWARD_TOKEN }]
        : [
            { label: 'sandbox', key: sandbox.key },
            { label: 'live', key: live.key },
          ];
      for (const caller of callers) {
        const unknown = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          name.endsWith('_id') ? `${name.split('_')[0].slice(0, 4)}_doesNotExist000000000` : 'does-not-exist',
        );
        const mine = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          encodeURIComponent(own.get(caller.key)?.[name] ?? 'does-not-exist'),
        );
        const query = new URLSearchParams();
        for (const name of parameterNames(op, 'query')) query.set(name, '%%%not-a-value');
        const label = `${caller.label} ${method.toUpperCase()} ${path}`;
        const html = (op as { 'x-error-format'?: string })['x-error-format'] === 'html';
        expectHandled(
          `${label} (unknown ids)`,
          await call(
            method,
            `${app.url}${unknown}`,
            caller.key,
            method === 'get' || method === 'delete' ? undefined : '{}',
          ),
          html,
        );
        for (const base of new Set([`${app.url}${unknown}`, `${app.url}${mine}`])) {
          expectHandled(`${label} (garbage query)`, await call(method, `${base}?${query}`, caller.key), html);
          if (method === 'get' || method === 'delete') continue;
          for (const body of [
            '{}',
            '[]',
            '"text"',
            '{"truncated": ',
            JSON.stringify(Object.fromEntries(WRONG.map((v, i) => [`field${i}`, v]))),
          ]) {
            expectHandled(`${label} body ${body.slice(0, 40)}`, await call(method, base, caller.key, body), html);
          }
          expectHandled(
            `${label} (xml body)`,
            await call(method, base, caller.key, '<Invoice><a>', 'application/xml'),
            html,
          );
        }
      }
    });
  }
});
