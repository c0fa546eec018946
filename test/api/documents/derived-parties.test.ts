import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { participantIdDirectory } from '../../../api/documents/parties.ts';
import { loadOpenApiDocument } from '../../../api/openapi.ts';
import { validateUblXml } from '../../../peppol/index.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { createCompany, jsonHeaders } from '../../support/access.ts';
import { ensureTestWorkers } from '../../support/workers.ts';
import { testServers } from '../../support/servers.ts';
import { officialFatal, officialResultsOrSkip, type Subject } from '../../peppol/official-rules.ts';

const TYPES = ['invoice', 'credit-note', 'debit-note', 'purchase-order', 'sales-order', 'quote', 'event'] as const;
/** The root elements the official Peppol artefacts judge (quote and event have no Peppol BIS). */
const OFFICIAL = new Set(['invoice', 'credit-note', 'debit-note', 'purchase-order', 'sales-order']);

/** Types Peppol BIS Billing covers, whose documents need a buyer or order reference. */
const BILLING = new Set(['invoice', 'credit-note', 'debit-note']);

/** The smallest body part 2.5 allows. */
const minimal = (number: string) => ({
  number,
  issueDate: '2026-11-21',
  lines: [{ description: 'Consulting', quantity: 10, unitPrice: 95, vatRate: 21 }],
});

/**
 * An order agreement (Peppol T110) answers an order: it must name that order and the seller's item
 * ids, which nothing can derive. Every other type sends the minimal body as is.
 */
const minimalOf = (type: string, number: string) => {
  const body = minimal(number);
  return type === 'sales-order'
    ? { ...body, orderReference: 'PO-2026-0007', lines: body.lines.map((l) => ({ ...l, itemCode: 'CONSULT-H' })) }
    : body;
};

interface Sandbox {
  key: string;
  company: { id: string; peppolId: string; vatNumber: string };
  organizationId: string;
}

/**
 * What a new user does first: a sandbox key from the public bootstrap endpoint. Each call comes from
 * an address of its own (the app trusts a loopback proxy), leaving the other suites' per-address
 * bootstrap allowance alone.
 */
let addresses = 0;
async function bootstrap(url: string): Promise<Sandbox> {
  const from = `198.51.100.${(addresses++ % 250) + 1}`;
  const res = await fetch(`${url}/v1/sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ label: 'first-hour' }),
  });
  expect(res.status).to.equal(201);
  return (await res.json()) as Sandbox;
}

describe('derived parties: the smallest send works for every document type', () => {
  let app: TestApp;
  let sandbox: Sandbox;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
  });
  // A fresh organization per case, as a new user has, each with its own rate-limit window.
  beforeEach(async () => {
    sandbox = await bootstrap(app.url);
  });
  after(() => app.close());

  const send = (body: unknown, key = sandbox.key) =>
    fetch(`${app.url}/v1/documents/send`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });

  it('sends the minimal body of every type to 0208:0202239951 with a fresh key, and the UBL passes the official Peppol rules', async function () {
    const subjects: Subject[] = [];
    for (const type of TYPES) {
      const res = await send({ type, from: 'org:', to: '0208:0202239951', document: minimalOf(type, `MIN-${type}`) });
      const doc = await res.json();
      expect(res.status, `${type}: ${JSON.stringify(doc)}`).to.equal(201);
      expect(doc.direction).to.equal('outgoing');
      // A purchase order goes from its buyer to its seller; every other type from seller to buyer.
      const [own, theirs] = type === 'purchase-order' ? ['buyer', 'seller'] : ['seller', 'buyer'];
      expect(doc.document[theirs], type).to.deep.include({
        peppolId: '0208:0202239951',
        name: 'Proximus SA',
        vatNumber: 'BE0202239951',
        legalId: { scheme: '0208', value: '0202239951' },
      });
      expect(doc.document[theirs].address, type).to.deep.equal({
        street: 'Boulevard du Roi Albert II 27',
        city: 'Brussels',
        postalCode: '1030',
        country: 'BE',
      });
      expect(doc.document[own], type).to.deep.include({
        peppolId: sandbox.company.peppolId,
        vatNumber: sandbox.company.vatNumber,
      });
      expect(doc.document[own].address.country).to.equal('BE');
      expect(doc.sender.peppolId, type).to.equal(sandbox.company.peppolId);
      expect(doc.receiver, type).to.deep.include({ peppolId: '0208:0202239951', name: 'Proximus SA' });
      // Peppol needs a buyer or order reference on billing documents: the number is quoted.
      if (BILLING.has(type)) expect(doc.document.buyerReference, type).to.equal(`MIN-${type}`);
      else expect(doc.document.buyerReference, type).to.equal(undefined);
      if (OFFICIAL.has(type)) subjects.push({ name: type, xml: doc.xml, ours: validateUblXml(doc.xml) });
    }
    const dir = mkdtempSync(join(tmpdir(), 'derived-parties-'));
    try {
      const results = officialResultsOrSkip(this, subjects, dir);
      for (const subject of subjects) {
        const official = results.get(subject.name);
        expect(official?.error, subject.name).to.equal(undefined);
        expect(officialFatal(official!), `${subject.name}: ${JSON.stringify(official?.failed)}`).to.deep.equal([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the send and validate examples of the contract work as pasted with a fresh sandbox key', async () => {
    const paths = loadOpenApiDocument().paths as any;
    const example = (path: string) => paths[path].post.requestBody.content['application/json'].examples.invoice.value;
    const sent = await send(example('/v1/documents/send'));
    const doc = await sent.json();
    expect(sent.status, JSON.stringify(doc)).to.equal(201);
    expect(doc).to.deep.include({
      direction: 'outgoing',
      companyId: sandbox.company.id,
      status: 'sent',
      deliveryStatus: 'pending',
    });
    const documented = paths['/v1/documents/send'].post.responses['201'].content['application/json'].example;
    expect(documented.direction).to.equal('outgoing');
    expect(Object.keys(documented)).to.have.members(Object.keys(doc));
    const validated = await fetch(`${app.url}/v1/documents/validate`, {
      method: 'POST',
      headers: jsonHeaders(sandbox.key),
      body: JSON.stringify(example('/v1/documents/validate')),
    });
    const outcome = await validated.json();
    expect(validated.status).to.equal(200);
    expect(outcome, JSON.stringify(outcome)).to.deep.include({ valid: true, recipientReachable: true });
  });

  it('quotes no number as buyer reference when the invoice gives a buyer or an order reference', async () => {
    for (const [given, expected] of [
      [{ orderReference: 'PO-2026-0042' }, undefined],
      [{ buyerReference: 'DEPT-7' }, 'DEPT-7'],
    ] as const) {
      const res = await send({
        type: 'invoice',
        from: 'org:',
        to: '0208:0202239951',
        document: { ...minimal(`REF-${Object.keys(given)[0]}`), ...given },
      });
      const doc = await res.json();
      expect(res.status, JSON.stringify(doc)).to.equal(201);
      expect(doc.document.buyerReference).to.equal(expected);
      expect(doc.document).to.deep.include(given);
    }
  });

  it('validates the minimal body as valid too', async () => {
    const res = await fetch(`${app.url}/v1/documents/validate`, {
      method: 'POST',
      headers: jsonHeaders(sandbox.key),
      body: JSON.stringify({
        type: 'invoice',
        from: sandbox.company.id,
        to: '0208:0202239951',
        document: minimal('VAL-1'),
      }),
    });
    const body = await res.json();
    expect(res.status).to.equal(200);
    expect(body, JSON.stringify(body)).to.deep.include({ valid: true, recipientReachable: true });
  });

  it('reaches every valid participant id in the sandbox with a deterministic card in the country its scheme implies', async () => {
    const ids: Array<[string, string]> = [
      ['0208:0100000070', 'BE'],
      ['9925:BE0100000070', 'BE'],
      ['0002:552100554', 'FR'],
      ['0009:55210055400013', 'FR'],
      ['0192:810305282', 'NO'],
      ['0007:5560360793', 'SE'],
      ['0106:12345678', 'NL'],
      ['9930:DE811907980', 'DE'],
      ['0211:IT00743110157', 'IT'],
      ['0088:3012345678902', 'FR'],
      ['0088:5412345678908', 'BE'],
      ['0060:123456789', 'BE'],
    ];
    for (const [to, country] of ids) {
      for (const type of ['invoice', 'purchase-order']) {
        const res = await send({ type, from: sandbox.company.id, to, document: minimal(`ANY-${to}-${type}`) });
        const doc = await res.json();
        expect(res.status, `${to} ${type}: ${JSON.stringify(doc)}`).to.equal(201);
        const recipient = doc.document[type === 'purchase-order' ? 'seller' : 'buyer'];
        expect(recipient.address.country, to).to.equal(country);
        expect(recipient.address.city, to).to.be.a('string');
        expect(doc.receiver.name, to).to.be.a('string').and.not.equal(to);
      }
      const card = async () =>
        await (
          await fetch(`${app.url}/v1/directory/participants/${encodeURIComponent(to)}`, {
            headers: jsonHeaders(sandbox.key),
          })
        ).json();
      const first = await card();
      expect(first.businessCard.country, to).to.equal(country);
      expect(await card()).to.deep.equal(first);
    }
    const vat = await (
      await send({ type: 'invoice', from: sandbox.company.id, to: '0208:0100000070', document: minimal('VAT-1') })
    ).json();
    expect(vat.document.buyer.vatNumber).to.equal('BE0100000070');
  });

  it('keeps the documented scenario ids: not registered stays unreachable', async () => {
    const res = await send({
      type: 'invoice',
      from: sandbox.company.id,
      to: '0060:999000010',
      document: minimal('SCN-1'),
    });
    expect(res.status).to.equal(422);
    expect((await errorBody(res)).code).to.equal('RECIPIENT_NOT_FOUND');
  });

  it('derives the buyer from another company of the organization first', async () => {
    const otherId = await createCompany(sandbox.organizationId, false);
    const other = await testServers()
      .db.updateTable('companies')
      .set({
        address: JSON.stringify({ street: 'Meir 1', city: 'Antwerpen', postalCode: '2000', country: 'BE' }) as any,
        capabilities: JSON.stringify({ send: ['invoice'], receive: ['invoice'] }) as any,
      })
      .where('id', '=', otherId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const res = await send({
      type: 'invoice',
      from: sandbox.company.id,
      to: other.peppol_id,
      document: minimal('ORG-1'),
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.document.buyer).to.deep.include({
      name: other.name,
      vatNumber: other.vat_number,
      peppolId: other.peppol_id,
    });
    expect(doc.document.buyer.address).to.deep.equal({
      street: 'Meir 1',
      city: 'Antwerpen',
      postalCode: '2000',
      country: 'BE',
    });
  });

  it('then from the partner (name, contact), completed by the directory card, and the document overrides both', async () => {
    const created = await fetch(`${app.url}/v1/partners`, {
      method: 'POST',
      headers: jsonHeaders(sandbox.key),
      body: JSON.stringify({
        peppolId: '0208:0202239951',
        name: 'Proximus (HQ)',
        contactName: 'Accounts payable',
        contactEmail: 'ap@proximus.example',
      }),
    });
    expect(created.status).to.equal(201);
    const res = await send({
      type: 'invoice',
      from: sandbox.company.id,
      to: '0208:0202239951',
      document: minimal('PART-1'),
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc)).to.equal(201);
    expect(doc.document.buyer).to.deep.include({
      name: 'Proximus (HQ)',
      vatNumber: 'BE0202239951',
      contact: { name: 'Accounts payable', email: 'ap@proximus.example' },
    });
    expect(doc.document.buyer.address.street).to.equal('Boulevard du Roi Albert II 27');
    const overridden = await (
      await send({
        type: 'invoice',
        from: sandbox.company.id,
        to: '0208:0202239951',
        document: {
          ...minimal('PART-2'),
          buyer: { name: 'Proximus Finance', address: { city: 'Evere', country: 'BE' } },
        },
      })
    ).json();
    expect(overridden.document.buyer.name).to.equal('Proximus Finance');
    expect(overridden.document.buyer.address).to.deep.equal({ city: 'Evere', country: 'BE' });
  });

  it('422 BR-10 asking for document.buyer.address only when no source has an address', async () => {
    const bare = await startTestApp({ recipients: participantIdDirectory });
    // A participant no source knows an address for: the bare directory has no cards.
    const sendBare = (type: string, number: string) =>
      fetch(`${bare.url}/v1/documents/send`, {
        method: 'POST',
        headers: jsonHeaders(sandbox.key),
        body: JSON.stringify({ type, from: sandbox.company.id, to: '0208:0100000070', document: minimal(number) }),
      });
    try {
      const res = await sendBare('invoice', 'NOADDR-1');
      expect(res.status).to.equal(422);
      const error = await errorBody(res);
      expect(error.code).to.equal('UBL_VALIDATION_FAILED');
      expect(error.message).to.include('BR-10').and.include('document.buyer.address');
      expect(error.details.find((d: any) => d.rule === 'BR-10').message).to.include('document.buyer.address');

      // A purchase order goes to its seller: the seller's address is the one asked for, the buyer's
      // (the sending company's, which it has) being optional in a Peppol Order anyway.
      const order = await sendBare('purchase-order', 'NOADDR-PO-1');
      expect(order.status).to.equal(422);
      const refused = await errorBody(order);
      const address = refused.details.find((d: any) => d.rule === 'BR-08');
      expect(address, JSON.stringify(refused.details)).to.deep.include({ field: '$.seller.address' });
      expect(address.message).to.include('0208:0100000070').and.include('document.seller.address');
      expect(refused.details.map((d: any) => d.rule)).to.not.include('BR-10');
    } finally {
      await bare.close();
    }
  });
});
