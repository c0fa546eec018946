import { DOMImplementation } from '@xmldom/xmldom';
import type { Document as XDocument, Element as XElement } from '@xmldom/xmldom';

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
 * With `buildDom`, the same calls also build an xmldom Document, so a rendered document can be
 * validated without being parsed back (xmldom parsing costs several times the rule checks).
 */
export class XmlWriter {
  private readonly parts: string[] = [];
  private readonly namespaces: Record<string, string>;
  private doc: XDocument | undefined;
  private readonly stack: XElement[] = [];
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
    if (this.buildDom) this.stack.pop();
    return this;
  }

  leaf(name: string, value: string | undefined | null, attrs?: Attrs): this {
    if (value === undefined || value === null) return this;
    const text = String(value).trim();
    if (text === '') return this;
    this.parts.push(`<${name}${attrsText(attrs)}>${escapeXml(text)}</${name}>`);
    if (this.buildDom) {
      const el = this.openDom(name, attrs);
      el.appendChild(this.doc!.createTextNode(withoutInvalidChars(text)));
      this.stack.pop();
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
        el.parentNode?.removeChild(el);
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

  /** The Document built alongside the text (only with `buildDom`). */
  get document(): XDocument | undefined {
    return this.doc;
  }

  private openDom(name: string, attrs: Attrs | undefined): XElement {
    const colon = name.indexOf(':');
    if (!this.doc) {
      this.defaultNs = attrs?.xmlns ?? '';
      this.doc = new DOMImplementation().createDocument(this.defaultNs, name, null);
      const root = this.doc.documentElement!;
      this.setAttrs(root, attrs);
      this.stack.push(root);
      return root;
    }
    const ns = colon < 0 ? this.defaultNs : (this.namespaces[name.slice(0, colon)] ?? '');
    const el = this.doc.createElementNS(ns, name);
    this.setAttrs(el, attrs);
    this.stack[this.stack.length - 1].appendChild(el);
    this.stack.push(el);
    return el;
  }

  private setAttrs(el: XElement, attrs: Attrs | undefined): void {
    if (!attrs) return;
    for (const k in attrs) {
      const v = attrs[k];
      if (v === undefined || v === '' || k === 'xmlns' || k.startsWith('xmlns:')) continue;
      el.setAttribute(k, v);
    }
  }
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
