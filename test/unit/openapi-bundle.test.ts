import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { bundleOpenApi } from '../../api/openapi-bundle.ts';
import { loadOpenApiDocument, OPENAPI_PATH } from '../../api/openapi.ts';

function contractFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return path.join(dir, 'openapi.yaml');
}

const ROOT = `
openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /v1/things/{id}: { $ref: 'paths/things.yaml#/~1v1~1things~1{id}' }
components:
  parameters:
    Id: { name: id, in: path, required: true, schema: { type: string } }
  schemas:
    Thing: { $ref: 'schemas/things.yaml#/Thing' }
    Part: { $ref: 'schemas/things.yaml#/Part' }
`;

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) k === '$ref' && typeof v === 'string' ? out.push(v) : refsOf(v, out);
  }
  return out;
}

describe('the contract bundler', () => {
  it('inlines listed path items and turns refs to listed components into #/components refs', () => {
    const root = contractFiles({
      'openapi.yaml': ROOT,
      'paths/things.yaml': `
/v1/things/{id}:
  get:
    parameters: [{ $ref: '../openapi.yaml#/components/parameters/Id' }]
    responses:
      '200': { description: ok, content: { application/json: { schema: { $ref: '../schemas/things.yaml#/Thing' } } } }
`,
      'schemas/things.yaml': `
Thing: { type: object, properties: { parts: { type: array, items: { $ref: '#/Part' } } } }
Part: { type: string }
`,
    });
    expect(bundleOpenApi(root)).to.deep.equal({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/v1/things/{id}': {
          get: {
            parameters: [{ $ref: '#/components/parameters/Id' }],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
              },
            },
          },
        },
      },
      components: {
        parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
        schemas: {
          Thing: {
            type: 'object',
            properties: { parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } } },
          },
          Part: { type: 'string' },
        },
      },
    });
  });

  it('refuses a ref to a schema the root does not list, rather than copying it', () => {
    const root = contractFiles({
      'openapi.yaml': ROOT,
      'paths/things.yaml': `
/v1/things/{id}:
  get: { responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '../schemas/things.yaml#/Widget' } } } } } }
`,
      'schemas/things.yaml': 'Thing: { type: object }\nPart: { type: string }\nWidget: { type: string }\n',
    });
    expect(() => bundleOpenApi(root)).to.throw(
      "paths/things.yaml: $ref '../schemas/things.yaml#/Widget' is not a component listed in openapi.yaml",
    );
  });
});

describe('openapi/: the contract in files per domain', () => {
  const doc = loadOpenApiDocument();
  const dir = path.dirname(OPENAPI_PATH);
  const root = parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
    paths: Record<string, { $ref?: string }>;
    components: { schemas: Record<string, { $ref?: string }> };
  };

  it('bundles into one document whose every ref is local and resolves', () => {
    for (const ref of new Set(refsOf(doc))) {
      expect(ref, ref).to.match(/^#\/components\//);
      const [, kind, name] = ref.split('/').slice(1);
      expect((doc.components as Record<string, Record<string, unknown>>)[kind]?.[name], ref).to.not.equal(undefined);
    }
  });

  it('lists in openapi.yaml every path of paths/ (internal.yaml those of inbound.yaml) and every schema of schemas/', () => {
    const listed = new Set(
      [...Object.values(root.paths), ...Object.values(root.components.schemas)].map((v) => v.$ref),
    );
    for (const folder of ['paths', 'schemas']) {
      for (const file of readdirSync(path.join(dir, folder))) {
        // The internal contract lists the paths of the AS4 gateway.
        if (folder === 'paths' && file === 'inbound.yaml') continue;
        const entries = Object.keys(parse(readFileSync(path.join(dir, folder, file), 'utf8')) as object);
        for (const key of entries)
          expect(listed, `${folder}/${file}#/${key}`).to.include(
            `${folder}/${file}#/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          );
      }
    }
  });
});
