import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { columnsOf, compiledOnce, prepared, type Db } from './database.ts';
import type {
  DocumentDeliveryStatus,
  DocumentLifecycleStatus,
  DocumentMlsColumn,
  DocumentsTable,
  WorkflowStartsTable,
} from './schema.ts';
import { newestFirst } from './keyset.ts';
import { insertEventWhen, newEventValues, type NewEvent, type NewEventValues } from './events.ts';
import { companyStatsUpdate } from './companies.ts';
import { partnerStatsUpdate } from './partners.ts';
import { taggedWithAll } from './tags.ts';
import type { DispatchableEvent } from '../core/event-dispatcher.ts';
import type { Scope } from '../core/scope.ts';
import { workflowStartValues, type WorkflowStart } from './workflow-starts.ts';
import { BILLING_TYPES } from '../peppol/document-types.ts';

export type DocumentRow = Selectable<DocumentsTable>;

/** A document's row as the application reads it: every column but the search vector, which only queries use. */
const DOCUMENT_COLUMNS = columnsOf<DocumentsTable>()([
  'id',
  'organization_id',
  'livemode',
  'company_id',
  'partner_id',
  'type',
  'direction',
  'number',
  'issue_date',
  'due_date',
  'currency',
  'gross_amount',
  'net_amount',
  'vat_amount',
  'sender',
  'receiver',
  'sender_peppol_id',
  'receiver_peppol_id',
  'status',
  'delivery_status',
  'lifecycle_status',
  'body',
  'xml',
  'source_format',
  'file_id',
  'stored_format',
  'metadata',
  'error_code',
  'error_message',
  'transport_message_id',
  'mls',
  'read_at',
  'archived_at',
  'assigned_user_id',
  'tags',
  'notes',
  'linked_document_ids',
  'received_at',
  'sent_at',
  'delivered_at',
  'created_at',
  'updated_at',
]);

/**
 * What the database decides of an outgoing document it accepts (its id under a claimed number, the
 * defaults, the timestamps): everything but its body and XML, which the caller has just written
 * and which are by far its largest columns (megabytes for a large invoice), not worth reading back.
 */
const ACCEPTED_COLUMNS = DOCUMENT_COLUMNS.filter(
  (column): column is Exclude<(typeof DOCUMENT_COLUMNS)[number], 'body' | 'xml'> =>
    column !== 'body' && column !== 'xml',
);
export type AcceptedDocumentRow = Omit<DocumentRow, 'body' | 'xml'>;

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<DocumentRow> {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The documents a scope sees: its organization and mode, and only its company's when it has one. */
function visibleDocuments(db: Db, scope: Scope) {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode);
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  return query;
}

/** A document the scope sees; another tenant's or another company's id finds nothing. */
export async function findDocument(db: Db, scope: Scope, id: string): Promise<DocumentRow | undefined> {
  return visibleDocuments(db, scope).where('id', '=', id).executeTakeFirst();
}

/** The same, locked until the transaction `trx` ends, for a read-modify-write. */
export async function findDocumentForUpdate(trx: Db, scope: Scope, id: string): Promise<DocumentRow | undefined> {
  return visibleDocuments(trx, scope).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Writes changed fields of a document the caller already holds (found through its scope). */
export async function updateDocumentFields(
  db: Db,
  id: string,
  changes: Updateable<DocumentsTable>,
): Promise<DocumentRow> {
  return db.updateTable('documents').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * An outgoing document with the run it owes (`workflow_starts`), in one statement: atomic without
 * a transaction of the caller's. With `uniqueNumber`, the sender's live document (not failed or
 * rejected) of the same type and number refuses it: that one's id comes back instead. The check
 * and the insert hold the number's advisory lock, so concurrent sends of one number see each other.
 * The row comes back without the body and XML given (see {@link ACCEPTED_COLUMNS}).
 */
export async function insertOutgoingDocument(
  db: Db,
  row: Insertable<DocumentsTable> & { id: string; company_id: string; type: string },
  options: { uniqueNumber: boolean; run?: WorkflowStart | undefined },
): Promise<{ row: AcceptedDocumentRow } | { existingId: string }> {
  const params: Record<string, unknown> = { claim: Boolean(options.uniqueNumber && row.number) };
  // An undefined column is left out (its default), as Kysely would: it is no parameter.
  for (const [column, value] of Object.entries(row)) if (value !== undefined) params[column] = value;
  if (options.run)
    for (const [column, value] of Object.entries(workflowStartValues(options.run))) params[`${OWED}${column}`] = value;
  try {
    const { rows } = await db.executeQuery(outgoingInsert(db, params));
    return { row: rows[0] };
  } catch (err) {
    const { code, detail } = err as { code?: string; detail?: string };
    if (code === 'DX409' && detail) return { existingId: detail };
    throw err;
  }
}

const OWED = 'owed.';

// Prepared: every send runs it. Its text varies only with the caller's columns and options.
const outgoingInsert = compiledOnce(
  (db, params: Record<string, unknown>, shape) => {
    const [columns, claim] = shape.split(' ');
    const row: Record<string, unknown> = {};
    const run: Record<string, unknown> = {};
    for (const column of columns.split(',')) {
      if (column.startsWith(OWED)) run[column.slice(OWED.length)] = params[column];
      else row[column] = params[column];
    }
    if (claim === 'claim')
      row.id = sql<string>`claim_document_number(${params.id}, ${params.company_id}, ${params.type}, ${params.number})`;
    const query =
      Object.keys(run).length > 0
        ? db.with('owed', (q) =>
            q
              .insertInto('workflow_starts')
              .values(run as Insertable<WorkflowStartsTable>)
              .onConflict((oc) => oc.column('workflow_id').doNothing()),
          )
        : db;
    return query
      .insertInto('documents')
      .values(row as Insertable<DocumentsTable>)
      .returning(ACCEPTED_COLUMNS);
  },
  (params) => {
    const columns = Object.keys(params).filter((column) => column !== 'claim');
    return `${columns.join(',')} ${params.claim ? 'claim' : 'plain'}`;
  },
);

/** For activities, which act on a document already authorised when its workflow started. */
export async function findDocumentById(db: Db, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What a delivery reads of its document and its events report: fixed once the document is accepted
 * (the transport message id aside, set once at the hand-off). Not the body, XML or search vector.
 */
const DELIVERY_FACTS = [
  'id',
  'organization_id',
  'livemode',
  'company_id',
  'type',
  'number',
  'direction',
  'sender',
  'receiver',
  'sender_peppol_id',
  'transport_message_id',
  'created_at',
] as const;

export type DeliveryFacts = Pick<DocumentRow, (typeof DELIVERY_FACTS)[number]>;

/** The delivery facts of a document, and its UBL when `withXml` (what a hand-off sends). */
export async function findDeliveryFacts(
  db: Db,
  id: string,
  options: { withXml: true },
): Promise<(DeliveryFacts & { xml: string | null }) | undefined>;
export async function findDeliveryFacts(db: Db, id: string): Promise<DeliveryFacts | undefined>;
export async function findDeliveryFacts(db: Db, id: string, options: { withXml?: boolean } = {}) {
  const query = db
    .selectFrom('documents')
    .select(options.withXml ? [...DELIVERY_FACTS, 'xml'] : DELIVERY_FACTS)
    .where('id', '=', id);
  return (await db.executeQuery(prepared(db, query))).rows[0];
}

export async function findDocumentByTransportMessage(db: Db, messageId: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('transport_message_id', '=', messageId).executeTakeFirst();
}

/** The outgoing document an access point's receipt refers to (incoming ones carry the sender's message id). */
export async function findOutgoingDocumentByTransportMessage(
  db: Db,
  messageId: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('transport_message_id', '=', messageId)
    .where('direction', '=', 'outgoing')
    .executeTakeFirst();
}

/**
 * Names the transmission of an outgoing document before it is handed off: the receiving side's
 * Message Level Status can reach the service before the access point has answered the hand-off,
 * and must find its document.
 */
export async function claimTransmission(db: Db, id: string, transmissionId: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ transport_message_id: transmissionId })
    .where('id', '=', id)
    .where('transport_message_id', 'is', null)
    .execute();
}

/**
 * An MLS that arrived after the document's delivery ended: kept on the document (the first one
 * only), its state unchanged.
 */
export async function recordLateMessageLevelStatus(
  db: Db,
  id: string,
  mls: { code: DocumentMlsColumn['code']; reason?: string },
  at = new Date(),
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ mls: JSON.stringify({ ...mls, receivedAt: at.toISOString() }), updated_at: at })
    .where('id', '=', id)
    .where('mls', 'is', null)
    .execute();
}

/** Where a delivery moves from `pending`: handed off (still pending), or to its end. */
export type DeliveryMove =
  | { to: 'handed_off'; messageId: string }
  | { to: 'delivered'; mls?: DocumentMlsColumn | undefined }
  | { to: 'failed' | 'rejected'; code: string; message: string; mls?: DocumentMlsColumn | undefined };

/**
 * A move's values and its event's, passed to its statement as parameters; `to` alone decides the
 * statement's text.
 */
type MoveParams = {
  to: DeliveryMove['to'];
  documentId: string;
  at: Date;
  messageId: string | null;
  code: string | null;
  message: string | null;
  /** The MLS as JSON text, or null. */
  mls: string | null;
} & NewEventValues;

function deliveryChanges(to: DeliveryMove['to'], p: MoveParams): Updateable<DocumentsTable> {
  switch (to) {
    case 'handed_off':
      return { transport_message_id: p.messageId, sent_at: p.at, updated_at: p.at };
    case 'delivered':
      return { delivery_status: 'delivered', status: 'delivered', delivered_at: p.at, mls: p.mls, updated_at: p.at };
    case 'rejected':
      return {
        delivery_status: 'rejected',
        status: 'rejected',
        error_code: p.code,
        error_message: p.message,
        mls: p.mls,
        updated_at: p.at,
      };
    case 'failed':
      return { delivery_status: 'failed', error_code: p.code, error_message: p.message, updated_at: p.at };
  }
}

// Prepared and compiled once per kind of move: every document runs two or three of them.
const deliveryMove = compiledOnce(
  (db, p: MoveParams, shape) => {
    const to = shape as DeliveryMove['to'];
    let update = db
      .updateTable('documents')
      .set(deliveryChanges(to, p))
      .where('id', '=', p.documentId)
      .where('delivery_status', '=', 'pending');
    // The transmission id may be known before the hand-off ends (claimTransmission): sent_at is what it sets once.
    if (to === 'handed_off') update = update.where('sent_at', 'is', null);
    const delivered = to === 'delivered';
    const counted = delivered
      ? sql`, counted_company as (${companyStatsUpdate(db, sql<string>`(select company_id from moved)`, { sent: 1, received: 0 })}),
        counted_partner as (${partnerStatsUpdate(db, sql<string | null>`(select partner_id from moved)`, { sent: 1 }, p.at)})`
      : sql``;
    const facts = sql.join(DELIVERY_FACTS.map((column) => sql.ref(`moved.${column}`)));
    return sql<DeliveryFacts & { event_id: string; event_dispatched_at: Date | null }>`
    with moved as (${update.returning([...DELIVERY_FACTS, 'partner_id'])})${counted}, event as (${insertEventWhen('moved', p)})
    select ${facts}, event.id as event_id, event.dispatched_at as event_dispatched_at
    from moved, event
  `;
  },
  (p) => p.to,
);

/**
 * A guarded delivery-state move, its event and, for a delivery, the sender's and partner's sent
 * counters, in one statement (so one round trip, atomic without a transaction). The move applies
 * only from the state it expects, so a repeated activity changes nothing the second time. Returns
 * the moved document's delivery facts and its event when this call made the move.
 */
export async function moveDelivery(
  db: Db,
  id: string,
  move: DeliveryMove,
  event: NewEvent,
  at: Date,
): Promise<{ row: DeliveryFacts; event: DispatchableEvent } | undefined> {
  const { rows } = await db.executeQuery(
    deliveryMove(db, {
      to: move.to,
      documentId: id,
      at,
      messageId: move.to === 'handed_off' ? move.messageId : null,
      code: move.to === 'failed' || move.to === 'rejected' ? move.code : null,
      message: move.to === 'failed' || move.to === 'rejected' ? move.message : null,
      mls: move.to !== 'handed_off' && move.mls ? JSON.stringify(move.mls) : null,
      ...newEventValues(event),
    }),
  );
  const moved = rows[0];
  if (!moved) return undefined;
  const { event_id, event_dispatched_at, ...row } = moved;
  return { row, event: { id: event_id, dispatched_at: event_dispatched_at } };
}

/**
 * The outgoing invoice a received Invoice Response answers: matched by number and by the two
 * participants, across organizations unless one is given (the network does not know our tenants).
 */
export async function findInvoiceAnswered(
  db: Db,
  match: {
    livemode: boolean;
    organizationId?: string | undefined;
    number: string;
    senderPeppolId: string;
    receiverPeppolId: string;
  },
): Promise<DocumentRow | undefined> {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('livemode', '=', match.livemode)
    .where('direction', '=', 'outgoing')
    .where('type', 'in', BILLING_TYPES)
    .where('number', '=', match.number)
    .where('sender_peppol_id', '=', match.senderPeppolId)
    .where('receiver_peppol_id', '=', match.receiverPeppolId)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (match.organizationId) query = query.where('organization_id', '=', match.organizationId);
  return query.executeTakeFirst();
}

/** Among `ids`, the outgoing document the scope sees that was sent to `receiverPeppolId`, with its sender's clock. */
export async function findSentToAmong(db: Db, scope: Scope, ids: string[], receiverPeppolId: string) {
  if (ids.length === 0) return undefined;
  let query = db
    .selectFrom('documents')
    .innerJoin('companies', 'companies.id', 'documents.company_id')
    .select(['documents.id', 'documents.company_id', 'companies.clock_offset_ms'])
    .where('documents.id', 'in', ids)
    .where('documents.organization_id', '=', scope.organizationId)
    .where('documents.livemode', '=', scope.livemode)
    .where('documents.direction', '=', 'outgoing')
    .where('documents.receiver_peppol_id', '=', receiverPeppolId);
  if (scope.companyId) query = query.where('documents.company_id', '=', scope.companyId);
  return query.executeTakeFirst();
}

/**
 * The delivery statuses `status` means (part 3.1): `failed` is also a delivery the receiving access
 * point rejected (`rejected`, MLS RE), which failed as surely as one that never got there.
 */
export function deliveryStatusesOf(status: 'delivered' | 'failed'): DocumentDeliveryStatus[] {
  return status === 'failed' ? ['failed', 'rejected'] : ['delivered'];
}

export interface DocumentFilters {
  direction?: string;
  type?: string;
  /** Exact lifecycle status; `delivered` and `failed` mean the delivery status (part 3.1). */
  status?: DocumentLifecycleStatus | 'delivered' | 'failed';
  deliveryStatus?: DocumentDeliveryStatus;
  from?: string;
  to?: string;
  amountMin?: number;
  amountMax?: number;
  companyId?: string;
  search?: string;
  /** true: archived only; false: not archived; absent: all. */
  archived?: boolean;
  /** Tag ids or names the document carries, every one of them. */
  tags?: string[];
}

export async function findDocuments(
  db: Db,
  scope: Scope,
  filters: DocumentFilters,
  page: { limit: number; after?: { createdAt: Date; id: string } | undefined },
) {
  let query = visibleDocuments(db, scope).$call(newestFirst(page));
  if (filters.direction) query = query.where('direction', '=', filters.direction);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) {
    query =
      filters.status === 'delivered' || filters.status === 'failed'
        ? query.where('delivery_status', 'in', deliveryStatusesOf(filters.status))
        : query.where('lifecycle_status', '=', filters.status);
  }
  if (filters.deliveryStatus) query = query.where('delivery_status', '=', filters.deliveryStatus);
  if (filters.from) query = query.where('issue_date', '>=', filters.from);
  if (filters.to) query = query.where('issue_date', '<=', filters.to);
  if (filters.amountMin !== undefined) query = query.where('gross_amount', '>=', String(filters.amountMin));
  if (filters.amountMax !== undefined) query = query.where('gross_amount', '<=', String(filters.amountMax));
  if (filters.companyId) query = query.where('company_id', '=', filters.companyId);
  if (filters.search) query = query.where(sql<boolean>`search @@ websearch_to_tsquery('simple', ${filters.search})`);
  if (filters.archived !== undefined) query = query.where('archived_at', filters.archived ? 'is not' : 'is', null);
  if (filters.tags?.length) query = query.where(taggedWithAll(sql.ref('documents.id'), filters.tags));
  return query.execute();
}
