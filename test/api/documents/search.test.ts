import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { seedDocument as seed } from './seed-document.ts';

describe('POST /v1/documents/search', () => {
  let app: TestApp;
  let tenant: Tenant;
  const ids: Record<string, string> = {};
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    ids.a = await seed(tenant, {
      number: 'S-A',
      issue_date: '2026-01-10',
      gross_amount: '50.00',
      lifecycle_status: 'paid',
      delivery_status: 'delivered',
      status: 'delivered',
    });
    ids.b = await seed(tenant, {
      number: 'S-B',
      issue_date: '2026-02-10',
      gross_amount: '1500.00',
      delivery_status: 'failed',
      currency: 'USD',
      receiver: JSON.stringify({ peppolId: '0208:0999999999', name: 'Globex Corp', vatNumber: null }),
      receiver_peppol_id: '0208:0999999999',
    });
    ids.c = await seed(tenant, {
      number: 'S-C',
      issue_date: '2026-03-10',
      gross_amount: '800.00',
      direction: 'incoming',
      lifecycle_status: 'disputed',
      archived_at: new Date(),
    });
    ids.d = await seed(tenant, {
      number: 'S-D',
      issue_date: null,
      due_date: null,
      gross_amount: null,
      type: 'credit-note',
      read_at: new Date(),
    });
    ids.e = await seed(tenant, {
      number: 'S-E',
      issue_date: '2026-03-10',
      gross_amount: '800.00',
      lifecycle_status: 'approved',
    });
    // Tags are the organization's tag resources, put on documents through the tag action.
    for (const [id, tags] of [
      [ids.a, ['urgent', 'q1']],
      [ids.c, ['urgent']],
    ] as const)
      for (const tag of tags) {
        const res = await fetch(`${app.url}/v1/documents/${id}/actions`, {
          method: 'POST',
          headers: jsonHeaders(tenant.key),
          body: JSON.stringify({ action: 'tag', tag }),
        });
        expect(res.status).to.equal(200);
      }
  });
  after(() => app.close());

  const search = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/documents/search`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const numbers = async (body: unknown) => {
    const res = await search(body);
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).to.equal(200);
    return json.data.map((d: any) => d.number).sort();
  };

  it('returns the list envelope of Document objects, newest first, with the action fields', async () => {
    const res = await search({});
    const body = await res.json();
    expect(res.status).to.equal(200);
    expect(body).to.have.keys(['data', 'hasMore', 'cursor']);
    expect(body.data.map((d: any) => d.id)).to.deep.equal([ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(body.data[2]).to.deep.include({
      archived: true,
      read: false,
      tags: ['urgent'],
      assignedUserId: null,
      notes: [],
      linkedDocumentIds: [],
    });
    expect(body.data[1].read).to.equal(true);
  });

  it('runs the full-text query over number and party names', async () => {
    expect(await numbers({ query: 'globex' })).to.deep.equal(['S-B']);
    expect(await numbers({ query: 'S-C' })).to.deep.equal(['S-C']);
  });

  it('combines and / or / not with every comparison operator', async () => {
    expect(
      await numbers({
        filters: {
          and: [
            { field: 'grossAmount', op: 'gte', value: 800 },
            { field: 'grossAmount', op: 'lt', value: '1500' },
          ],
        },
      }),
    ).to.deep.equal(['S-C', 'S-E']);
    expect(
      await numbers({
        filters: {
          or: [
            { field: 'currency', op: 'eq', value: 'USD' },
            { field: 'type', value: 'credit-note' },
          ],
        },
      }),
    ).to.deep.equal(['S-B', 'S-D']);
    expect(await numbers({ filters: { not: { field: 'direction', op: 'eq', value: 'outgoing' } } })).to.deep.equal([
      'S-C',
    ]);
    expect(await numbers({ filters: { field: 'issueDate', op: 'gt', value: '2026-02-10' } })).to.deep.equal([
      'S-C',
      'S-E',
    ]);
    expect(await numbers({ filters: { field: 'issueDate', op: 'lte', value: '2026-02-10' } })).to.deep.equal([
      'S-A',
      'S-B',
    ]);
    expect(await numbers({ filters: { field: 'number', op: 'in', value: ['S-A', 'S-D'] } })).to.deep.equal([
      'S-A',
      'S-D',
    ]);
    expect(await numbers({ filters: { field: 'receiverPeppolId', op: 'contains', value: '09999' } })).to.deep.equal([
      'S-B',
    ]);
    expect(await numbers({ filters: { field: 'number', op: 'contains', value: '%' } })).to.deep.equal([]);
    // ne keeps documents whose value is unknown.
    expect(await numbers({ filters: { field: 'grossAmount', op: 'ne', value: 800 } })).to.deep.equal([
      'S-A',
      'S-B',
      'S-D',
    ]);
  });

  it('routes status delivered/failed to the delivery status and other values to the lifecycle status (part 3.1)', async () => {
    expect(await numbers({ filters: { field: 'status', value: 'delivered' } })).to.deep.equal(['S-A']);
    expect(await numbers({ filters: { field: 'status', value: 'failed' } })).to.deep.equal(['S-B']);
    expect(await numbers({ filters: { field: 'status', value: 'disputed' } })).to.deep.equal(['S-C']);
    expect(await numbers({ filters: { field: 'status', op: 'in', value: ['failed', 'approved'] } })).to.deep.equal([
      'S-B',
      'S-E',
    ]);
    expect(await numbers({ filters: { field: 'lifecycleStatus', value: 'paid' } })).to.deep.equal(['S-A']);
    expect(await numbers({ filters: { field: 'deliveryStatus', op: 'ne', value: 'pending' } })).to.deep.equal([
      'S-A',
      'S-B',
    ]);
  });

  it('matches tags as a set, and archived / read as booleans', async () => {
    expect(await numbers({ filters: { field: 'tags', op: 'contains', value: 'urgent' } })).to.deep.equal([
      'S-A',
      'S-C',
    ]);
    expect(await numbers({ filters: { field: 'tags', op: 'in', value: ['q1', 'nope'] } })).to.deep.equal(['S-A']);
    expect(await numbers({ filters: { field: 'tags', op: 'ne', value: 'urgent' } })).to.deep.equal([
      'S-B',
      'S-D',
      'S-E',
    ]);
    expect(await numbers({ archived: true })).to.deep.equal(['S-C']);
    expect(await numbers({ archived: false })).to.deep.equal(['S-A', 'S-B', 'S-D', 'S-E']);
    expect(await numbers({ filters: { field: 'read', value: true } })).to.deep.equal(['S-D']);
  });

  it('accepts the sample shape: any / all arrays of field-value predicates and a top-level from', async () => {
    expect(
      await numbers({
        any: [
          { field: 'currency', value: 'USD' },
          { field: 'status', value: 'paid' },
        ],
      }),
    ).to.deep.equal(['S-A', 'S-B']);
    expect(
      await numbers({
        all: [
          { field: 'direction', value: 'outgoing' },
          { field: 'tags', value: 'urgent' },
        ],
      }),
    ).to.deep.equal(['S-A']);
    expect(await numbers({ from: '2026-02-01' })).to.deep.equal(['S-B', 'S-C', 'S-E']);
    expect(
      await numbers({ from: '2026-02-01', to: '2026-03-01', any: [{ field: 'currency', value: 'USD' }] }),
    ).to.deep.equal(['S-B']);
    expect(
      await numbers({
        filters: { any: [{ field: 'number', value: 'S-A' }, { all: [{ field: 'number', value: 'S-E' }] }] },
      }),
    ).to.deep.equal(['S-A', 'S-E']);
  });

  it('sorts by each field both ways, unknown values last, and pages with a cursor that keeps the sort', async () => {
    const order = async (sort: unknown, limit = 100) =>
      (await (await search({ sort, limit })).json()).data.map((d: any) => d.number);
    const ascending = await order({ field: 'grossAmount', order: 'asc' });
    expect([ascending[0], ...ascending.slice(3)]).to.deep.equal(['S-A', 'S-B', 'S-D']);
    expect(ascending.slice(1, 3).sort()).to.deep.equal(['S-C', 'S-E']);
    const descending = await order({ field: 'grossAmount', order: 'desc' });
    expect([descending[0], descending[3], descending[4]]).to.deep.equal(['S-B', 'S-A', 'S-D']);
    expect(await order({ field: 'number', order: 'asc' })).to.deep.equal(['S-A', 'S-B', 'S-C', 'S-D', 'S-E']);
    expect((await order({ field: 'issueDate', order: 'asc' })).at(-1)).to.equal('S-D');
    expect((await order({ field: 'dueDate', order: 'desc' })).at(-1)).to.equal('S-D');

    for (const sort of [
      { field: 'grossAmount', order: 'asc' },
      { field: 'issueDate', order: 'desc' },
      { field: 'createdAt', order: 'asc' },
      { field: 'number', order: 'desc' },
    ]) {
      const all = await order(sort);
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await search({ sort, limit: 2, ...(cursor ? { cursor } : {}) });
        const body = await res.json();
        expect(res.status).to.equal(200);
        paged.push(...body.data.map((d: any) => d.number));
        expect(body.hasMore).to.equal(body.cursor !== null);
        cursor = body.cursor ?? undefined;
      } while (cursor);
      expect(paged, JSON.stringify(sort)).to.deep.equal(all);
    }
  });

  it('400 INVALID_REQUEST for a cursor of another sort, or one it never returned', async () => {
    const first = await (await search({ sort: { field: 'number', order: 'asc' }, limit: 1 })).json();
    const res = await search({ sort: { field: 'grossAmount', order: 'asc' }, cursor: first.cursor });
    expect(res.status).to.equal(400);
    const error = await errorBody(res);
    expect(error.code).to.equal('INVALID_REQUEST');
    expect(error.message).to.include('keep the sort');
    const junk = await search({ cursor: 'not-a-cursor' });
    expect(junk.status).to.equal(400);
    expect((await errorBody(junk)).details[0].field).to.equal('cursor');
  });

  it('400 with the offending node for unknown fields, wrong operators and malformed nodes', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ filters: { field: 'secret_column', value: 1 } }, 'INVALID_REQUEST', 'filters'],
      [
        { filters: { and: [{ field: 'direction', op: 'gt', value: 'incoming' }] } },
        'INVALID_REQUEST',
        'filters.and[0]',
      ],
      [{ filters: { and: [] } }, 'INVALID_REQUEST', 'filters.and'],
      [{ filters: { and: [{ field: 'number', value: 'x' }], field: 'number' } }, 'INVALID_REQUEST', 'filters'],
      [{ filters: { field: 'number', op: 'in', value: 'x' } }, 'INVALID_REQUEST', 'filters'],
      [{ filters: { field: 'grossAmount', value: 'lots' } }, 'INVALID_REQUEST', 'filters.value'],
      [{ filters: { field: 'direction', value: 'sideways' } }, 'INVALID_ENUM', 'filters.value'],
      [{ filters: { field: 'status', value: 'lost' } }, 'INVALID_ENUM', 'filters.value'],
      [{ filters: { not: { field: 'issueDate', value: '2026-13-45x' } } }, 'INVALID_DATE', 'filters.not.value'],
      [{ any: [{ field: 'number' }] }, 'INVALID_REQUEST', '.any[0]'],
    ];
    for (const [body, code, field] of cases) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      const error = await errorBody(res);
      expect(error.code, JSON.stringify(body)).to.equal(code);
      expect(error.details[0].field, JSON.stringify(body)).to.equal(field);
    }
  });

  it('400 beyond 5 levels or 50 predicates', async () => {
    let deep: any = { field: 'number', value: 'x' };
    for (let i = 0; i < 5; i++) deep = { and: [deep] };
    const tooDeep = await search({ filters: deep });
    expect(tooDeep.status).to.equal(400);
    expect((await errorBody(tooDeep)).message).to.include('deeper than 5 levels');
    let fine: any = { field: 'number', value: 'S-A' };
    for (let i = 0; i < 4; i++) fine = { and: [fine] };
    expect(await numbers({ filters: fine })).to.deep.equal(['S-A']);

    const many = Array.from({ length: 51 }, (_, i) => ({ field: 'number', value: `N-${i}` }));
    const tooMany = await search({ filters: { or: many } });
    expect(tooMany.status).to.equal(400);
    expect((await errorBody(tooMany)).message).to.include('more than 50 predicates');
    expect(await numbers({ filters: { or: many.slice(0, 50) } })).to.deep.equal([]);
  });

  it('400 from the schema for an unknown sort field or a limit over 100', async () => {
    for (const body of [{ sort: { field: 'secret' } }, { limit: 101 }, { unknown: true }]) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      await errorBody(res);
    }
  });

  it('sees only its organization and mode (a test key never a live row), and a bound key only its company', async () => {
    const other = await createTenant({ livemode: false, plan: 'pro' });
    await seed(other, { number: 'S-A' });
    await seed(tenant, { number: 'S-A', livemode: true });
    const mine = await (await search({ filters: { field: 'number', value: 'S-A' } })).json();
    expect(mine.data.map((d: any) => d.id)).to.deep.equal([ids.a]);
    const bound = await createKey(tenant.organizationId, {
      livemode: false,
      companyId: (await createTenant({ livemode: false })).companyId,
    });
    const res = await search({}, bound.secret);
    expect(res.status).to.equal(200);
    expect((await res.json()).data).to.deep.equal([]);
  });

  it('401 without a key and 403 INSUFFICIENT_SCOPE without documents.search', async () => {
    const anon = await fetch(`${app.url}/v1/documents/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anon.status).to.equal(401);
    expect((await errorBody(anon)).code).to.equal('MISSING_AUTH');
    const readOnly = await createKey(tenant.organizationId, { livemode: false, scopes: ['documents.read'] });
    const res = await search({}, readOnly.secret);
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
  });
});

describe('GET /v1/documents?archived', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  it('lists all documents by default and filters on archived=true|false', async () => {
    const kept = await seed(tenant);
    const archived = await seed(tenant, { archived_at: new Date() });
    const list = async (query: string) =>
      (await (await fetch(`${app.url}/v1/documents${query}`, { headers: bearer(tenant.key) })).json()).data.map(
        (d: any) => d.id,
      );
    expect(await list('')).to.deep.equal([archived, kept]);
    expect(await list('?archived=true')).to.deep.equal([archived]);
    expect(await list('?archived=false')).to.deep.equal([kept]);
  });
});
