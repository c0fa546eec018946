import {
  AttrList,
  NO_ATTRIBUTES,
  TreeDocument,
  TreeElement,
  appendChild,
  ElementTag,
  type ElementName,
  elementName,
  unlinkLastChild,
  type TreeNode,
  type XmlAttr,
} from './tree.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const ESCAPE_RE = /[&<>"']/g;
// XML 1.0 forbids most C0 controls even when escaped; dropping them keeps the output well-formed.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// Most values need neither: one test spares the two replacements.
const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(INVALID_XML_CHARS, '').replace(ESCAPE_RE, (c) => ESCAPES[c] ?? c);
}

function withoutInvalidChars(text: string): string {
  return NEEDS_ESCAPING.test(text) ? text.replace(INVALID_XML_CHARS, '') : text;
}

export type Attrs = Record<string, string | undefined>;

/** Parts joined into one string at a time once no group could take them back. */
const CHUNK_PARTS = 2048;
/**
 * Characters of chunks joined again into one block: a block this long is allocated outside the young
 * generation, so the text of a large document is not copied by the collections while it is written
 * and validated (a chunk of 2,048 parts, some 16 KiB, would be, up to twice), nor takes room there
 * that brings the next collection sooner.
 */
const BLOCK_CHARS = 256 * 1024;

/**
 * The text of a document as it is written: parts, joined in chunks as they come so that its many small
 * parts die young instead of all living (and being copied by the collector) until the end.
 */
class TextSink {
  /**
   * The parts not yet joined: `parts[0 … count)`. The array is reused from chunk to chunk rather than
   * emptied, since an emptied array grows again part by part, copying its slots at every step (more
   * bytes than the text itself).
   */
  readonly parts: string[] = [];
  count = 0;
  private text = '';
  /** Chunks not yet joined into a block (see {@link BLOCK_CHARS}), and their length. */
  private readonly chunks: string[] = [];
  private chunkChars = 0;

  /** Joins the parts so far when there are enough of them; only where none may be taken back. */
  settle(): void {
    if (this.count >= CHUNK_PARTS) this.joinChunk();
  }

  /**
   * The text. The chunks are concatenated, not joined into one more copy: the text is flattened
   * once, by whatever reads it.
   */
  toString(): string {
    this.joinChunk();
    this.joinBlock();
    return this.text;
  }

  private joinChunk(): void {
    const parts = this.parts;
    const count = this.count;
    // The slots past `count` hold parts already joined (or taken back): they must not be joined again.
    for (let i = count; i < parts.length; i++) parts[i] = '';
    const chunk = parts.join('');
    this.count = 0;
    this.chunks.push(chunk);
    this.chunkChars += chunk.length;
    if (this.chunkChars >= BLOCK_CHARS) this.joinBlock();
  }

  private joinBlock(): void {
    const chunks = this.chunks;
    this.text += chunks.length === 1 ? chunks[0] : chunks.join('');
    chunks.length = 0;
    this.chunkChars = 0;
  }
}

/**
 * Append-only XML builder. Empty values are skipped on purpose: Peppol forbids empty elements
 * (PEPPOL-EN16931-R008), so an absent optional field must produce no element at all.
 *
 * With `buildDom`, the calls build the tree a parse would give (`./tree.ts`) instead of the text, so a
 * rendered document is validated without being parsed back, and its text is written from the tree
 * only if it is asked for (`toString`): a validation never reads it, and writing it alongside was a
 * third of a rendering's allocations.
 */
export class XmlWriter {
  private readonly out = new TextSink();
  /** Open `group` calls: the parts they wrote may still be taken back, so they are not joined yet. */
  private groups = 0;
  private readonly namespaces: Record<string, string>;
  private doc: TreeDocument | undefined;
  /** With `buildDom`: what was written before the root (`raw`), and the root's start tag. */
  private prolog = '';
  private rootTag = '';
  /** With `buildDom`: the text once written from the tree. */
  private text: string | undefined;
  private readonly stack: TreeElement[] = [];
  /** For each open element, the sibling it was appended after: what `group` restores when it stays empty. */
  private readonly previous: (TreeNode | null)[] = [];
  /** For each open element, its last child so far. */
  private readonly lasts: (TreeNode | null)[] = [];
  private defaultNs = '';
  /** Set when the root opens, with the default namespace: shared by the writers of the same namespaces. */
  private names: Map<string, ElementName> | undefined;

  constructor(
    private readonly buildDom = false,
    namespaces: Record<string, string> = {},
  ) {
    this.namespaces = namespaces;
  }

  // Each call adds one part: fewer, longer parts make the final join cheaper.
  open(name: string, attrs?: Attrs): this {
    if (this.buildDom) {
      // The tree leaves out the namespace declarations (it resolves names instead): the text keeps them.
      if (!this.doc) this.rootTag = startTag(name, attrs);
      this.openDom(name, attrs);
    } else this.out.parts[this.out.count++] = startTag(name, attrs);
    return this;
  }

  close(name: string): this {
    if (this.buildDom) this.closeDom();
    else {
      this.out.parts[this.out.count++] = tagsOf(name).close;
      if (this.groups === 0) this.out.settle();
    }
    return this;
  }

  leaf(name: string, value: string | undefined | null, attrs?: Attrs): this {
    if (value === undefined || value === null) return this;
    const text = String(value).trim();
    if (text === '') return this;
    if (this.buildDom) {
      this.openDom(name, attrs).content = withoutInvalidChars(text);
      this.closeDom();
      return this;
    }
    // Three parts rather than one concatenation: the join copies them once either way, and no
    // intermediate string is made per value.
    const out = this.out;
    const parts = out.parts;
    parts[out.count++] = startTag(name, attrs);
    parts[out.count++] = escapeXml(text);
    parts[out.count++] = tagsOf(name).close;
    return this;
  }

  /** Writes `name` only if `body` wrote something inside it. */
  group(name: string, body: (w: this) => void, attrs?: Attrs): this {
    if (this.buildDom) return this.groupDom(name, body, attrs);
    const mark = this.out.count;
    this.open(name, attrs);
    const inner = this.out.count;
    this.groups++;
    try {
      body(this);
    } finally {
      this.groups--;
    }
    if (this.out.count === inner) this.out.count = mark;
    else this.close(name);
    return this;
  }

  private groupDom(name: string, body: (w: this) => void, attrs: Attrs | undefined): this {
    const el = this.openDom(name, attrs);
    body(this);
    if (el.content !== null) this.closeDom();
    else {
      this.stack.pop();
      const previous = this.previous.pop()!;
      this.lasts.pop();
      if (el.parentNode instanceof TreeElement) {
        unlinkLastChild(el.parentNode, previous);
        this.lasts[this.lasts.length - 1] = previous;
      }
    }
    return this;
  }

  /** Text written as it is: only before the root when the writer builds a tree (the tree has no place for it). */
  raw(text: string): this {
    if (this.buildDom) {
      if (this.doc) throw new Error('raw text inside a document built as a tree');
      this.prolog += text;
    } else this.out.parts[this.out.count++] = text;
    return this;
  }

  /** The document's text; with `buildDom`, written from the tree on the first call. */
  toString(): string {
    if (!this.buildDom) return this.out.toString();
    if (this.text === undefined) {
      const root = this.doc?.documentElement;
      this.text = root ? serialize(this.prolog, this.rootTag, root) : this.prolog;
    }
    return this.text;
  }

  /** The tree (only with `buildDom`). */
  get document(): TreeDocument | undefined {
    return this.doc;
  }

  private openDom(name: string, attrs: Attrs | undefined): TreeElement {
    if (!this.doc) {
      this.defaultNs = attrs?.xmlns ?? '';
      this.names = resolvedNames(this.defaultNs, this.namespaces);
      this.doc = new TreeDocument();
      const root = new TreeElement(tagOf(this.elementName(name), attrs), this.doc);
      this.doc.firstChild = root;
      this.stack.push(root);
      this.previous.push(null);
      this.lasts.push(null);
      return root;
    }
    const top = this.stack.length - 1;
    const parent = this.stack[top];
    const el = new TreeElement(tagOf(this.elementName(name), attrs), parent);
    const last = this.lasts[top];
    appendChild(parent, last, el);
    this.previous.push(last);
    this.lasts[top] = el;
    this.stack.push(el);
    this.lasts.push(null);
    return el;
  }

  private closeDom(): void {
    this.stack.pop();
    this.previous.pop();
    this.lasts.pop();
  }

  /** The resolved name of `name`: the writer's namespaces are fixed once the root is open. */
  private elementName(name: string): ElementName {
    const names = this.names!;
    let resolved = names.get(name);
    if (!resolved) {
      const colon = name.indexOf(':');
      const uri = colon < 0 ? this.defaultNs : (this.namespaces[name.slice(0, colon)] ?? '');
      resolved = elementName(name, uri || null);
      // A renderer writes a fixed vocabulary; the bound only guards against a caller's odd names.
      if (names.size < MAX_RESOLVED_NAMES) names.set(name, resolved);
    }
    return resolved;
  }
}

/**
 * The names resolved by writers, by their default namespace and prefixes: each rendering of a type
 * writes the same names under the same namespaces, and resolving them again per document was a good
 * part of building its tree.
 */
const namesByNamespaces = new Map<string, Map<string, ElementName>>();
const MAX_RESOLVED_NAMES = 4096;
const MAX_NAMESPACE_SETS = 64;

function resolvedNames(defaultNs: string, namespaces: Record<string, string>): Map<string, ElementName> {
  let key = defaultNs;
  for (const prefix in namespaces) key += `\n${prefix}=${namespaces[prefix]}`;
  let names = namesByNamespaces.get(key);
  if (!names) {
    names = new Map();
    if (namesByNamespaces.size < MAX_NAMESPACE_SETS) namesByNamespaces.set(key, names);
  }
  return names;
}

/**
 * The text a writer without a tree would have written for the same calls: the tree holds what the
 * text does but the prolog and the root's namespace declarations, which are given.
 */
function serialize(prolog: string, rootTag: string, root: TreeElement): string {
  const out = new TextSink();
  out.parts[out.count++] = prolog;
  out.parts[out.count++] = rootTag;
  writeChildren(out, root);
  out.parts[out.count++] = tagsOf(root.name.nodeName).close;
  return out.toString();
}

function writeChildren(out: TextSink, parent: TreeElement): void {
  const content = parent.content;
  if (typeof content === 'string') {
    out.parts[out.count++] = escapeXml(content);
    return;
  }
  // The writer links elements only: no text node stands among them.
  for (let n = content as TreeElement | null; n; n = n.nextSibling as TreeElement | null) {
    const name = n.name.nodeName;
    out.parts[out.count++] = startTagOf(name, n.attributes);
    writeChildren(out, n);
    out.parts[out.count++] = tagsOf(name).close;
    out.settle();
  }
}

interface Tags {
  open: string;
  close: string;
  /** Start tags with one attribute, by attribute name and value. */
  withAttribute?: Map<string, Map<string, string>>;
}

/** The tags of an element name, one string each per name (and per short single attribute). */
const tagCache = new Map<string, Tags>();
let cachedStartTags = 0;

function tagsOf(name: string): Tags {
  let tags = tagCache.get(name);
  if (!tags) {
    tags = { open: `<${name}>`, close: `</${name}>` };
    // A renderer writes a fixed vocabulary; the bound only guards against a caller's odd names.
    if (tagCache.size < 4096) tagCache.set(name, tags);
  }
  return tags;
}

function startTag(name: string, attrs: Attrs | undefined): string {
  if (!attrs) return tagsOf(name).open;
  let count = 0;
  let only: string | undefined;
  for (const k in attrs) {
    const v = attrs[k];
    if (v === undefined || v === '') continue;
    count++;
    only = k;
  }
  if (count === 0) return tagsOf(name).open;
  if (count > 1) return `<${name}${attrsText(attrs)}>`;
  return startTagWith(name, only!, attrs[only!]!);
}

/** The start tag of an element of the tree, as {@link startTag} writes it for the same attributes. */
function startTagOf(name: string, attributes: AttrList): string {
  const count = attributes.length;
  if (count === 0) return tagsOf(name).open;
  if (count === 1) {
    const only = attributes.item(0)!;
    return startTagWith(name, only.name, only.value);
  }
  let text = `<${name}`;
  for (let i = 0; i < count; i++) {
    const a = attributes.item(i)!;
    text += ` ${a.name}="${escapeXml(a.value)}"`;
  }
  return `${text}>`;
}

/** The start tag with one attribute; a short value's tag is kept, as the same one recurs. */
function startTagWith(name: string, attribute: string, value: string): string {
  if (value.length > MAX_SHARED_VALUE_LENGTH) return `<${name} ${attribute}="${escapeXml(value)}">`;
  const byName = (tagsOf(name).withAttribute ??= new Map());
  let byValue = byName.get(attribute);
  if (!byValue) byName.set(attribute, (byValue = new Map()));
  let tag = byValue.get(value);
  if (tag === undefined) {
    tag = `<${name} ${attribute}="${escapeXml(value)}">`;
    if (cachedStartTags < MAX_SINGLE_ATTRIBUTES) {
      byValue.set(value, tag);
      cachedStartTags++;
    }
  }
  return tag;
}

/**
 * Lists of one attribute by name and value: the same `currencyID="EUR"` or `unitCode="C62"` stands on
 * many elements of a document, and the lists are read-only. Only short values are kept (a longer one
 * may be a slice that would keep a whole received document alive).
 */
const singleAttributes = new Map<string, Map<string, AttrList>>();
const MAX_SINGLE_ATTRIBUTES = 4096;
const MAX_SHARED_VALUE_LENGTH = 12;
let singleAttributeCount = 0;
/** The lists of {@link singleAttributes}: those an element name may keep a tag for. */
const sharedLists = new WeakSet<AttrList>();

const written = (name: string, value: string | undefined): value is string =>
  value !== undefined && value !== '' && name !== 'xmlns' && !name.startsWith('xmlns:');

const attribute = (name: string, value: string): XmlAttr => ({
  nodeType: 2,
  name,
  localName: name,
  prefix: null,
  namespaceURI: null,
  value,
});

/**
 * The tag of an element `name` with the attributes the text gets, less the namespace declarations
 * (the tree resolves names instead): shared when its attribute list is.
 */
function tagOf(name: ElementName, attrs: Attrs | undefined): ElementTag {
  const attributes = attributesOf(attrs);
  return attributes.length === 0 || sharedLists.has(attributes)
    ? name.sharedTag(attributes)
    : new ElementTag(name, attributes);
}

function attributesOf(attrs: Attrs | undefined): AttrList {
  if (!attrs) return NO_ATTRIBUTES;
  let count = 0;
  let only: string | undefined;
  for (const name in attrs)
    if (written(name, attrs[name])) {
      count++;
      only = name;
    }
  if (count === 0) return NO_ATTRIBUTES;
  if (count === 1) {
    const value = attrs[only!]!;
    if (value.length > MAX_SHARED_VALUE_LENGTH) return new AttrList([attribute(only!, value)]);
    let byValue = singleAttributes.get(only!);
    if (!byValue) singleAttributes.set(only!, (byValue = new Map()));
    let shared = byValue.get(value);
    if (!shared) {
      shared = new AttrList([attribute(only!, value)]);
      if (singleAttributeCount < MAX_SINGLE_ATTRIBUTES) {
        byValue.set(value, shared);
        sharedLists.add(shared);
        singleAttributeCount++;
      }
    }
    return shared;
  }
  const list: XmlAttr[] = [];
  for (const name in attrs) {
    const value = attrs[name];
    if (written(name, value)) list.push(attribute(name, value));
  }
  return new AttrList(list);
}

function attrsText(attrs: Attrs | undefined): string {
  if (!attrs) return '';
  let out = '';
  for (const k in attrs) {
    const v = attrs[k];
    if (v === undefined || v === '') continue;
    out += ` ${k}="${escapeXml(v)}"`;
  }
  return out;
}
