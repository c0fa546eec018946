import { expect } from 'chai';
import { startSandboxSuite, type TestApp } from '../../support/app.ts';
import { bearer, companyPeppolId, jsonHeaders, setCapabilities, type Tenant } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';

/** A sandbox participant with a directory card: Proximus SA, Brussels. */
const SUPPLIER = '0208:0202239951';

const order = (number: string) => ({
  number,
  issueDate: '2026-11-25',
  lines: [{ description: 'Paper, A4, 500 sheets', quantity: 10, unitPrice: 4.5, vatRate: 21 }],
});

/** The `cbc:EndpointID` of a party element of the UBL, as `scheme:value`. */
function endpointOf(xml: string, party: 'BuyerCustomerParty' | 'SellerSupplierParty'): string | undefined {
  const m = new RegExp(`<cac:${party}><cac:Party><cbc:EndpointID schemeID="(\\d{4})">([^<]+)</cbc:EndpointID>`).exec(
    xml,
  );
  return m ? `${m[1]}:${m[2]}` : undefined;
}

describe('purchase orders: the buyer sends, the seller receives', () => {
  let app: TestApp;
  let tenant: Tenant;
  let ownId: string;
  before(async () => {
    ({ app, tenant } = await startSandboxSuite());
    // A company that orders and takes orders.
    await setCapabilities(tenant.companyId, {
      send: ['invoice', 'purchase-order'],
      receive: ['invoice', 'purchase-order'],
    });
    ownId = await companyPeppolId(tenant.companyId);
  });
  after(() => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });
  const partnerRole = async (peppolId: string) =>
    (
      await testServers()
        .db.selectFrom('partners')
        .select('role')
        .where('organization_id', '=', tenant.organizationId)
        .where('peppol_id', '=', peppolId)
        .executeTakeFirst()
    )?.role;

  it('a JSON purchase order names the sending company its buyer and the recipient its seller', async () => {
    const res = await post('/v1/documents/send', {
      type: 'purchase-order',
      from: tenant.companyId,
      // By VAT number: found in the directory, and provisioned as a partner.
      to: 'vat:BE0202239951',
      document: order('PO-ROLES-1'),
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.document.buyer.peppolId).to.equal(ownId);
    expect(doc.document.seller).to.deep.include({ peppolId: SUPPLIER, name: 'Proximus SA', vatNumber: 'BE0202239951' });
    expect(doc.sender.peppolId).to.equal(ownId);
    expect(doc.receiver).to.deep.include({ peppolId: SUPPLIER, name: 'Proximus SA' });
    expect(endpointOf(doc.xml, 'BuyerCustomerParty')).to.equal(ownId);
    expect(endpointOf(doc.xml, 'SellerSupplierParty')).to.equal(SUPPLIER);
    // The supplier the order went to becomes a partner the organization buys from.
    expect(await partnerRole(SUPPLIER)).to.equal('supplier');
  });

  it('the document overrides the derived seller of an order as it does the buyer of an invoice', async () => {
    const res = await post('/v1/documents/send', {
      type: 'purchase-order',
      from: tenant.companyId,
      to: SUPPLIER,
      document: { ...order('PO-ROLES-2'), seller: { name: 'Proximus Procurement Desk' } },
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.document.seller).to.deep.include({ peppolId: SUPPLIER, name: 'Proximus Procurement Desk' });
    expect(doc.receiver.name).to.equal('Proximus Procurement Desk');
    expect(doc.document.buyer.peppolId).to.equal(ownId);
  });

  it("an Order XML from the buyer is sent to its seller's endpoint without `to`, and refused from anyone else", async () => {
    // The Order the service writes for the buyer, as the buyer's own system would write it.
    const first = await (
      await post('/v1/documents/send', {
        type: 'purchase-order',
        from: tenant.companyId,
        to: SUPPLIER,
        document: order('PO-ROLES-3'),
      })
    ).json();
    const xml = (first.xml as string).replace('<cbc:ID>PO-ROLES-3</cbc:ID>', '<cbc:ID>PO-ROLES-4</cbc:ID>');

    const res = await post('/v1/documents/send', {
      type: 'purchase-order',
      from: tenant.companyId,
      format: 'ubl-xml',
      xml,
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc).to.deep.include({ number: 'PO-ROLES-4', type: 'purchase-order' });
    expect(doc.receiver.peppolId).to.equal(SUPPLIER);
    expect(doc.sender.peppolId).to.equal(ownId);

    // Given `to` another participant than the seller it names: refused.
    const elsewhere = await post('/v1/documents/send', {
      type: 'purchase-order',
      from: tenant.companyId,
      to: '0208:0403019261',
      format: 'ubl-xml',
      xml: xml.replace('PO-ROLES-4', 'PO-ROLES-5'),
    });
    expect(elsewhere.status).to.equal(422);
    const mismatch = (await elsewhere.json()).error;
    // The service's own check, not a Peppol BIS rule, and the message says so.
    expect(mismatch.message).to.match(/^The document does not agree with the request: RECIPIENT_MISMATCH /);
    expect(mismatch.details).to.deep.equal([
      {
        field: '/',
        rule: 'RECIPIENT_MISMATCH',
        message: `the seller endpoint ${SUPPLIER} is not the recipient 0208:0403019261 (to): leave to out to send the document where it is addressed, or make the two agree`,
      },
    ]);

    // The same order, its buyer another company: not this sender's to send.
    const [scheme, value] = ownId.split(':');
    const foreign = xml.replace(
      `<cac:BuyerCustomerParty><cac:Party><cbc:EndpointID schemeID="${scheme}">${value}</cbc:EndpointID>`,
      `<cac:BuyerCustomerParty><cac:Party><cbc:EndpointID schemeID="0208">0403019261</cbc:EndpointID>`,
    );
    expect(foreign).to.not.equal(xml);
    const refused = await post('/v1/documents/send', {
      type: 'purchase-order',
      from: tenant.companyId,
      format: 'ubl-xml',
      xml: foreign,
    });
    const error = (await refused.json()).error;
    expect(refused.status).to.equal(422);
    expect(error.details).to.deep.equal([
      {
        field: '/',
        rule: 'SENDER_MISMATCH',
        message: `the buyer endpoint 0208:0403019261 is not the sending company ${ownId}`,
      },
    ]);
  });

  it('a received purchase order comes from its buyer, a partner the organization sells to', async () => {
    const buyer = '0208:0403019261';
    const res = await post('/v1/sandbox/inbound', {
      companyId: tenant.companyId,
      type: 'purchase-order',
      from: buyer,
      document: order('PO-IN-1'),
    });
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).to.equal(202);
    let doc: any;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const read = await fetch(`${app.url}/v1/documents/${accepted.documentId}`, { headers: bearer(tenant.key) });
      if (read.status === 200) {
        doc = await read.json();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(doc, 'the order was never received').to.not.equal(undefined);
    expect(doc).to.deep.include({ type: 'purchase-order', direction: 'incoming', number: 'PO-IN-1' });
    expect(doc.document.buyer.peppolId).to.equal(buyer);
    expect(doc.document.seller.peppolId).to.equal(ownId);
    expect(doc.sender.peppolId).to.equal(buyer);
    expect(doc.receiver.peppolId).to.equal(ownId);
    expect(endpointOf(doc.xml, 'BuyerCustomerParty')).to.equal(buyer);
    // The buyer as the sandbox directory shows it (a card for any valid id).
    const card = (
      await (await fetch(`${app.url}/v1/directory/participants/${buyer}`, { headers: bearer(tenant.key) })).json()
    ).businessCard;
    expect(doc.document.buyer).to.deep.include({ name: card.name });
    expect(doc.document.buyer.address).to.deep.include({ city: card.city, country: card.country });
    expect(doc.metadata.inbound.validation).to.deep.include({ valid: true, errors: [] });
    expect(await partnerRole(buyer)).to.equal('buyer');
  });
});
