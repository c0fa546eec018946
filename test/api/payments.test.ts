import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { errorBody, type TestApp, startSandboxSuite } from '../support/app.ts';
import { bearer, createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { eventsOf } from '../support/documents.ts';
import { testServers } from '../support/servers.ts';
import { findDocumentById } from '../../db/documents.ts';
import { storedDocument } from './lifecycle-fixtures.ts';
import { SHARED } from '../support/paths.ts';

function schemaErrors(xml: string, xsd: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pain-')), 'export.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}

describe('payments', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const info = async (id: string) => {
    const res = await fetch(`${app.url}/v1/documents/${id}/payment`, { headers: bearer(tenant.key) });
    expect(res.status).to.equal(200);
    return await res.json();
  };
  const pay = (id: string, body: unknown) =>
    fetch(`${app.url}/v1/documents/${id}/payments`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify(body),
    });
  const history = async (id: string) =>
    (await (await fetch(`${app.url}/v1/documents/${id}/lifecycle`, { headers: bearer(tenant.key) })).json()).history;

  describe('GET /v1/documents/{document_id}/payment', () => {
    it('an unpaid document: everything due, IBAN and reference from the payment terms', async () => {
      const doc = await storedDocument(tenant, { dueDate: '2099-01-01' });
      expect(await info(doc.id)).to.deep.equal({
        documentId: doc.id,
        amountDue: 1149.5,
        amountPaid: 0,
        currency: 'EUR',
        dueDate: '2099-01-01',
        status: 'unpaid',
        iban: 'BE68539007547034',
        reference: '+++090/9337/55493+++',
      });
    });

    it('overdue once the due date has passed with money still due', async () => {
      const doc = await storedDocument(tenant, { dueDate: '2020-01-31' });
      expect(await info(doc.id)).to.deep.include({ status: 'overdue', amountDue: 1149.5 });
    });

    it("404 DOCUMENT_NOT_FOUND for another tenant's document", async () => {
      const other = await createTenant({ livemode: false });
      const doc = await storedDocument(other);
      const res = await fetch(`${app.url}/v1/documents/${doc.id}/payment`, { headers: bearer(tenant.key) });
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
    });
  });

  describe('POST /v1/documents/{document_id}/payments', () => {
    it('a partial payment on an issued document records the implied approval, then a second one settles it', async () => {
      const doc = await storedDocument(tenant, { dueDate: '2099-01-01' });
      const first = await pay(doc.id, { amount: 149.5, date: '2026-12-01', reference: 'BANK-1' });
      const body = await first.json();
      expect(first.status, JSON.stringify(body)).to.equal(201);
      expect(body.payment).to.deep.include({ amountDue: 1000, amountPaid: 149.5, status: 'partially_paid' });
      expect(body.lifecycle).to.deep.include({
        previousStatus: 'issued',
        currentStatus: 'partially_paid',
        allowedTransitions: ['paid', 'disputed'],
      });
      expect((await history(doc.id)).map((h: any) => [h.from, h.to, h.implied, h.source])).to.deep.equal([
        ['issued', 'approved', true, 'payment'],
        ['approved', 'partially_paid', false, 'payment'],
      ]);

      const second = await pay(doc.id, { amount: 1000, date: '2026-12-05' });
      expect(second.status).to.equal(201);
      const settled = await second.json();
      expect(settled.payment).to.deep.include({ amountDue: 0, amountPaid: 1149.5, status: 'paid' });
      expect(settled.lifecycle).to.deep.include({ previousStatus: 'partially_paid', currentStatus: 'paid' });
      expect((await history(doc.id)).at(-1).payment).to.deep.equal({
        date: '2026-12-05',
        amount: 1000,
        currency: 'EUR',
        reference: null,
      });
      expect(await eventsOf(doc.id)).to.deep.equal(['lifecycle.updated', 'lifecycle.updated', 'lifecycle.updated']);

      const third = await pay(doc.id, { amount: 1, date: '2026-12-06' });
      expect(third.status).to.equal(409);
      expect(await errorBody(third)).to.deep.include({ code: 'INVALID_TRANSITION', allowedTransitions: [] });
    });

    it('several partial payments stay partially_paid until the amount is due is settled', async () => {
      const doc = await storedDocument(tenant, { status: 'approved', gross: '0.30' });
      for (const amount of [0.1, 0.1]) expect((await pay(doc.id, { amount, date: '2026-12-01' })).status).to.equal(201);
      expect(await info(doc.id)).to.deep.include({ amountPaid: 0.2, amountDue: 0.1, status: 'partially_paid' });
      const last = await pay(doc.id, { amount: 0.1, date: '2026-12-02' });
      expect((await last.json()).lifecycle.currentStatus).to.equal('paid');
    });

    it('422 OVERPAYMENT when the amount exceeds what is due; nothing is booked', async () => {
      const doc = await storedDocument(tenant, { status: 'approved' });
      const res = await pay(doc.id, { amount: 1149.51, date: '2026-12-01' });
      expect(res.status).to.equal(422);
      expect((await errorBody(res)).code).to.equal('OVERPAYMENT');
      expect(await info(doc.id)).to.deep.include({ amountPaid: 0 });
      expect((await findDocumentById(testServers().db, doc.id))!.lifecycle_status).to.equal('approved');
    });

    it('409 INVALID_TRANSITION on a rejected document', async () => {
      const doc = await storedDocument(tenant, { status: 'rejected' });
      const res = await pay(doc.id, { amount: 10, date: '2026-12-01' });
      expect(res.status).to.equal(409);
      expect((await errorBody(res)).code).to.equal('INVALID_TRANSITION');
    });

    it('400 for a missing date or a non-positive amount', async () => {
      const doc = await storedDocument(tenant);
      for (const body of [{ amount: 10 }, { amount: 0, date: '2026-12-01' }]) {
        const res = await pay(doc.id, body);
        expect(res.status).to.equal(400);
        expect((await errorBody(res)).type).to.equal('validation_error');
      }
    });
  });

  describe('POST /v1/payments/sepa-export', () => {
    const debtor = { name: 'Acme Buyer NV', iban: 'BE68539007547034', bic: 'GKCCBEBB' };
    const exportFile = (body: unknown) =>
      fetch(`${app.url}/v1/payments/sepa-export`, {
        method: 'POST',
        headers: jsonHeaders(tenant.key),
        body: JSON.stringify(body),
      });

    it('a pain.001.001.09 file paying what is due on each incoming document, valid against ISO and EPC schemas', async () => {
      const a = await storedDocument(tenant, {
        direction: 'incoming',
        status: 'approved',
        gross: '100.10',
        number: 'INV-A-1',
      });
      const b = await storedDocument(tenant, {
        direction: 'incoming',
        status: 'approved',
        gross: '1149.50',
        number: 'INV-B-2',
        iban: 'DE89370400440532013000',
      });
      expect((await pay(b.id, { amount: 149.3, date: '2026-12-01' })).status).to.equal(201);
      const res = await exportFile({ documentIds: [a.id, b.id], debtor, requestedExecutionDate: '2026-12-10' });
      const xml = await res.text();
      expect(res.status, xml).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/xml/);
      expect(res.headers.get('x-sepa-number-of-transactions')).to.equal('2');
      expect(res.headers.get('x-sepa-control-sum')).to.equal('1100.30');
      expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="SEPA-[0-9A-Za-z]+\.xml"$/);
      expect(schemaErrors(xml, `${SHARED}/standards/iso20022/pain.001.001.09.xsd`)).to.equal('');
      expect(schemaErrors(xml, `${SHARED}/standards/iso20022/epc-sct-2023/pain.001.001.09.xsd`)).to.equal('');

      const doc = new DOMParser().parseFromString(xml, 'text/xml');
      const select = xpath.useNamespaces({ p: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09' });
      const text = (path: string, node: any = doc) => select(`string(${path})`, node) as string;
      expect(text('//p:GrpHdr/p:MsgId')).to.equal(res.headers.get('x-sepa-message-id'));
      expect(text('//p:GrpHdr/p:NbOfTxs')).to.equal('2');
      expect(text('//p:GrpHdr/p:CtrlSum')).to.equal('1100.30');
      expect(text('//p:PmtInf/p:ReqdExctnDt/p:Dt')).to.equal('2026-12-10');
      expect(text('//p:PmtInf/p:DbtrAcct/p:Id/p:IBAN')).to.equal('BE68539007547034');
      const txs = select('//p:CdtTrfTxInf', doc as any) as any[];
      expect(
        txs.map((t) => [
          text('p:PmtId/p:EndToEndId', t),
          text('p:Amt/p:InstdAmt', t),
          text('p:CdtrAcct/p:Id/p:IBAN', t),
          text('p:Cdtr/p:Nm', t),
          text('p:RmtInf/p:Ustrd', t),
        ]),
      ).to.deep.equal([
        [a.id.replace('_', '-'), '100.10', 'BE68539007547034', 'Proximus SA', 'INV-A-1'],
        [b.id.replace('_', '-'), '1000.20', 'DE89370400440532013000', 'Proximus SA', 'INV-B-2'],
      ]);
    });

    it('422 DOCUMENT_NOT_PAYABLE names each document that cannot be paid', async () => {
      const ok = await storedDocument(tenant, { direction: 'incoming', status: 'approved' });
      const outgoing = await storedDocument(tenant, { direction: 'outgoing', status: 'approved' });
      const paid = await storedDocument(tenant, { direction: 'incoming', status: 'paid' });
      const noIban = await storedDocument(tenant, { direction: 'incoming', iban: null });
      const badIban = await storedDocument(tenant, { direction: 'incoming', iban: 'BE68539007547035' });
      // A supplier's credit note is money it owes: paying it would send the refund the wrong way.
      const creditNote = await storedDocument(tenant, { direction: 'incoming', type: 'credit-note' });
      const order = await storedDocument(tenant, { direction: 'incoming', type: 'purchase-order' });
      const res = await exportFile({
        documentIds: [ok.id, outgoing.id, paid.id, noIban.id, badIban.id, creditNote.id, order.id],
        debtor,
        requestedExecutionDate: '2026-12-10',
      });
      expect(res.status).to.equal(422);
      const error = await errorBody(res);
      expect(error.code).to.equal('DOCUMENT_NOT_PAYABLE');
      expect(error.details.map((d: any) => d.field)).to.deep.equal([
        'documentIds[1]',
        'documentIds[2]',
        'documentIds[3]',
        'documentIds[5]',
        'documentIds[6]',
      ]);
      expect(error.details[0].message).to.include('outgoing');
      expect(error.details[3].message).to.equal(
        `${creditNote.id} is a credit note: the supplier owes its amount to you, there is nothing to pay`,
      );
      expect(error.details[4].message).to.equal(
        `${order.id} is a purchase-order: only invoices and debit notes are paid`,
      );
      // The IBAN check runs once the rest is payable.
      const second = await exportFile({
        documentIds: [ok.id, badIban.id],
        debtor,
        requestedExecutionDate: '2026-12-10',
      });
      expect(second.status).to.equal(422);
      expect((await errorBody(second)).details).to.deep.equal([
        { field: 'documentIds[1]', rule: 'payable', message: `${badIban.id}: supplier iban is not a valid IBAN` },
      ]);
    });

    it("400 INVALID_IBAN / INVALID_REQUEST for the debtor's account", async () => {
      const doc = await storedDocument(tenant, { direction: 'incoming' });
      const badIban = await exportFile({
        documentIds: [doc.id],
        debtor: { ...debtor, iban: 'BE68539007547035' },
        requestedExecutionDate: '2026-12-10',
      });
      expect(badIban.status).to.equal(400);
      expect((await errorBody(badIban)).code).to.equal('INVALID_IBAN');
      const badBic = await exportFile({
        documentIds: [doc.id],
        debtor: { ...debtor, bic: 'GKCCZZ' },
        requestedExecutionDate: '2026-12-10',
      });
      expect(badBic.status).to.equal(400);
      expect((await errorBody(badBic)).details[0].field).to.match(/bic/);
    });

    it('404 DOCUMENT_NOT_FOUND for a document outside the organization', async () => {
      const other = await createTenant({ livemode: false });
      const doc = await storedDocument(other, { direction: 'incoming' });
      const res = await exportFile({ documentIds: [doc.id], debtor, requestedExecutionDate: '2026-12-10' });
      expect(res.status).to.equal(404);
      expect((await errorBody(res)).code).to.equal('DOCUMENT_NOT_FOUND');
    });
  });
});
