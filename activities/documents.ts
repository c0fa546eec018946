import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { SANDBOX_RESPONDERS } from '../core/sandbox-scenarios.ts';
import { failure } from '../core/failures.ts';
import { inboundDocumentId } from '../core/ids.ts';
import type { Db } from '../db/database.ts';
import { findDocumentById, markDelivered, markDeliveryFailed, markHandedOff, type DocumentRow } from '../db/documents.ts';
import { insertEvent } from '../db/events.ts';
import { insertFile } from '../db/files.ts';
import { incrementCompanyStats } from '../db/companies.ts';
import { incrementPartnerStats } from '../db/partners.ts';
import { countryOfScheme, splitParticipantId, wrapInSbdh, type DocumentType } from '../peppol/index.ts';
import type { InboundMessage } from './inbound.ts';
import type { HandOffResult, PeppolTransport } from './upstreams/transport/types.ts';

export interface DocumentActivityDeps {
  db: Db;
  events: EventDispatcher;
  /** Live documents go through the real gateway; sandbox ones through the simulator. */
  transports: { live: PeppolTransport; sandbox: PeppolTransport };
}

export interface DocumentActivities {
  /**
   * One hand-off to the access point; with `record`, the hand-off is also recorded (state and
   * `document.sent`), as {@link recordHandOff} would, in the same activity.
   */
  handOffDocument(input: { documentId: string; attempt: number; record?: boolean }): Promise<HandOffResult>;
  recordHandOff(input: { documentId: string; messageId: string }): Promise<void>;
  recordDeliveryFailure(input: { documentId: string; code: string; message: string }): Promise<void>;
  /**
   * A confirmed delivery in one step: the delivered state and its event; in the sandbox, the
   * Invoice Response a responder recipient will send and the message a recipient company of the
   * same organization receives, if any. Safe to repeat.
   */
  completeDelivery(input: { documentId: string }): Promise<{ response: SandboxRecipientResponse | null; receipt: InboundMessage | null }>;
}

export interface SandboxRecipientResponse {
  responder: string;
  code: string;
  status: string | null;
}

function sandboxRecipientResponse(row: DocumentRow): SandboxRecipientResponse | null {
  const responder = row.receiver?.peppolId;
  const scenario = !row.livemode && row.direction === 'outgoing' && responder ? SANDBOX_RESPONDERS[responder] : undefined;
  return scenario && responder ? { responder, code: scenario.code, status: scenario.status } : null;
}

/** The `data` every document event carries besides its own fields (part 6.2). */
export function documentEventData(row: DocumentRow): Record<string, unknown> {
  return {
    documentId: row.id,
    type: row.type,
    number: row.number,
    direction: row.direction,
    sender: { peppolId: row.sender.peppolId, name: row.sender.name },
    receiver: row.receiver ? { peppolId: row.receiver.peppolId, name: row.receiver.name } : null,
  };
}

export function createDocumentActivities({ db, events, transports }: DocumentActivityDeps): DocumentActivities {
  const load = async (documentId: string) => {
    const row = await findDocumentById(db, documentId);
    if (!row) throw failure('NOT_FOUND', `document ${documentId} does not exist`);
    return row;
  };

  /** Applies a guarded move and writes its event in one transaction; dispatches after commit. The moved row, if it moved. */
  const moveWithEvent = async (move: (trx: Db) => Promise<DocumentRow | undefined>, event: (row: DocumentRow) => { type: 'document.sent' | 'document.delivered' | 'document.failed'; data: Record<string, unknown> }) => {
    const moved = await db.transaction().execute(async (trx) => {
      const row = await move(trx);
      if (!row) return undefined;
      const e = event(row);
      const inserted = await insertEvent(trx, { organizationId: row.organization_id, livemode: row.livemode, companyId: row.company_id, type: e.type, data: e.data });
      return { row, eventId: inserted.id };
    });
    if (moved) await events.dispatch([moved.eventId]);
    return moved?.row;
  };

  const recordSent = async (documentId: string, messageId: string) => {
    const at = new Date();
    await moveWithEvent((trx) => markHandedOff(trx, documentId, messageId, at), (row) => ({ type: 'document.sent', data: { ...documentEventData(row), sentAt: at.toISOString() } }));
  };

  /**
   * In the sandbox, a document addressed to another company of the same organization really
   * arrives there: the message that company receives, for its `inbound:` run (the document id is
   * derived from the message, so a repeat finds the copy and returns nothing).
   */
  const sandboxReceipt = async (source: DocumentRow): Promise<InboundMessage | null> => {
    const receiverId = source.receiver?.peppolId;
    if (!receiverId || !source.xml || source.direction !== 'outgoing') return null;
    const recipient = await db.selectFrom('companies').select(['id']).where('organization_id', '=', source.organization_id).where('livemode', '=', false).where('peppol_id', '=', receiverId).executeTakeFirst();
    if (!recipient) return null;
    const messageId = source.transport_message_id ?? source.id;
    const documentId = inboundDocumentId(recipient.id, messageId);
    if (await findDocumentById(db, documentId)) return null;
    const file = await insertFile(db, { organizationId: source.organization_id, livemode: false, content: Buffer.from(source.xml, 'utf8'), contentType: 'application/xml', filename: `${messageId}.xml` });
    return {
      documentId,
      organizationId: source.organization_id,
      livemode: false,
      companyId: recipient.id,
      fileId: file.id,
      messageId,
      senderId: source.sender.peppolId ?? source.sender_peppol_id ?? '',
      receiverId,
      source: 'sandbox',
      typeHint: source.type as DocumentType,
      linkedDocumentIds: [source.id],
    };
  };

  return {
    async handOffDocument({ documentId, attempt, record }) {
      const row = await load(documentId);
      if (!row.xml) throw failure('SBDH_ERROR', 'the document has no rendered UBL to send');
      const sender = row.sender.peppolId;
      const receiver = row.receiver?.peppolId;
      if (!sender || !receiver) throw failure('SBDH_ERROR', 'sender and receiver participant ids are required for the envelope');
      const wrapped = wrapInSbdh(row.xml, {
        sender,
        receiver,
        instanceId: `${documentId}-${attempt}`,
        createdAt: new Date(),
        countryC1: countryOfScheme(splitParticipantId(sender)?.scheme ?? '') ?? 'BE',
      });
      if (!wrapped.ok) throw failure('SBDH_ERROR', wrapped.errors.map((e) => e.message).join('; '));
      const transport = row.livemode ? transports.live : transports.sandbox;
      const handedOff = await transport.handOff({ documentId, attempt, sbd: wrapped.xml, senderId: sender, receiverId: receiver, documentTypeId: wrapped.documentTypeId, processId: wrapped.processId });
      if (record) await recordSent(documentId, handedOff.messageId);
      return handedOff;
    },

    async recordHandOff({ documentId, messageId }) {
      await recordSent(documentId, messageId);
    },

    async recordDeliveryFailure({ documentId, code, message }) {
      const at = new Date();
      await moveWithEvent(
        (trx) => markDeliveryFailed(trx, documentId, { rejected: code === 'AP_REJECTED', code, message }, at),
        (row) => ({ type: 'document.failed', data: { ...documentEventData(row), errorCode: code, errorMessage: message } }),
      );
    },

    async completeDelivery({ documentId }) {
      const at = new Date();
      const delivered = await moveWithEvent(
        async (trx) => {
          const moved = await markDelivered(trx, documentId, at);
          if (moved) await incrementCompanyStats(trx, moved.company_id, { sent: 1 });
          if (moved?.partner_id) await incrementPartnerStats(trx, moved.partner_id, { sent: 1 });
          return moved;
        },
        (row) => ({ type: 'document.delivered', data: { ...documentEventData(row), deliveredAt: at.toISOString() } }),
      );
      // A repeated completion finds the document delivered already: it reads it instead.
      const row = delivered ?? (await load(documentId));
      if (row.livemode) return { response: null, receipt: null };
      return { response: sandboxRecipientResponse(row), receipt: await sandboxReceipt(row) };
    },
  };
}
