import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

type Node = unknown;

/**
 * Reads a contract split over several YAML files and returns it as one self-contained document, so
 * the validator, `/openapi.json` and every tool see the same thing whatever the file layout.
 *
 * The root file lists each path item and each component, either inline or as a `$ref` to another
 * file (`paths/documents.yaml#/~1v1~1documents`, `schemas/documents.yaml#/Document`). A `$ref` from
 * any file that lands on a listed component becomes `#/components/<kind>/<name>`; a path item listed
 * by reference is inlined. Any other reference to another file is an error: a schema missing from the
 * root's list would otherwise be copied silently into every place that uses it.
 */
export function bundleOpenApi<T extends Record<string, unknown>>(rootFile: string): T {
  const root = path.resolve(rootFile);
  const files = new Map<string, Node>();
  const read = (file: string): Node => {
    if (!files.has(file)) files.set(file, parse(readFileSync(file, 'utf8')));
    return files.get(file);
  };
  const doc = read(root) as Record<string, any>;

  // Where each component lives in the bundle, keyed by every address it can be reached at.
  const homes = new Map<string, string>();
  const components = (doc.components ?? {}) as Record<string, Record<string, Node>>;
  for (const [kind, entries] of Object.entries(components)) {
    for (const [name, value] of Object.entries(entries ?? {})) {
      const home = `#${pointer(['components', kind, name])}`;
      homes.set(`${root}${home}`, home);
      if (isExternalRef(value)) homes.set(address(root, value.$ref), home);
    }
  }

  const target = (ref: string, file: string): string => {
    const found = address(file, ref);
    const home = homes.get(found);
    if (home) return home;
    if (found.startsWith(`${root}#`)) return found.slice(root.length);
    throw new Error(
      `${path.relative(path.dirname(root), file)}: $ref '${ref}' is not a component listed in ${path.basename(root)}`,
    );
  };
  const rewrite = (node: Node, file: string): Node => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, file));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, Node> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out[key] = target(value, file);
      // A discriminator's mapping holds references too.
      else if (key === 'discriminator' && isMapping(value))
        out[key] = {
          ...value,
          mapping: Object.fromEntries(Object.entries(value.mapping).map(([k, ref]) => [k, target(ref, file)])),
        };
      else out[key] = rewrite(value, file);
    }
    return out;
  };
  // Inlines a listed path item or component that the root names by reference.
  const inline = (value: Node): Node => {
    if (!isExternalRef(value)) return rewrite(value, root);
    const [file, segments] = split(address(root, value.$ref));
    return rewrite(resolve(read(file), segments, value.$ref), file);
  };

  const out: Record<string, any> = { ...doc };
  if (doc.paths) out.paths = Object.fromEntries(Object.entries(doc.paths).map(([p, item]) => [p, inline(item)]));
  if (doc.components) {
    out.components = Object.fromEntries(
      Object.entries(components).map(([kind, entries]) => [
        kind,
        Object.fromEntries(Object.entries(entries ?? {}).map(([name, value]) => [name, inline(value)])),
      ]),
    );
  }
  for (const key of Object.keys(doc)) if (key !== 'paths' && key !== 'components') out[key] = rewrite(doc[key], root);
  return out as T;
}

function isMapping(value: Node): value is { mapping: Record<string, string> } {
  return !!value && typeof value === 'object' && typeof (value as { mapping?: unknown }).mapping === 'object';
}

function isExternalRef(value: Node): value is { $ref: string } {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { $ref?: unknown }).$ref === 'string' &&
    !(value as { $ref: string }).$ref.startsWith('#')
  );
}

/** `file#pointer` with the file absolute and the pointer in one canonical spelling. */
function address(from: string, ref: string): string {
  const hash = ref.indexOf('#');
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  const file = filePart ? path.resolve(path.dirname(from), filePart) : from;
  const segments = fragment
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  return `${file}#${pointer(segments)}`;
}

function split(target: string): [string, string[]] {
  const hash = target.indexOf('#');
  const segments = target
    .slice(hash + 1)
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [target.slice(0, hash), segments];
}

function pointer(segments: string[]): string {
  return segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function resolve(doc: Node, segments: string[], ref: string): Node {
  let node = doc;
  for (const s of segments) {
    if (!node || typeof node !== 'object' || !(s in node)) throw new Error(`$ref '${ref}' points to nothing`);
    node = (node as Record<string, Node>)[s];
  }
  return node;
}
