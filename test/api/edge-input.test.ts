import { expect } from 'chai';
import { loadOpenApiDocument } from '../../api/openapi.ts';
import { OFFLOAD_MIN_LINES } from '../../core/peppol-pool.ts';
import { DECIMAL_PATTERNS } from '../../api/middleware/validation-errors.ts';
import { errorBody, startSandboxSuite, type TestApp } from '../support/app.ts';
import { bearer, jsonHeaders, type Tenant } from '../support/access.ts';
import { invoiceBody, RECIPIENT } from '../support/documents.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('hostile input at the edge', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  const send = (body: unknown) =>
    fetch(`${app.url}/v1/documents/send`, {
      method: 'POST',
      headers: jsonHeaders(tenant.key),
      body: JSON.stringify(body),
    });

  describe('a NUL character is 400 INVALID_REQUEST naming where it is', () => {
    it('in a JSON body, however deep', async () => {
      const document = invoiceBody();
      document.lines[0].description = 'Consult\u0000ing';
      const res = await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('INVALID_REQUEST');
      expect(error.details).to.deep.equal([
        { field: 'document.lines[0].description', rule: 'nul', message: 'must not contain a NUL character (U+0000)' },
      ]);
      const key = await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, ['meta\u0000data']: {} });
      expect((await errorBody(key)).details[0].field).to.equal('meta\u0000data');
    });

    it('in a query value and in a path segment', async () => {
      const query = await fetch(`${app.url}/v1/documents?search=a%00b`, { headers: bearer(tenant.key) });
      expect(query.status).to.equal(400);
      expect((await errorBody(query)).details[0]).to.deep.include({ field: 'search', rule: 'nul' });
      const path = await fetch(`${app.url}/v1/documents/doc_a%00b`, { headers: bearer(tenant.key) });
      expect(path.status).to.equal(400);
      expect((await errorBody(path)).details[0]).to.deep.include({ field: 'path', rule: 'nul' });
    });
  });

  describe('request bodies are bounded and closed', () => {
    it('400 naming an unknown field, however deep', async () => {
      const document = { ...invoiceBody(), lines: [{ ...invoiceBody().lines[0], vatrate: 21 }] };
      const res = await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document, priority: 'high' });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('INVALID_REQUEST');
      expect(error.details).to.deep.include.members([
        { field: 'priority', rule: 'unknown_field', message: 'priority is not a field of this request' },
        {
          field: 'document.lines[0].vatrate',
          rule: 'unknown_field',
          message: 'document.lines[0].vatrate is not a field of this request',
        },
      ]);
      expect(error.message).to.contain('priority is not a field of this request');
    });

    it('400 saying what a value may be: one detail for a decimal, a date written as the format wants it', async () => {
      const document = {
        ...invoiceBody(),
        issueDate: '25/11/2026',
        currency: 'E1R',
        lines: [{ ...invoiceBody().lines[0], quantity: '1,5', unitPrice: true }],
      };
      const res = await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('INVALID_DATE');
      expect(error.details).to.have.deep.members([
        { field: 'document.issueDate', rule: 'format:date', message: 'must be a date written YYYY-MM-DD' },
        {
          field: 'document.currency',
          rule: 'format:currency',
          message: 'must be an ISO 4217 currency code, such as EUR',
        },
        {
          field: 'document.lines[0].quantity',
          rule: 'oneOf',
          message: 'must be a number or a decimal string such as "12.50"',
        },
        {
          field: 'document.lines[0].unitPrice',
          rule: 'oneOf',
          message: 'must be a number or a decimal string such as "12.50"',
        },
      ]);
      expect(error.message).to.contain(
        'document.lines[0].quantity must be a number or a decimal string such as "12.50"',
      );
    });

    it("every number-or-string choice of the contract is a decimal, as the validator's messages say", () => {
      const choices: string[] = [];
      const walk = (node: unknown, where: string) => {
        if (!node || typeof node !== 'object') return;
        const branches = (node as { oneOf?: Array<{ type?: string; pattern?: string }> }).oneOf;
        if (Array.isArray(branches) && branches.some((b) => b.type === 'number')) {
          const text = branches.find((b) => b.type === 'string');
          if (text) {
            choices.push(where);
            expect(DECIMAL_PATTERNS.has(text.pattern ?? ''), `${where}: ${text.pattern}`).to.equal(true);
          }
        }
        for (const [key, child] of Object.entries(node)) walk(child, `${where}/${key}`);
      };
      walk(loadOpenApiDocument(), '#');
      expect(choices.length).to.be.greaterThan(0);
    });

    it('400 for more than 10,000 lines, 1,000 allowances or 20 attachments, or a note over 10,000 characters', async () => {
      const line = invoiceBody().lines[0];
      const cases: Array<[string, Record<string, unknown>]> = [
        ['document.lines', { lines: Array.from({ length: 10_001 }, () => line) }],
        ['document.allowances', { allowances: Array.from({ length: 1_001 }, () => ({ amount: 1, reason: 'x' })) }],
        ['document.attachments', { attachments: Array.from({ length: 21 }, (_, i) => ({ id: `A${i}` })) }],
        ['document.note', { note: 'x'.repeat(10_001) }],
      ];
      for (const [field, change] of cases) {
        const document = { ...invoiceBody(), ...change };
        const res = await send({ type: 'invoice', from: tenant.companyId, to: RECIPIENT, document });
        expect(res.status, field).to.equal(400);
        expect(
          (await errorBody(res)).details.map((d: { field: string }) => d.field),
          field,
        ).to.include(field);
      }
    });
  });

  it('accepts a large invoice, rendered and validated on a worker thread, and reports its findings the same way', async () => {
    const line = invoiceBody().lines[0];
    const lines = Array.from({ length: OFFLOAD_MIN_LINES * 2 }, (_, i) => ({ ...line, description: `Item ${i}` }));
    const res = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({ lines }),
    });
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc).slice(0, 500)).to.equal(201);
    expect(doc.grossAmount).to.equal(lines.length * 950 * 1.21);
    const bad = await send({
      type: 'invoice',
      from: tenant.companyId,
      to: RECIPIENT,
      document: invoiceBody({ lines: lines.map((l, i) => (i === 300 ? { ...l, vatCategory: 'Z' } : l)) }),
    });
    expect(bad.status).to.equal(422);
    expect(JSON.stringify(await errorBody(bad))).to.contain('lines[300]');
  });

  it('XML nested deeper than the readers allow is a finding (422), not a 500', async () => {
    const xml =
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">' +
      `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</Invoice>`;
    const json = await send({ type: 'invoice', format: 'ubl-xml', from: tenant.companyId, to: RECIPIENT, xml });
    expect(json.status).to.equal(422);
    expect(JSON.stringify(await errorBody(json))).to.contain('XML-DEPTH');
    const raw = await fetch(`${app.url}/v1/documents/send?type=invoice&to=${RECIPIENT}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/xml' },
      body: xml,
    });
    // Raw-body mode keeps bytes it cannot read as a document as a stored file.
    const stored = await raw.json();
    expect(raw.status, JSON.stringify(stored)).to.equal(201);
    expect(stored.deliveryStatus).to.equal('stored');
  });

  it('every path answers a method it does not have with 405 and exactly its own methods in Allow', async () => {
    const doc = loadOpenApiDocument();
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      const own = METHODS.filter((m) => item[m.toLowerCase()]);
      const other = METHODS.find((m) => !own.includes(m));
      if (!other) continue;
      const url = template.replace(/\{[^}]+\}/g, 'x_1');
      const res = await fetch(`${app.url}${url}`, { method: other, headers: bearer(tenant.key) });
      expect(res.status, `${other} ${template}`).to.equal(405);
      expect(res.headers.get('allow')?.split(', ').sort(), `${other} ${template}`).to.deep.equal([...own].sort());
      checked += 1;
    }
    expect(checked).to.be.greaterThan(50);
  });
});
