import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { companyParty } from '../../../api/documents/parties.ts';
import { validateDocument } from '../../../peppol/index.ts';
import { bearer, createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { FLOWS, flowForm, peppolCii, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { storedDocument } from '../lifecycle-fixtures.ts';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('AFNOR flow service: flows', () => {
  let app: TestApp;
  let tenant: Tenant;
  let sellerPeppolId: string;
  /** The company's UBL to RECIPIENT: an invoice, or an order (which the company sends as its buyer). */
  const ublOf = (number: string, type: 'invoice' | 'purchase-order' = 'invoice') =>
    testServers()
      .db.selectFrom('companies')
      .selectAll()
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow()
      .then((company) => {
        const own = companyParty(company);
        const other = { ...invoiceBody().buyer, peppolId: RECIPIENT };
        const rendered = validateDocument(type, {
          ...invoiceBody({ number }),
          ...(type === 'invoice' ? { seller: own, buyer: other } : { seller: other, buyer: own }),
        } as never);
        expect(rendered.valid, JSON.stringify(rendered.errors)).to.equal(true);
        return rendered.xml!;
      });
  const ciiOf = () => peppolCii(sellerPeppolId, RECIPIENT);

  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    const company = await testServers()
      .db.selectFrom('companies')
      .select('peppol_id')
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    sellerPeppolId = company.peppol_id!;
  });
  after(() => app.close());

  const submit = (form: FormData, key = tenant.key, extra: Record<string, string> = {}) =>
    fetch(`${app.url}${FLOWS}/flows`, { method: 'POST', headers: bearer(key, extra), body: form });
  const search = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}${FLOWS}/flows/search`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const getFlow = (id: string, docType?: string, key = tenant.key) =>
    fetch(`${app.url}${FLOWS}/flows/${id}${docType ? `?docType=${docType}` : ''}`, { headers: bearer(key) });

  describe('POST /flows', () => {
    it('202 for a UBL invoice: the flow is a document of /v1, delivered through the send pipeline', async () => {
      const ubl = await ublOf('FLOW-UBL-1');
      const res = await submit(
        flowForm(
          {
            name: 'FLOW-UBL-1.xml',
            flowSyntax: 'UBL',
            trackingId: 'track-ubl-1',
            processingRule: 'B2B',
            sha256: sha256(ubl),
          },
          ubl,
        ),
      );
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(202);
      expect(body).to.deep.include({
        name: 'FLOW-UBL-1.xml',
        flowSyntax: 'UBL',
        trackingId: 'track-ubl-1',
        processingRule: 'B2B',
        sha256: sha256(ubl),
      });
      expect(body.flowId).to.match(/^doc_/);
      expect(new Date(body.submittedAt).toISOString()).to.equal(body.submittedAt);

      const doc = await (await fetch(`${app.url}/v1/documents/${body.flowId}`, { headers: bearer(tenant.key) })).json();
      expect(doc).to.deep.include({ id: body.flowId, number: 'FLOW-UBL-1', direction: 'outgoing', status: 'sent' });
      expect(doc.receiver.peppolId).to.equal(RECIPIENT);
    });

    it('202 for a CII invoice, converted to UBL', async () => {
      const cii = ciiOf();
      const res = await submit(flowForm({ name: 'cii.xml', flowSyntax: 'CII', flowProfile: 'CIUS' }, cii));
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(202);
      expect(body).to.deep.include({ flowSyntax: 'CII', flowProfile: 'CIUS', sha256: sha256(cii) });
      const converted = await getFlow(body.flowId, 'Converted');
      expect(converted.status).to.equal(200);
      expect(await converted.text()).to.include('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    });

    it('400 ChecksumMismatch when sha256 is not the file’s, and nothing is stored', async () => {
      const ubl = await ublOf('FLOW-BAD-SUM');
      const res = await submit(flowForm({ name: 'x.xml', flowSyntax: 'UBL', sha256: 'a'.repeat(64) }, ubl));
      expect(res.status).to.equal(400);
      const body = await res.json();
      expect(body).to.deep.include({ errorCode: 'INVALID_REQUEST', instance: res.headers.get('x-request-id') });
      expect(body.details).to.deep.equal([
        { field: 'flowInfo.sha256', rule: 'ChecksumMismatch', message: 'does not match the file' },
      ]);
      const found = await search({ where: { trackingId: 'never' } });
      expect(found.status).to.equal(200);
    });

    it('409 AlreadyExistingFlow for a second flow under a trackingId, naming the first; nothing more is stored', async () => {
      const first = await submit(
        flowForm({ name: 'a.xml', flowSyntax: 'UBL', trackingId: 'track-repeat' }, await ublOf('FLOW-TRACK-1')),
      );
      expect(first.status).to.equal(202);
      const { flowId } = await first.json();

      // Another invoice (another number), the same tracking id.
      const second = await submit(
        flowForm({ name: 'b.xml', flowSyntax: 'UBL', trackingId: 'track-repeat' }, await ublOf('FLOW-TRACK-2')),
      );
      expect(second.status).to.equal(409);
      const body = await second.json();
      expect(body).to.deep.include({ errorCode: 'DOCUMENT_EXISTS', instance: second.headers.get('x-request-id') });
      expect(body.details).to.deep.equal([
        {
          field: 'flowInfo.trackingId',
          rule: 'AlreadyExistingFlow',
          message: 'already names another flow',
          value: 'track-repeat',
          existingId: flowId,
        },
      ]);
      const found = await (await search({ where: { trackingId: 'track-repeat' } })).json();
      expect(found.results.map((f: { flowId: string }) => f.flowId)).to.deep.equal([flowId]);
      const numbers = await testServers()
        .db.selectFrom('documents')
        .select('number')
        .where('organization_id', '=', tenant.organizationId)
        .where('number', '=', 'FLOW-TRACK-2')
        .execute();
      expect(numbers).to.deep.equal([]);

      // Another tenant's tracking ids are its own.
      const other = await createTenant({ livemode: false, plan: 'pro' });
      const elsewhere = await submit(
        flowForm({ name: 'c.xml', flowSyntax: 'UBL', trackingId: 'track-repeat' }, '<x/>'),
        other.key,
      );
      expect(elsewhere.status).to.not.equal(409);
    });

    it('concurrent submissions under one trackingId: one flow is stored, every other one is 409 AlreadyExistingFlow', async () => {
      const forms = await Promise.all(
        [1, 2, 3, 4, 5].map(async (i) =>
          flowForm(
            { name: `race-${i}.xml`, flowSyntax: 'UBL', trackingId: 'track-race' },
            await ublOf(`FLOW-RACE-${i}`),
          ),
        ),
      );
      const answers = await Promise.all(forms.map((form) => submit(form)));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).to.deep.equal([202, 409, 409, 409, 409]);
      const stored = await (answers.find((res) => res.status === 202)!.json() as Promise<{ flowId: string }>);
      for (const refused of answers.filter((res) => res.status === 409)) {
        const body = await refused.json();
        expect(body.details[0]).to.include({ rule: 'AlreadyExistingFlow', existingId: stored.flowId });
      }
      const found = await (await search({ where: { trackingId: 'track-race' } })).json();
      expect(found.results.map((f: { flowId: string }) => f.flowId)).to.deep.equal([stored.flowId]);
      const documents = await testServers()
        .db.selectFrom('documents')
        .select('number')
        .where('organization_id', '=', tenant.organizationId)
        .where('number', 'like', 'FLOW-RACE-%')
        .execute();
      expect(documents).to.have.length(1);
    });

    it('400 in the AFNOR error shape when flowInfo misses name, has an unknown syntax or a long trackingId', async () => {
      const missing = await submit(flowForm({ flowSyntax: 'UBL' }, '<x/>'));
      expect(missing.status).to.equal(400);
      const body = await missing.json();
      expect(body.errorCode).to.equal('MISSING_REQUIRED_FIELD');
      expect(body.instance).to.equal(missing.headers.get('x-request-id'));
      expect(body.errorMessage).to.be.a('string');

      const unknown = await submit(flowForm({ name: 'a', flowSyntax: 'PDF' }, '<x/>'));
      expect(unknown.status).to.equal(400);
      expect((await unknown.json()).errorCode).to.equal('INVALID_ENUM');

      const long = await submit(flowForm({ name: 'a', flowSyntax: 'UBL', trackingId: 'x'.repeat(37) }, '<x/>'));
      expect(long.status).to.equal(400);
    });

    it('400 when the file part is missing, or flowInfo is not JSON', async () => {
      const form = new FormData();
      form.append('flowInfo', JSON.stringify({ name: 'a', flowSyntax: 'UBL' }));
      const noFile = await submit(form);
      expect(noFile.status).to.equal(400);
      expect((await noFile.json()).errorCode).to.equal('MISSING_REQUIRED_FIELD');

      const bad = new FormData();
      bad.append('flowInfo', '{name');
      bad.append('file', new Blob(['<x/>']), 'x.xml');
      const notJson = await submit(bad);
      expect(notJson.status).to.equal(400);
      expect(await notJson.json()).to.deep.include({ errorCode: 'INVALID_REQUEST' });
    });

    it('400 for a second file or flowInfo part, rather than reading one of them', async () => {
      const info = JSON.stringify({ name: 'a', flowSyntax: 'UBL' });
      const twoFiles = new FormData();
      twoFiles.append('flowInfo', info);
      twoFiles.append('file', new Blob(['<x/>']), 'x.xml');
      twoFiles.append('file', new Blob(['<y/>']), 'y.xml');
      const twoInfos = new FormData();
      twoInfos.append('flowInfo', info);
      twoInfos.append('flowInfo', new Blob([info], { type: 'application/json' }), 'info.json');
      twoInfos.append('file', new Blob(['<x/>']), 'x.xml');
      for (const [part, form] of [
        ['file', twoFiles],
        ['flowInfo', twoInfos],
      ] as const) {
        const res = await submit(form);
        const body = await res.json();
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(body).to.include({ errorCode: 'INVALID_REQUEST', instance: res.headers.get('x-request-id') });
        expect(body.details).to.deep.equal([{ field: part, rule: 'multipart', message: 'must be given once' }]);
      }
    });

    it('an Idempotency-Key replays only the same parts: the bytes moved from flowInfo to the file are another request', async () => {
      const info = JSON.stringify({ name: 'a', flowSyntax: 'UBL' });
      const key = `flow-idem-${Math.random().toString(36).slice(2)}`;
      const form = (flowInfo: string, file: string, filename = 'x.xml') => {
        const f = new FormData();
        f.append('flowInfo', flowInfo);
        f.append('file', new Blob([file]), filename);
        return f;
      };
      const first = await submit(form(info, '\n<x/>'), tenant.key, { 'Idempotency-Key': key });
      expect(first.status).to.equal(422);
      const replay = await submit(form(info, '\n<x/>'), tenant.key, { 'Idempotency-Key': key });
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      for (const other of [form(`${info}\n`, '<x/>'), form(info, '\n<x/>', 'y.xml')]) {
        const res = await submit(other, tenant.key, { 'Idempotency-Key': key });
        expect(res.status).to.equal(409);
        expect((await res.json()).errorCode).to.equal('IDEMPOTENCY_BODY_MISMATCH');
      }
    });

    it('422 with the rules when the invoice fails validation', async () => {
      const ubl = (await ublOf('FLOW-INVALID')).replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '');
      const res = await submit(flowForm({ name: 'bad.xml', flowSyntax: 'UBL' }, ubl));
      expect(res.status).to.equal(422);
      expect((await res.json()).errorCode).to.equal('UBL_VALIDATION_FAILED');
    });

    it('422 with the reading findings when the file is no invoice at all, not a recipient that cannot be found', async () => {
      for (const [flowSyntax, file] of [
        ['UBL', '<x/>'],
        ['CII', '<x/>'],
        ['UBL', 'not xml'],
      ]) {
        const res = await submit(flowForm({ name: 'x.xml', flowSyntax }, file));
        const body = await res.json();
        expect(res.status, `${flowSyntax} ${file}: ${JSON.stringify(body)}`).to.equal(422);
        expect(body.errorCode).to.equal('UBL_VALIDATION_FAILED');
        expect(body.details.length).to.be.greaterThan(0);
      }
    });

    it('422 DOCUMENT_TYPE for a UBL order: a flow is an invoice, and nothing is stored', async () => {
      const order = await ublOf('FLOW-PO-1', 'purchase-order');
      const res = await submit(flowForm({ name: 'po.xml', flowSyntax: 'UBL', trackingId: 'flow-po-1' }, order));
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(body.errorCode).to.equal('UBL_VALIDATION_FAILED');
      expect(body.details).to.deep.equal([
        {
          field: '/',
          rule: 'DOCUMENT_TYPE',
          message:
            'the file is a purchase-order, not an invoice or a credit note: send it with POST /v1/documents/send',
        },
      ]);
      const stored = await testServers()
        .db.selectFrom('documents')
        .select('id')
        .where('organization_id', '=', tenant.organizationId)
        .where('number', '=', 'FLOW-PO-1')
        .execute();
      expect(stored).to.have.length(0);
    });

    it('403 FORBIDDEN_ACCESS for a key without the send scope', async () => {
      const readOnly = await createKey(tenant.organizationId, { livemode: false, scopes: ['documents.read'] });
      const res = await submit(flowForm({ name: 'a', flowSyntax: 'UBL' }, '<x/>'), readOnly.secret);
      expect(res.status).to.equal(403);
      expect((await res.json()).errorCode).to.equal('FORBIDDEN_ACCESS');
    });
  });

  describe('GET /flows/{flowId}', () => {
    let flowId: string;
    let ubl: string;
    before(async () => {
      ubl = await ublOf('FLOW-GET-1');
      const res = await submit(flowForm({ name: 'get.xml', flowSyntax: 'UBL', trackingId: 'track-get' }, ubl));
      flowId = (await res.json()).flowId;
    });

    it('Metadata (the default) is the Flow', async () => {
      for (const res of [await getFlow(flowId), await getFlow(flowId, 'Metadata')]) {
        expect(res.status).to.equal(200);
        const flow = await res.json();
        expect(flow).to.deep.include({
          flowId,
          name: 'get.xml',
          flowSyntax: 'UBL',
          trackingId: 'track-get',
          processingRule: 'B2B',
          processingRuleSource: 'Computed',
          flowType: 'CustomerInvoice',
          flowDirection: 'Out',
          sha256: sha256(ubl),
        });
        expect(flow.acknowledgement.status).to.be.oneOf(['Pending', 'Ok']);
      }
    });

    it('Original is the bytes received, Converted the UBL, ReadableView the PDF, as attachments', async () => {
      const original = await getFlow(flowId, 'Original');
      expect(original.status).to.equal(200);
      expect(original.headers.get('content-type')).to.equal('application/octet-stream');
      expect(original.headers.get('content-disposition')).to.match(/^attachment; filename="?flow\.xml"?$/);
      expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(ubl))).to.equal(true);

      const converted = await getFlow(flowId, 'Converted');
      expect(converted.status).to.equal(200);
      expect(await converted.text()).to.include('<cbc:ID>FLOW-GET-1</cbc:ID>');

      const pdf = await getFlow(flowId, 'ReadableView');
      expect(pdf.status).to.equal(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).to.equal('%PDF-');
    });

    it('Original keeps a UTF-8 file name, given back in Content-Disposition whatever its characters', async () => {
      const ubl = await ublOf('FLOW-GET-UTF8');
      const filename = 'Facture n°1 – été “2026” €.xml';
      const res = await submit(flowForm({ name: 'utf8.xml', flowSyntax: 'UBL' }, ubl, filename));
      expect(res.status, await res.clone().text()).to.equal(202);
      const original = await getFlow((await res.json()).flowId, 'Original');
      expect(original.status, await original.clone().text()).to.equal(200);
      const disposition = original.headers.get('content-disposition')!;
      expect(disposition).to.match(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1])).to.equal(filename);
    });

    it('400 for an unknown docType', async () => {
      const res = await getFlow(flowId, 'Pdf');
      expect(res.status).to.equal(400);
      expect((await res.json()).errorCode).to.equal('INVALID_ENUM');
    });

    it('404 for another organization’s flow, and for an unknown id', async () => {
      const other = await createTenant({ livemode: false, plan: 'pro' });
      const res = await getFlow(flowId, undefined, other.key);
      expect(res.status).to.equal(404);
      expect(await res.json()).to.deep.include({ errorCode: 'RESOURCE_NOT_FOUND' });
      const file = await getFlow(flowId, 'Original', other.key);
      expect(file.status).to.equal(404);
      expect((await getFlow('doc_unknown')).status).to.equal(404);
    });

    it('a document sent through /v1 is a flow too', async () => {
      const sent = await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({
          type: 'invoice',
          from: tenant.companyId,
          to: RECIPIENT,
          document: invoiceBody({ number: 'V1-AS-FLOW' }),
        }),
      });
      const doc = await sent.json();
      expect(sent.status, JSON.stringify(doc)).to.equal(201);
      const res = await getFlow(doc.id);
      expect(res.status).to.equal(200);
      const flow = await res.json();
      expect(flow).to.deep.include({
        flowId: doc.id,
        name: 'V1-AS-FLOW',
        flowSyntax: 'UBL',
        processingRule: 'B2B',
        processingRuleSource: 'Computed',
        flowType: 'CustomerInvoice',
        flowDirection: 'Out',
      });
      expect(flow).to.not.have.property('trackingId');
    });

    it('an order or a quote is no flow: 404 by id, and no search finds it', async () => {
      const order = await storedDocument(tenant, { type: 'purchase-order', number: 'NOT-A-FLOW-1' });
      const quote = await storedDocument(tenant, { type: 'quote', direction: 'incoming', number: 'NOT-A-FLOW-2' });
      const credit = await storedDocument(tenant, { type: 'credit-note', number: 'A-FLOW-3' });
      for (const doc of [order, quote]) expect((await getFlow(doc.id)).status, doc.type).to.equal(404);
      expect((await getFlow(credit.id)).status).to.equal(200);
      const found = (await (await search({ where: { flowDirection: ['In', 'Out'] }, limit: 100 })).json()).results;
      const ids = found.map((f: any) => f.flowId);
      expect(ids).to.include(credit.id);
      expect(ids).to.not.include.members([order.id]);
      expect(ids).to.not.include.members([quote.id]);
    });
  });

  describe('POST /flows/search', () => {
    let ids: string[];
    before(async () => {
      ids = [];
      for (const [i, rule] of (['B2B', 'B2G', 'B2C'] as const).entries()) {
        const ubl = await ublOf(`FLOW-SEARCH-${i}`);
        const res = await submit(
          flowForm({ name: `s${i}.xml`, flowSyntax: 'UBL', trackingId: `search-${i}`, processingRule: rule }, ubl),
        );
        expect(res.status).to.equal(202);
        ids.push((await res.json()).flowId);
      }
    });

    it('finds by trackingId, and echoes limit and filters', async () => {
      const res = await search({ where: { trackingId: 'search-1' } });
      expect(res.status).to.equal(200);
      const body = await res.json();
      expect(body.limit).to.equal(25);
      expect(body.filters).to.deep.equal({ trackingId: 'search-1' });
      expect(body.results.map((f: any) => f.flowId)).to.deep.equal([ids[1]]);
      expect(body.results[0]).to.deep.include({
        processingRule: 'B2G',
        processingRuleSource: 'Input',
        flowType: 'StateInvoice',
      });
    });

    it('ORs the values of a list and ANDs the filters', async () => {
      const either = await (await search({ where: { processingRule: ['B2G', 'B2C'], flowDirection: ['Out'] } })).json();
      const found = either.results.map((f: any) => f.flowId);
      expect(found).to.include.members([ids[1], ids[2]]);
      expect(found).to.not.include(ids[0]);

      const none = await (await search({ where: { processingRule: ['B2G'], flowDirection: ['In'] } })).json();
      expect(none.results).to.deep.equal([]);

      const byType = await (await search({ where: { flowType: ['StateInvoice'] } })).json();
      expect(byType.results.map((f: any) => f.flowId)).to.deep.equal([ids[1]]);
    });

    it('pages with limit and a strict updatedAfter, oldest update first', async () => {
      const all = (await (await search({ where: { flowDirection: ['Out'] }, limit: 100 })).json()).results;
      expect(all.length).to.be.greaterThan(3);
      const times = all.map((f: any) => f.updatedAt);
      expect([...times].sort()).to.deep.equal(times);

      const first = (await (await search({ where: { flowDirection: ['Out'] }, limit: 2 })).json()).results;
      expect(first.map((f: any) => f.flowId)).to.deep.equal(all.slice(0, 2).map((f: any) => f.flowId));
      const next = (
        await (await search({ where: { flowDirection: ['Out'], updatedAfter: first[1].updatedAt }, limit: 100 })).json()
      ).results;
      expect(next.map((f: any) => f.flowId)).to.not.include(first[1].flowId);
      expect(next.every((f: any) => f.updatedAt > first[1].updatedAt)).to.equal(true);

      const before = (await (await search({ where: { updatedBefore: first[1].updatedAt }, limit: 100 })).json())
        .results;
      expect(before.every((f: any) => f.updatedAt < first[1].updatedAt)).to.equal(true);
    });

    it('filters on ackStatus', async () => {
      const pending = (await (await search({ where: { ackStatus: 'Error' } })).json()).results;
      expect(pending.every((f: any) => f.acknowledgement.status === 'Error')).to.equal(true);
    });

    it('400 without a criterion, with a limit over 100, or an unknown filter', async () => {
      for (const body of [{ where: {} }, { where: { trackingId: 'a' }, limit: 101 }, { where: { flowId: 'x' } }, {}]) {
        const res = await search(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(await res.json()).to.have.property('errorCode');
      }
    });

    it('never shows another organization’s flows', async () => {
      const other = await createTenant({ livemode: false, plan: 'pro' });
      const res = await search({ where: { trackingId: 'search-1' } }, other.key);
      expect((await res.json()).results).to.deep.equal([]);
    });
  });
});
