import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { sandboxDirectory } from '../../upstreams/directory/seed.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';

const APP_URL = 'https://app.docex.test';
const fixture = (name: string) => readFileSync(new URL(`../data/punchout/${name}`, import.meta.url), 'utf8');
/** The samples hold `{{buyerCookie}}` and `{{sharedSecret}}` where a session puts its own. */
const cart = (name: string, buyerCookie: string, sharedSecret: string) =>
  fixture(name).replace('{{buyerCookie}}', buyerCookie).replace('{{sharedSecret}}', sharedSecret);

const cards = sandboxDirectory().filter((p) => !p.parentPeppolId && p.vatNumber && p.country === 'BE');
const ARIBA = { identity: 'AN01000012345', domain: 'NetworkID', sharedSecret: 'alpine-punchout-2026' };
const COUPA = { identity: '080146720', sharedSecret: 'office line shared secret' };

describe('POST /v1/punchout/cart', () => {
  let app: TestApp;
  let tenant: Tenant;
  let slug: string;
  let aribaPartner: any;
  let coupaPartner: any;

  const form = (fields: Record<string, string>) =>
    fetch(`${app.url}/v1/punchout/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const raw = (xml: string, contentType = 'application/xml') =>
    fetch(`${app.url}/v1/punchout/cart`, { method: 'POST', headers: { 'content-type': contentType }, body: xml });
  const createPartner = async (body: unknown) => {
    const res = await fetch(`${app.url}/v1/partners`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    return res.json();
  };
  const patchPartner = (id: string, body: unknown) =>
    fetch(`${app.url}/v1/partners/${id}`, {
      method: 'PATCH',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify(body),
    });
  const getDocument = async (id: string) =>
    (await fetch(`${app.url}/v1/documents/${id}`, { headers: bearer(tenant.key) })).json();

  /** Documents and events of the tenant: what a refused cart must leave unchanged. */
  async function stored(): Promise<{ documents: number; events: number }> {
    const { db } = testServers();
    const count = async (table: 'documents' | 'events') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('organization_id', '=', tenant.organizationId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { documents: await count('documents'), events: await count('events') };
  }

  /** The redirect target of the answer's meta refresh, and the draft the page names. */
  async function accepted(res: Response): Promise<{ redirect: string; documentId: string }> {
    const html = await res.text();
    expect(res.status, html).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    const redirect = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html)?.[1];
    const documentId = /(doc_[0-9A-Za-z]{20})/.exec(html)?.[1];
    expect(redirect, html).to.be.a('string');
    expect(documentId, html).to.be.a('string');
    return { redirect: redirect!.replace(/&amp;/g, '&'), documentId: documentId! };
  }

  async function refused(res: Response, status: number, code: string): Promise<string> {
    const html = await res.text();
    expect(res.status, html).to.equal(status);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    expect(html).to.include('<!DOCTYPE html>').and.include(`<code>${code}</code>`);
    expect(html).to.include(res.headers.get('x-request-id'));
    expect(html).not.to.include('http-equiv="refresh"');
    return html;
  }

  before(async () => {
    app = await startTestApp({ appUrl: APP_URL });
    tenant = await createTenant({ livemode: false });
    const me = await (await fetch(`${app.url}/v1/me`, { headers: bearer(tenant.key) })).json();
    slug = me.organizations[0].slug;
    aribaPartner = await createPartner({ peppolId: cards[0].peppolId, role: 'supplier', punchout: ARIBA });
    coupaPartner = await createPartner({ vatNumber: cards[1].vatNumber, role: 'supplier', punchout: COUPA });
  });
  after(() => app.close());

  it('gives every organization a unique slug, shown in /v1/me', async () => {
    expect(slug).to.match(/^tenant-[a-z0-9]+(-[a-z0-9]+)*$/);
    const other = await createTenant({ livemode: false });
    const me = await (await fetch(`${app.url}/v1/me`, { headers: bearer(other.key) })).json();
    expect(me.organizations[0].slug)
      .to.match(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .and.not.equal(slug);
  });

  it('shows the PunchOut settings of a partner without the secret', () => {
    expect(aribaPartner.punchout).to.deep.equal({
      identity: ARIBA.identity,
      domain: 'NetworkID',
      sharedSecretSet: true,
    });
    expect(coupaPartner.punchout).to.deep.equal({ identity: COUPA.identity, domain: null, sharedSecretSet: true });
    expect(JSON.stringify(aribaPartner)).not.to.include(ARIBA.sharedSecret);
  });

  it('turns an Ariba cart (cxml-urlencoded, v2 cookie with a thread) into a draft purchase order and returns to the chat', async () => {
    const before = await stored();
    const res = await form({
      'cxml-urlencoded': cart('ariba-order-message.xml', `${tenant.organizationId}:thr_9Qz:v2`, ARIBA.sharedSecret),
    });
    const { redirect, documentId } = await accepted(res);
    expect(redirect).to.equal(`${APP_URL}/${slug}/ai/chat/thr_9Qz`);

    const doc = await getDocument(documentId);
    expect(doc.number).to.match(/^PO-\d{8}-[0-9A-Z]{6}$/);
    expect(doc).to.include({
      type: 'purchase-order',
      direction: 'outgoing',
      status: 'draft',
      companyId: tenant.companyId,
      currency: 'EUR',
      grossAmount: 1256.5,
      netAmount: 1256.5,
    });
    expect(doc.receiver.peppolId).to.equal(aribaPartner.peppolId);
    expect(doc.document.lines).to.deep.equal([
      {
        id: '1',
        description: 'XVB-F2 installation cable 3G2.5 mm², black, drum of 100 m',
        name: 'XVB cable 3G2.5 100 m',
        quantity: 10,
        unit: 'EA',
        unitPrice: 89.95,
        itemCode: 'CBL-XVB-3G2.5-100',
        classification: { scheme: 'TST', value: '26121609' },
      },
      {
        id: '2',
        description: 'KNX switch actuator, 8 channels, 16 A & DIN rail',
        name: 'KNX actuator 8ch',
        quantity: 2,
        unit: 'EA',
        unitPrice: 167.5,
        itemCode: 'KNX-ACT-8CH',
        classification: { scheme: 'TST', value: '39121521' },
      },
      {
        id: '3',
        description: 'PVC cable duct 40x40 mm',
        quantity: 5.5,
        unit: 'MTR',
        unitPrice: 4,
        itemCode: 'DCT-PVC-40',
        classification: { scheme: 'TST', value: '39131706' },
      },
    ]);
    expect(doc.metadata.punchout).to.deep.include({
      payloadId: '1732441256.7834@prd-catalog-01.alpine.example',
      threadId: 'thr_9Qz',
      supplierPartAuxiliaryIds: ['session=8f2c91;cart=4471;line=1', 'session=8f2c91;cart=4471;line=2', null],
    });

    const events = await (await fetch(`${app.url}/v1/events?limit=100`, { headers: bearer(tenant.key) })).json();
    const event = events.data.find((e: any) => e.type === 'punchout.cart' && e.data.documentId === documentId);
    expect(event, JSON.stringify(events.data.map((e: any) => e.type))).to.exist;
    expect(event.data).to.deep.include({
      partnerId: aribaPartner.id,
      type: 'purchase-order',
      currency: 'EUR',
      grossAmount: 1256.5,
      lineCount: 3,
      threadId: 'thr_9Qz',
    });
    expect(await stored()).to.deep.equal({ documents: before.documents + 1, events: before.events + 1 });
  });

  it('reads the organization from the first part of a cookie that is not the v2 form', async () => {
    for (const cookie of [`${tenant.organizationId}:session-4471`, `${tenant.organizationId}:thr_1:x:y`]) {
      const xml = cart('coupa-order-message.xml', cookie, COUPA.sharedSecret);
      const { redirect, documentId } = await accepted(await raw(xml));
      expect(redirect, cookie).to.equal(`${APP_URL}/${slug}/requests`);
      const doc = await getDocument(documentId);
      expect(doc.companyId, cookie).to.equal(tenant.companyId);
      expect(doc.metadata.punchout.buyerCookie).to.equal(cookie);
    }
  });

  it('turns a Coupa cart (cxml-base64, plain organization cookie) into a draft and returns to the requests', async () => {
    const xml = cart('coupa-order-message.xml', tenant.organizationId, COUPA.sharedSecret);
    const { redirect, documentId } = await accepted(await form({ 'cxml-base64': Buffer.from(xml).toString('base64') }));
    expect(redirect).to.equal(`${APP_URL}/${slug}/requests`);
    const doc = await getDocument(documentId);
    expect(doc).to.include({ type: 'purchase-order', status: 'draft', grossAmount: 63.7 });
    expect(doc.receiver.vatNumber).to.equal(coupaPartner.vatNumber);
    expect(doc.document.lines.map((l: any) => [l.itemCode, l.quantity, l.unit, l.classification])).to.deep.equal([
      ['PAP-A4-80-5', 3, 'BX', { scheme: 'TST', value: '14111507' }],
      ['PEN-GEL-BL-12', 2, 'PK', { scheme: 'ZZZ', value: 'OFFICE-WRITING' }],
    ]);
  });

  for (const contentType of ['application/xml', 'text/xml; charset=utf-8']) {
    it(`accepts the raw cXML as ${contentType}`, async () => {
      const xml = cart('ariba-order-message.xml', `${tenant.organizationId}::v2`, ARIBA.sharedSecret);
      const { redirect } = await accepted(await raw(xml, contentType));
      expect(redirect).to.equal(`${APP_URL}/${slug}/requests`);
    });
  }

  describe('refusals: an HTML page with the status, and nothing stored', () => {
    let before: { documents: number; events: number };
    beforeEach(async () => {
      before = await stored();
    });
    afterEach(async () => {
      expect(await stored()).to.deep.equal(before);
    });

    it('401 INVALID_TOKEN for a shared secret of no partner', async () => {
      const xml = cart('ariba-order-message.xml', tenant.organizationId, 'not-the-secret');
      await refused(await form({ 'cxml-urlencoded': xml }), 401, 'INVALID_TOKEN');
    });

    it("401 INVALID_TOKEN for another partner's secret, or the right secret under a wrong domain", async () => {
      await refused(
        await raw(cart('ariba-order-message.xml', tenant.organizationId, COUPA.sharedSecret)),
        401,
        'INVALID_TOKEN',
      );
      const wrongDomain = cart('ariba-order-message.xml', tenant.organizationId, ARIBA.sharedSecret).replaceAll(
        'domain="NetworkID"',
        'domain="DUNS"',
      );
      await refused(await raw(wrongDomain), 401, 'INVALID_TOKEN');
    });

    it('401 MISSING_AUTH without a SharedSecret', async () => {
      const xml = cart('ariba-order-message.xml', tenant.organizationId, '').replace(
        '<SharedSecret></SharedSecret>',
        '',
      );
      await refused(await raw(xml), 401, 'MISSING_AUTH');
    });

    it('404 RESOURCE_NOT_FOUND when the BuyerCookie names no organization', async () => {
      for (const cookie of ['org_00000000000000000000:thr_1:v2', 'session-4471']) {
        const xml = cart('ariba-order-message.xml', cookie, ARIBA.sharedSecret);
        await refused(await raw(xml), 404, 'RESOURCE_NOT_FOUND');
      }
    });

    it('400 INVALID_REQUEST for malformed or incomplete cXML', async () => {
      const good = cart('ariba-order-message.xml', tenant.organizationId, ARIBA.sharedSecret);
      for (const xml of [
        good.slice(0, good.length / 2),
        good.replace('<BuyerCookie>', '<BuyerCookie><![CDATA[ ]]>').replace(tenant.organizationId, ''),
        good.replace(/<ItemIn[\s\S]*<\/ItemIn>/, ''),
        good.replace('quantity="10"', 'quantity="ten"'),
        '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      ]) {
        await refused(await raw(xml), 400, 'INVALID_REQUEST');
      }
    });

    it('400 for a form without cXML or with a field that is not Base64', async () => {
      await refused(await form({ cart: 'nothing' }), 400, 'INVALID_REQUEST');
      await refused(await form({ 'cxml-base64': '%%% not base64 %%%' }), 400, 'INVALID_REQUEST');
    });

    it('400 for an XXE sample: the entity is refused, nothing is read from the file system', async () => {
      const html = await refused(
        await raw(cart('xxe.xml', tenant.organizationId, ARIBA.sharedSecret)),
        400,
        'INVALID_REQUEST',
      );
      expect(html).not.to.include('root:');
    });

    it('400 for a billion-laughs sample, answered at once', async () => {
      const started = Date.now();
      const xml = cart('billion-laughs.xml', tenant.organizationId, ARIBA.sharedSecret);
      await refused(await form({ 'cxml-urlencoded': xml }), 400, 'INVALID_REQUEST');
      expect(Date.now() - started).to.be.below(2000);
    });

    it('415 UNSUPPORTED_MEDIA_TYPE for a JSON body', async () => {
      const res = await fetch(`${app.url}/v1/punchout/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cxml: 'x' }),
      });
      await refused(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('PunchOut settings through the partner API', () => {
    it('keeps the secret when an update leaves it out, and removes the settings with null', async () => {
      const partner = await createPartner({
        peppolId: cards[2].peppolId,
        punchout: { identity: 'SUP-3', sharedSecret: 'first-secret-3' },
      });
      const xml = (secret: string) =>
        cart('ariba-order-message.xml', tenant.organizationId, secret).replaceAll('AN01000012345', 'SUP-3');

      let res = await patchPartner(partner.id, { punchout: { identity: 'SUP-3', domain: 'NetworkID' } });
      expect((await res.json()).punchout).to.deep.equal({
        identity: 'SUP-3',
        domain: 'NetworkID',
        sharedSecretSet: true,
      });
      await accepted(await raw(xml('first-secret-3')));

      res = await patchPartner(partner.id, { punchout: { identity: 'SUP-3', sharedSecret: 'second-secret-3' } });
      expect(res.status).to.equal(200);
      await refused(await raw(xml('first-secret-3')), 401, 'INVALID_TOKEN');
      await accepted(await raw(xml('second-secret-3')));

      res = await patchPartner(partner.id, { punchout: null });
      expect((await res.json()).punchout).to.equal(null);
      await refused(await raw(xml('second-secret-3')), 401, 'INVALID_TOKEN');
    });

    it('400 when PunchOut is set up without a secret, or with one too short', async () => {
      const noSecret = await fetch(`${app.url}/v1/partners`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ peppolId: cards[3].peppolId, punchout: { identity: 'SUP-4' } }),
      });
      expect(noSecret.status).to.equal(400);
      expect((await noSecret.json()).error).to.include({ code: 'MISSING_FIELD' });
      const short = await patchPartner(aribaPartner.id, { punchout: { identity: 'X', sharedSecret: 'short' } });
      expect(short.status).to.equal(400);
    });
  });
});
