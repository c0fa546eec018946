import { DOCUMENT_TYPE_INFO } from '../document-types.ts';
import type { TreeDocument } from '../xml/tree.ts';
import { computeDocument } from '../totals.ts';
import type { DocumentBody, DocumentType, ValidationIssue } from '../types.ts';
import { checkDocumentBody, type BodyCheckOptions } from '../validation/validate-json.ts';
import { renderBilling } from './render-billing.ts';
import { renderTrade } from './render-trade.ts';
import { lazily } from './rendered.ts';
import { derivePintBody } from '../pint/derive.ts';
import { PINT_SPECIFICATIONS, documentSpecificationFor, type DocumentSpecification } from '../pint/specification.ts';

export interface RenderOptions extends BodyCheckOptions {
  /**
   * Also return the tree of the rendering (what a parse would give), for validation without a parse;
   * the XML is then written from the tree when `xml` is first read.
   */
  dom?: boolean;
  /**
   * The billing specification of an invoice or note; by default the one the seller's and buyer's
   * countries call for ({@link specificationOf}: Peppol BIS Billing 3 unless one of them is in a PINT
   * jurisdiction). A PINT one renders that specialization, with the fields it requires derived from the body
   * (peppol/pint/derive.ts). Other document types ignore it.
   */
  specification?: DocumentSpecification;
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
export function renderUbl(type: DocumentType, given: DocumentBody, options: RenderOptions = {}): RenderResult {
  try {
    const billing = DOCUMENT_TYPE_INFO[type]?.billing;
    const specification = billing ? (options.specification ?? specificationOf(given)) : 'peppol-bis-3';
    const pint = specification !== 'peppol-bis-3' ? PINT_SPECIFICATIONS[specification] : undefined;
    const body = pint ? derivePintBody(pint, given) : given;
    // The body as given is checked: what is derived for PINT is written in that specialization's own form.
    const checked = checkDocumentBody(type, given, options);
    if (checked.errors.length) return { errors: checked.errors, warnings: checked.warnings };
    const computed = computeDocument(body);
    const rendered = billing
      ? renderBilling(type, body, computed, options.dom, pint)
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

/** The specification a billing body's parties call for (the seam to the countries table). */
export function specificationOf(body: DocumentBody | null | undefined): DocumentSpecification {
  return documentSpecificationFor(body?.seller?.address?.country, body?.buyer?.address?.country);
}
