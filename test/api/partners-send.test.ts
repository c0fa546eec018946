import { expect } from 'chai';
import { SANDBOX_RECIPIENTS } from '../../core/sandbox-scenarios.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { createDirectoryServices } from '../../upstreams/directory/index.ts';
import { sandboxDirectory } from '../../upstreams/directory/seed.ts';
import { partnerRecipientDirectory } from '../../api/partners/recipients.ts';
import { loadConfig } from '../../core/config.ts';

/** Sending to a partner through the partner-aware recipient directory: its defaults fill the gaps. */
describe('Partner defaults on send', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    const { db } = testServers();
    const services = createDirectoryServices(db, loadConfig());
    app = await startTestApp({
      upstreams: { directory: services },
      recipients: partnerRecipientDirectory(db, services),
    });
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(() => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: jsonHeaders(tenant.key), body: JSON.stringify(body) });

  it('resolves vat: to the partner and applies its currency, note, order reference and payment terms where the document is silent', async () => {
    const card = sandboxDirectory().find(
      (p) =>
        p.country === 'BE' && !p.parentPeppolId && p.documentTypes.includes('invoice') && p.documentTypes.length > 2,
    )!;
    const partner = await post('/v1/partners', {
      vatNumber: card.vatNumber,
      defaults: {
        currency: 'USD',
        note: 'Payable within 14 days',
        orderReference: 'PO-DEFAULT-9',
        paymentTermsDays: 14,
      },
    });
    expect(partner.status).to.equal(201);
    const { currency: _c, dueDate: _d, ...body } = invoiceBody({ number: 'INV-DEFAULTS-1' });
    const res = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: `vat:${card.vatNumber}`,
      document: body,
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.receiver.peppolId).to.equal(card.peppolId);
    expect(doc.dueDate).to.equal('2026-12-05');
    expect(doc.currency).to.equal('USD');
    expect(doc.xml).to.include('<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>');
    expect(doc.xml).to.include('<cbc:Note>Payable within 14 days</cbc:Note>');
    expect(doc.xml).to.include('PO-DEFAULT-9');

    const explicit = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: card.peppolId,
      document: invoiceBody({ number: 'INV-DEFAULTS-2', currency: 'EUR', note: 'Own note' }),
    });
    const own = await explicit.json();
    expect(explicit.status, JSON.stringify(own)).to.equal(201);
    expect(own.currency).to.equal('EUR');
    expect(own.xml).to.include('<cbc:Note>Own note</cbc:Note>');
  });

  it('422 RECIPIENT_NOT_FOUND for an identifier whose participant is not registered, RECIPIENT_CANNOT_RECEIVE for an orders-only participant', async () => {
    const missing = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: `duns:${SANDBOX_RECIPIENTS.notRegistered.slice(5)}`,
      document: invoiceBody(),
    });
    expect(missing.status).to.equal(422);
    expect((await missing.json()).error.code).to.equal('RECIPIENT_NOT_FOUND');
    const ordersOnly = sandboxDirectory().find(
      (p) => p.documentTypes.length === 1 && p.documentTypes[0] === 'purchase-order',
    )!;
    const cannot = await post('/v1/documents/send', {
      type: 'invoice',
      from: tenant.companyId,
      to: ordersOnly.peppolId,
      document: invoiceBody(),
    });
    expect(cannot.status).to.equal(422);
    expect((await cannot.json()).error.code).to.equal('RECIPIENT_CANNOT_RECEIVE');
  });
});
