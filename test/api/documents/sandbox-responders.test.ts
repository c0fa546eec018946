import { expect } from 'chai';
import { SANDBOX_RESPONDERS } from '../../../core/sandbox-scenarios.ts';
import { listLifecycleEvents } from '../../../db/lifecycle.ts';
import { type TestApp, startSandboxSuite } from '../../support/app.ts';
import { jsonHeaders, setCapabilities, type Tenant } from '../../support/access.ts';
import { invoiceBody, waitForDocument } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';

/** Sandbox recipients that answer a delivered invoice with each Invoice Response code. */
const QUOTED = '0060:999000106';
describe('sandbox recipients answering with an Invoice Response', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const send = async (to: string, type = 'invoice') => {
    const res = await fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify({ type, from: tenant.companyId, to, document: invoiceBody() }),
    });
    expect(res.status, to).to.equal(201);
    return (await res.json()).id as string;
  };

  /** Delivery (5 s) and the answer (1 min) both wait on the company clock: an hour at a time, three times. */
  const threeCompanyHours = async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 400));
      await fetch(`${app.url}/v1/sandbox/clock/advance`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify({ companyId: tenant.companyId, by: '1h' }),
      });
    }
  };

  it('each code moves the invoice (AB moves nothing), with history source recipient', async () => {
    const sent = await Promise.all(
      Object.keys(SANDBOX_RESPONDERS).map(async (responder) => ({ responder, id: await send(responder) })),
    );
    await threeCompanyHours();
    for (const { responder, id } of sent) {
      const { code, status } = SANDBOX_RESPONDERS[responder];
      const expected = status ?? 'issued';
      const doc = await waitForDocument(
        app.url,
        tenant.key,
        id,
        (d) => d.deliveryStatus === 'delivered' && d.lifecycleStatus === expected,
      );
      expect(doc.lifecycleStatus, code).to.equal(expected);
      const history = await listLifecycleEvents(testServers().db, id);
      if (status === null) {
        expect(history, code).to.deep.equal([]);
      } else {
        expect(history.at(-1), code).to.deep.include({ to_status: status, source: 'recipient', actor: responder });
      }
    }
  });

  it('a quote to a responder is delivered and not answered: Peppol has no Invoice Response for it', async () => {
    await setCapabilities(tenant.companyId, { send: ['invoice', 'quote'], receive: ['invoice'] });
    const id = await send(QUOTED, 'quote');
    await threeCompanyHours();
    // The run ends once it has answered, or at delivery when it owes no answer: three company hours on,
    // an answer (a minute after delivery) would have moved the quote.
    const run = await testServers().temporal.workflow.getHandle(`document:${id}`).result();
    expect(run).to.deep.include({ deliveryStatus: 'delivered' });
    const doc = await waitForDocument(app.url, tenant.key, id, (d) => d.deliveryStatus === 'delivered');
    expect(doc).to.deep.include({ type: 'quote', lifecycleStatus: 'issued' });
    expect(await listLifecycleEvents(testServers().db, id)).to.deep.equal([]);
  });
});
