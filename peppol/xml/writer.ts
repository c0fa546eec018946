import {
  AttrList,
  NO_ATTRIBUTES,
  TreeDocument,
  TreeElement,
  TreeText,
  appendChild,
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

/**
 * Append-only XML builder. Empty values are skipped on purpose: Peppol forbids empty elements
 * (PEPPOL-EN16931-R008), so an absent optional field must produce no element at all.
 *
 * With `buildDom`, the same calls also build the tree a parse would give (`./tree.ts`), so a rendered
 * document is validated without being parsed back.
 */
export class XmlWriter {
  private readonly parts: string[] = [];
  private readonly namespaces: Record<string, string>;
  private doc: TreeDocument | undefined;
  private readonly stack: TreeElement[] = [];
  /** For each open element, the sibling it was appended after: what `group` restores when it stays empty. */
  private readonly previous: (TreeNode | null)[] = [];
  /** For each open element, its last child so far. */
  private readonly lasts: (TreeNode | null)[] = [];
  private defaultNs = '';

  constructor(
    private readonly buildDom = false,
    namespaces: Record<string, string> = {},
  ) {
    this.namespaces = namespaces;
  }

  // Each call adds one part: fewer, longer parts make the final join cheaper.
  open(name: string, attrs?: Attrs): this {
    this.parts.push(`<${name}${attrsText(attrs)}>`);
    if (this.buildDom) this.openDom(name, attrs);
    return this;
  }

  close(name: string): this {
    this.parts.push(`</${name}>`);
    if (this.buildDom) this.closeDom();
    return this;
  }

  leaf(name: string, value: string | undefined | null, attrs?: Attrs): this {
    if (value === undefined || value === null) return this;
    const text = String(value).trim();
    if (text === '') return this;
    this.parts.push(`<${name}${attrsText(attrs)}>${escapeXml(text)}</${name}>`);
    if (this.buildDom) {
      const el = this.openDom(name, attrs);
      appendChild(el, null, new TreeText(withoutInvalidChars(text), el));
      this.closeDom();
    }
    return this;
  }

  /** Writes `name` only if `body` wrote something inside it. */
  group(name: string, body: (w: this) => void, attrs?: Attrs): this {
    const mark = this.parts.length;
    this.open(name, attrs);
    const inner = this.parts.length;
    body(this);
    if (this.parts.length === inner) {
      this.parts.length = mark;
      if (this.buildDom) {
        const el = this.stack.pop()!;
        const previous = this.previous.pop()!;
        this.lasts.pop();
        if (el.parentNode instanceof TreeElement) {
          unlinkLastChild(el.parentNode, previous);
          this.lasts[this.lasts.length - 1] = previous;
        }
      }
    } else this.close(name);
    return this;
  }

  raw(text: string): this {
    this.parts.push(text);
    return this;
  }

  toString(): string {
    return this.parts.join('');
  }

  /** The tree built alongside the text (only with `buildDom`). */
  get document(): TreeDocument | undefined {
    return this.doc;
  }

  private openDom(name: string, attrs: Attrs | undefined): TreeElement {
    const colon = name.indexOf(':');
    const prefix = colon < 0 ? null : name.slice(0, colon);
    if (!this.doc) {
      this.defaultNs = attrs?.xmlns ?? '';
      this.doc = new TreeDocument();
      const root = new TreeElement(elementName(name, this.ns(prefix)), attributesOf(attrs), this.doc);
      this.doc.firstChild = root;
      this.stack.push(root);
      this.previous.push(null);
      this.lasts.push(null);
      return root;
    }
    const top = this.stack.length - 1;
    const parent = this.stack[top];
    const el = new TreeElement(elementName(name, this.ns(prefix)), attributesOf(attrs), parent);
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

  private ns(prefix: string | null): string | null {
    return (prefix === null ? this.defaultNs : (this.namespaces[prefix] ?? '')) || null;
  }
}

/** The attributes the text gets, less the namespace declarations (the tree resolves names instead). */
function attributesOf(attrs: Attrs | undefined): AttrList {
  if (!attrs) return NO_ATTRIBUTES;
  const list: XmlAttr[] = [];
  for (const name in attrs) {
    const value = attrs[name];
    if (value === undefined || value === '' || name === 'xmlns' || name.startsWith('xmlns:')) continue;
    list.push({ nodeType: 2, name, localName: name, prefix: null, namespaceURI: null, value });
  }
  return list.length ? new AttrList(list) : NO_ATTRIBUTES;
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
