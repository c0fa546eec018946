import { expect } from 'chai';
import { ERROR_CATALOG } from '../../api/errors.ts';
import { INTERNAL_OPENAPI_PATH, loadOpenApiDocument } from '../../api/openapi.ts';

describe('error codes in the contract', () => {
  it('ErrorCode lists exactly the catalog of api/errors.ts, in both contracts', () => {
    for (const file of [undefined, INTERNAL_OPENAPI_PATH]) {
      const schemas = (loadOpenApiDocument(file).components as { schemas: Record<string, { enum?: string[] }> })
        .schemas;
      expect([...(schemas.ErrorCode.enum ?? [])].sort()).to.deep.equal(Object.keys(ERROR_CATALOG).sort());
    }
  });
});
