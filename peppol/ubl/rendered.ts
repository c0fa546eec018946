import type { Document as XDocument } from '@xmldom/xmldom';

/** A rendered document: its text, and the DOM built alongside when asked for. */
export interface Rendered {
  xml: string;
  dom?: XDocument | undefined;
}
