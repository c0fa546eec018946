import { DOCUMENT_TYPE_INFO } from '../document-types.ts';
import type { TreeDocument } from '../xml/tree.ts';
import { computeDocument } from '../totals.ts';
import type { DocumentBody, DocumentType, ValidationIssue } from '../types.ts';
import { checkDocumentBody, type BodyCheckOptions } from '../validation/validate-json.ts';
import { renderBilling } from './render-billing.ts';
import { renderTrade } from './render-trade.ts';
import { lazily } from './rendered.ts';

export interface RenderOptions extends BodyCheckOptions {
  /**
   * Also return the tree of the rendering (what a parse would give), for validation without a parse;
   * the XML is then written from the tree when `xml` is first read.
   */
  dom?: boolean;
}

export interface RenderResult {
  /** The UBL 2.1 XML; absent when the body has structural errors (with `dom`, when `dom` is). */
  xml?: string;
  dom?: TreeDocument;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

/**
 * Renders a DocumentBody to UBL 2.1 for its document type, deriving totals and the VAT breakdown
 * when `totals` is omitted. Structural problems (missing fields, non-decimal amounts, unknown codes)
 * are returned as errors with JSON paths and no XML; business rules are left to `validateDocument`.
 */
export function renderUbl(type: DocumentType, body: DocumentBody, options: RenderOptions = {}): RenderResult {
  try {
    const checked = checkDocumentBody(type, body, options);
    if (checked.errors.length) return { errors: checked.errors, warnings: checked.warnings };
    const computed = computeDocument(body);
    const rendered = DOCUMENT_TYPE_INFO[type].billing
      ? renderBilling(type, body, computed, options.dom)
      : renderTrade(
          type as Exclude<DocumentType, 'invoice' | 'credit-note' | 'debit-note'>,
          body,
          computed,
          options.dom,
        );
    if (!rendered.dom) return { xml: rendered.xml, errors: [], warnings: checked.warnings };
    const result = { xml: '', errors: [], warnings: checked.warnings, dom: rendered.dom };
    return lazily<RenderResult, 'xml'>(result, 'xml', () => rendered.xml);
  } catch (e) {
    return {
      errors: [
        {
          rule: 'INTERNAL-RENDER-ERROR',
          message: `Rendering failed: ${String((e as Error)?.message ?? e)}`,
          path: '$',
        },
      ],
      warnings: [],
    };
  }
}
