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

/**
 * Makes `target[key]` what `get` returns, computed when it is first read (a spread, `JSON.stringify`
 * or a structured clone read it too) and then kept as a plain property in the same place.
 */
export function lazily<T extends object, K extends keyof T>(target: T, key: K, get: () => T[K]): T {
  const settle = (value: T[K]) =>
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  return Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = get();
      settle(value);
      return value;
    },
    set: settle,
  });
}
