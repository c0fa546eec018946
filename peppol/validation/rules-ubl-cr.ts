import { NS, firstElementChild, nextElementSibling, some, type El } from '../xml/dom.ts';
import { type RuleContext, first, kids } from './context.ts';
import { UBL_CR_PATHS } from './ubl-cr-paths.ts';

const W = 'warning' as const;
const NAMESPACES: Record<string, string> = {
  ...NS,
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};

/** Paths of one anchor as a tree of element names, walked once per anchor element. */
interface PathTree {
  /** By local name (cheaper to look up than a qualified key); the namespace is checked on a hit. */
  children: Map<string, PathTree>;
  namespace: string;
  /** Rules whose path ends here: the element's presence (or its attribute's) breaks them. */
  rules: Array<{ rule: string; message: string; attribute?: string }>;
}

const newTree = (namespace = ''): PathTree => ({ children: new Map(), namespace, rules: [] });
const ruleId = (n: number) => `UBL-CR-${String(n).padStart(3, '0')}`;

/** `//x:A/y:B/@c` rules: the descendants named A, then the rest of the path from each. */
interface AnywhereRule {
  rule: string;
  message: string;
  qname: string;
  rest: string;
  attribute?: string;
}

const fromRoot = newTree();
const fromLine = newTree();
const anywhere: AnywhereRule[] = [];
let anyAttribute: { rule: string; message: string; attribute: string } | undefined;

for (const [n, test, message] of UBL_CR_PATHS) {
  const rule = ruleId(n);
  const line = test.startsWith('(cac:InvoiceLine|cac:CreditNoteLine)/');
  const descendant = test.startsWith('//');
  const steps = test.replace(/^\(cac:InvoiceLine\|cac:CreditNoteLine\)\/|^\/\//, '').split('/');
  const attribute = steps[steps.length - 1].startsWith('@') ? steps.pop()!.slice(1) : undefined;
  if (steps.length === 0) {
    anyAttribute = { rule, message, attribute: attribute! };
    continue;
  }
  const names = steps.map((step) => {
    const [prefix, local] = step.split(':') as [string, string];
    const namespace = NAMESPACES[prefix];
    if (!namespace) throw new Error(`${rule}: unknown prefix ${prefix}`);
    return { namespace, local };
  });
  if (descendant) {
    anywhere.push({
      rule,
      message,
      qname: steps[0],
      rest: steps.slice(1).join('/'),
      ...(attribute ? { attribute } : {}),
    });
    continue;
  }
  let tree = line ? fromLine : fromRoot;
  for (const { namespace, local } of names) {
    let next = tree.children.get(local);
    if (!next) tree.children.set(local, (next = newTree(namespace)));
    // UBL never uses one local name in two namespaces at the same place.
    if (next.namespace !== namespace) throw new Error(`${rule}: ${local} in two namespaces`);
    tree = next;
  }
  tree.rules.push({ rule, message, ...(attribute ? { attribute } : {}) });
}

/** Walks `el` along the tree, adding every rule a present element (with its attribute) breaks. */
function collect(el: El, tree: PathTree, broken: Map<string, string>): void {
  for (let child = firstElementChild(el); child; child = nextElementSibling(child)) {
    const next = tree.children.get(child.localName ?? '');
    if (!next || next.namespace !== child.namespaceURI) continue;
    const rules = next.rules;
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i];
      if (!r.attribute || child.hasAttribute(r.attribute)) broken.set(r.rule, r.message);
    }
    collect(child, next, broken);
  }
}

/** Whether an element of the rule's path (with its attribute) is present below some `//qname`. */
function anywhereBroken(ctx: RuleContext, a: AnywhereRule): boolean {
  // Indexed: iterating a list as long as the document's lines allocated an iterator result per step.
  const els = ctx.anywhere(a.qname);
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    if (!a.rest) {
      if (!a.attribute || el.hasAttribute(a.attribute)) return true;
    } else if (!a.attribute) {
      if (first(el, a.rest)) return true;
    } else if (some(el, a.rest, (found) => found.hasAttribute(a.attribute!))) return true;
  }
  return false;
}

function hasAttributeAnywhere(el: El, attribute: string): boolean {
  if (el.hasAttribute(attribute)) return true;
  for (let n = firstElementChild(el); n; n = nextElementSibling(n)) if (hasAttributeAnywhere(n, attribute)) return true;
  return false;
}

/**
 * The UBL-CR warnings of the CEN artefacts: UBL elements and attributes EN16931 does not use. Each
 * rule is one assertion on the root, so it is reported once, on the root, however often the element
 * occurs. The paths are walked as trees from the root and from each line, not one by one.
 */
export function checkUblCrRules(ctx: RuleContext): void {
  const r = ctx.root;
  const broken = new Map<string, string>();
  collect(r, fromRoot, broken);
  for (let i = 0; i < ctx.lines.length; i++) collect(ctx.lines[i], fromLine, broken);
  for (const a of anywhere) if (anywhereBroken(ctx, a)) broken.set(a.rule, a.message);
  if (anyAttribute && hasAttributeAnywhere(r, anyAttribute.attribute))
    broken.set(anyAttribute.rule, anyAttribute.message);

  const version = kids(r, 'cbc:UBLVersionID');
  if (version.length && !version.some((v) => v.textContent === '2.1'))
    broken.set('UBL-CR-002', 'A UBL invoice should not include the UBLVersionID or it should be 2.1');
  if (ctx.isInvoice && first(r, 'cac:PaymentMeans/cbc:PaymentDueDate'))
    broken.set('UBL-CR-412', 'A UBL invoice should not include the PaymentMeans PaymentDueDate');
  const schemedReference = ctx.anywhere('cac:AdditionalDocumentReference').some((ref) => {
    const codes = kids(ref, 'cbc:DocumentTypeCode').map((c) => c.textContent);
    return (
      (codes.length === 0 || codes.some((c) => c !== '130')) &&
      kids(ref, 'cbc:ID').some((id) => id.hasAttribute('schemeID'))
    );
  });
  if (schemedReference)
    broken.set(
      'UBL-CR-665',
      "A UBL invoice should not include the AdditionalDocumentReference ID schemeID unless the DocumentTypeCode equals '130'",
    );

  for (const rule of [...broken.keys()].sort()) ctx.report(rule, W, r, broken.get(rule)!);
}
