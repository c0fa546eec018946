import type { ValidationResult } from '../types.ts';
import { DEFAULT_MAX_XML_BYTES, parseXmlTree, type El } from '../xml/dom.ts';
import { runBillingRules } from './context.ts';
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
  return runBillingRules(root, (ctx) => {
    checkCoreRules(ctx);
    checkSyntaxRules(ctx);
    checkUblCrRules(ctx);
    checkReasonConsistencyRules(ctx);
    checkVatCategoryRules(ctx);
    checkCodeListRules(ctx);
    if (peppolLayer) checkPeppolRules(ctx);
    checkNationalRules(ctx, peppolLayer);
  });
}

/** Validates UBL XML text; malformed, oversized or DTD-bearing input yields XML-* errors. */
export function validateUblXml(xml: string, options: XmlValidationOptions = {}): ValidationResult {
  const parsed = parseXmlTree(xml, options.maxBytes ?? DEFAULT_MAX_XML_BYTES);
  if (!parsed.ok) return { valid: false, errors: parsed.errors, warnings: [] };
  return validateUblElement(parsed.root);
}
