import type { TreeDocument } from '../xml/tree.ts';

/** A rendered document: its text, and the DOM built alongside when asked for. */
export interface Rendered {
  xml: string;
  dom?: TreeDocument | undefined;
}
