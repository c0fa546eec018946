import { expect } from 'chai';
import { loadOpenApiDocument } from '../../api/openapi.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { bearer, jsonHeaders } from '../support/access.ts';
import { waitForDocument } from '../support/documents.ts';
import { sandboxDirectory } from '../../upstreams/directory/seed.ts';

/**
 * Operations whose request examples are not replayed here, and why. Every other request example of
 * the contract is sent as written (ids swapped for the test's own) and must get its documented status.
 */
const NOT_REPLAYED: Record<string, string> = {};

/**
 * Replayed after every other one, in this order: a second company makes `from: "org:"` of the other
 * examples ambiguous (as it would for a user), the reset deletes the sandbox's events, and the forced
 * rate limit blocks the key for the rest of its window.
 */
const LAST = ['createCompany', 'resetSandbox', 'forceSandboxRateLimit'];

/** Ids of examples that stand for objects of the caller: swapped for real ones of the test. */
const EXAMPLE_ID = /^(comp|doc|part|wh|evt|key|tag)_[A-Za-z0-9]+$/;

/** The organization a PunchOut cart's BuyerCookie names, inside the cXML text: swapped for the test's own. */
const EXAMPLE_ORGANIZATION = /org_[A-Za-z0-9]{20}/g;

/** The PunchOut credentials of the contract's cart examples (and of its partner create example). */
const PUNCHOUT_EXAMPLE = { identity: 'AN01000012345', domain: 'NetworkID', sharedSecret: 'alpine-punchout-2026' };

interface Example {
  operationId: string;
  method: string;
  path: string;
  name: string;
  contentType: string;
  value: unknown;
  status: number;
  public: boolean;
}

function requestExamples(): Example[] {
  const doc = loadOpenApiDocument() as any;
  const examples: Example[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op?.operationId) continue;
      const success = Object.keys(op.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
      for (const [contentType, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
        const named: Array<[string, unknown]> = media.examples
          ? Object.entries<any>(media.examples).map(([name, e]) => [name, e.value])
          : media.example !== undefined
            ? [['example', media.example]]
            : [];
        for (const [name, value] of named) {
          expect(success, `${op.operationId} documents one success status`).to.have.length(1);
          examples.push({
            operationId: op.operationId,
            method: method.toUpperCase(),
            path,
            name,
            contentType,
            value,
            status: Number(success[0]),
            public: Array.isArray(op.security) && op.security.length === 0,
          });
        }
      }
    }
  }
  return examples;
}

const all = requestExamples();
const replayed = [
  ...all.filter((e) => !(e.operationId in NOT_REPLAYED) && !LAST.includes(e.operationId)),
  ...LAST.flatMap((id) => all.filter((e) => e.operationId === id)),
];

describe('contract examples: every request example replays against the service', () => {
  let app: TestApp;
  let key: string;
  let companyId: string;
  let webhookId: string;
  let partnerId: string;
  let apiKeyId: string;
  let organizationId: string;
  let tagGroupId: string;
  let tagId: string;
  let sendExample: any;
  let inboundExample: any;
  let addresses = 0;

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: body === undefined ? bearer(key) : jsonHeaders(key),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  async function created(res: Response): Promise<any> {
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).to.be.oneOf([200, 201, 202]);
    return body;
  }
  const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

  /** An outgoing invoice of the sandbox company, sent by the contract's own send example. */
  async function outgoingDocument(): Promise<string> {
    const body = { ...sendExample, from: companyId, document: { ...sendExample.document, number: unique('INV') } };
    return (await created(await call('POST', '/v1/documents/send', body))).id;
  }

  /** An incoming invoice, received through the contract's own inbound simulation example. */
  async function incomingDocument(): Promise<string> {
    const body = { ...inboundExample, companyId, document: { ...inboundExample.document, number: unique('SUP') } };
    const { documentId } = await created(await call('POST', '/v1/sandbox/inbound', body));
    await waitForDocument(app.url, key, documentId, (d) => d.status !== undefined);
    return documentId;
  }

  /** An outgoing invoice moved along its lifecycle to the state an example starts from. */
  async function documentIn(...moves: string[]): Promise<string> {
    const id = await outgoingDocument();
    for (const status of moves) await created(await call('POST', `/v1/documents/${id}/lifecycle`, { status }));
    return id;
  }

  /**
   * The documents an operation's example stands for, where a fresh outgoing invoice is not one it
   * applies to: only incoming documents are paid by SEPA, and the lifecycle examples start from the
   * state their move is allowed from (paid after approval, approved after review).
   */
  const DOCUMENT_KIND: Record<string, () => Promise<string>> = {
    exportSepaCreditTransfer: () => incomingDocument(),
    updateDocumentLifecycle: () => documentIn('under_review', 'approved'),
    batchUpdateDocumentLifecycle: () => documentIn('under_review'),
  };

  async function eventIds(count: number): Promise<string[]> {
    const page = await (await call('GET', `/v1/events?limit=${count}`)).json();
    expect(page.data.length, 'events of the fixtures').to.be.at.least(count);
    return page.data.map((e: any) => e.id);
  }

  /** Swaps every example id for a real one, the same example id for the same real one. */
  async function substitute(example: Example, value: unknown, ids: Map<string, string>): Promise<unknown> {
    if (typeof value === 'string' && example.operationId === 'receivePunchOutCart')
      return value.replace(EXAMPLE_ORGANIZATION, organizationId);
    if (typeof value === 'string' && EXAMPLE_ID.test(value)) {
      if (!ids.has(value)) ids.set(value, await realId(example, value, ids));
      return ids.get(value);
    }
    if (Array.isArray(value)) {
      const out = [];
      for (const v of value) out.push(await substitute(example, v, ids));
      return out;
    }
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = await substitute(example, v, ids);
      return out;
    }
    return value;
  }

  async function realId(example: Example, exampleId: string, ids: Map<string, string>): Promise<string> {
    const prefix = exampleId.slice(0, exampleId.indexOf('_'));
    switch (prefix) {
      case 'comp':
        return companyId;
      case 'wh':
        return webhookId;
      case 'part':
        return partnerId;
      case 'key':
        return apiKeyId;
      case 'tag':
        return tagId;
      case 'doc':
        return (DOCUMENT_KIND[example.operationId] ?? outgoingDocument)();
      case 'evt': {
        const used = [...ids.keys()].filter((k) => k.startsWith('evt_')).length;
        return (await eventIds(used + 1))[used];
      }
      default:
        throw new Error(`no fixture for ${exampleId}`);
    }
  }

  const PATH_PARAMS: Record<string, (example: Example) => Promise<string>> = {
    company_id: async () => companyId,
    document_id: async (example) => (DOCUMENT_KIND[example.operationId] ?? outgoingDocument)(),
    webhook_id: async () => webhookId,
    partner_id: async () => partnerId,
    key_id: async () => apiKeyId,
    group_id: async () => tagGroupId,
    object_id: async (example) => (DOCUMENT_KIND[example.operationId] ?? outgoingDocument)(),
    tag_id: async () => tagId,
  };

  /** What a success status alone does not show: batches answer 200 even when every item failed. */
  const CHECKS: Record<string, (body: any) => void> = {
    sendDocumentBatch: (body) =>
      expect(
        body.results.map((r: any) => r.ok),
        JSON.stringify(body),
      ).to.deep.equal(body.results.map(() => true)),
    batchUpdateDocumentLifecycle: (body) =>
      expect(
        body.results.map((r: any) => r.ok),
        JSON.stringify(body),
      ).to.deep.equal(body.results.map(() => true)),
  };

  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    const contract = loadOpenApiDocument() as any;
    sendExample =
      contract.paths['/v1/documents/send'].post.requestBody.content['application/json'].examples.invoice.value;
    inboundExample = contract.paths['/v1/sandbox/inbound'].post.requestBody.content['application/json'].example;

    const bootstrap = await fetch(`${app.url}/v1/sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${200 + addresses++}` },
      // A white-label key reaches every operation, the platform area and its white-label settings included.
      body: JSON.stringify({ label: 'contract-examples', keyType: 'white_label' }),
    });
    const sandbox = await created(bootstrap);
    ({ key, organizationId } = sandbox);
    companyId = sandbox.company.id;
    webhookId = (
      await created(
        await call('POST', '/v1/webhooks', {
          url: 'https://fixture.webhook.test/docex',
          events: ['document.delivered'],
        }),
      )
    ).id;
    partnerId = (await created(await call('POST', '/v1/partners', { peppolId: '0208:0202239951' }))).id;
    apiKeyId = (await created(await call('POST', '/v1/api-keys', { name: 'fixture', scopes: ['documents.read'] }))).id;
    // The supplier whose credentials the PunchOut cart examples carry (not the partner that examples delete).
    const supplier = sandboxDirectory().find(
      (card) => card.country === 'BE' && !['0208:0202239951', '0208:0674229677'].includes(card.peppolId),
    )!;
    await created(await call('POST', '/v1/partners', { peppolId: supplier.peppolId, punchout: PUNCHOUT_EXAMPLE }));
    tagGroupId = (await created(await call('POST', '/v1/tag-groups', { name: 'Fixture group' }))).id;
    tagId = (await created(await call('POST', `/v1/tag-groups/${tagGroupId}/tags`, { name: 'fixture' }))).id;
    await outgoingDocument();
    await incomingDocument();
  });
  after(() => app.close());

  it('lists the operations it does not replay, each with its reason, and they exist', () => {
    for (const operationId of Object.keys(NOT_REPLAYED)) expect(all.map((e) => e.operationId)).to.include(operationId);
    expect(replayed.length + all.filter((e) => e.operationId in NOT_REPLAYED).length).to.equal(all.length);
  });

  for (const example of replayed) {
    it(`${example.method} ${example.path} (${example.operationId}, ${example.name}) answers ${example.status}`, async () => {
      const ids = new Map<string, string>();
      let path = example.path;
      for (const [, param] of example.path.matchAll(/\{(\w+)\}/g)) {
        const fixture = PATH_PARAMS[param];
        if (!fixture) throw new Error(`no fixture for path parameter ${param}`);
        path = path.replace(`{${param}}`, encodeURIComponent(await fixture(example)));
      }
      const body = await substitute(example, example.value, ids);
      const headers: Record<string, string> = example.public
        ? { 'content-type': example.contentType, 'x-forwarded-for': `198.51.100.${200 + addresses++}` }
        : { ...bearer(key), 'content-type': example.contentType };
      const res = await fetch(`${app.url}${path}`, {
        method: example.method,
        headers,
        body:
          typeof body === 'string'
            ? body
            : example.contentType === 'application/x-www-form-urlencoded'
              ? new URLSearchParams(body as Record<string, string>).toString()
              : JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.status, text).to.equal(example.status);
      CHECKS[example.operationId]?.(text ? JSON.parse(text) : undefined);
    });
  }
});
