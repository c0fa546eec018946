import { expect } from 'chai';
import { companyParty } from '../../../api/documents/parties.ts';
import { SANDBOX_RECIPIENTS } from '../../../core/sandbox-scenarios.ts';
import { validateDocument } from '../../../peppol/index.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { createKey, createTenant, jsonHeaders, type Tenant } from '../../support/access.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';

describe('POST /v1/documents/validate', () => {
  let app: TestApp;
  let tenant: Tenant;
  let ubl: string;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
    const company = await testServers()
      .db.selectFrom('companies')
      .selectAll()
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    const rendered = validateDocument('invoice', {
      ...invoiceBody({ number: 'INV-XML-1' }),
      seller: companyParty(company),
      buyer: { ...invoiceBody().buyer, peppolId: RECIPIENT },
    } as never);
    expect(rendered.valid, JSON.stringify(rendered.errors)).to.equal(true);
    ubl = rendered.xml!;
  });
  after(() => app.close());

  const validate = (body: unknown, key = tenant.key) =>
    fetch(`${app.url}/v1/documents/validate`, {
      method: 'POST',
      headers: jsonHeaders(key),
      body: JSON.stringify(body),
    });
  const documentCount = async () =>
    Number(
      (
        await testServers()
          .db.selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', tenant.organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const outcome = async (body: unknown) => {
    const res = await validate(body);
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).to.equal(200);
    expect(json).to.have.keys(['valid', 'errors', 'warnings', 'recipientReachable']);
    return json;
  };

  it('200 valid for a correct JSON invoice to a reachable recipient, storing and sending nothing', async () => {
    const before = await documentCount();
    const result = await outcome({
      type: 'invoice',
      format: 'json',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody(),
    });
    expect(result).to.deep.include({ valid: true, errors: [], recipientReachable: true });
    expect(result.warnings).to.be.an('array');
    expect(await documentCount()).to.equal(before);
  });

  it('lists the failed Peppol BIS rules with rule, message and path', async () => {
    const result = await outcome({
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({
        lines: [{ description: 'x', quantity: 1, unitPrice: 10, vatRate: 21, vatCategory: 'E' }],
      }),
    });
    expect(result.valid).to.equal(false);
    expect(result.recipientReachable).to.equal(true);
    expect(result.errors.map((e: any) => e.rule)).to.include('BR-E-05');
    expect(result.errors[0]).to.have.keys(['rule', 'message', 'path']);
  });

  it('reports recipientReachable false for an unregistered recipient or one that cannot take the type', async () => {
    for (const to of [SANDBOX_RECIPIENTS.notRegistered, `peppol:${SANDBOX_RECIPIENTS.ordersOnly}`]) {
      const result = await outcome({ type: 'invoice', from: tenant.companyId, to, document: invoiceBody() });
      expect(result, to).to.deep.include({ valid: true, recipientReachable: false });
    }
  });

  it('validates UBL XML, and reports a seller that is not the sender and a syntax that is not the format', async () => {
    expect(
      await outcome({ type: 'invoice', format: 'ubl-xml', from: tenant.companyId, to: RECIPIENT, xml: ubl }),
    ).to.deep.include({ valid: true, errors: [] });
    const company = await testServers()
      .db.selectFrom('companies')
      .select('vat_number')
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    const mismatch = await outcome({
      type: 'invoice',
      format: 'ubl-xml',
      from: `vat:${company.vat_number}`,
      to: RECIPIENT,
      xml: ubl.replace(
        /<cbc:EndpointID schemeID="0208">\d+<\/cbc:EndpointID>/,
        '<cbc:EndpointID schemeID="0208">0403019261</cbc:EndpointID>',
      ),
    });
    expect(mismatch.valid).to.equal(false);
    expect(mismatch.errors.map((e: any) => e.rule)).to.deep.equal(['SENDER_MISMATCH']);
    const elsewhere = await outcome({
      type: 'invoice',
      format: 'ubl-xml',
      from: tenant.companyId,
      to: '0208:0403019261',
      xml: ubl,
    });
    expect(elsewhere.valid).to.equal(false);
    expect(elsewhere.errors).to.deep.equal([
      {
        rule: 'RECIPIENT_MISMATCH',
        path: '/',
        message: `the buyer endpoint ${RECIPIENT} is not the recipient 0208:0403019261 (to): leave to out to send the document where it is addressed, or make the two agree`,
      },
    ]);
    const wrongSyntax = await outcome({
      type: 'invoice',
      format: 'cii-xml',
      from: tenant.companyId,
      to: RECIPIENT,
      xml: ubl,
    });
    expect(wrongSyntax.valid).to.equal(false);
    expect(wrongSyntax.errors[0].rule).to.equal('XML-ROOT');
  });

  it('warns, without refusing, about UBL elements EN16931 has no place for (UBL-CR), which the rendered JSON never has', async () => {
    const withUuid = ubl.replace(
      '<cbc:IssueDate>',
      '<cbc:UUID>5b2c3c3e-94a4-4f0e-9d7a-0f8b1c2d3e4f</cbc:UUID><cbc:IssueDate>',
    );
    const result = await outcome({
      type: 'invoice',
      format: 'ubl-xml',
      from: tenant.companyId,
      to: RECIPIENT,
      xml: withUuid,
    });
    expect(result).to.deep.include({ valid: true, errors: [] });
    expect(result.warnings.filter((w: any) => w.rule.startsWith('UBL-CR-'))).to.deep.equal([
      { rule: 'UBL-CR-005', message: 'A UBL invoice should not include the UUID', path: '/Invoice' },
    ]);
    const rendered = await outcome({
      type: 'invoice',
      format: 'json',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody(),
    });
    expect(rendered.warnings.filter((w: any) => w.rule.startsWith('UBL-CR-'))).to.deep.equal([]);
  });

  it('refuses UBL its schema refuses (what the receiving access point would refuse outright), naming the element', async () => {
    const misplaced = ubl.replace('<cbc:IssueDate>', '<cbc:DueDate>2026-12-31</cbc:DueDate><cbc:IssueDate>');
    const result = await outcome({
      type: 'invoice',
      format: 'ubl-xml',
      from: tenant.companyId,
      to: RECIPIENT,
      xml: misplaced,
    });
    expect(result.valid).to.equal(false);
    expect(result.errors[0]).to.deep.include({ rule: 'XML-SCHEMA' });
    expect(result.errors[0].message).to.contain('DueDate');
  });

  it('400 MISSING_FIELD without the document (json) or the xml (ubl-xml, cii-xml)', async () => {
    for (const [format, field] of [
      ['json', 'document'],
      ['ubl-xml', 'xml'],
      ['cii-xml', 'xml'],
    ]) {
      const res = await validate({ type: 'invoice', format, from: tenant.companyId, to: RECIPIENT });
      expect(res.status, format).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('MISSING_FIELD');
      expect(error.details[0].field).to.equal(field);
    }
  });

  it('404 COMPANY_NOT_FOUND for a sender outside the organization', async () => {
    const other = await createTenant({ livemode: false });
    const res = await validate({ type: 'invoice', from: other.companyId, to: RECIPIENT, document: invoiceBody() });
    expect(res.status).to.equal(404);
    expect((await errorBody(res)).code).to.equal('COMPANY_NOT_FOUND');
  });

  it('403 COMPANY_FORBIDDEN for a type the company is not set up to send', async () => {
    const res = await validate({ type: 'quote', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() });
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('COMPANY_FORBIDDEN');
  });

  it('400 from the schema for a recipient that is not a Peppol id or a file format', async () => {
    for (const body of [
      { type: 'invoice', from: tenant.companyId, to: 'vat:BE0202239951', document: invoiceBody() },
      { type: 'invoice', format: 'raw', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() },
    ]) {
      const res = await validate(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      await errorBody(res);
    }
  });

  it('403 INSUFFICIENT_SCOPE without send', async () => {
    const readOnly = await createKey(tenant.organizationId, { livemode: false, scopes: ['documents.read'] });
    const res = await validate(
      { type: 'invoice', from: tenant.companyId, to: RECIPIENT, document: invoiceBody() },
      readOnly.secret,
    );
    expect(res.status).to.equal(403);
    expect((await errorBody(res)).code).to.equal('INSUFFICIENT_SCOPE');
  });
});
