import { createRequire } from 'node:module';
import { DOMParser } from '@xmldom/xmldom';
import type { Document as XDocument, Element as XElement } from '@xmldom/xmldom';
import { UBL_NS } from '../document-types.ts';
import type { ValidationIssue } from '../types.ts';
import { sharedEmptyList } from '../empty-list.ts';
import {
  firstElementChild as treeFirstElementChild,
  interned,
  parseTree,
  TreeElement,
  XmlSyntaxError,
} from './tree.ts';

/**
 * What the rules and parsers read of a node. Both trees they meet provide it: the DOM a rendering
 * builds (xmldom) and the compact tree an input is parsed into (`./tree.ts`).
 */
export interface XNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  readonly parentNode: XNode | null;
  readonly firstChild: XNode | null;
  readonly nextSibling: XNode | null;
  readonly textContent: string | null;
}

export interface XAttr {
  readonly name: string;
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  readonly value: string;
}

export interface El extends XNode {
  readonly attributes: { readonly length: number; item(index: number): XAttr | null };
  hasAttribute(name: string): boolean;
  getAttributeNode(name: string): XAttr | null;
}

/** Default size limit for inbound XML: the service's upload limit (spec part 8). */
export const DEFAULT_MAX_XML_BYTES = 5 * 1024 * 1024;
/**
 * Deepest element nesting accepted. UBL and CII documents nest about 10 levels; the readers walk the
 * tree recursively, so a far deeper document would exhaust the stack instead of being judged.
 */
export const MAX_XML_DEPTH = 100;

export const NS: Record<string, string> = {
  cac: UBL_NS.cac,
  cbc: UBL_NS.cbc,
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

/**
 * xmldom 0.9 compiles a fresh RegExp from its grammar for every end tag (and every `getMatch`), which
 * is most of the time spent parsing a UBL document. The combined expressions depend only on their
 * constant parts and carry no `g`/`y` flag, so one compiled instance per combination behaves the same.
 * The cache is bounded in case a later version ever combines non-constant parts.
 */
const MAX_MEMOIZED_GRAMMAR_NODES = 256;

type XmldomGrammar = { reg?: (...parts: unknown[]) => RegExp };

function xmldomGrammar(): XmldomGrammar | undefined {
  try {
    return createRequire(import.meta.url)('@xmldom/xmldom/lib/grammar.js') as XmldomGrammar;
  } catch {
    // A release that moved its grammar still parses correctly, only without the cache.
    return undefined;
  }
}

function memoizeGrammarRegExps(): void {
  const grammar = xmldomGrammar();
  if (!grammar) return;
  const compile = grammar.reg;
  if (typeof compile !== 'function' || (compile as { memoized?: boolean }).memoized) return;
  type Trie = { next: Map<unknown, Trie>; compiled?: RegExp };
  const root: Trie = { next: new Map() };
  let entries = 0;
  const memoized = function (this: unknown, ...parts: unknown[]): RegExp {
    let node = root;
    for (const part of parts) {
      let child = node.next.get(part);
      if (!child) {
        if (entries >= MAX_MEMOIZED_GRAMMAR_NODES) return compile.apply(this, parts);
        entries++;
        node.next.set(part, (child = { next: new Map() }));
      }
      node = child;
    }
    return (node.compiled ??= compile.apply(this, parts));
  };
  grammar.reg = Object.assign(memoized, { memoized: true });
}
memoizeGrammarRegExps();

export type ParseXmlResult = { ok: true; doc: XDocument; root: XElement } | { ok: false; errors: ValidationIssue[] };

/**
 * What untrusted XML must pass before any parser sees it. DTDs are refused: they are the vehicle of
 * entity-expansion and external-entity attacks, and no UBL or CII document needs one.
 */
function refused(text: string, maxBytes: number): ValidationIssue[] | undefined {
  if (typeof text !== 'string' || text.trim() === '')
    return [{ rule: 'XML-EMPTY', message: 'XML document is empty', path: '/' }];
  // UTF-8 takes at least as many bytes as UTF-16 code units, so only a long enough text needs counting.
  if (text.length > maxBytes / 3 && Buffer.byteLength(text, 'utf8') > maxBytes)
    return [{ rule: 'XML-SIZE', message: `XML document exceeds ${maxBytes} bytes`, path: '/' }];
  if (text.includes('<!') && /<!(?:DOCTYPE|ENTITY)/i.test(text))
    return [{ rule: 'XML-DTD', message: 'DTDs and entity declarations are not allowed', path: '/' }];
  return undefined;
}

export type ParseTreeResult = { ok: true; root: El } | { ok: false; errors: ValidationIssue[] };

/**
 * Parses untrusted XML into the compact read-only tree the validation reads (`./tree.ts`): what
 * every document a caller sends or a peer delivers goes through. {@link parseXml} gives a DOM instead.
 */
export function parseXmlTree(text: string, maxBytes = DEFAULT_MAX_XML_BYTES): ParseTreeResult {
  const errors = refused(text, maxBytes);
  if (errors) return { ok: false, errors };
  try {
    const { doc, depth } = parseTree(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return depth > MAX_XML_DEPTH ? { ok: false, errors: [tooDeep()] } : { ok: true, root: doc.documentElement! };
  } catch (e) {
    if (!(e instanceof XmlSyntaxError)) throw e;
    return {
      ok: false,
      errors: [{ rule: 'XML-MALFORMED', message: `Malformed XML: ${oneLine(e.message)}`, path: '/' }],
    };
  }
}

/** Parses untrusted XML into an xmldom DOM, for the callers that need one (signatures, envelopes). */
export function parseXml(text: string, maxBytes = DEFAULT_MAX_XML_BYTES): ParseXmlResult {
  const refusal = refused(text, maxBytes);
  if (refusal) return { ok: false, errors: refusal };
  const errors: ValidationIssue[] = [];
  let doc: XDocument;
  try {
    doc = new DOMParser({
      // Line/column tracking on every node costs more than half the parse time; paths are reported as XPaths instead.
      locator: false,
      onError: (level, message) => {
        if (level !== 'warning')
          errors.push({ rule: 'XML-MALFORMED', message: `Malformed XML: ${oneLine(message)}`, path: '/' });
      },
    }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  } catch (e) {
    if (errors.length === 0)
      errors.push({
        rule: 'XML-MALFORMED',
        message: `Malformed XML: ${oneLine(String((e as Error)?.message ?? e))}`,
        path: '/',
      });
    return { ok: false, errors };
  }
  if (errors.length) return { ok: false, errors };
  const root = doc.documentElement;
  if (!root)
    return { ok: false, errors: [{ rule: 'XML-MALFORMED', message: 'Malformed XML: no root element', path: '/' }] };
  if (depthExceeds(root, MAX_XML_DEPTH)) return { ok: false, errors: [tooDeep()] };
  return { ok: true, doc, root };
}

/** Rules walk the tree recursively: a document deeper than any real UBL or CII is refused first. */
function tooDeep(): ValidationIssue {
  return { rule: 'XML-DEPTH', message: `XML elements are nested deeper than ${MAX_XML_DEPTH} levels`, path: '/' };
}

/** Walks without recursion, so the check itself cannot exhaust the stack. */
function depthExceeds(root: XNode, limit: number): boolean {
  let node: XNode = root;
  let depth = 1;
  for (;;) {
    if (node.firstChild) {
      node = node.firstChild;
      if (++depth > limit && node.nodeType === 1) return true;
      continue;
    }
    while (node !== root && !node.nextSibling && node.parentNode) {
      node = node.parentNode;
      depth--;
    }
    if (node === root || !node.nextSibling) return false;
    node = node.nextSibling;
  }
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim().slice(0, 300);
}

type Step = readonly [ns: string, local: string];

const nameCache = new Map<string, Step>();
const pathCache = new Map<string, readonly Step[]>();

function splitName(qname: string): Step {
  let hit = nameCache.get(qname);
  if (!hit) {
    const i = qname.indexOf(':');
    const ns = i < 0 ? '' : interned(NS[qname.slice(0, i)] ?? '');
    hit = [ns, interned(i < 0 ? qname : qname.slice(i + 1))];
    nameCache.set(qname, hit);
  }
  return hit;
}

function stepsOf(path: string): readonly Step[] {
  let hit = pathCache.get(path);
  if (!hit) {
    hit = path.split('/').map(splitName);
    pathCache.set(path, hit);
  }
  return hit;
}

function matches(node: XNode, ns: string, local: string): boolean {
  // The parsed and rendered trees answer from their shared name, without going through the getters.
  if (node instanceof TreeElement) {
    const name = node.tag;
    return name.localName === local && (ns === '' || name.namespaceURI === ns);
  }
  return node.nodeType === 1 && (node as El).localName === local && (ns === '' || (node as El).namespaceURI === ns);
}

/** The first child node of `el`, but none for a leaf of the compact tree: element searches skip its text anyway. */
function firstNode(el: XNode): XNode | null {
  if (el instanceof TreeElement) {
    const content = el.content;
    return typeof content === 'string' ? null : content;
  }
  return el.firstChild;
}

/**
 * `el.firstElementChild`. Rules looking for elements start here rather than at `firstChild`, which
 * makes a text node of a compact tree leaf's text on every call.
 */
export function firstElementChild(el: XNode): El | null {
  if (el instanceof TreeElement) return treeFirstElementChild(el);
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) return n as El;
  return null;
}

/** Whether `el` has an element child (a leaf's text does not count). */
export function hasElementChild(el: XNode): boolean {
  return firstElementChild(el) !== null;
}

/** `el.nextElementSibling`. */
export function nextElementSibling(el: XNode): El | null {
  for (let n = el.nextSibling; n; n = n.nextSibling) if (n.nodeType === 1) return n as El;
  return null;
}

/**
 * The one empty result of {@link kids} and {@link all}: most of their calls on a large invoice's lines
 * find nothing (no line period, no allowance), and an array each was a good part of what the rules
 * allocate.
 */
const NO_ELEMENTS = sharedEmptyList<El>();

/** Element children named `qname` (prefix from NS; an unprefixed name matches any namespace). */
export function kids(el: El | undefined, qname: string): readonly El[] {
  if (!el) return NO_ELEMENTS;
  // Index reads, not destructuring: array destructuring runs the iterator protocol, which allocates until optimised.
  const name = splitName(qname);
  const ns = name[0];
  const local = name[1];
  let out: El[] | undefined;
  for (let n = firstNode(el); n; n = n.nextSibling)
    if (matches(n, ns, local)) {
      // A literal for the first: an array grown from empty by a push makes room for 17.
      if (out) out.push(n as El);
      else out = [n as El];
    }
  return out ?? NO_ELEMENTS;
}

export function kid(el: El | undefined, qname: string): El | undefined {
  if (!el) return undefined;
  const name = splitName(qname);
  const ns = name[0];
  const local = name[1];
  for (let n = firstNode(el); n; n = n.nextSibling) if (matches(n, ns, local)) return n as El;
  return undefined;
}

/**
 * What {@link all} finds, `found[0 … foundCount)`, before it is copied into a result of its own size
 * (an array grown from empty by pushes keeps room for 17 elements, and most paths find one). The slots
 * are cleared after each copy, so that it keeps no document alive.
 */
const found: (El | undefined)[] = [];
let foundCount = 0;

// Depth-first in child order yields the elements in the same order as expanding the path level by level.
function collect(el: El, steps: readonly Step[], depth: number): void {
  const ns = steps[depth][0];
  const local = steps[depth][1];
  const last = depth === steps.length - 1;
  for (let n = firstNode(el); n; n = n.nextSibling) {
    if (!matches(n, ns, local)) continue;
    if (last) found[foundCount++] = n as El;
    else collect(n as El, steps, depth + 1);
  }
}

function firstAlong(el: El, steps: readonly Step[], depth: number): El | undefined {
  const ns = steps[depth][0];
  const local = steps[depth][1];
  const last = depth === steps.length - 1;
  for (let n = firstNode(el); n; n = n.nextSibling) {
    if (!matches(n, ns, local)) continue;
    if (last) return n as El;
    const found = firstAlong(n as El, steps, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function someAlong(el: El, steps: readonly Step[], depth: number, test: (found: El) => boolean): boolean {
  const ns = steps[depth][0];
  const local = steps[depth][1];
  const last = depth === steps.length - 1;
  for (let n = firstNode(el); n; n = n.nextSibling) {
    if (!matches(n, ns, local)) continue;
    if (last ? test(n as El) : someAlong(n as El, steps, depth + 1, test)) return true;
  }
  return false;
}

function countAlong(el: El, steps: readonly Step[], depth: number): number {
  const ns = steps[depth][0];
  const local = steps[depth][1];
  const last = depth === steps.length - 1;
  let found = 0;
  for (let n = firstNode(el); n; n = n.nextSibling) {
    if (!matches(n, ns, local)) continue;
    found += last ? 1 : countAlong(n as El, steps, depth + 1);
  }
  return found;
}

/** How many elements a `/`-separated child path reaches: `all(el, path).length` without the array. */
export function count(el: El | undefined, path: string): number {
  return el ? countAlong(el, stepsOf(path), 0) : 0;
}

/** Whether an element reached by the path passes `test`: {@link all} and `some`, without the array. */
export function some(el: El | undefined, path: string, test: (found: El) => boolean): boolean {
  return el ? someAlong(el, stepsOf(path), 0, test) : false;
}

/** All elements reached by a `/`-separated child path. */
export function all(el: El | undefined, path: string): readonly El[] {
  if (!el) return NO_ELEMENTS;
  foundCount = 0;
  collect(el, stepsOf(path), 0);
  const count = foundCount;
  if (count === 0) return NO_ELEMENTS;
  const out = count === 1 ? [found[0] as El] : (found.slice(0, count) as El[]);
  for (let i = 0; i < count; i++) found[i] = undefined;
  return out;
}

export function first(el: El | undefined, path: string): El | undefined {
  if (!el) return undefined;
  return firstAlong(el, stepsOf(path), 0);
}

export function elementChildren(el: El): El[] {
  const out: El[] = [];
  for (let n = firstElementChild(el); n; n = nextElementSibling(n)) out.push(n);
  return out;
}

/** DOM textContent, without a tree walk for the usual element holding a single text node. */
export function stringValue(el: El): string {
  if (el instanceof TreeElement && typeof el.content === 'string') return el.content;
  const only = el.firstChild;
  if (only && !only.nextSibling && (only.nodeType === 3 || only.nodeType === 4)) return only.nodeValue ?? '';
  return el.textContent ?? '';
}

/** XPath normalize-space() of the element's string value. */
export function text(el: El | undefined): string {
  if (!el) return '';
  return normalizeSpace(stringValue(el));
}

/**
 * `s.replace(/\s+/g, ' ').trim()`, without a new string for the usual value that is already
 * normalised: printable ASCII with single inner spaces (anything else takes the regular expression).
 */
function normalizeSpace(s: string): string {
  let afterSpace = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) afterSpace = false;
    else if (c === 0x20 && !afterSpace) afterSpace = true;
    else return s.replace(/\s+/g, ' ').trim();
  }
  return afterSpace && s.length > 0 ? s.replace(/\s+/g, ' ').trim() : s;
}

/** Normalised text at a path, or undefined when the element is absent or empty. */
export function val(el: El | undefined, path: string): string | undefined {
  const t = text(first(el, path));
  return t === '' ? undefined : t;
}

export function attr(el: El | undefined, name: string): string | undefined {
  return el?.getAttributeNode(name)?.value;
}

/** Absolute XPath of an element with the UBL prefixes, e.g. /Invoice/cac:InvoiceLine[2]/cbc:ID. */
export function xpathOf(node: El): string {
  const steps: string[] = [];
  let n: XNode | null = node;
  while (n && n.nodeType === 1) {
    const e = n as El;
    const prefix = prefixOf(e.namespaceURI ?? null);
    const local = e.localName ?? e.nodeName;
    const name = prefix ? `${prefix}:${local}` : local;
    let index = 1;
    let count = 0;
    const parent = e.parentNode;
    if (parent && parent.nodeType === 1) {
      for (let s = firstElementChild(parent); s; s = nextElementSibling(s)) {
        if (s.localName === e.localName && s.namespaceURI === e.namespaceURI) {
          count++;
          if (s === e) index = count;
        }
      }
    }
    steps.unshift(count > 1 ? `${name}[${index}]` : name);
    n = parent;
  }
  return '/' + steps.join('/');
}

function prefixOf(ns: string | null): string | undefined {
  if (!ns) return undefined;
  for (const [p, uri] of Object.entries(NS)) if (uri === ns) return p;
  return undefined;
}
