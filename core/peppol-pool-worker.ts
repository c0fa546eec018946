import {
  computeDocument,
  readXmlDocumentChecked,
  validateDocument,
  type DocumentBody,
  type DocumentType,
  type DocumentValidation,
  type XmlDocument,
  type XmlFormat,
} from '../peppol/index.ts';

// Runs on the threads of core/peppol-pool.ts (through peppol-pool-thread.mjs): one function per task name.

/** A document's totals as the decimal strings stored with it. */
export interface DocumentAmounts {
  gross: string;
  net: string;
  vat: string;
}

export function amountsOf(body: DocumentBody): DocumentAmounts {
  const { totals } = computeDocument(body);
  return { gross: totals.gross.toFixed(2), net: totals.net.toFixed(2), vat: totals.vat.toFixed(2) };
}

export interface ValidateTask {
  type: DocumentType;
  body: DocumentBody;
}

export interface ReadXmlTask {
  xml: string;
  format: XmlFormat;
}

/** The totals come along, so nothing proportional to the document's size is left for the caller. */
export function validate({ type, body }: ValidateTask): DocumentValidation & { amounts?: DocumentAmounts } {
  const result = validateDocument(type, body);
  return result.valid ? { ...result, amounts: amountsOf(body) } : result;
}

export async function readXml({ xml, format }: ReadXmlTask): Promise<XmlDocument & { amounts?: DocumentAmounts }> {
  const read = await readXmlDocumentChecked(xml, format);
  return read.valid && read.body ? { ...read, amounts: amountsOf(read.body) } : read;
}
