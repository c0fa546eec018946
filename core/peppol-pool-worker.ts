import {
  readXmlDocumentChecked,
  validateDocument,
  type DocumentBody,
  type DocumentType,
  type DocumentValidation,
  type XmlDocument,
  type XmlFormat,
} from '../peppol/index.ts';

// Runs on the threads of core/peppol-pool.ts (through peppol-pool-thread.mjs): one function per task name.

export interface ValidateTask {
  type: DocumentType;
  body: DocumentBody;
}

export interface ReadXmlTask {
  xml: string;
  format: XmlFormat;
}

export function validate({ type, body }: ValidateTask): DocumentValidation {
  return validateDocument(type, body);
}

export function readXml({ xml, format }: ReadXmlTask): Promise<XmlDocument> {
  return readXmlDocumentChecked(xml, format);
}
