import { parseCiiElement } from './cii/parse.ts';
import { checkCiiRules, isPeppolLayerRule } from './cii/rules.ts';
import { DOCUMENT_TYPE_INFO } from './document-types.ts';
import type { DocumentBody, DocumentType, ValidationIssue, ValidationResult } from './types.ts';
import { parseUblElement } from './ubl/parse.ts';
import { renderBilling } from './ubl/render-billing.ts';
import { renderUbl } from './ubl/render.ts';
import { lazily } from './ubl/rendered.ts';
import { computeDocument } from './totals.ts';
import { validateUblElement } from './validation/validate-ubl.ts';
import { validateOrderElement } from './validation/rules-order.ts';
import { validateOrderAgreementElement } from './validation/rules-order-agreement.ts';
import { DEFAULT_MAX_XML_BYTES, NS, parseXmlTree, val, type El } from './xml/dom.ts';
import { pintSpecificationOf } from './pint/specification.ts';
import { validatePintElement } from './pint/validate.ts';
import { checkSchema } from './xml/schema.ts';

export type XmlFormat = 'ubl-xml' | 'cii-xml' | 'auto';

export interface XmlDocument extends ValidationResult {
  type?: DocumentType;
  body?: DocumentBody;
  /** The UBL to deliver: the input itself for UBL, the conversion for CII. */
  ubl?: string;
  syntax?: 'ubl' | 'cii';
}

const fail = (errors: ValidationIssue[]): XmlDocument => ({ valid: false, errors, warnings: [] });

/**
 * Reads XML sent by a caller (send with format ubl-xml / cii-xml / auto) or received from Peppol:
 * parses it safely, maps it to a DocumentBody, converts CII to UBL, and runs the Peppol BIS rules
 * on billing documents (BIS Billing), orders (Ordering T01) and order agreements (T110). XPaths in findings point into the XML as given.
 */
export function readXmlDocument(
  xml: string,
  format: XmlFormat = 'auto',
  maxBytes = DEFAULT_MAX_XML_BYTES,
): XmlDocument {
  // A CII document's input tree is left before its conversion is built: `read` returns without it.
  const read = readInput(xml, format, maxBytes);
  return 'peppol' in read ? convertCii(read) : read;
}

/** A CII document once its tree is read: its body and the verdicts of the CII rules (the Peppol layer). */
interface CiiRead {
  type: DocumentType;
  body: DocumentBody;
  peppol: ValidationResult;
}

/** Parses the input; reads a UBL document to the end, a CII document as far as its own tree is needed. */
function readInput(xml: string, format: XmlFormat, maxBytes: number): XmlDocument | CiiRead {
  const parsed = parseXmlTree(xml, maxBytes);
  if (!parsed.ok) return fail(parsed.errors);
  const root = parsed.root;
  const isCii = root.namespaceURI === NS.rsm;
  if (format === 'ubl-xml' && isCii)
    return fail([
      { rule: 'XML-ROOT', message: 'format is ubl-xml but the document is CII', path: `/${root.nodeName}` },
    ]);
  if (format === 'cii-xml' && !isCii)
    return fail([
      {
        rule: 'XML-ROOT',
        message: 'format is cii-xml but the document is not a CII CrossIndustryInvoice',
        path: `/${root.nodeName}`,
      },
    ]);

  if (isCii) {
    const cii = parseCiiElement(root);
    if (!cii.ok) return fail(cii.errors);
    return { type: cii.type, body: cii.body, peppol: checkCiiRules(root) };
  }

  const ubl = parseUblElement(root);
  if (!ubl.ok) return fail(ubl.errors);
  return { ...ublRules(ubl.type, root), type: ubl.type, body: ubl.body, ubl: xml, syntax: 'ubl' };
}

/**
 * A read CII document converted to UBL and the conversion judged by the EN16931 rules. A large
 * document's validation keeps one tree alive at a time: the CII tree is gone, the totals computed
 * for the rendering are left once it is written.
 */
function convertCii({ type, body, peppol }: CiiRead): XmlDocument {
  // The rendering's own tree is checked: parsing the UBL just written would build the same tree again.
  const rendered = renderUbl(type, body, { identifiers: false, dom: true, specification: 'peppol-bis-3' });
  if (!rendered.dom) {
    // The official CII artefacts judge an incomplete invoice by every rule, not only by what is
    // missing: render what is there (not deliverable) so the EN16931 rules can still speak.
    const rules = DOCUMENT_TYPE_INFO[type].billing ? rulesOnIncomplete(type, body) : undefined;
    // The structural errors say why there is no UBL; they stand even when only Peppol rules raised them.
    const structural = withoutPeppolLayer(rendered.errors);
    const errors = mergeFindings(
      [...(structural.length ? structural : rendered.errors), ...peppol.errors],
      withoutPeppolLayer(rules?.errors ?? []),
    );
    const warnings = mergeFindings(
      [...withoutPeppolLayer(rendered.warnings), ...peppol.warnings],
      withoutPeppolLayer(rules?.warnings ?? []),
    );
    return { valid: false, errors, warnings, type, body, syntax: 'cii' };
  }
  const result = ublRulesOnConversion(rendered.dom?.documentElement);
  const errors = [...withoutPeppolLayer(result.errors), ...peppol.errors];
  const warnings = [...withoutPeppolLayer(result.warnings), ...peppol.warnings];
  // The conversion's text is written from its tree when it is read (to be delivered), not to be judged.
  const read: XmlDocument = { valid: errors.length === 0, errors, warnings, type, body, ubl: '', syntax: 'cii' };
  return lazily(read, 'ubl', () => rendered.xml);
}

/** The EN16931 rules on a conversion's tree, without the Peppol layer the CII rules decide. */
function ublRulesOnConversion(converted: El | null | undefined): ValidationResult {
  return converted
    ? validateUblElement(converted, { peppolLayer: false })
    : {
        valid: false,
        errors: [{ rule: 'INTERNAL-RENDER-ERROR', message: 'Rendering produced no document', path: '/' }],
        warnings: [],
      };
}

/**
 * {@link readXmlDocument} with the schema step of the official validation first: a document its
 * UBL 2.1 or CII D16B schema refuses (what a receiving access point refuses outright) gets
 * XML-SCHEMA findings. What callers are told about XML they send or receive.
 */
export async function readXmlDocumentChecked(
  xml: string,
  format: XmlFormat = 'auto',
  maxBytes = DEFAULT_MAX_XML_BYTES,
): Promise<XmlDocument> {
  const read = readXmlDocument(xml, format, maxBytes);
  if (!read.syntax || !read.type) return read;
  const schema = await checkSchema(
    xml,
    read.syntax === 'cii' ? 'CrossIndustryInvoice' : DOCUMENT_TYPE_INFO[read.type].root,
  );
  return schema.length ? { ...read, valid: false, errors: [...schema, ...read.errors] } : read;
}

/** The Peppol rule set of the document's transaction; types without one pass as parsed. */
function ublRules(type: DocumentType, root: El): ValidationResult {
  if (DOCUMENT_TYPE_INFO[type].billing) {
    // A PINT document is judged by the rules of its specialization, not by BIS 3's.
    const pint = pintSpecificationOf(val(root, 'cbc:CustomizationID'));
    return pint ? validatePintElement(root, pint) : validateUblElement(root);
  }
  if (type === 'purchase-order') return validateOrderElement(root);
  if (type === 'sales-order') return validateOrderAgreementElement(root);
  return { valid: true, errors: [], warnings: [] };
}

/** BIS rules on a best-effort rendering of a body that failed the structural checks. */
function rulesOnIncomplete(type: DocumentType, body: DocumentBody): ValidationResult | undefined {
  try {
    const dom = renderBilling(type, body, computeDocument(body), true).dom;
    return dom?.documentElement ? validateUblElement(dom.documentElement, { peppolLayer: false }) : undefined;
  } catch {
    // Too incomplete to render at all: the structural findings stand alone.
    return undefined;
  }
}

/**
 * A CII document's Peppol and national rules are those of the CII artefacts, judged on the CII
 * itself (`checkCiiRules`); its conversion keeps the say on the EN16931 rules and the library's own.
 */
function withoutPeppolLayer(issues: ValidationIssue[]): ValidationIssue[] {
  return issues.filter((i) => !isPeppolLayerRule(i.rule));
}

/** Structural findings first; a rule finding is added unless the same rule was already reported. */
function mergeFindings(structural: ValidationIssue[], rules: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set(structural.map((i) => i.rule));
  return [...structural, ...rules.filter((i) => !seen.has(i.rule))];
}
