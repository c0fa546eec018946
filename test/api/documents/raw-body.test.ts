import { expect } from 'chai';
import { startSandboxSuite, type TestApp } from '../../support/app.ts';
import { jsonHeaders, type Tenant } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { renderCii } from '../../../peppol/cii/render.ts';
import type { DocumentBody } from '../../../peppol/index.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';

describe('POST /v1/documents/send in raw-body mode: media types and query values', () => {
  let app: TestApp;
  let tenant: Tenant;
  let ubl: string;
  let sentBody: DocumentBody;
  before(async () => {
    ({ app, tenant } = await startSandboxSuite());
    const rendered = await (
      await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() }),
      })
    ).json();
    ubl = rendered.xml.replace(rendered.number, '{NUMBER}');
    sentBody = rendered.document;
  });
  after(() => app.close());

  const raw = (query: string, body: string, contentType: string) =>
    fetch(`${app.url}/v1/documents/send?type=invoice${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': contentType },
      body,
    });
  const fresh = () => ubl.replace('{NUMBER}', `RAW-${Math.random().toString(36).slice(2, 10)}`);

  for (const contentType of ['application/xml', 'text/xml', 'text/xml; charset=utf-8', 'text/plain']) {
    it(`sends UBL given as ${contentType} through the pipeline`, async () => {
      const res = await raw(`&to=${encodeURIComponent(RECIPIENT)}`, fresh(), contentType);
      const doc = await res.json();
      expect(res.status, JSON.stringify(doc)).to.equal(201);
      expect(doc).to.deep.include({ companyId: tenant.companyId, direction: 'outgoing', deliveryStatus: 'pending' });
      // The answer echoes what was written: the same body and XML as the stored document.
      const stored = await (
        await fetch(`${app.url}/v1/documents/${doc.id}`, { headers: { authorization: `Bearer ${tenant.key}` } })
      ).json();
      expect(doc.document).to.deep.equal(stored.document);
      expect(doc.xml).to.equal(stored.xml);
    });
  }

  it('stores text that is not a document (text/plain)', async () => {
    const res = await raw('', 'order 42: 3 boxes', 'text/plain');
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc).to.deep.include({ deliveryStatus: 'stored' });
  });

  describe('without to, the XML names the recipient', () => {
    const json = (body: Record<string, unknown>) =>
      fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ type: 'invoice', from: tenant.companyId, ...body }),
      });

    it("sends raw-body UBL to the buyer's electronic address", async () => {
      const res = await raw('', fresh(), 'application/xml');
      const doc = await res.json();
      expect(res.status, JSON.stringify(doc)).to.equal(201);
      expect(doc).to.deep.include({ deliveryStatus: 'pending', status: 'sent' });
      expect(doc.receiver.peppolId).to.equal(RECIPIENT);
    });

    it('sends ubl-xml, cii-xml and auto bodies to the buyer they name', async () => {
      const number = () => `NOTO-${Math.random().toString(36).slice(2, 10)}`;
      const cii = renderCii('invoice', { ...sentBody, number: number() }, { guideline: 'peppol' }).xml!;
      for (const body of [
        { format: 'ubl-xml', xml: fresh() },
        { format: 'cii-xml', xml: cii },
        { format: 'auto', file: { content: Buffer.from(fresh()).toString('base64') } },
      ]) {
        const res = await json(body);
        const doc = await res.json();
        expect(res.status, `${body.format}: ${JSON.stringify(doc)}`).to.equal(201);
        expect(doc.receiver.peppolId, body.format).to.equal(RECIPIENT);
        expect(doc.deliveryStatus, body.format).to.equal('pending');
      }
    });

    it("an XML without the buyer's electronic address is judged by its rules, and nothing is stored", async () => {
      const before = await testServers()
        .db.selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', tenant.organizationId)
        .executeTakeFirstOrThrow();
      const noEndpoint = fresh().replace(
        /(<cac:AccountingCustomerParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/,
        '$1',
      );
      expect(noEndpoint).to.not.include(`>${RECIPIENT.split(':')[1]}</cbc:EndpointID>`);
      const res = await raw('', noEndpoint, 'application/xml');
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(body.error.code).to.equal('UBL_VALIDATION_FAILED');
      expect(body.error.details.map((d: { rule: string }) => d.rule)).to.include('PEPPOL-EN16931-R010');
      const after = await testServers()
        .db.selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', tenant.organizationId)
        .executeTakeFirstOrThrow();
      expect(after.n).to.equal(before.n);
    });

    it('a JSON document still needs to', async () => {
      const res = await json({ document: invoiceBody() });
      const body = await res.json();
      expect(res.status).to.equal(400);
      expect(body.error).to.deep.include({
        code: 'MISSING_FIELD',
        message: 'to is required for every document type except event.',
      });
      expect(body.error.details).to.deep.equal([
        { field: 'to', rule: 'required', message: 'required unless type is event' },
      ]);
    });

    it('a given to wins, and an unknown one is refused before the XML is read', async () => {
      const res = await json({ format: 'ubl-xml', to: '0060:999000010', xml: '<Invoice' });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(body.error.code).to.equal('RECIPIENT_NOT_FOUND');
    });

    it('a given to must be the recipient the XML names: 422 RECIPIENT_MISMATCH, nothing stored', async () => {
      const count = async () =>
        (
          await testServers()
            .db.selectFrom('documents')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('organization_id', '=', tenant.organizationId)
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      // Reachable, but not the buyer of this invoice: it would receive a document addressed to another company.
      const res = await json({ format: 'ubl-xml', to: '0208:0403019261', xml: fresh() });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(body.error.code).to.equal('UBL_VALIDATION_FAILED');
      expect(body.error.details).to.deep.equal([
        {
          field: '/',
          rule: 'RECIPIENT_MISMATCH',
          message: `the buyer endpoint ${RECIPIENT} is not the recipient 0208:0403019261 (to): leave to out to send the document where it is addressed, or make the two agree`,
        },
      ]);
      const viaQuery = await raw('&to=0208:0403019261', fresh(), 'application/xml');
      expect(viaQuery.status).to.equal(422);
      expect((await viaQuery.json()).error.details[0].rule).to.equal('RECIPIENT_MISMATCH');
      expect(await count()).to.equal(before);

      // The same participant written another way is the same recipient.
      const same = await json({ format: 'ubl-xml', to: `peppol:${RECIPIENT}`, xml: fresh() });
      const sent = await same.json();
      expect(same.status, JSON.stringify(sent)).to.equal(201);
      expect(sent.receiver.peppolId).to.equal(RECIPIENT);
    });
  });

  it('takes reserved characters unencoded in from, to, contentType and filename', async () => {
    // Written as a user types it: the ':' of a Peppol id and the '/' of a media type left as they are.
    const res = await raw(`&to=${RECIPIENT}`, fresh(), 'application/xml');
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.receiver.peppolId).to.equal(RECIPIENT);

    const company = await (
      await fetch(`${app.url}/v1/companies/${tenant.companyId}`, { headers: jsonHeaders(tenant.key) })
    ).json();
    const named = await raw(
      `&to=${RECIPIENT}&from=peppol:${company.peppolId}&contentType=application/xml&filename=a:b.xml`,
      fresh(),
      'application/octet-stream',
    );
    const sent = await named.json();
    expect(named.status, JSON.stringify(sent)).to.equal(201);
    expect(sent).to.deep.include({ companyId: tenant.companyId, deliveryStatus: 'pending' });
  });
});
