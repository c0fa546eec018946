import { expect } from 'chai';
import { EVENT_TYPES } from '../../core/events.ts';
import { ERROR_CATALOG } from '../../api/errors.ts';
import { INTERNAL_OPENAPI_PATH, loadOpenApiDocument } from '../../api/openapi.ts';

type Schemas = Record<string, { enum?: string[]; discriminator?: { mapping: Record<string, string> } }>;
const schemasOf = (file?: string) => (loadOpenApiDocument(file).components as { schemas: Schemas }).schemas;

describe('the catalogs in the contract', () => {
  it('ErrorCode lists exactly the catalog of api/errors.ts, in both contracts', () => {
    for (const file of [undefined, INTERNAL_OPENAPI_PATH]) {
      expect([...(schemasOf(file).ErrorCode.enum ?? [])].sort()).to.deep.equal(Object.keys(ERROR_CATALOG).sort());
    }
  });

  it('Event has a variant for every event type, and the webhooks section a delivery for each', () => {
    const doc = loadOpenApiDocument();
    const schemas = schemasOf();
    expect(Object.keys(schemas.Event.discriminator?.mapping ?? {}).sort()).to.deep.equal([...EVENT_TYPES].sort());
    expect(schemas.EventType.enum?.slice().sort()).to.deep.equal([...EVENT_TYPES].sort());
    expect(Object.keys(doc.webhooks ?? {}).sort()).to.deep.equal([...EVENT_TYPES].sort());
  });

  it('every operation lists its error codes (x-error-codes) and declares a response for each of their statuses', () => {
    for (const file of [undefined, INTERNAL_OPENAPI_PATH]) {
      for (const [template, item] of Object.entries(loadOpenApiDocument(file).paths)) {
        for (const [method, op] of Object.entries(item)) {
          if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
          const codes: string[] = op['x-error-codes'];
          expect(codes, `${method} ${template}`).to.be.an('array');
          for (const code of codes) {
            expect(ERROR_CATALOG, code).to.have.property(code);
            const status = String(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status);
            expect(op.responses, `${method} ${template} ${code}`).to.have.property(status);
          }
        }
      }
    }
    const doc = loadOpenApiDocument();
    const send = doc.paths['/v1/documents/send'].post;
    expect(send['x-error-codes']).to.include.members([
      'MISSING_AUTH',
      'INSUFFICIENT_SCOPE',
      'MISSING_FIELD',
      'INVALID_IBAN',
      'IDEMPOTENCY_BODY_MISMATCH',
      'QUOTA_EXCEEDED',
      'RECIPIENT_NOT_FOUND',
      'UBL_VALIDATION_FAILED',
    ]);
    expect(send.responses['422'].description).to.include('`RECIPIENT_NOT_FOUND`');
    expect(doc.paths['/v1/documents/{document_id}'].get['x-error-codes']).to.include('DOCUMENT_NOT_FOUND');
    // A public operation without parameters answers none of the request errors.
    expect(doc.paths['/health/liveness'].get['x-error-codes']).to.deep.equal([]);
  });
});
