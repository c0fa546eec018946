/**
 * A compact, read-only XML tree for the documents the service validates: elements with their
 * namespace-resolved names, attributes and text, linked as the DOM links them (`firstChild`,
 * `nextSibling`, `parentNode`), so that the rules read it and a DOM built by rendering alike.
 *
 * Why not xmldom here: its nodes are several times larger and its parser compiles and runs a regular
 * expression per tag; on a 5,000-line invoice parsing and collecting that tree took about as long as
 * all the rules together. Comments and processing instructions are checked and dropped: no rule and no
 * string value reads them.
 */

export interface XmlAttr {
  readonly nodeType: 2;
  readonly name: string;
  readonly localName: string;
  readonly prefix: string | null;
  readonly namespaceURI: string | null;
  readonly value: string;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

export class AttrList {
  constructor(private readonly list: XmlAttr[]) {}
  get length(): number {
    return this.list.length;
  }
  item(index: number): XmlAttr | null {
    return this.list[index] ?? null;
  }
  named(name: string): XmlAttr | null {
    for (const a of this.list) if (a.name === name) return a;
    return null;
  }
}

export const NO_ATTRIBUTES = new AttrList([]);

export type TreeNode = TreeElement | TreeText;

export class TreeDocument {
  readonly nodeType = 9;
  readonly nodeName = '#document';
  readonly nodeValue = null;
  readonly localName = null;
  readonly namespaceURI = null;
  readonly parentNode = null;
  readonly nextSibling = null;
  firstChild: TreeElement | null = null;
  get documentElement(): TreeElement | null {
    return this.firstChild;
  }
  get textContent(): null {
    return null;
  }
}

export class TreeText {
  readonly localName = null;
  readonly namespaceURI = null;
  readonly firstChild = null;
  nextSibling: TreeNode | null = null;
  constructor(
    readonly nodeType: 3 | 4,
    readonly nodeValue: string,
    readonly parentNode: TreeElement,
  ) {}
  get nodeName(): string {
    return this.nodeType === 3 ? '#text' : '#cdata-section';
  }
  get data(): string {
    return this.nodeValue;
  }
  get textContent(): string {
    return this.nodeValue;
  }
}

export class TreeElement {
  readonly nodeType = 1;
  readonly nodeValue = null;
  firstChild: TreeNode | null = null;
  lastChild: TreeNode | null = null;
  nextSibling: TreeNode | null = null;
  constructor(
    readonly nodeName: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    readonly attributes: AttrList,
    readonly parentNode: TreeElement | TreeDocument,
  ) {}
  get tagName(): string {
    return this.nodeName;
  }
  hasAttribute(name: string): boolean {
    return this.attributes.named(name) !== null;
  }
  getAttributeNode(name: string): XmlAttr | null {
    return this.attributes.named(name);
  }
  getAttribute(name: string): string | null {
    return this.attributes.named(name)?.value ?? null;
  }
  get textContent(): string {
    const only = this.firstChild;
    if (only && !only.nextSibling && only.nodeType !== 1) return only.nodeValue;
    let out = '';
    const collect = (el: TreeElement) => {
      for (let n = el.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 1) collect(n);
        else out += n.nodeValue;
      }
    };
    collect(this);
    return out;
  }
}

/** Links `child` as the last child of `parent`; returns the child it follows, for {@link unlinkLastChild}. */
export function appendChild(parent: TreeElement, child: TreeNode): TreeNode | null {
  const previous = parent.lastChild;
  if (previous) previous.nextSibling = child;
  else parent.firstChild = child;
  parent.lastChild = child;
  return previous;
}

/** Undoes the last {@link appendChild} on `parent`, given what it returned. */
export function unlinkLastChild(parent: TreeElement, previous: TreeNode | null): void {
  parent.lastChild = previous;
  if (previous) previous.nextSibling = null;
  else parent.firstChild = null;
}

export class XmlSyntaxError extends Error {}

const fail = (message: string, at: number): never => {
  throw new XmlSyntaxError(`${message} at offset ${at}`);
};

const NAME = /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*)?$/;
/** A checked name: the name itself (one string per distinct name, not one per tag), its prefix and local part. */
type Name = readonly [name: string, prefix: string | null, local: string];
const checkedNames = new Map<string, Name>();

function qname(name: string, at: number): Name {
  let hit = checkedNames.get(name);
  if (!hit) {
    if (!NAME.test(name)) fail(`invalid name "${name.slice(0, 40)}"`, at);
    const colon = name.indexOf(':');
    hit = colon < 0 ? [name, null, name] : [name, name.slice(0, colon), name.slice(colon + 1)];
    // Names repeat across documents; the bound keeps a stream of odd names from growing it forever.
    if (checkedNames.size < 4096) checkedNames.set(name, hit);
  }
  return hit;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Replaces the predefined entities and character references; anything else after `&` is an error. */
function decode(raw: string, at: number): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp);
    if (semi < 0) fail('unterminated entity reference', at + amp);
    const ref = raw.slice(amp + 1, semi);
    let value: string | undefined;
    if (ref.startsWith('#')) {
      const code = /^#x[0-9a-fA-F]+$/.test(ref)
        ? parseInt(ref.slice(2), 16)
        : /^#[0-9]+$/.test(ref)
          ? parseInt(ref.slice(1), 10)
          : -1;
      if (!isXmlChar(code)) fail(`invalid character reference &${ref};`, at + amp);
      value = String.fromCodePoint(code);
    } else value = ENTITIES[ref];
    if (value === undefined) fail(`unknown entity &${ref.slice(0, 40)};`, at + amp);
    out += raw.slice(from, amp) + value;
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

interface RawAttr {
  name: string;
  value: string;
  at: number;
}

/**
 * Parses a well-formed XML 1.0 document with namespaces into a {@link TreeDocument}; throws
 * {@link XmlSyntaxError} on the first violation. DTDs are refused by the caller before this runs.
 */
export function parseTree(input: string): TreeDocument {
  const s = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const n = s.length;
  const doc = new TreeDocument();
  // In-scope namespace bindings, innermost last; `marks` says where each open element's own start.
  const bindings: [prefix: string, uri: string][] = [];
  const marks: number[] = [];
  let current: TreeElement | null = null;
  let i = 0;

  const lookup = (prefix: string, at: number): string | null => {
    for (let b = bindings.length - 1; b >= 0; b--) if (bindings[b][0] === prefix) return bindings[b][1] || null;
    if (prefix === 'xml') return XML_NS;
    if (prefix === '') return null;
    return fail(`unbound namespace prefix "${prefix}"`, at);
  };
  const append = (child: TreeNode) => appendChild(current!, child);
  const text = (from: number, to: number) => {
    if (!current) {
      for (let k = from; k < to; k++) if (!isSpace(s.charCodeAt(k))) fail('text outside the root element', k);
      return;
    }
    const raw = s.slice(from, to);
    if (raw.includes(']]>')) fail('"]]>" in text', from);
    append(new TreeText(3, decode(raw, from), current));
  };

  while (i < n) {
    const lt = s.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end > i) text(i, end);
    if (lt < 0) break;
    const c = s.charCodeAt(lt + 1);
    if (c === 0x2f /* / */) {
      const gt = s.indexOf('>', lt);
      if (gt < 0) fail('unterminated end tag', lt);
      const name = s.slice(lt + 2, gt).trimEnd();
      if (!current || name !== current.nodeName)
        fail(`end tag </${name.slice(0, 40)}> does not close <${current?.nodeName ?? ''}>`, lt);
      bindings.length = marks.pop()!;
      const parent: TreeElement | TreeDocument = current!.parentNode;
      current = parent instanceof TreeElement ? parent : null;
      i = gt + 1;
    } else if (c === 0x21 /* ! */) {
      if (s.startsWith('<!--', lt)) {
        const close = s.indexOf('-->', lt + 4);
        if (close < 0) fail('unterminated comment', lt);
        if (s.slice(lt + 4, close).includes('--')) fail('"--" in a comment', lt);
        i = close + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        if (!current) fail('CDATA section outside the root element', lt);
        const close = s.indexOf(']]>', lt + 9);
        if (close < 0) fail('unterminated CDATA section', lt);
        append(new TreeText(4, s.slice(lt + 9, close), current!));
        i = close + 3;
      } else fail('markup declaration', lt);
    } else if (c === 0x3f /* ? */) {
      const close = s.indexOf('?>', lt + 2);
      if (close < 0) fail('unterminated processing instruction', lt);
      i = close + 2;
    } else {
      // Start tag: the name, then attributes, each after white space, until `>` or `/>`.
      let k = lt + 1;
      while (k < n) {
        const ch = s.charCodeAt(k);
        if (isSpace(ch) || ch === 0x3e || ch === 0x2f) break;
        k++;
      }
      const checked = qname(s.slice(lt + 1, k), lt);
      const name = checked[0];
      const prefix = checked[1];
      const local = checked[2];
      let raw: RawAttr[] | undefined;
      let selfClosing = false;
      for (;;) {
        const before = k;
        while (k < n && isSpace(s.charCodeAt(k))) k++;
        if (k >= n) fail(`unterminated start tag <${name}>`, lt);
        const ch = s.charCodeAt(k);
        if (ch === 0x3e) {
          k++;
          break;
        }
        if (ch === 0x2f) {
          if (s.charCodeAt(k + 1) !== 0x3e) fail(`"/" not followed by ">" in <${name}>`, k);
          selfClosing = true;
          k += 2;
          break;
        }
        if (k === before) fail(`no white space before an attribute of <${name}>`, k);
        const nameStart = k;
        while (k < n) {
          const a = s.charCodeAt(k);
          if (isSpace(a) || a === 0x3d || a === 0x3e || a === 0x2f) break;
          k++;
        }
        const attrName = s.slice(nameStart, k);
        while (k < n && isSpace(s.charCodeAt(k))) k++;
        if (s.charCodeAt(k) !== 0x3d) fail(`attribute ${attrName} without a value`, k);
        k++;
        while (k < n && isSpace(s.charCodeAt(k))) k++;
        const quote = s.charCodeAt(k);
        if (quote !== 0x22 && quote !== 0x27) fail(`attribute ${attrName} value not quoted`, k);
        const close = s.indexOf(quote === 0x22 ? '"' : "'", k + 1);
        if (close < 0) fail(`unterminated attribute ${attrName}`, k);
        const rawValue = s.slice(k + 1, close);
        if (rawValue.includes('<')) fail(`"<" in attribute ${attrName}`, k);
        // Attribute-value normalisation: literal white space characters become spaces (references stay).
        const value = decode(/[\t\n]/.test(rawValue) ? rawValue.replace(/[\t\n]/g, ' ') : rawValue, k + 1);
        (raw ??= []).push({ name: attrName, value, at: nameStart });
        k = close + 1;
      }

      marks.push(bindings.length);
      let attributes = NO_ATTRIBUTES;
      if (raw) {
        for (const a of raw) {
          if (a.name === 'xmlns') bindings.push(['', a.value]);
          else if (a.name.startsWith('xmlns:')) {
            if (a.value === '') fail(`empty namespace for prefix ${a.name.slice(6)}`, a.at);
            bindings.push([a.name.slice(6), a.value]);
          }
        }
        const list: XmlAttr[] = [];
        const seen = new Set<string>();
        for (const a of raw) {
          if (seen.has(a.name)) fail(`attribute ${a.name} given twice`, a.at);
          seen.add(a.name);
          const checked = qname(a.name, a.at);
          const p = checked[1];
          const l = checked[2];
          const namespaceURI = a.name === 'xmlns' || p === 'xmlns' ? XMLNS_NS : p === null ? null : lookup(p, a.at);
          list.push({ nodeType: 2, name: a.name, localName: l, prefix: p, namespaceURI, value: a.value });
        }
        attributes = new AttrList(list);
      }
      const element: TreeElement = new TreeElement(
        name,
        prefix,
        local,
        lookup(prefix ?? '', lt),
        attributes,
        current ?? doc,
      );
      if (current) append(element);
      else if (doc.firstChild) fail('a second root element', lt);
      else doc.firstChild = element;
      if (selfClosing) bindings.length = marks.pop()!;
      else current = element;
      i = k;
    }
  }
  if (current) fail(`<${current.nodeName}> is not closed`, n);
  if (!doc.firstChild) fail('no root element', 0);
  return doc;
}
