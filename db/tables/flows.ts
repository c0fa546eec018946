import type { Timestamp } from './columns.ts';

/** What a document submitted through the AFNOR flow service said of itself (part 4.15). */
export interface DocumentFlowsTable {
  document_id: string;
  name: string;
  flow_syntax: string;
  flow_profile: string | null;
  processing_rule: string | null;
  tracking_id: string | null;
  sha256: string;
  original_file_id: string | null;
  /** Set by lifecycle messages and e-reporting files; invoices derive theirs from the document. */
  flow_type: string | null;
  created_at: Timestamp;
}

export interface FlowTables {
  document_flows: DocumentFlowsTable;
}
