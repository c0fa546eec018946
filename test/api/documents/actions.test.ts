import { expect } from 'chai';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { workflowIds } from '../../../core/temporal.ts';
import { testServers } from '../../support/servers.ts';
import { seedDocument } from './seed-document.ts';

async function updatedEvents(documentId: string) {
  const rows = await testServers()
    .db.selectFrom('events')
    .selectAll()
    .where('type', '=', 'document.updated')
    .orderBy('created_at')
    .execute();
  return rows.filter((r) => (r.data as any).documentId === documentId);
}

describe('POST /v1/documents/{document_id}/actions', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const act = (id: string, body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/documents/${id}/actions`, {
      method: 'POST',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });
  const ok = async (id: string, body: unknown) => {
    const res = await act(id, body);
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).to.equal(200);
    return json;
  };

  it('mark-read / mark-unread set read and write document.updated with the diff, once per change', async () => {
    const id = await seedDocument(tenant);
    const subscribed = await fetch(`${app.url}/v1/webhooks`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ url: 'https://ok.webhook.test/actions', events: ['document.updated'] }),
    });
    expect(subscribed.status).to.equal(201);
    const doc = await ok(id, { action: 'mark-read' });
    expect(doc).to.deep.include({ id, read: true, archived: false });
    const events = await updatedEvents(id);
    expect(events).to.have.length(1);
    expect(events[0]).to.deep.include({
      organization_id: tenant.organizationId,
      livemode: false,
      company_id: tenant.companyId,
    });
    expect(events[0].data).to.deep.equal({ documentId: id, changes: { read: { from: false, to: true } } });
    // Dispatched after commit to its subscriber: its delivery is written and the event's run started.
    const deliveries = await testServers()
      .db.selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', events[0].id)
      .execute();
    expect(deliveries).to.have.length(1);
    const run = await testServers().temporal.workflow.getHandle(workflowIds.eventDeliveries(events[0].id)).describe();
    expect(run.type).to.equal('eventDeliveriesWorkflow');
    expect((await ok(id, { action: 'mark-read' })).read).to.equal(true);
    expect(await updatedEvents(id)).to.have.length(1);
    expect((await ok(id, { action: 'mark-unread' })).read).to.equal(false);
    expect((await updatedEvents(id)).map((e) => (e.data as any).changes)).to.deep.equal([
      { read: { from: false, to: true } },
      { read: { from: true, to: false } },
    ]);
  });

  it('archive / unarchive', async () => {
    const id = await seedDocument(tenant);
    expect((await ok(id, { action: 'archive' })).archived).to.equal(true);
    expect((await ok(id, { action: 'archive' })).archived).to.equal(true);
    expect((await ok(id, { action: 'unarchive' })).archived).to.equal(false);
    expect((await updatedEvents(id)).map((e) => (e.data as any).changes)).to.deep.equal([
      { archived: { from: false, to: true } },
      { archived: { from: true, to: false } },
    ]);
  });

  it('tag / untag keep tags a set, with the before and after lists in the diff', async () => {
    const id = await seedDocument(tenant);
    expect((await ok(id, { action: 'tag', tag: 'urgent' })).tags).to.deep.equal(['urgent']);
    expect((await ok(id, { action: 'tag', tag: 'q4' })).tags).to.deep.equal(['urgent', 'q4']);
    expect((await ok(id, { action: 'tag', tag: 'q4' })).tags).to.deep.equal(['urgent', 'q4']);
    expect((await ok(id, { action: 'untag', tag: 'urgent' })).tags).to.deep.equal(['q4']);
    expect((await ok(id, { action: 'untag', tag: 'never-there' })).tags).to.deep.equal(['q4']);
    expect((await updatedEvents(id)).map((e) => (e.data as any).changes)).to.deep.equal([
      { tags: { from: [], to: ['urgent'] } },
      { tags: { from: ['urgent'], to: ['urgent', 'q4'] } },
      { tags: { from: ['urgent', 'q4'], to: ['q4'] } },
    ]);
  });

  it('assign / unassign; unassigning someone else leaves the assignment', async () => {
    const id = await seedDocument(tenant);
    expect((await ok(id, { action: 'assign', userId: 'usr_alice' })).assignedUserId).to.equal('usr_alice');
    expect((await ok(id, { action: 'assign', userId: 'usr_bob' })).assignedUserId).to.equal('usr_bob');
    expect((await ok(id, { action: 'unassign', userId: 'usr_alice' })).assignedUserId).to.equal('usr_bob');
    expect((await ok(id, { action: 'unassign', userId: 'usr_bob' })).assignedUserId).to.equal(null);
    expect((await updatedEvents(id)).map((e) => (e.data as any).changes)).to.deep.equal([
      { assignedUserId: { from: null, to: 'usr_alice' } },
      { assignedUserId: { from: 'usr_alice', to: 'usr_bob' } },
      { assignedUserId: { from: 'usr_bob', to: null } },
    ]);
  });

  it('add-note appends a note with its time and author', async () => {
    const id = await seedDocument(tenant);
    await ok(id, { action: 'add-note', note: 'Called the buyer.' });
    const doc = await ok(id, { action: 'add-note', note: 'Promised payment Friday.' });
    expect(doc.notes.map((n: any) => n.note)).to.deep.equal(['Called the buyer.', 'Promised payment Friday.']);
    expect(doc.notes[0].by).to.equal(tenant.keyId);
    expect(Date.parse(doc.notes[0].at)).to.be.closeTo(Date.now(), 60_000);
    const events = await updatedEvents(id);
    expect(events).to.have.length(2);
    expect((events[1].data as any).changes.notes.to).to.have.length(2);
  });

  it('link records a document of the same organization and mode once', async () => {
    const id = await seedDocument(tenant);
    const related = await seedDocument(tenant);
    expect((await ok(id, { action: 'link', relatedDocumentId: related })).linkedDocumentIds).to.deep.equal([related]);
    expect((await ok(id, { action: 'link', relatedDocumentId: related })).linkedDocumentIds).to.deep.equal([related]);
    expect((await updatedEvents(id)).map((e) => (e.data as any).changes)).to.deep.equal([
      { linkedDocumentIds: { from: [], to: [related] } },
    ]);
  });

  it("404 DOCUMENT_NOT_FOUND when the related document is another tenant's or live", async () => {
    const id = await seedDocument(tenant);
    const other = await createTenant({ livemode: false });
    const foreign = await seedDocument(other);
    const live = await seedDocument(tenant, { livemode: true });
    for (const relatedDocumentId of [foreign, live, 'doc_doesnotexist']) {
      const res = await act(id, { action: 'link', relatedDocumentId });
      expect(res.status).to.equal(404);
      const error = await errorBody(res);
      expect(error.code).to.equal('DOCUMENT_NOT_FOUND');
      expect(error.message).to.include(relatedDocumentId);
    }
  });

  it('400 INVALID_REQUEST when linking a document to itself', async () => {
    const id = await seedDocument(tenant);
    const res = await act(id, { action: 'link', relatedDocumentId: id });
    expect(res.status).to.equal(400);
    expect((await errorBody(res)).code).to.equal('INVALID_REQUEST');
  });

  it('400 MISSING_FIELD naming the field each action needs', async () => {
    const id = await seedDocument(tenant);
    for (const [action, field] of [
      ['tag', 'tag'],
      ['untag', 'tag'],
      ['assign', 'userId'],
      ['unassign', 'userId'],
      ['add-note', 'note'],
      ['link', 'relatedDocumentId'],
    ]) {
      const res = await act(id, { action });
      expect(res.status, action).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('MISSING_FIELD');
      expect(error.details[0].field).to.equal(field);
      expect(error.message).to.include(field);
    }
    expect(await updatedEvents(id)).to.have.length(0);
  });

  it('400 from the schema for an unknown action', async () => {
    const id = await seedDocument(tenant);
    const res = await act(id, { action: 'explode' });
    expect(res.status).to.equal(400);
    await errorBody(res);
  });

  it("404 DOCUMENT_NOT_FOUND for another tenant's document and outside a bound key's company", async () => {
    const other = await createTenant({ livemode: false });
    const foreign = await seedDocument(other);
    const res = await act(foreign, { action: 'archive' });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
    const mine = await seedDocument(tenant);
    const bound = await createKey(tenant.organizationId, { livemode: false, companyId: other.companyId });
    const boundRes = await act(mine, { action: 'archive' }, bound.secret);
    expect(boundRes.status).to.equal(404);
    expect((await errorBody(boundRes)).code).to.equal('DOCUMENT_NOT_FOUND');
  });

  it('403 INSUFFICIENT_SCOPE without documents.write', async () => {
    const id = await seedDocument(tenant);
    const readOnly = await createKey(tenant.organizationId, { livemode: false, scopes: ['documents.read'] });
    const res = await act(id, { action: 'archive' }, readOnly.secret);
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
  });
});
