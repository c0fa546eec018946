import { NS, firstElementChild, nextElementSibling, type El } from '../xml/dom.ts';
import { TreeElement } from '../xml/tree.ts';
import type { RuleContext } from './context.ts';
import { normalizeSpace } from './ordering-xpath.ts';

/** A code list as the artefacts name it in their messages. */
export interface CodeList {
  readonly codes: ReadonlySet<string>;
  readonly label: string;
}

interface AttributeCheck {
  readonly name: string;
  readonly presenceRule?: string;
  readonly list?: CodeList;
  readonly listRule?: string;
}

interface ValueCheck {
  readonly rule: string;
  readonly accepts: (value: string) => boolean;
  readonly message: (value: string) => string;
}

interface ModelElement {
  readonly qname: string;
  readonly ns: string;
  readonly local: string;
  /** By local name; the namespace is compared on lookup. */
  readonly children: ReadonlyMap<string, ModelElement>;
  readonly mandatory: readonly { element: ModelElement; rule: string }[];
  /** This element's index in its parent's `mandatory`, or -1. */
  mandatorySlot: number;
  readonly attributes: readonly AttributeCheck[];
  readonly value?: ValueCheck;
  readonly schemaLocationRule?: string;
  /** Undefined where the artefacts accept any child: leaves and the elements marked `open`. */
  readonly unknownRule?: string;
}

/** A compiled data model: the allowed element tree of one transaction with its binding checks. */
export interface SyntaxModel {
  readonly root: ModelElement;
}

interface ParsedLine {
  depth: number;
  qname: string;
  tokens: string[];
  children: ParsedLine[];
}

/**
 * Compiles a Peppol data model written as an indented element tree, one element a line:
 *
 *     cac:Party                       an element of its parent (two spaces a level)
 *     cbc:ID !                        mandatory: its parent must contain it
 *     cbc:EndpointID @schemeID!:EAS   an attribute, `!` mandatory, `:LIST` value from a code list
 *     cbc:IdentificationCode =ISO3166 text value from a code list; `='false'` a fixed value
 *     cac:PartyName open              children outside the model are not reported
 *
 * Rule ids follow the numbering of the official artefacts, which is derived from the model the
 * same way: every element and attribute takes the next number in document order (`B` and three
 * digits), and the checks of an element are numbered in turn (two digits): its mandatory children,
 * its attributes (presence, then code list), its value, the schema location (root only) and last
 * the elements outside the model. Attributes without checks are listed because they take numbers.
 */
export function compileSyntaxModel(
  rulePrefix: string,
  rootNamespace: string,
  text: string,
  lists: Readonly<Record<string, CodeList>>,
): SyntaxModel {
  const namespaces: Record<string, string> = { ...NS, ubl: rootNamespace };
  let number = 0;
  const ruleIds = () => {
    const element = String(++number).padStart(3, '0');
    let check = 0;
    return () => `${rulePrefix}-B${element}${String(++check).padStart(2, '0')}`;
  };
  const codeList = (name: string): CodeList => {
    const list = lists[name];
    if (!list) throw new Error(`syntax model ${rulePrefix}: unknown code list ${name}`);
    return list;
  };

  const compile = (line: ParsedLine, isRoot: boolean): ModelElement => {
    const [prefix, local] = line.qname.split(':') as [string, string];
    const ns = namespaces[prefix];
    if (!ns || !local) throw new Error(`syntax model ${rulePrefix}: bad element name ${line.qname}`);
    const nextRule = ruleIds();
    const attributeTokens = line.tokens.filter((t) => t.startsWith('@'));
    // Attributes take the numbers right after their element, before its children.
    number += attributeTokens.length;
    const children = new Map<string, ModelElement>();
    const mandatoryChildren: ModelElement[] = [];
    for (const childLine of line.children) {
      const child = compile(childLine, false);
      if (children.has(child.local))
        throw new Error(`syntax model ${rulePrefix}: ${child.qname} twice in ${line.qname}`);
      children.set(child.local, child);
      if (childLine.tokens.includes('!')) mandatoryChildren.push(child);
    }
    const mandatory = mandatoryChildren.map((element, slot) => {
      element.mandatorySlot = slot;
      return { element, rule: nextRule() };
    });
    const attributes = attributeTokens.map((token): AttributeCheck => {
      const [, name, required, listName] = /^@(\w+)(!?)(?::(\w+))?$/.exec(token) ?? [];
      if (!name) throw new Error(`syntax model ${rulePrefix}: bad attribute ${token} on ${line.qname}`);
      const presenceRule = required ? nextRule() : undefined;
      const list = listName ? codeList(listName) : undefined;
      return { name, presenceRule, list, listRule: list ? nextRule() : undefined };
    });
    let value: ValueCheck | undefined;
    const valueToken = line.tokens.find((t) => t.startsWith('='));
    if (valueToken) {
      const fixed = /^='(.*)'$/.exec(valueToken)?.[1];
      if (fixed !== undefined) {
        value = {
          rule: nextRule(),
          accepts: (v) => v === fixed,
          message: () => `Element '${line.qname}' MUST contain value '${fixed}'.`,
        };
      } else {
        const list = codeList(valueToken.slice(1));
        value = {
          rule: nextRule(),
          accepts: (v) => list.codes.has(v),
          message: (v) => `Value '${v}' MUST be part of code list ${list.label}.`,
        };
      }
    }
    const schemaLocationRule = isRoot ? nextRule() : undefined;
    const unknownRule = children.size > 0 && !line.tokens.includes('open') ? nextRule() : undefined;
    return {
      qname: line.qname,
      ns,
      local,
      children,
      mandatory,
      mandatorySlot: -1,
      attributes,
      value,
      schemaLocationRule,
      unknownRule,
    };
  };

  return { root: compile(parseTree(rulePrefix, text), true) };
}

function parseTree(rulePrefix: string, text: string): ParsedLine {
  const stack: ParsedLine[] = [];
  let root: ParsedLine | undefined;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    const indent = raw.length - raw.trimStart().length;
    const [qname, ...tokens] = raw.trim().split(/\s+/) as [string, ...string[]];
    const unknown = tokens.find((t) => !/^(!|open|@\w+!?(:\w+)?|=\w+|='[^']*')$/.test(t));
    if (unknown) throw new Error(`syntax model ${rulePrefix}: unknown token ${unknown} at ${qname}`);
    const line: ParsedLine = { depth: indent / 2, qname, tokens, children: [] };
    while (stack.length > line.depth) stack.pop();
    if (stack.length !== line.depth || (line.depth === 0 && root))
      throw new Error(`syntax model ${rulePrefix}: bad indentation at ${qname}`);
    if (line.depth === 0) root = line;
    else stack[stack.length - 1].children.push(line);
    stack.push(line);
  }
  if (!root) throw new Error(`syntax model ${rulePrefix}: empty`);
  return root;
}

/** The element's own text nodes, as `text()` selects them (CDATA is text in XPath). */
function ownText(el: El): string {
  if (el instanceof TreeElement && typeof el.content === 'string') return el.content;
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
  return out;
}

function hasSchemaLocation(el: El): boolean {
  for (let i = 0; i < el.attributes.length; i++) if (el.attributes.item(i)?.localName === 'schemaLocation') return true;
  return false;
}

/** Every rule id a compiled model can report. */
export function syntaxRuleIds(model: SyntaxModel): string[] {
  const ids: string[] = [];
  const collect = (m: ModelElement) => {
    ids.push(...m.mandatory.map((c) => c.rule));
    for (const a of m.attributes) ids.push(...[a.presenceRule, a.listRule].filter((r): r is string => r !== undefined));
    ids.push(...[m.value?.rule, m.schemaLocationRule, m.unknownRule].filter((r): r is string => r !== undefined));
    for (const child of m.children.values()) collect(child);
  };
  collect(model.root);
  return ids;
}

/**
 * The syntax binding rules of a Peppol data model on a document: elements outside the model,
 * mandatory elements and attributes, and code lists and fixed values of elements and attributes.
 * Inside an element outside the model nothing more is checked, as with the artefacts.
 */
export function checkSyntaxBinding(ctx: RuleContext, model: SyntaxModel): void {
  checkElement(ctx, ctx.root, model.root);
}

function checkElement(ctx: RuleContext, el: El, model: ModelElement): void {
  // Most elements have no mandatory children: no array for them.
  const present: boolean[] | undefined = model.mandatory.length > 0 ? [] : undefined;
  for (let child = firstElementChild(el); child; child = nextElementSibling(child)) {
    const childModel = model.children.get(child.localName ?? '');
    if (childModel && childModel.ns === child.namespaceURI) {
      if (present && childModel.mandatorySlot >= 0) present[childModel.mandatorySlot] = true;
      checkElement(ctx, child, childModel);
    } else if (model.unknownRule) {
      ctx.report(
        model.unknownRule,
        'fatal',
        child,
        `Element '${child.nodeName}' is not part of the data model in '${model.qname}'.`,
      );
    }
  }
  if (present) {
    model.mandatory.forEach(({ element, rule }, slot) => {
      if (!present[slot]) ctx.report(rule, 'fatal', el, `Element '${element.qname}' MUST be provided.`);
    });
  }
  for (const a of model.attributes) {
    const value = el.getAttributeNode(a.name)?.value;
    if (value === undefined) {
      if (a.presenceRule) ctx.report(a.presenceRule, 'fatal', el, `Attribute '${a.name}' MUST be present.`);
    } else if (a.list && a.listRule && !a.list.codes.has(value)) {
      ctx.report(
        a.listRule,
        'fatal',
        el,
        `Attribute '${a.name}' value '${value}' MUST be part of code list ${a.list.label}.`,
      );
    }
  }
  if (model.value) {
    const value = normalizeSpace(ownText(el));
    if (!model.value.accepts(value)) ctx.report(model.value.rule, 'fatal', el, model.value.message(value));
  }
  if (model.schemaLocationRule && hasSchemaLocation(el))
    ctx.report(model.schemaLocationRule, 'fatal', el, 'Document MUST not contain schema location.');
}
