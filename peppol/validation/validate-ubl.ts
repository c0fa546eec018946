import { UBL_NS } from '../document-types.ts';
import type { ValidationIssue, ValidationResult } from '../types.ts';
import { DEFAULT_MAX_XML_BYTES, parseXmlTree, type El } from '../xml/dom.ts';
import { RuleContext } from './context.ts';
import { checkCodeListRules } from './rules-codelists.ts';
import { checkCoreRules } from './rules-core.ts';
import { checkNationalRules } from './rules-national.ts';
import { checkPeppolRules } from './rules-peppol.ts';
import { checkReasonConsistencyRules } from './rules-reasons.ts';
import { checkSyntaxRules } from './rules-syntax.ts';
import { checkUblCrRules } from './rules-ubl-cr.ts';
import { checkVatCategoryRules } from './rules-vat.ts';

export interface XmlValidationOptions {
  maxBytes?: number;
}

export interface UblRuleOptions {
  /**
   * Whether to run the Peppol layer (PEPPOL-* and the national `XX-R-*` rules). A CII document's
   * conversion is judged without it: the CII rules decide that layer on the CII itself, so its
   * findings on the conversion would only be computed to be thrown away.
   */
  peppolLayer?: boolean;
}

/**
 * Runs the Peppol BIS Billing 3.0 rule set (EN16931 core, code lists, VAT categories, Peppol
 * transaction rules, national rules) on a UBL Invoice or CreditNote element.
 */
export function validateUblElement(root: El, options: UblRuleOptions = {}): ValidationResult {
  const peppolLayer = options.peppolLayer ?? true;
  if (root.namespaceURI !== UBL_NS.Invoice && root.namespaceURI !== UBL_NS.CreditNote) {
    const issue: ValidationIssue = {
      rule: 'XML-ROOT',
      message: `Expected a UBL Invoice or CreditNote, found {${root.namespaceURI ?? ''}}${root.localName}`,
      path: `/${root.nodeName}`,
    };
    return { valid: false, errors: [issue], warnings: [] };
  }
  const ctx = new RuleContext(root);
  try {
    checkCoreRules(ctx);
    checkSyntaxRules(ctx);
    checkUblCrRules(ctx);
    checkReasonConsistencyRules(ctx);
    checkVatCategoryRules(ctx);
    checkCodeListRules(ctx);
    if (peppolLayer) checkPeppolRules(ctx);
    checkNationalRules(ctx, peppolLayer);
  } catch (e) {
    // A rule bug must surface as a finding, never as an exception in the send pipeline.
    ctx.report('INTERNAL-RULE-ERROR', 'fatal', undefined, `Validator failure: ${String((e as Error)?.message ?? e)}`);
  }
  return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings };
}

/** Validates UBL XML text; malformed, oversized or DTD-bearing input yields XML-* errors. */
export function validateUblXml(xml: string, options: XmlValidationOptions = {}): ValidationResult {
  const parsed = parseXmlTree(xml, options.maxBytes ?? DEFAULT_MAX_XML_BYTES);
  if (!parsed.ok) return { valid: false, errors: parsed.errors, warnings: [] };
  return validateUblElement(parsed.root);
}
