/**
 * A compact, read-only XML tree for the documents the service validates: elements with their
 * namespace-resolved names, attributes and text, linked as the DOM links them (`firstChild`,
 * `nextSibling`, `parentNode`), so that the rules read it and a DOM built by rendering alike.
 *
 * Why not xmldom here: its nodes are several times larger and its parser compiles and runs a regular
 * expression per tag; on a 5,000-line invoice parsing and collecting that tree took about as long as
 * all the rules together. Comments and processing instructions are checked and dropped: no rule and no
 * string value reads them.
 *
 * The nodes are kept small because a large invoice has about 15 of them per line and their size is
 * what the validation's memory and (through the garbage collector and the CPU caches) its time grow
 * with: what every node of a kind shares (its type, its resolved name, a repeated attribute list) is
 * on the prototype or shared, not copied into each node.
 */

import { ownCopy } from '../own-copy.ts';

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
    const list = this.list;
    for (let i = 0; i < list.length; i++) if (list[i].name === name) return list[i];
    return null;
  }
}

export const NO_ATTRIBUTES = new AttrList([]);

/**
 * What elements of one name and one attribute list share: one field per element for both, since
 * elements are what a large document is made of (see the top of this file).
 */
export class ElementTag {
  // The name's parts are copied here so that a rule matching names reads them one step from the element.
  readonly nodeName: string;
  readonly localName: string;
  readonly namespaceURI: string | null;
  constructor(
    readonly name: ElementName,
    readonly attributes: AttrList,
  ) {
    this.nodeName = name.nodeName;
    this.localName = name.localName;
    this.namespaceURI = name.namespaceURI;
  }
}

/** An element's name resolved against the namespaces in scope: one instance per distinct name. */
export class ElementName {
  /** The tag of the elements of this name without attributes, most of a document's. */
  readonly bare: ElementTag;
  /** Tags with the lists of {@link sharedTag}, which live as long as this name does. */
  private tags: Map<AttrList, ElementTag> | undefined;

  constructor(
    readonly nodeName: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    /** Whether its strings are the caches' own, so that it may outlive the document it was read from. */
    readonly kept: boolean,
  ) {
    this.bare = new ElementTag(this, NO_ATTRIBUTES);
  }

  /**
   * The tag of this name with `attributes`, one per list: only for a list that outlives documents
   * (a renderer's shared one), as the map keeps it.
   */
  sharedTag(attributes: AttrList): ElementTag {
    if (attributes === NO_ATTRIBUTES) return this.bare;
    let tag = this.tags?.get(attributes);
    if (!tag) {
      tag = new ElementTag(this, attributes);
      this.tags ??= new Map();
      if (this.tags.size < MAX_TAGS_PER_NAME) this.tags.set(attributes, tag);
    }
    return tag;
  }
}

/** Bounds each name's {@link ElementName.sharedTag} map: a renderer writes few attribute values per name. */
const MAX_TAGS_PER_NAME = 64;

const elementNames = new Map<string, ElementName>();

/**
 * The longest name or namespace URI the module's caches keep. Real ones are under a hundred
 * characters; a longer one is read as well, only not remembered past its document.
 */
const MAX_CACHED_TEXT = 256;

const internedStrings = new Map<string, string>();

/**
 * One string object per distinct name or namespace URI: the rules compare an element's local name
 * and namespace with those of a path many times per element, and two equal strings that are one
 * object compare at once, where two copies compare character by character (a namespace URI is some
 * 70 characters). What it gives back holds nothing of a document, except a text too long to keep,
 * which it gives back as it is.
 */
export function interned(text: string): string {
  const known = internedStrings.get(text);
  if (known !== undefined) return known;
  // Bounded like the name caches: a stream of odd names must not grow it forever.
  if (text.length > MAX_CACHED_TEXT) return text;
  const own = ownCopy(text);
  if (internedStrings.size < 8192) internedStrings.set(own, own);
  return own;
}

/**
 * The shared {@link ElementName} of `nodeName` bound to `namespaceURI`. A name or namespace too long
 * to keep gives an element name of its document's own.
 */
export function elementName(nodeName: string, namespaceURI: string | null): ElementName {
  const hit = elementNames.get(nodeName);
  if (hit && hit.namespaceURI === namespaceURI) return hit;
  const keep = nodeName.length <= MAX_CACHED_TEXT && (namespaceURI === null || namespaceURI.length <= MAX_CACHED_TEXT);
  const text = keep ? interned(nodeName) : nodeName;
  const colon = text.indexOf(':');
  const uri = namespaceURI === null ? null : interned(namespaceURI);
  const name =
    colon < 0
      ? new ElementName(text, null, text, uri, keep)
      : new ElementName(text, text.slice(0, colon), interned(text.slice(colon + 1)), uri, keep);
  // Names repeat across documents; the bound keeps a stream of odd names from growing it forever.
  if (keep && !hit && elementNames.size < 4096) elementNames.set(text, name);
  return name;
}

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
  nextSibling: TreeNode | null = null;
  constructor(
    readonly nodeValue: string,
    readonly parentNode: TreeElement,
  ) {}
  get nodeType(): 3 | 4 {
    return 3;
  }
  get nodeName(): string {
    return '#text';
  }
  get localName(): null {
    return null;
  }
  get namespaceURI(): null {
    return null;
  }
  get firstChild(): null {
    return null;
  }
  get data(): string {
    return this.nodeValue;
  }
  get textContent(): string {
    return this.nodeValue;
  }
}

export class TreeCData extends TreeText {
  override get nodeType(): 4 {
    return 4;
  }
  override get nodeName(): string {
    return '#cdata-section';
  }
}

export class TreeElement {
  /**
   * The first child, or the text itself of an element whose only content is one text: most elements
   * of a document are such leaves, and keeping their text here spares one node each. `firstChild`
   * still answers a text node for them (a fresh one on every call).
   */
  content: TreeNode | string | null = null;
  nextSibling: TreeNode | null = null;
  constructor(
    readonly tag: ElementTag,
    readonly parentNode: TreeElement | TreeDocument,
  ) {}
  get name(): ElementName {
    return this.tag.name;
  }
  get attributes(): AttrList {
    return this.tag.attributes;
  }
  get firstChild(): TreeNode | null {
    const content = this.content;
    return typeof content === 'string' ? new TreeText(content, this) : content;
  }
  get nodeType(): 1 {
    return 1;
  }
  get nodeValue(): null {
    return null;
  }
  get nodeName(): string {
    return this.tag.nodeName;
  }
  get tagName(): string {
    return this.tag.nodeName;
  }
  get prefix(): string | null {
    return this.tag.name.prefix;
  }
  get localName(): string {
    return this.tag.localName;
  }
  get namespaceURI(): string | null {
    return this.tag.namespaceURI;
  }
  hasAttribute(name: string): boolean {
    return this.tag.attributes.named(name) !== null;
  }
  getAttributeNode(name: string): XmlAttr | null {
    return this.tag.attributes.named(name);
  }
  getAttribute(name: string): string | null {
    return this.tag.attributes.named(name)?.value ?? null;
  }
  get textContent(): string {
    const only = this.content;
    if (typeof only === 'string') return only;
    if (only && !only.nextSibling && only.nodeType !== 1) return only.nodeValue;
    let out = '';
    const collect = (el: TreeElement) => {
      const content = el.content;
      if (typeof content === 'string') out += content;
      else
        for (let n = content; n; n = n.nextSibling) {
          if (n.nodeType === 1) collect(n);
          else out += n.nodeValue;
        }
    };
    collect(this);
    return out;
  }
}

/** The first element child of `el`: none for a leaf, whose text is not looked at. */
export function firstElementChild(el: TreeElement): TreeElement | null {
  const content = el.content;
  if (typeof content === 'string') return null;
  for (let n = content; n; n = n.nextSibling) if (n.nodeType === 1) return n;
  return null;
}

/**
 * Links `child` after `last`, the current last child of `parent` (the tree keeps no `lastChild`:
 * the builders know it), and returns the child.
 */
export function appendChild(parent: TreeElement, last: TreeNode | null, child: TreeNode): TreeNode {
  if (last) last.nextSibling = child;
  else parent.content = child;
  return child;
}

/** Undoes an {@link appendChild} of the last child after `previous`. */
export function unlinkLastChild(parent: TreeElement, previous: TreeNode | null): void {
  if (previous) previous.nextSibling = null;
  else parent.content = null;
}

export class XmlSyntaxError extends Error {}

const fail = (message: string, at: number): never => {
  throw new XmlSyntaxError(`${message} at offset ${at}`);
};

const NAME = /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*)?$/;
/** A checked name: the name itself (one string per distinct name, not one per tag), its prefix and local part. */
interface Name {
  readonly name: string;
  readonly prefix: string | null;
  readonly local: string;
  /** Whether the caches keep it (its strings are then their own, see {@link interned}). */
  readonly cached: boolean;
  /** The element name it last resolved to, reused while the prefix keeps its namespace. */
  resolved: ElementName | undefined;
}
const checkedNames = new Map<string, Name>();

function qname(name: string, at: number): Name {
  let hit = checkedNames.get(name);
  if (!hit) {
    if (!NAME.test(name)) fail(`invalid name "${name.slice(0, 40)}"`, at);
    // Names repeat across documents; the bound keeps a stream of odd names from growing it forever.
    const cached = name.length <= MAX_CACHED_TEXT && checkedNames.size < 4096;
    const text = cached ? interned(name) : name;
    const colon = text.indexOf(':');
    hit = {
      name: text,
      prefix: colon < 0 ? null : text.slice(0, colon),
      local: colon < 0 ? text : text.slice(colon + 1),
      cached,
      resolved: undefined,
    };
    if (cached) checkedNames.set(text, hit);
  }
  return hit;
}

/**
 * Checked names by a hash of their text in the input: a start tag whose name is found here needs no
 * string of its own (a document has few distinct names and many tags). Only checked names enter it.
 */
const NAME_SLOTS = 1024;
const nameSlots: (Name | undefined)[] = new Array<Name | undefined>(NAME_SLOTS).fill(undefined);

function nameSlot(s: string, from: number, to: number): number {
  const length = to - from;
  return (length * 31 + s.charCodeAt(to - 1) * 17 + s.charCodeAt(from + (length >> 1))) & (NAME_SLOTS - 1);
}

/** The checked name that `s[from, to)` is, if the slots hold it; nothing is added. */
function knownNameAt(s: string, from: number, to: number): Name | undefined {
  if (to <= from) return undefined;
  const candidate = nameSlots[nameSlot(s, from, to)];
  return candidate && candidate.name.length === to - from && sameAt(s, from, candidate.name) ? candidate : undefined;
}

function nameAt(s: string, from: number, to: number): Name {
  const known = knownNameAt(s, from, to);
  if (known) return known;
  const checked = qname(s.slice(from, to), from);
  if (checked.cached) nameSlots[nameSlot(s, from, to)] = checked;
  return checked;
}

/**
 * `s.startsWith(text, from)`, for the names of tags: a cut of the name's length compared whole,
 * which the engine does several characters at a time. The builtin's call cost about as much as the
 * rest of reading an end tag, and a loop over char codes was slower still on the long names of a
 * CII document (a 5,000-line CII parsed in ~25 ms with the loop, ~19.5 ms with this).
 */
function sameAt(s: string, from: number, text: string): boolean {
  return s.substring(from, from + text.length) === text;
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

/** XML white space (S): space, line feed, tab, carriage return. */
export const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/** A shared attribute list of a document and the tags of the element names that carry it. */
interface SharedAttributes {
  readonly attributes: AttrList;
  readonly tags: Map<ElementName, ElementTag>;
}

/** Attribute lists of at most this many distinct texts are shared within one document. */
const MAX_SHARED_ATTRIBUTE_LISTS = 256;

/** The parsed document and the deepest element nesting in it. */
export interface ParsedTree {
  readonly doc: TreeDocument;
  readonly depth: number;
}

/**
 * Parses a well-formed XML 1.0 document with namespaces into a {@link TreeDocument}; throws
 * {@link XmlSyntaxError} on the first violation. DTDs are refused by the caller before this runs.
 */
export function parseTree(input: string): ParsedTree {
  const s = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const n = s.length;
  const doc = new TreeDocument();
  // In-scope namespace bindings, innermost last; `marks` says where each open element's own start.
  const bindings: [prefix: string, uri: string][] = [];
  // The open elements, their last child so far and where their bindings start, by depth.
  const open: TreeElement[] = [];
  const lasts: (TreeNode | null)[] = [];
  const marks: number[] = [];
  // Attribute lists whose text repeats (`currencyID="EUR"` on every amount) are one shared list, and
  // the elements of one name with it one shared tag. Per document: its lists are not kept past it.
  const sharedAttributes = new Map<string, SharedAttributes>();
  const attrNames: string[] = [];
  const attrValues: string[] = [];
  const attrAts: number[] = [];
  let current: TreeElement | null = null;
  let maxDepth = 0;
  let i = 0;

  const lookup = (prefix: string, at: number): string | null => {
    for (let b = bindings.length - 1; b >= 0; b--) if (bindings[b][0] === prefix) return bindings[b][1] || null;
    if (prefix === 'xml') return XML_NS;
    if (prefix === '') return null;
    return fail(`unbound namespace prefix "${prefix}"`, at);
  };
  // Most elements bind nothing: setting an array's length is a call into the runtime even when it stays.
  const unbind = (mark: number) => {
    if (bindings.length !== mark) bindings.length = mark;
  };
  const append = (child: TreeNode) => {
    const top = open.length - 1;
    const parent = current!;
    // A text kept on its element becomes a node of its own once something follows it.
    if (typeof parent.content === 'string') lasts[top] = parent.content = new TreeText(parent.content, parent);
    lasts[top] = appendChild(parent, lasts[top], child);
  };
  const text = (from: number, to: number) => {
    if (!current) {
      for (let k = from; k < to; k++) if (!isSpace(s.charCodeAt(k))) fail('text outside the root element', k);
      return;
    }
    const raw = s.slice(from, to);
    if (raw.includes(']]>')) fail('"]]>" in text', from);
    if (current.content === null) current.content = decode(raw, from);
    else append(new TreeText(decode(raw, from), current));
  };
  const close = () => {
    open.pop();
    lasts.pop();
    unbind(marks.pop()!);
    current = open.length ? open[open.length - 1] : null;
  };

  while (i < n) {
    const lt = s.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end > i) text(i, end);
    if (lt < 0) break;
    const c = s.charCodeAt(lt + 1);
    if (c === 0x2f /* / */) {
      // The usual end tag names the open element exactly: compared in place, without cutting it out.
      const expected = current?.nodeName;
      let k = lt + 2 + (expected?.length ?? 0);
      const named = expected !== undefined && sameAt(s, lt + 2, expected);
      if (named) while (k < n && isSpace(s.charCodeAt(k))) k++;
      if (!named || s.charCodeAt(k) !== 0x3e) {
        const gt = s.indexOf('>', lt);
        if (gt < 0) fail('unterminated end tag', lt);
        const name = s.slice(lt + 2, gt).trimEnd();
        fail(`end tag </${name.slice(0, 40)}> does not close <${expected ?? ''}>`, lt);
      }
      close();
      i = k + 1;
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
        append(new TreeCData(s.slice(lt + 9, close), current!));
        i = close + 3;
      } else fail('markup declaration', lt);
    } else if (c === 0x3f /* ? */) {
      const close = s.indexOf('?>', lt + 2);
      if (close < 0) fail('unterminated processing instruction', lt);
      i = close + 2;
    } else {
      // Start tag: the name, then attributes, each after white space, until `>` or `/>`. Most are
      // a known name alone (`<cbc:ID>`, `<cbc:Note/>`), found whole up to the `>` without reading
      // it character by character; a name no check has passed yet cannot be found so.
      const gt = s.indexOf('>', lt + 1);
      // Where the name and attributes end if this `>` is the tag's: before `/>` or `>`.
      const tagEnd = gt > 0 && s.charCodeAt(gt - 1) === 0x2f ? gt - 1 : gt;
      let checked = gt > 0 ? knownNameAt(s, lt + 1, tagEnd) : undefined;
      let k = tagEnd;
      if (!checked) {
        k = lt + 1;
        while (k < n) {
          const ch = s.charCodeAt(k);
          if (isSpace(ch) || ch === 0x3e || ch === 0x2f) break;
          k++;
        }
        checked = k > lt + 1 ? nameAt(s, lt + 1, k) : qname('', lt);
      }
      const name = checked.name;
      const attrsFrom = k;
      let count = 0;
      let plain = true;
      let selfClosing = false;
      // An attribute text this document has had before (` currencyID="EUR"` on every amount) was
      // read and checked in full then: its shared list is taken at once. A `>` in a value cuts the
      // text inside an open quote, which no shared text is.
      let shared: SharedAttributes | undefined;
      if (gt > k && isSpace(s.charCodeAt(k))) {
        shared = sharedAttributes.get(s.slice(k, tagEnd));
        if (shared) {
          selfClosing = tagEnd < gt;
          k = gt + 1;
        }
      }
      while (!shared) {
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
        if (plain && (attrName.includes(':') || attrName === 'xmlns')) plain = false;
        attrNames[count] = attrName;
        attrValues[count] = value;
        attrAts[count] = nameStart;
        count++;
        k = close + 1;
      }

      marks.push(bindings.length);
      let attributes = shared ? shared.attributes : NO_ATTRIBUTES;
      if (count) {
        for (let a = 0; a < count; a++) {
          const attrName = attrNames[a];
          if (attrName === 'xmlns') bindings.push(['', interned(attrValues[a])]);
          else if (attrName.startsWith('xmlns:')) {
            if (attrValues[a] === '') fail(`empty namespace for prefix ${attrName.slice(6)}`, attrAts[a]);
            bindings.push([attrName.slice(6), interned(attrValues[a])]);
          }
        }
        // Unprefixed attributes mean the same wherever they stand: equal texts make equal lists.
        const key = plain ? s.slice(attrsFrom, selfClosing ? k - 2 : k - 1) : undefined;
        shared = key === undefined ? undefined : sharedAttributes.get(key);
        if (shared) attributes = shared.attributes;
        else {
          const list: XmlAttr[] = [];
          for (let a = 0; a < count; a++) {
            const attrName = attrNames[a];
            for (let b = 0; b < a; b++)
              if (attrNames[b] === attrName) fail(`attribute ${attrName} given twice`, attrAts[a]);
            const attrQName = qname(attrName, attrAts[a]);
            const p = attrQName.prefix;
            const namespaceURI =
              attrName === 'xmlns' || p === 'xmlns' ? XMLNS_NS : p === null ? null : lookup(p, attrAts[a]);
            list.push({
              nodeType: 2,
              name: attrName,
              localName: attrQName.local,
              prefix: p,
              namespaceURI,
              value: attrValues[a],
            });
          }
          attributes = new AttrList(list);
          if (key !== undefined && sharedAttributes.size < MAX_SHARED_ATTRIBUTE_LISTS)
            sharedAttributes.set(key, (shared = { attributes, tags: new Map() }));
        }
      }
      const namespaceURI = lookup(checked.prefix ?? '', lt);
      let resolved = checked.resolved;
      if (!resolved || resolved.namespaceURI !== namespaceURI) {
        resolved = elementName(name, namespaceURI);
        // A cached name outlives this document: it may keep only an element name that does too.
        if (resolved.kept) checked.resolved = resolved;
      }
      let tag = attributes === NO_ATTRIBUTES ? resolved.bare : shared?.tags.get(resolved);
      if (!tag) {
        tag = new ElementTag(resolved, attributes);
        shared?.tags.set(resolved, tag);
      }
      const element: TreeElement = new TreeElement(tag, current ?? doc);
      if (current) append(element);
      else if (doc.firstChild) fail('a second root element', lt);
      else doc.firstChild = element;
      if (selfClosing) unbind(marks.pop()!);
      else {
        open.push(element);
        lasts.push(null);
        current = element;
      }
      if (open.length + (selfClosing ? 1 : 0) > maxDepth) maxDepth = open.length + (selfClosing ? 1 : 0);
      i = k;
    }
  }
  if (current) fail(`<${current.nodeName}> is not closed`, n);
  if (!doc.firstChild) fail('no root element', 0);
  return { doc, depth: maxDepth };
}
