import { expect } from 'chai';
import { errorBody, startSandboxSuite, type TestApp } from '../../support/app.ts';
import type { Tenant } from '../../support/access.ts';

describe('POST /v1/documents/send: a raw body without ?type=', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => ({ app, tenant } = await startSandboxSuite()));
  after(() => app.close());

  for (const [contentType, body] of [
    ['application/xml', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'],
    ['application/pdf', '%PDF-1.4\n%%EOF\n'],
    ['text/plain', 'an invoice'],
  ] as const) {
    it(`${contentType}: 400 naming the missing type query parameter`, async () => {
      const res = await fetch(`${app.url}/v1/documents/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.key}`, 'content-type': contentType },
        body,
      });
      expect(res.status).to.equal(400);
      const error = await errorBody(res);
      expect(error.code).to.equal('MISSING_FIELD');
      expect(error.message).to.include('?type=');
      expect(error.message).not.to.include('undefined');
      expect(error.details[0]).to.include({ field: 'type', rule: 'required' });
    });
  }
});
