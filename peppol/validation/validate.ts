import { DOCUMENT_TYPE_INFO } from '../document-types.ts';
import type { DocumentBody, DocumentType, ValidationIssue, ValidationResult } from '../types.ts';
import { renderUbl, specificationOf, type RenderResult } from '../ubl/render.ts';
import { lazily } from '../ubl/rendered.ts';
import { documentRuleToJson, xpathToJsonPath } from './json-path.ts';
import { validateUblElement } from './validate-ubl.ts';
import { PINT_SPECIFICATIONS } from '../pint/specification.ts';
import { validatePintElement } from '../pint/validate.ts';
import { orderXpathToJsonPath, validateOrderElement } from './rules-order.ts';
import { orderAgreementXpathToJsonPath, validateOrderAgreementElement } from './rules-order-agreement.ts';

export interface DocumentValidation extends ValidationResult {
  /**
   * The rendered UBL, so a caller that goes on to send does not render twice; written from the
   * rendering's tree when first read, as a validation alone does not need it.
   */
  xml?: string;
}

/** `result` with the rendering's text as `xml`, written when it is read. */
function withXml(result: ValidationResult, rendered: RenderResult): DocumentValidation {
  return lazily<DocumentValidation, 'xml'>({ ...result, xml: '' }, 'xml', () => rendered.xml);
}

/**
 * Validates a JSON DocumentBody the way the official Peppol artefacts would judge its rendering:
 * structural checks first, then every BIS rule on the rendered UBL, with paths mapped back to JSON.
 * Non-billing types get the structural checks only (Peppol BIS Billing rules do not apply to them).
 */
export function validateDocument(type: DocumentType, body: DocumentBody): DocumentValidation {
  // Invoices and notes between parties of a PINT jurisdiction are rendered and judged in its PINT
  // specialization; everything else stays Peppol BIS Billing 3.
  const specification = DOCUMENT_TYPE_INFO[type]?.billing ? specificationOf(body) : 'peppol-bis-3';
  const rendered = renderUbl(type, body, { dom: true, specification });
  if (!rendered.dom) return { valid: false, errors: rendered.errors, warnings: rendered.warnings };
  if (type === 'purchase-order' && rendered.dom?.documentElement) {
    // Peppol BIS Ordering 3 (PEPPOL-T01) rules on the rendered Order.
    const result = validateOrderElement(rendered.dom.documentElement);
    const toJson = (issue: { rule: string; message: string; path: string }) => ({
      ...issue,
      path: orderXpathToJsonPath(issue.path),
    });
    const errors = [...rendered.errors, ...result.errors.map(toJson)];
    return withXml(
      { valid: errors.length === 0, errors, warnings: [...rendered.warnings, ...result.warnings.map(toJson)] },
      rendered,
    );
  }
  if (type === 'sales-order' && rendered.dom?.documentElement) {
    // Peppol BIS Order Agreement 3 (PEPPOL-T110) rules on the rendered OrderResponse.
    const result = validateOrderAgreementElement(rendered.dom.documentElement);
    const toJson = (issue: { rule: string; message: string; path: string }) =>
      documentRuleToJson({ ...issue, path: orderAgreementXpathToJsonPath(issue.path) });
    const errors = [...rendered.errors, ...result.errors.map(toJson)];
    return withXml(
      { valid: errors.length === 0, errors, warnings: [...rendered.warnings, ...result.warnings.map(toJson)] },
      rendered,
    );
  }
  if (!DOCUMENT_TYPE_INFO[type]?.billing) {
    return withXml(
      { valid: rendered.errors.length === 0, errors: rendered.errors, warnings: rendered.warnings },
      rendered,
    );
  }
  const root = rendered.dom?.documentElement;
  if (!root)
    return {
      valid: false,
      errors: [{ rule: 'INTERNAL-RENDER-ERROR', message: 'Rendering produced no document', path: '$' }],
      warnings: rendered.warnings,
    };
  const result =
    specification === 'peppol-bis-3'
      ? validateUblElement(root)
      : validatePintElement(root, PINT_SPECIFICATIONS[specification]);
  const isCredit = DOCUMENT_TYPE_INFO[type].root === 'CreditNote';
  const errors = result.errors.map((issue) => billingIssueToJson(issue, body, isCredit));
  const warnings = result.warnings.map((issue) => billingIssueToJson(issue, body, isCredit));
  return withXml({ valid: errors.length === 0, errors, warnings: [...rendered.warnings, ...warnings] }, rendered);
}

/**
 * A billing rule's finding on the rendering, as the JSON body says it (not a closure in validateDocument:
 * peppol/README.md, *Validation*).
 */
function billingIssueToJson(issue: ValidationIssue, body: DocumentBody, isCredit: boolean): ValidationIssue {
  return documentRuleToJson({ ...issue, path: xpathToJsonPath(issue.path, body, isCredit) });
}
