import type { TreeDocument } from '../xml/tree.ts';
import type { XmlWriter } from '../xml/writer.ts';

/** A rendered document: its text, and the tree built instead when asked for. */
export interface Rendered {
  /** With a tree, written from it on the first read: a validation never reads it. */
  readonly xml: string;
  dom?: TreeDocument | undefined;
}

export function renderedBy(w: XmlWriter, buildDom: boolean): Rendered {
  if (!buildDom) return { xml: w.toString() };
  return lazily({ xml: '', dom: w.document }, 'xml', () => w.toString());
}

/** The shared accessors of one lazily computed key, and where each object keeps its computation. */
interface LazyKey {
  readonly pending: symbol;
  readonly get: (this: Record<PropertyKey, unknown>) => unknown;
  readonly set: (this: Record<PropertyKey, unknown>, value: unknown) => void;
}

const lazyKeys = new Map<PropertyKey, LazyKey>();

function lazyKey(key: PropertyKey): LazyKey {
  let known = lazyKeys.get(key);
  if (!known) {
    const pending = Symbol(`pending ${String(key)}`);
    const settle = (target: Record<PropertyKey, unknown>, value: unknown) => {
      Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
      // Released, not deleted: a delete would turn the object into a slow dictionary.
      target[pending] = undefined;
    };
    known = {
      pending,
      get(this: Record<PropertyKey, unknown>) {
        const value = (this[pending] as () => unknown)();
        settle(this, value);
        return value;
      },
      set(this: Record<PropertyKey, unknown>, value: unknown) {
        settle(this, value);
      },
    };
    lazyKeys.set(key, known);
  }
  return known;
}

/**
 * Makes `target[key]` what `get` returns, computed when it is first read (a spread, `JSON.stringify`
 * or a structured clone read it too) and then kept as a plain property in the same place.
 *
 * Every object shares one getter and setter per key, `get` is kept on the object itself: an accessor
 * of its own per object would give each object a hidden class of its own, which the engine keeps
 * (with the accessor, `get` and all it holds, a whole rendered tree) until its next full collection,
 * so that every tree outlived the young generation and was copied out of it.
 */
export function lazily<T extends object, K extends keyof T>(target: T, key: K, get: () => T[K]): T {
  const known = lazyKey(key);
  Object.defineProperty(target, known.pending, { value: get, writable: true, enumerable: false, configurable: true });
  return Object.defineProperty(target, key, { enumerable: true, configurable: true, get: known.get, set: known.set });
}
