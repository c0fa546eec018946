import { expect } from 'chai';
import { OperationIndex, type OpenApiDocument } from '../../api/openapi.ts';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { version: '1' },
  security: [{ bearerAuth: [] }],
  paths: {
    '/v1/companies/{company_id}': {
      get: { operationId: 'getCompany', 'x-scope': 'companies.read' },
      patch: { operationId: 'updateCompany', 'x-scope': 'companies.write' },
    },
    '/v1/companies/search': { get: { operationId: 'searchCompanies', 'x-scope': 'companies.read' } },
    '/v1/sandbox/keys': { post: { operationId: 'createSandboxKey', security: [] } },
    '/v1/old': {
      get: { operationId: 'old', deprecated: true, 'x-sunset': '2027-01-01', 'x-deprecation-link': 'https://x' },
    },
  },
};

describe('OperationIndex', () => {
  const index = new OperationIndex(doc);

  it('prefers a literal segment over a parameter', () => {
    const found = index.match('GET', '/v1/companies/search');
    expect('operation' in found && found.operation.operationId).to.equal('searchCompanies');
    const byId = index.match('GET', '/v1/companies/comp_1');
    expect('operation' in byId && byId.operation.operationId).to.equal('getCompany');
  });

  it('reads scope, public flag and deprecation', () => {
    const patch = index.match('PATCH', '/v1/companies/comp_1');
    expect('operation' in patch && patch.operation.scope).to.equal('companies.write');
    const pub = index.match('POST', '/v1/sandbox/keys');
    expect('operation' in pub && pub.operation.public).to.equal(true);
    expect('operation' in pub && pub.operation.scope).to.equal(undefined);
    const old = index.match('GET', '/v1/old');
    expect('operation' in old && old.operation.deprecation).to.deep.equal({ sunset: '2027-01-01', link: 'https://x' });
    expect('operation' in old && old.operation.scope).to.equal('*');
  });

  it('lists the allowed methods of a known path, and none for an unknown one', () => {
    expect(index.match('DELETE', '/v1/companies/comp_1')).to.deep.equal({ allowed: ['GET', 'PATCH'] });
    expect(index.match('GET', '/v1/unknown')).to.deep.equal({ allowed: [] });
  });

  it('answers a URL spelled like a literal path with that path alone, so Allow lists its own methods', () => {
    expect(index.match('PATCH', '/v1/companies/search')).to.deep.equal({ allowed: ['GET'] });
  });
});
