import {
  XMLSerializer,
  type Document as XDocument,
  type Element as XElement,
  type Node as XNode,
} from '@xmldom/xmldom';
import { NS, parseXml } from '../../peppol/xml/dom.ts';

/** A mutated copy of a seed document. */
export interface Mutant {
  name: string;
  xml: string;
}

interface Target {
  el: XElement;
  /** XPath without positions: the same element of every line counts once. */
  path: string;
  leaf: boolean;
  name: string;
  attributes: string[];
}

/**
 * Changes to one document that can be taken back, so every mutant is cut from the same parsed
 * seed (parsing and cloning cost far more than serializing).
 */
class Edits {
  private readonly undos: (() => void)[] = [];

  constructor(readonly doc: XDocument) {}

  append(parent: XElement, child: XNode): void {
    parent.appendChild(child);
    this.undos.push(() => parent.removeChild(child));
  }

  insertAfter(el: XElement, node: XNode): void {
    el.parentNode!.insertBefore(node, el.nextSibling);
    this.undos.push(() => el.parentNode!.removeChild(node));
  }

  remove(el: XElement): void {
    const parent = el.parentNode!;
    const next = el.nextSibling;
    parent.removeChild(el);
    this.undos.push(() => parent.insertBefore(el, next));
  }

  replace(el: XElement, by: XElement): void {
    const parent = el.parentNode!;
    parent.replaceChild(by, el);
    this.undos.push(() => parent.replaceChild(el, by));
  }

  setText(el: XElement, text: string): void {
    const children: XNode[] = [];
    while (el.firstChild) children.push(el.removeChild(el.firstChild));
    const node = text === '' ? undefined : el.appendChild(this.doc.createTextNode(text));
    this.undos.push(() => {
      if (node) el.removeChild(node);
      for (const child of children) el.appendChild(child);
    });
  }

  setAttribute(el: XElement, name: string, value: string | undefined, namespace?: string): void {
    const before = el.getAttributeNode(name)?.value;
    if (value === undefined) el.removeAttribute(name);
    else if (namespace) el.setAttributeNS(namespace, name, value);
    else el.setAttribute(name, value);
    this.undos.push(() => {
      if (before === undefined) el.removeAttribute(name);
      else el.setAttribute(name, before);
    });
  }

  undo(): void {
    while (this.undos.length) this.undos.pop()!();
  }
}

/** Applies a mutation to a target; the detail names what it did, undefined where it does not apply. */
type Mutation = (edits: Edits, target: Target) => string | undefined;

interface ElementMutation {
  apply: Mutation;
  /**
   * What makes two targets the same for this mutation: the element path by default; the element
   * name where the mutation means the same wherever the element is.
   */
  once?: 'per name';
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/**
 * UBL elements to graft where they may or may not belong: names of the Ordering models, of other
 * parts of UBL (payment means, tax currency, UUID) and of the billing documents.
 */
const FOREIGN = [
  'cbc:Note',
  'cbc:ID',
  'cac:PartyName',
  'cbc:Name',
  'cbc:TaxCurrencyCode',
  'cac:PaymentMeans',
  'cbc:UUID',
  'cac:Address',
  'cbc:Description',
  'cbc:Quantity',
  'cac:Contact',
  'cbc:CityName',
  'cac:TaxScheme',
  'cbc:LineID',
  'cbc:DocumentType',
  'cac:Delivery',
  'cbc:Telephone',
  'cbc:AccountingCost',
  'cac:Country',
  'cbc:Percent',
  'cac:InvoicePeriod',
  'cbc:BuyerReference',
];

const CODE_NAME = /(Code|ID|Indicator)$/;
const textOf = (el: XElement) => (el.textContent ?? '').trim();

function create(doc: XDocument, qname: string, content: string): XElement {
  const prefix = qname.split(':')[0];
  const el = doc.createElementNS(NS[prefix] ?? '', qname);
  // An aggregate gets content of its own, so the graft is not also an empty element.
  if (prefix === 'cac') el.appendChild(create(doc, 'cbc:ID', content));
  else el.appendChild(doc.createTextNode(content));
  return el;
}

const graft = (edits: Edits, t: Target, qname: string) => {
  if (t.leaf) return undefined;
  edits.append(t.el, create(edits.doc, qname, 'X1'));
  return qname;
};

const hasParentElement = (t: Target) => t.el.parentNode?.nodeType === 1;

/**
 * The mutations, each named for what it does. Over all seeds of a root, an element mutation
 * applies once per element path (or name) and an attribute mutation once per element path and
 * attribute.
 */
const ELEMENT_MUTATIONS: Record<string, ElementMutation> = {
  'insert an unknown element': { apply: (edits, t) => graft(edits, t, 'cbc:Unknown') },
  'insert a UBL element': { apply: (edits, t) => graft(edits, t, FOREIGN[hash(t.path) % FOREIGN.length]) },
  'insert another UBL element': { apply: (edits, t) => graft(edits, t, FOREIGN[(hash(t.path) + 7) % FOREIGN.length]) },
  'move into the other namespace': {
    once: 'per name',
    apply: (edits, t) => {
      if (!hasParentElement(t)) return undefined;
      const other = t.el.namespaceURI === NS.cbc ? 'cac' : 'cbc';
      const moved = edits.doc.createElementNS(NS[other], `${other}:${t.el.localName}`);
      for (let n = t.el.firstChild; n; n = n.nextSibling) moved.appendChild(n.cloneNode(true));
      edits.replace(t.el, moved);
      return other;
    },
  },
  duplicate: {
    once: 'per name',
    apply: (edits, t) => {
      if (!hasParentElement(t)) return undefined;
      edits.insertAfter(t.el, t.el.cloneNode(true));
      return '';
    },
  },
  remove: {
    apply: (edits, t) => {
      if (!hasParentElement(t)) return undefined;
      edits.remove(t.el);
      return '';
    },
  },
  'remove it and its namesakes': {
    apply: (edits, t) => {
      if (!hasParentElement(t)) return undefined;
      const namesakes: XElement[] = [];
      for (let n = t.el.parentNode!.firstChild; n; n = n.nextSibling) {
        if (
          n.nodeType === 1 &&
          (n as XElement).localName === t.el.localName &&
          (n as XElement).namespaceURI === t.el.namespaceURI
        )
          namesakes.push(n as XElement);
      }
      if (namesakes.length < 2) return undefined;
      for (const n of namesakes) edits.remove(n);
      return String(namesakes.length);
    },
  },
  empty: {
    once: 'per name',
    apply: (edits, t) => {
      if (!hasParentElement(t)) return undefined;
      edits.setText(t.el, '');
      return '';
    },
  },
  'white space around the value': {
    once: 'per name',
    apply: (edits, t) => {
      if (!t.leaf || textOf(t.el) === '') return undefined;
      edits.setText(t.el, `\n  ${textOf(t.el)}  `);
      return '';
    },
  },
  'a value from no code list': {
    apply: (edits, t) => {
      if (!t.leaf || !CODE_NAME.test(t.el.localName ?? '')) return undefined;
      edits.setText(t.el, 'ZZ9');
      return 'ZZ9';
    },
  },
  'a negative number': {
    once: 'per name',
    apply: (edits, t) => {
      const value = textOf(t.el);
      if (!t.leaf || !/^\d+(\.\d+)?$/.test(value)) return undefined;
      edits.setText(t.el, `-${value}`);
      return `-${value}`;
    },
  },
  'the value in lower case': {
    once: 'per name',
    apply: (edits, t) => {
      const value = textOf(t.el);
      if (!t.leaf || !CODE_NAME.test(t.el.localName ?? '') || value.toLowerCase() === value) return undefined;
      edits.setText(t.el, value.toLowerCase());
      return value.toLowerCase();
    },
  },
  'add an attribute': {
    once: 'per name',
    apply: (edits, t) => {
      const name = t.leaf ? 'schemeID' : 'languageID';
      edits.setAttribute(t.el, name, '0088');
      return name;
    },
  },
};

const ATTRIBUTE_MUTATIONS: Record<string, (edits: Edits, el: XElement, name: string) => string | undefined> = {
  'remove the attribute': (edits, el, name) => {
    edits.setAttribute(el, name, undefined);
    return '';
  },
  'an attribute value from no code list': (edits, el, name) => {
    edits.setAttribute(el, name, 'ZZ9');
    return 'ZZ9';
  },
  'white space around the attribute value': (edits, el, name) => {
    edits.setAttribute(el, name, ` ${el.getAttribute(name)}`);
    return '';
  },
  'the attribute value in lower case': (edits, el, name) => {
    const value = el.getAttribute(name) ?? '';
    if (value.toLowerCase() === value) return undefined;
    edits.setAttribute(el, name, value.toLowerCase());
    return value.toLowerCase();
  },
};

/** A small stable hash, so each element path grafts its own choice of UBL elements. */
function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

const attributesOf = (el: XElement) => {
  const out: string[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.name !== 'xmlns' && a.prefix !== 'xmlns') out.push(a.name);
  }
  return out;
};

function elements(root: XElement): Target[] {
  const out: Target[] = [];
  const walk = (el: XElement, path: string) => {
    const target: Target = { el, path, leaf: true, name: el.nodeName, attributes: attributesOf(el) };
    out.push(target);
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      target.leaf = false;
      const child = n as XElement;
      walk(child, `${path}/${child.prefix ? `${child.prefix}:` : ''}${child.localName}`);
    }
  };
  walk(root, `/${root.localName}`);
  return out;
}

function parse(xml: string): XDocument {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return parsed.doc;
}

/**
 * Mutants of the seed documents: every mutation on every element and attribute path the seeds
 * contain, the first seed holding a path serving for all, plus a schema location on each root.
 */
export function orderingMutants(seeds: { name: string; xml: string }[]): Mutant[] {
  const serializer = new XMLSerializer();
  const mutants: Mutant[] = [];
  const done = new Set<string>();
  for (const seed of seeds) {
    const edits = new Edits(parse(seed.xml));
    const root = edits.doc.documentElement!;
    const rootPath = `/${root.localName}`;
    const targets = elements(root);
    /** Mutates once under `key`: keeps the mutant when the mutation applies, then restores the seed. */
    const mutate = (
      key: string,
      kind: string,
      target: Target,
      at: string,
      apply: (el: XElement) => string | undefined,
    ) => {
      if (done.has(key)) return;
      const detail = apply(target.el);
      if (detail !== undefined) {
        done.add(key);
        mutants.push({
          name: `${seed.name}: ${kind}${detail ? ` (${detail})` : ''} at ${at}`,
          xml: serializer.serializeToString(edits.doc),
        });
      }
      edits.undo();
    };
    mutate(`${rootPath} schema location`, 'schema location', targets[0], rootPath, (el) => {
      edits.setAttribute(el, 'xsi:schemaLocation', `${root.namespaceURI} UBL-${root.localName}-2.1.xsd`, XSI);
      return '';
    });
    for (const target of targets) {
      for (const [kind, mutation] of Object.entries(ELEMENT_MUTATIONS)) {
        const key = `${rootPath} ${kind} ${mutation.once === 'per name' ? target.name : target.path}`;
        mutate(key, kind, target, target.path, () => mutation.apply(edits, target));
      }
      for (const attribute of target.attributes) {
        for (const [kind, change] of Object.entries(ATTRIBUTE_MUTATIONS)) {
          const at = `${target.path}/@${attribute}`;
          mutate(`${kind} ${at}`, kind, target, at, (el) => change(edits, el, attribute));
        }
      }
    }
  }
  return mutants;
}
