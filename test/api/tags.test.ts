import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { ensureTestWorkers } from '../support/workers.ts';
import { testServers } from '../support/servers.ts';
import { seedDocument } from './documents/seed-document.ts';

describe('tags (part 4.14)', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const call = (method: string, path: string, body?: unknown, key = tenant.key) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: jsonHeaders(key),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).to.equal(status);
    return text ? JSON.parse(text) : undefined;
  };
  const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
  const group = async (body: Record<string, unknown>, key = tenant.key) =>
    json(await call('POST', '/v1/tag-groups', body, key), 201);
  const tag = async (groupId: string, body: Record<string, unknown>, key = tenant.key) =>
    json(await call('POST', `/v1/tag-groups/${groupId}/tags`, body, key), 201);
  const assign = (objectId: string, tagId: string, objectType = 'document', key = tenant.key) =>
    call('POST', `/v1/objects/${objectId}/tags`, { tagId, objectType }, key);
  const namesOn = async (objectId: string, key = tenant.key) =>
    (await json(await call('GET', `/v1/objects/${objectId}/tags`, undefined, key), 200)).data.map((t: any) => t.name);

  describe('POST/GET /v1/tag-groups and /v1/tag-groups/{group_id}/tags', () => {
    it('creates a group and its tags, and lists groups with their tags in the list envelope', async () => {
      const name = unique('Cost centre');
      const created = await group({ name, description: 'Where spend is booked', exclusive: true });
      expect(created).to.deep.include({ name, description: 'Where spend is booked', exclusive: true, tags: [] });
      expect(created.id).to.match(/^tgrp_/);
      const it1 = await tag(created.id, { name: 'IT', color: '#1f6feb' });
      expect(it1).to.deep.include({ groupId: created.id, name: 'IT', color: '#1f6feb', description: null });
      expect(it1.id).to.match(/^tag_/);
      const page = await json(await call('GET', '/v1/tag-groups?limit=100'), 200);
      expect(page).to.include.keys('data', 'hasMore', 'cursor');
      const listed = page.data.find((g: any) => g.id === created.id);
      expect(listed.tags.map((t: any) => t.id)).to.deep.equal([it1.id]);
      const tags = await json(await call('GET', `/v1/tag-groups/${created.id}/tags`), 200);
      expect(tags).to.deep.equal({ data: [it1], hasMore: false, cursor: null });
    });

    it('pages groups with limit and cursor', async () => {
      const own = await createTenant({ livemode: false });
      const a = await group({ name: 'A' }, own.key);
      const b = await group({ name: 'B' }, own.key);
      const first = await json(await call('GET', '/v1/tag-groups?limit=1', undefined, own.key), 200);
      expect(first.data.map((g: any) => g.id)).to.deep.equal([a.id]);
      expect(first.hasMore).to.equal(true);
      const second = await json(
        await call('GET', `/v1/tag-groups?limit=1&cursor=${first.cursor}`, undefined, own.key),
        200,
      );
      expect(second).to.deep.include({ hasMore: false, cursor: null });
      expect(second.data.map((g: any) => g.id)).to.deep.equal([b.id]);
    });

    it('409 TAG_EXISTS for a group or a tag name already used (case-insensitive), per group', async () => {
      const name = unique('Project');
      const g = await group({ name });
      const dup = await call('POST', '/v1/tag-groups', { name: name.toUpperCase() });
      expect(dup.status).to.equal(409);
      expect(await errorBody(dup)).to.deep.include({ type: 'conflict', code: 'TAG_EXISTS' });
      await tag(g.id, { name: 'Alpha' });
      const again = await call('POST', `/v1/tag-groups/${g.id}/tags`, { name: 'alpha' });
      expect(again.status).to.equal(409);
      expect((await errorBody(again)).code).to.equal('TAG_EXISTS');
      // The same name in another group, or ungrouped, is another tag.
      await tag((await group({ name: unique('Other') })).id, { name: 'Alpha' });
      await tag('ungrouped', { name: unique('alpha') });
    });

    it('400 for names too long or blank, bad colours and unknown fields', async () => {
      const g = await group({ name: unique('Checks') });
      for (const [path, body, field] of [
        ['/v1/tag-groups', { name: 'x'.repeat(65) }, 'name'],
        ['/v1/tag-groups', { name: '   ' }, 'name'],
        ['/v1/tag-groups', { name: 'ok', colour: 'red' }, 'colour'],
        [`/v1/tag-groups/${g.id}/tags`, { name: 'ok', color: 'red' }, 'color'],
        [`/v1/tag-groups/${g.id}/tags`, {}, 'name'],
      ] as const) {
        const res = await call('POST', path, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        const error = await errorBody(res);
        expect(error.type).to.equal('validation_error');
        expect(JSON.stringify(error.details)).to.include(field);
      }
    });

    it('404 for a group of another organization or mode; ungrouped lists the tags of no group', async () => {
      const g = await group({ name: unique('Mine') });
      const other = await createTenant({ livemode: false });
      const live = await createTenant({ livemode: true });
      for (const key of [other.key, live.key]) {
        const res = await call('GET', `/v1/tag-groups/${g.id}/tags`, undefined, key);
        expect(res.status).to.equal(404);
        expect((await errorBody(res)).code).to.equal('RESOURCE_NOT_FOUND');
        expect((await call('POST', `/v1/tag-groups/${g.id}/tags`, { name: 'x' }, key)).status).to.equal(404);
      }
      const loose = await tag('ungrouped', { name: unique('loose') });
      expect(loose.groupId).to.equal(null);
      const list = await json(await call('GET', '/v1/tag-groups/ungrouped/tags?limit=100'), 200);
      expect(list.data.map((t: any) => t.id)).to.include(loose.id);
      const elsewhere = await json(await call('GET', '/v1/tag-groups/ungrouped/tags', undefined, other.key), 200);
      expect(elsewhere.data).to.deep.equal([]);
    });
  });

  describe('GET/POST/DELETE /v1/objects/{object_id}/tags', () => {
    async function updatedChanges(documentId: string) {
      const rows = await testServers()
        .db.selectFrom('events')
        .select('data')
        .where('type', '=', 'document.updated')
        .where('organization_id', '=', tenant.organizationId)
        .orderBy('created_at')
        .execute();
      return rows.filter((r) => (r.data as any).documentId === documentId).map((r) => (r.data as any).changes);
    }

    it('assigns (200, twice without a change), lists, removes (204, then 404), with document.updated diffs', async () => {
      const g = await group({ name: unique('Flags') });
      const urgent = await tag(g.id, { name: 'urgent' });
      const q4 = await tag(g.id, { name: 'q4' });
      const doc = await seedDocument(tenant);
      const first = await json(await assign(doc, urgent.id), 200);
      expect(first).to.deep.include({ id: urgent.id, name: 'urgent', groupId: g.id });
      expect(first.assignedAt).to.be.a('string');
      await json(await assign(doc, urgent.id), 200);
      await json(await assign(doc, q4.id), 200);
      expect(await namesOn(doc)).to.deep.equal(['urgent', 'q4']);
      const read = await json(await call('GET', `/v1/documents/${doc}`), 200);
      expect(read.tags).to.deep.equal(['urgent', 'q4']);
      expect((await call('DELETE', `/v1/objects/${doc}/tags/${urgent.id}`)).status).to.equal(204);
      const gone = await call('DELETE', `/v1/objects/${doc}/tags/${urgent.id}`);
      expect(gone.status).to.equal(404);
      expect((await errorBody(gone)).code).to.equal('RESOURCE_NOT_FOUND');
      expect(await updatedChanges(doc)).to.deep.equal([
        { tags: { from: [], to: ['urgent'] } },
        { tags: { from: ['urgent'], to: ['urgent', 'q4'] } },
        { tags: { from: ['urgent', 'q4'], to: ['q4'] } },
      ]);
    });

    it('a tag of an exclusive group replaces the object’s tag of that group', async () => {
      const g = await group({ name: unique('Status'), exclusive: true });
      const open = await tag(g.id, { name: 'open' });
      const done = await tag(g.id, { name: 'done' });
      const doc = await seedDocument(tenant);
      await json(await assign(doc, open.id), 200);
      await json(await assign(doc, done.id), 200);
      expect(await namesOn(doc)).to.deep.equal(['done']);
      expect((await updatedChanges(doc)).at(-1)).to.deep.equal({ tags: { from: ['open'], to: ['done'] } });
    });

    it('tags partners and companies, which carry no event', async () => {
      const t = await tag('ungrouped', { name: unique('key account') });
      const partner = await json(await call('POST', '/v1/partners', { peppolId: '0208:0202239951' }), 201);
      await json(await assign(partner.id, t.id, 'partner'), 200);
      expect((await json(await call('GET', `/v1/partners/${partner.id}`), 200)).tags).to.deep.equal([t.name]);
      await json(await assign(tenant.companyId, t.id, 'company'), 200);
      expect(await namesOn(tenant.companyId)).to.deep.equal([t.name]);
    });

    it('400 when objectType does not match the id; 404 for unknown tags and for objects out of sight', async () => {
      const t = await tag('ungrouped', { name: unique('x') });
      const doc = await seedDocument(tenant);
      const mismatch = await assign(doc, t.id, 'partner');
      expect(mismatch.status).to.equal(400);
      expect((await errorBody(mismatch)).details[0]).to.deep.include({ field: 'objectType' });
      const unknownTag = await assign(doc, 'tag_doesnotexist000000');
      expect(unknownTag.status).to.equal(404);
      expect((await errorBody(unknownTag)).code).to.equal('RESOURCE_NOT_FOUND');

      const other = await createTenant({ livemode: false });
      const live = await createTenant({ livemode: true });
      for (const key of [other.key, live.key]) {
        const res = await call('GET', `/v1/objects/${doc}/tags`, undefined, key);
        expect(res.status).to.equal(404);
        expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
        // Nor may they put their own tags on it, or ours on theirs.
        const theirs = await tag('ungrouped', { name: 'theirs' }, key);
        expect((await assign(doc, theirs.id, 'document', key)).status).to.equal(404);
      }
      const theirDoc = await seedDocument(other);
      expect((await assign(theirDoc, t.id)).status).to.equal(404);
      const bad = await call('GET', '/v1/objects/wh_abc/tags');
      expect(bad.status).to.equal(400);
    });
  });

  describe('the document actions, partner tags and filters use the same tags', () => {
    it('tag by unknown name creates an ungrouped tag; by id or name after that; untag of an unknown name is a no-op', async () => {
      const name = unique('disputed');
      const doc = await seedDocument(tenant);
      const tagged = await json(await call('POST', `/v1/documents/${doc}/actions`, { action: 'tag', tag: name }), 200);
      expect(tagged.tags).to.deep.equal([name]);
      const ungrouped = await json(await call('GET', '/v1/tag-groups/ungrouped/tags?limit=100'), 200);
      const created = ungrouped.data.find((t: any) => t.name === name);
      expect(created).to.deep.include({ groupId: null });
      const doc2 = await seedDocument(tenant);
      await json(await call('POST', `/v1/documents/${doc2}/actions`, { action: 'tag', tag: created.id }), 200);
      await json(await call('POST', `/v1/documents/${doc2}/actions`, { action: 'tag', tag: name.toUpperCase() }), 200);
      expect(await namesOn(doc2)).to.deep.equal([name]);
      const untouched = await json(
        await call('POST', `/v1/documents/${doc2}/actions`, { action: 'untag', tag: unique('never') }),
        200,
      );
      expect(untouched.tags).to.deep.equal([name]);

      const listed = await json(await call('GET', `/v1/documents?tags=${encodeURIComponent(created.id)}`), 200);
      expect(listed.data.map((d: any) => d.id).sort()).to.deep.equal([doc, doc2].sort());
      const searched = await json(
        await call('POST', '/v1/documents/search', { filters: { field: 'tags', op: 'eq', value: name } }),
        200,
      );
      expect(searched.data.map((d: any) => d.id).sort()).to.deep.equal([doc, doc2].sort());
    });

    it('400 when a name is ambiguous between groups', async () => {
      const name = unique('shared');
      await tag((await group({ name: unique('G1') })).id, { name });
      await tag((await group({ name: unique('G2') })).id, { name });
      const doc = await seedDocument(tenant);
      const res = await call('POST', `/v1/documents/${doc}/actions`, { action: 'tag', tag: name });
      expect(res.status).to.equal(400);
      expect((await errorBody(res)).details[0]).to.deep.include({ field: 'tag', rule: 'ambiguous' });
    });

    it('partner tags are tag names or ids, listed and filtered through the same tags', async () => {
      const own = await createTenant({ livemode: false });
      const food = await tag('ungrouped', { name: 'food' }, own.key);
      const partner = await json(
        await call('POST', '/v1/partners', { peppolId: '0208:0202239951', tags: [food.id, 'eu'] }, own.key),
        201,
      );
      expect(partner.tags).to.deep.equal(['food', 'eu']);
      const patched = await json(await call('PATCH', `/v1/partners/${partner.id}`, { tags: ['eu'] }, own.key), 200);
      expect(patched.tags).to.deep.equal(['eu']);
      const byName = await json(await call('GET', '/v1/partners?tags=EU', undefined, own.key), 200);
      expect(byName.data.map((p: any) => p.id)).to.deep.equal([partner.id]);
      expect(
        (await json(await call('GET', `/v1/partners?tags=${food.id}`, undefined, own.key), 200)).data,
      ).to.deep.equal([]);
    });
  });

  describe('POST /v1/tags/recommend', () => {
    const recommend = (body: unknown, key: string) => call('POST', '/v1/tags/recommend', body, key);
    const lines = (...descriptions: string[]) =>
      JSON.stringify({ lines: descriptions.map((description) => ({ description, quantity: 1, unitPrice: 10 })) });
    const from = (peppolId: string, name: string) =>
      ({
        direction: 'incoming',
        sender: JSON.stringify({ peppolId, name, vatNumber: null }),
        sender_peppol_id: peppolId,
      }) as Record<string, unknown>;

    async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const value = await probe();
        if (done(value) || Date.now() > deadline) return value;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    it('returns an empty list for an organization without history', async () => {
      const own = await createTenant({ livemode: false });
      await tag('ungrouped', { name: 'never used' }, own.key);
      const doc = await seedDocument(own);
      expect(await json(await recommend({ objectId: doc, objectType: 'document' }, own.key), 200)).to.deep.equal([]);
    });

    it('learns from past assignments, respects exclusive groups and skips assigned tags', async () => {
      const own = await createTenant({ livemode: false });
      const category = await group({ name: 'Category', exclusive: true }, own.key);
      const office = await tag(category.id, { name: 'Office' }, own.key);
      const travel = await tag(category.id, { name: 'Travel' }, own.key);
      const recurring = await tag('ungrouped', { name: 'Recurring' }, own.key);
      const paper = from('0208:0111111111', 'Paper Co');
      const rail = from('0208:0222222222', 'Rail Co');
      for (let i = 0; i < 6; i++) {
        const a = await seedDocument(own, { ...paper, body: lines('printer paper A4', 'toner cartridge') });
        await json(await assign(a, office.id, 'document', own.key), 200);
        await json(await assign(a, recurring.id, 'document', own.key), 200);
        const b = await seedDocument(own, { ...rail, body: lines('train ticket Brussels Paris') });
        await json(await assign(b, travel.id, 'document', own.key), 200);
      }
      const fresh = await seedDocument(own, { ...paper, body: lines('toner cartridge black') });
      const suggestions = await until(
        async () => json(await recommend({ objectId: fresh, objectType: 'document' }, own.key), 200),
        (s: any[]) => s.length >= 2,
      );
      expect(suggestions[0]).to.deep.include({ tagId: office.id, name: 'Office', groupId: category.id });
      expect(suggestions[0].confidence).to.be.above(0.8);
      for (const s of suggestions) expect(s.confidence).to.be.within(0, 1);
      // One tag of the exclusive group at most.
      expect(suggestions.filter((s: any) => s.groupId === category.id)).to.have.length(1);
      expect(suggestions.map((s: any) => s.tagId)).to.include(recurring.id);

      // Context words count: a train ticket mentioned by the caller points to Travel.
      const blank = await seedDocument(own, { body: lines('misc') });
      const byContext = await json(
        await recommend({ objectId: blank, objectType: 'document', context: 'train ticket to Paris' }, own.key),
        200,
      );
      expect(byContext[0]?.tagId).to.equal(travel.id);

      // Once the document has a tag of the group, none of the group is suggested, nor the tag itself.
      await json(await assign(fresh, travel.id, 'document', own.key), 200);
      await json(await assign(fresh, recurring.id, 'document', own.key), 200);
      const after = await json(await recommend({ objectId: fresh, objectType: 'document' }, own.key), 200);
      expect(after.filter((s: any) => s.groupId === category.id || s.tagId === recurring.id)).to.deep.equal([]);

      // The model is per organization and mode: another tenant has no history.
      const other = await createTenant({ livemode: false });
      const theirs = await seedDocument(other, { ...paper, body: lines('toner cartridge black') });
      expect(await json(await recommend({ objectId: theirs, objectType: 'document' }, other.key), 200)).to.deep.equal(
        [],
      );
      const foreign = await recommend({ objectId: fresh, objectType: 'document' }, other.key);
      expect(foreign.status).to.equal(404);
    });

    it('400 for a missing objectType or an objectType that does not match the id', async () => {
      const doc = await seedDocument(tenant);
      const missing = await recommend({ objectId: doc }, tenant.key);
      expect(missing.status).to.equal(400);
      expect((await errorBody(missing)).code).to.equal('MISSING_FIELD');
      const mismatch = await recommend({ objectId: doc, objectType: 'company' }, tenant.key);
      expect(mismatch.status).to.equal(400);
    });
  });
});
