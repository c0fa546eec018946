import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { loadOpenApiDocument } from '../../api/openapi.ts';
import { PROJECT_ROOT } from '../../core/config.ts';

describe('the contract split over openapi/paths and openapi/schemas', () => {
  it('bundles into exactly the single-file document it was cut from', () => {
    const before = parse(readFileSync(path.join(PROJECT_ROOT, 'test', 'data', 'openapi-pre-split.yaml'), 'utf8'));
    const after = loadOpenApiDocument();
    expect(JSON.stringify(after)).to.equal(JSON.stringify(before));
  });
});
