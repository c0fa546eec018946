import { expect } from 'chai';
import { loadOpenApiDocument } from '../../api/openapi.ts';

type Schema = Record<string, any>;

/**
 * Every request body of the contract is bounded (issue 21): one request cannot make the service
 * parse, validate or store without limit. Arrays carry maxItems, strings maxLength (or an enum),
 * maps maxProperties, and objects refuse fields they do not list.
 */
function problemsOf(doc: Schema): string[] {
  const resolve = (ref: string): Schema =>
    ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: Schema, key) => node[key], doc);
  const problems = new Set<string>();
  const walk = (schema: Schema | undefined, where: string, seen: Set<Schema>) => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) return walk(resolve(schema.$ref), schema.$ref.replace('#/components/schemas/', ''), seen);
    if (seen.has(schema)) return;
    // Batch items are checked one by one against the component their envelope names.
    if (schema['x-item-schema']) return walk({ $ref: `#/components/schemas/${schema['x-item-schema']}` }, where, seen);
    const inner = new Set(seen).add(schema);
    const allOf: Schema[] = (schema.allOf ?? []).map((branch: Schema) => (branch.$ref ? resolve(branch.$ref) : branch));
    const closed = allOf.find((branch) => branch.additionalProperties === false && branch.properties);
    // A branch that only narrows fields of a closed sibling (formats on its strings) adds nothing a
    // request could grow: every bound of the sibling still applies to those fields.
    const narrows = (branch: Schema) =>
      closed !== undefined &&
      branch !== closed &&
      Object.keys(branch.properties ?? {}).every((name) => name in closed.properties);
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
      for (const [i, branch] of (schema[key] ?? []).entries())
        if (key !== 'allOf' || !narrows(allOf[i])) walk(branch, `${where}<${key}${i}>`, inner);
    const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.includes('array')) {
      if (schema.maxItems === undefined) problems.add(`${where}: array without maxItems`);
      walk(schema.items, `${where}[]`, inner);
    }
    if (types.includes('string') && schema.maxLength === undefined && !schema.enum && schema.const === undefined)
      problems.add(`${where}: string without maxLength`);
    if (types.includes('object') || schema.properties) {
      const extra = schema.additionalProperties;
      if (extra === undefined || extra === true) problems.add(`${where}: object without additionalProperties: false`);
      if (extra && typeof extra === 'object') {
        if (schema.maxProperties === undefined) problems.add(`${where}: map without maxProperties`);
        walk(extra, `${where}{}`, inner);
      }
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        walk(property as Schema, `${where}.${name}`, inner);
    }
  };
  for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(item)) {
      const json = op?.requestBody?.content?.['application/json'];
      if (json) walk(json.schema, `${method.toUpperCase()} ${template} body`, new Set());
    }
  }
  return [...problems].sort();
}

describe('request bodies of the contract', () => {
  it('bound every array, string and map, and refuse unknown fields', () => {
    expect(problemsOf(loadOpenApiDocument())).to.deep.equal([]);
  });
});
