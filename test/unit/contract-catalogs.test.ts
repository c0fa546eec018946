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
    expect(Object.keys((doc.webhooks ?? {}) as object).sort()).to.deep.equal([...EVENT_TYPES].sort());
  });
});
