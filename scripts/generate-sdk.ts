/**
 * Generates the TypeScript SDK's types (clients/typescript/src/schema.ts) from the public contract,
 * bundled as /openapi.json serves it. `npm run sdk:generate` writes the file; the SDK test fails when
 * the committed file differs from what this produces, so the types never lag the contract.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { PROJECT_ROOT } from '../core/config.ts';
import { loadOpenApiDocument } from '../api/openapi.ts';

export const SDK_SCHEMA_PATH = path.join(PROJECT_ROOT, 'clients', 'typescript', 'src', 'schema.ts');

const HEADER = `/**
 * Types of the Document Exchange API, generated from its OpenAPI contract by openapi-typescript.
 * Do not edit: run \`npm run sdk:generate\`.
 */

`;

export async function generateSdkSchema(): Promise<string> {
  // The bundled document is plain JSON; openapi-typescript reads it like a parsed file.
  const ast = await openapiTS(JSON.parse(JSON.stringify(loadOpenApiDocument())), {
    // A field with a default stays optional: the caller may leave it out (`format` of a send).
    defaultNonNullable: false,
  });
  const source = HEADER + astToString(ast);
  const options = (await prettier.resolveConfig(SDK_SCHEMA_PATH)) ?? {};
  return prettier.format(source, { ...options, filepath: SDK_SCHEMA_PATH });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const next = await generateSdkSchema();
  const current = (() => {
    try {
      return readFileSync(SDK_SCHEMA_PATH, 'utf8');
    } catch {
      return '';
    }
  })();
  if (next === current) console.log(`${path.relative(PROJECT_ROOT, SDK_SCHEMA_PATH)} is up to date`);
  else {
    writeFileSync(SDK_SCHEMA_PATH, next);
    console.log(`wrote ${path.relative(PROJECT_ROOT, SDK_SCHEMA_PATH)}`);
  }
}
