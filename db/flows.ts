import { sql, type Insertable, type Selectable } from 'kysely';
import { newId } from '../core/ids.ts';
import type { Db } from './database.ts';
import { insertEvent } from './events.ts';
import { insertFile } from './files.ts';
import type { DocumentFlowsTable, DocumentsTable } from './schema.ts';
import type { Scope } from '../core/scope.ts';
import { BILLING_TYPES } from '../peppol/document-types.ts';

/** A document as the flow service sees it: the document, what its flow said, and the derived flow values. */
export type FlowRow = Selectable<DocumentsTable> & {
  flow_name: string | null;
  flow_syntax: string | null;
  flow_profile: string | null;
  flow_processing_rule: string | null;
  tracking_id: string | null;
  flow_sha256: string | null;
  original_file_id: string | null;
  flow_type: string;
  ack_status: 'Pending' | 'Ok' | 'Error';
};

export interface FlowFilters {
  updatedAfter?: string | undefined;
  updatedBefore?: string | undefined;
  processingRule?: string[] | undefined;
  flowType?: string[] | undefined;
  flowDirection?: Array<'In' | 'Out'> | undefined;
  trackingId?: string | undefined;
  ackStatus?: 'Pending' | 'Ok' | 'Error' | undefined;
}

/** A document submitted without a processing rule, or through /v1, is business to business. */
export const DEFAULT_PROCESSING_RULE = 'B2B';

// One definition of each derived value, shared by the select list and the filters.
const processingRule = sql<string>`coalesce(f.processing_rule, ${DEFAULT_PROCESSING_RULE})`;
const flowType = sql<string>`case
  when f.flow_type is not null then f.flow_type
  when f.flow_syntax = 'CDAR' then case when d.direction = 'outgoing' then 'CustomerInvoiceLC' else 'SupplierInvoiceLC' end
  when f.flow_syntax = 'FRR' then 'MultiFlowReport'
  when d.direction = 'outgoing' and f.processing_rule in ('B2G', 'B2GInt') then 'StateInvoice'
  when d.direction = 'outgoing' then 'CustomerInvoice'
  else 'SupplierInvoice' end`;
const ackStatus = sql<'Pending' | 'Ok' | 'Error'>`case d.delivery_status
  when 'pending' then 'Pending' when 'failed' then 'Error' when 'rejected' then 'Error' else 'Ok' end`;
// Timestamps travel through JavaScript in milliseconds: compare at that precision, so a page's last
// `updatedAt` given back as `updatedAfter` never finds its own row again.
const updatedAt = sql<Date>`date_trunc('milliseconds', d.updated_at)`;

const flowColumns = [
  'f.name as flow_name',
  'f.flow_syntax',
  'f.flow_profile',
  'f.processing_rule as flow_processing_rule',
  'f.tracking_id',
  'f.sha256 as flow_sha256',
  'f.original_file_id',
  flowType.as('flow_type'),
  ackStatus.as('ack_status'),
] as const;

/**
 * The documents that are flows: invoices and notes held as structured documents (however they were
 * sent), and the flows submitted to the facade, lifecycle and e-reporting messages included.
 * Orders, quotes and business events are not flows of the standard, whose flow types name invoices,
 * their lifecycle and reports only; nor are files stored as they came (a PDF, an image, a text, an
 * unreadable XML): they are in no syntax the standard knows (CII, UBL, Factur-X, CDAR, FRR).
 */
function flows(db: Db) {
  return db
    .selectFrom('documents as d')
    .leftJoin('document_flows as f', 'f.document_id', 'd.id')
    .selectAll('d')
    .select(flowColumns)
    .where((eb) =>
      eb.or([
        eb.and([eb('d.type', 'in', BILLING_TYPES), eb('d.source_format', '<>', 'raw')]),
        eb('f.document_id', 'is not', null),
      ]),
    );
}

function visibleFlows(db: Db, scope: Scope) {
  let query = flows(db).where('d.organization_id', '=', scope.organizationId).where('d.livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('d.company_id', '=', scope.companyId);
  return query;
}

export interface NewStoredFlow {
  organizationId: string;
  livemode: boolean;
  companyId: string;
  /** `outgoing`: the company sent it (Out); `incoming`: it reached the company (In). */
  direction: 'outgoing' | 'incoming';
  /** The message's own id, shown as the document number. */
  number: string;
  flowType: string;
  flowSyntax: 'CDAR' | 'FRR';
  name: string;
  processingRule?: string | null | undefined;
  flowProfile?: string | null | undefined;
  /** Claimed by the caller ({@link claimTrackingId}) in the transaction that stores the flow. */
  trackingId?: string | null | undefined;
  content: Buffer;
  /** The content's SHA-256, when the caller computed it already. */
  sha256?: string | undefined;
  contentType: string;
  /** The invoices it is about. */
  linkedDocumentIds?: string[] | undefined;
}

export interface StoredFlow {
  id: string;
  /** The `flow.stored` event, to dispatch once the transaction commits. */
  event: { id: string; dispatched_at: Date | null };
}

/**
 * A flow that is a business record, not an invoice to deliver (a lifecycle message, an e-reporting
 * file): a stored `event` document with its file, its flow row and its `flow.stored` event, written
 * in one transaction (the caller's, when it is in one).
 */
export async function insertStoredFlow(db: Db, flow: NewStoredFlow): Promise<StoredFlow> {
  return db.isTransaction ? writeStoredFlow(db, flow) : db.transaction().execute((trx) => writeStoredFlow(trx, flow));
}

async function writeStoredFlow(db: Db, flow: NewStoredFlow): Promise<StoredFlow> {
  const id = newId('doc');
  const now = new Date();
  const file = await insertFile(db, {
    organizationId: flow.organizationId,
    livemode: flow.livemode,
    content: flow.content,
    sha256: flow.sha256,
    contentType: flow.contentType,
    filename: flow.name,
  });
  await db
    .insertInto('documents')
    .values({
      id,
      organization_id: flow.organizationId,
      livemode: flow.livemode,
      company_id: flow.companyId,
      partner_id: null,
      type: 'event',
      direction: flow.direction,
      number: flow.number,
      issue_date: null,
      due_date: null,
      currency: null,
      gross_amount: null,
      net_amount: null,
      vat_amount: null,
      sender: JSON.stringify({ peppolId: null, name: null, vatNumber: null }),
      receiver: JSON.stringify(null),
      sender_peppol_id: null,
      receiver_peppol_id: null,
      status: 'draft',
      delivery_status: 'stored',
      lifecycle_status: 'issued',
      body: JSON.stringify(null),
      xml: null,
      source_format: 'raw',
      file_id: file.id,
      stored_format: 'xml',
      metadata: JSON.stringify({ flowSyntax: flow.flowSyntax }),
      notes: '[]',
      linked_document_ids: flow.linkedDocumentIds ?? [],
      created_at: now,
      updated_at: now,
    })
    .execute();
  await insertDocumentFlow(db, {
    document_id: id,
    name: flow.name,
    flow_syntax: flow.flowSyntax,
    flow_type: flow.flowType,
    flow_profile: flow.flowProfile ?? null,
    processing_rule: flow.processingRule ?? null,
    tracking_id: flow.trackingId ?? null,
    sha256: file.sha256,
    original_file_id: file.id,
  });
  const event = await insertEvent(db, {
    organizationId: flow.organizationId,
    livemode: flow.livemode,
    companyId: flow.companyId,
    type: 'flow.stored',
    data: {
      documentId: id,
      flowType: flow.flowType,
      flowSyntax: flow.flowSyntax,
      flowDirection: flow.direction === 'outgoing' ? 'Out' : 'In',
      name: flow.name,
      number: flow.number,
      linkedDocumentIds: flow.linkedDocumentIds ?? [],
    },
  });
  return { id, event };
}

export async function insertDocumentFlow(db: Db, row: Insertable<DocumentFlowsTable>): Promise<void> {
  await db.insertInto('document_flows').values(row).execute();
}

/** A flow by id alone, for the worker delivering it to a webhook of its owner. */
export async function findFlowById(db: Db, id: string): Promise<FlowRow | undefined> {
  return flows(db).where('d.id', '=', id).executeTakeFirst();
}

/** Whether a flow is one a subscription's metadata asks for. */
export function flowMatches(
  flow: FlowRow,
  metadata: { flowType: string; flowDirection: string; processingRule?: string; ackStatus?: string },
): boolean {
  const direction = flow.direction === 'outgoing' ? 'Out' : 'In';
  return (
    flow.flow_type === metadata.flowType &&
    direction === metadata.flowDirection &&
    (!metadata.processingRule || (flow.flow_processing_rule ?? DEFAULT_PROCESSING_RULE) === metadata.processingRule) &&
    (!metadata.ackStatus || flow.ack_status === metadata.ackStatus)
  );
}

/** A flow the scope sees: another tenant's or another company's id finds nothing. */
export async function findFlow(db: Db, scope: Scope, id: string): Promise<FlowRow | undefined> {
  return visibleFlows(db, scope).where('d.id', '=', id).executeTakeFirst();
}

/** A tracking id that already names a flow of the sender: a sender's id names one flow. */
export class TrackingIdTaken extends Error {
  constructor(
    readonly trackingId: string,
    readonly existingId: string,
  ) {
    super(`Flow ${existingId} was already submitted with trackingId ${trackingId}.`);
    this.name = 'TrackingIdTaken';
  }
}

/** Who a tracking id is looked up for: the caller's scope, or the company a stored flow belongs to. */
type TrackingScope = Pick<Scope, 'organizationId' | 'livemode' | 'companyId'>;

/**
 * Called in the transaction that stores a flow, before its row: the flows of one tracking id are
 * stored one at a time (the lock holds until the commit), and the look-up after the lock sees a
 * concurrent submission that committed meanwhile, so two submissions under one id cannot both be
 * stored. Throws {@link TrackingIdTaken} when the id already names a flow.
 */
export async function claimTrackingId(trx: Db, scope: TrackingScope, trackingId: string): Promise<void> {
  const key = `${scope.organizationId}\n${scope.livemode}\n${trackingId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  const existingId = await findFlowIdByTrackingId(trx, scope, trackingId);
  if (existingId) throw new TrackingIdTaken(trackingId, existingId);
}

/** The flow the scope already submitted under a tracking id, if any. */
export async function findFlowIdByTrackingId(
  db: Db,
  scope: TrackingScope,
  trackingId: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('document_flows as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select('d.id')
    .where('f.tracking_id', '=', trackingId)
    .where('d.organization_id', '=', scope.organizationId)
    .where('d.livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('d.company_id', '=', scope.companyId);
  return (await query.orderBy('d.created_at').executeTakeFirst())?.id;
}

/** Flows matching every filter (any value of a list), oldest update first, at most `limit`. */
export async function searchFlows(db: Db, scope: Scope, filters: FlowFilters, limit: number): Promise<FlowRow[]> {
  let query = visibleFlows(db, scope);
  if (filters.updatedAfter) query = query.where(sql<boolean>`${updatedAt} > ${new Date(filters.updatedAfter)}`);
  if (filters.updatedBefore) query = query.where(sql<boolean>`${updatedAt} < ${new Date(filters.updatedBefore)}`);
  if (filters.processingRule?.length) query = query.where(processingRule, 'in', filters.processingRule);
  if (filters.flowType?.length) query = query.where(flowType, 'in', filters.flowType);
  if (filters.flowDirection?.length)
    query = query.where(
      'd.direction',
      'in',
      filters.flowDirection.map((d) => (d === 'Out' ? 'outgoing' : 'incoming')),
    );
  if (filters.trackingId) query = query.where('f.tracking_id', '=', filters.trackingId);
  if (filters.ackStatus) query = query.where(ackStatus, '=', filters.ackStatus);
  return query.orderBy(updatedAt).orderBy('d.id').limit(limit).execute();
}

/**
 * The invoice a lifecycle message names, among the scope's own documents: by number, and by issue
 * date when the message gives one. The newest wins when a number was reused.
 */
export async function findInvoiceByNumber(
  db: Db,
  scope: Scope,
  number: string,
  issueDate: string | undefined,
): Promise<Selectable<DocumentsTable> | undefined> {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .where('number', '=', number)
    .where('type', 'in', BILLING_TYPES);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  if (issueDate) query = query.where('issue_date', '=', issueDate);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/** The file a stored flow was received as (an e-reporting file, say), with what its flow row says of it. */
export async function storedFlowFile(db: Db, documentId: string) {
  return db
    .selectFrom('document_flows as f')
    .innerJoin('files as fi', 'fi.id', 'f.original_file_id')
    .select([
      'f.flow_syntax as flowSyntax',
      'f.name',
      'f.processing_rule as processingRule',
      'fi.content',
      'fi.content_type as contentType',
    ])
    .where('f.document_id', '=', documentId)
    .executeTakeFirst();
}
