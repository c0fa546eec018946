import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { failure } from '../core/failures.ts';
import type { Db } from '../db/database.ts';
import { findCompanyById, incrementCompanyStats } from '../db/companies.ts';
import { findDocumentById, insertDocument, type DocumentRow } from '../db/documents.ts';
import { findReceivedEvent, insertEvent } from '../db/events.ts';
import { findFile } from '../db/files.ts';
import { scopeOfCompany, scopeOfRow } from '../core/scope.ts';
import {
  findPartnerDuplicates,
  incrementPartnerStats,
  insertPartner,
  resolvePartnerByIdentifier,
  type PartnerRow,
  type PartnerScope,
} from '../db/partners.ts';
import { newId } from '../core/ids.ts';
import {
  computeDocument,
  countryOfScheme,
  normalizeVatNumber,
  partnerRoleOf,
  partyRoles,
  readXmlDocumentChecked,
  splitParticipantId,
  type DocumentBody,
  type DocumentType,
  type Party,
  type PartyRole,
  type ValidationIssue,
} from '../peppol/index.ts';
import { documentEventData } from './documents.ts';
import type { InboundMessage } from '../core/inbound-message.ts';

export interface InboundActivityDeps {
  db: Db;
  events: EventDispatcher;
}

export interface InboundResult {
  documentId: string;
  /** `delivered` for a document that was read; `stored` when only the raw XML could be kept. */
  deliveryStatus: 'delivered' | 'stored';
  /** False when the document already existed (a repeated activity or a re-posted message). */
  created: boolean;
}

export interface InboundActivities {
  receiveInboundDocument(message: InboundMessage): Promise<InboundResult>;
}

/** At most this many findings are kept in the document's metadata. */
const MAX_FINDINGS = 50;

const findingsOf = (issues: ValidationIssue[]) =>
  issues.slice(0, MAX_FINDINGS).map((i) => ({ rule: i.rule, message: i.message, path: i.path }));

function party(
  peppolId: string | null,
  p: Party | undefined,
  fallback: { name?: string | null; vatNumber?: string | null } = {},
) {
  return {
    peppolId,
    name: p?.name ?? p?.legalName ?? fallback.name ?? null,
    vatNumber: p?.vatNumber ?? fallback.vatNumber ?? null,
  };
}

/**
 * The organization's partner for the sender: matched by its Peppol id (or VAT number), else
 * provisioned from what the document says about the sending party (`role`: its seller, or the buyer
 * of a purchase order).
 */
async function senderPartner(
  trx: Db,
  scope: PartnerScope,
  senderId: string,
  sending: Party | undefined,
  role: PartyRole,
): Promise<PartnerRow> {
  const existing = await resolvePartnerByIdentifier(trx, scope, senderId);
  if (existing) return existing;
  const vatNumber = sending?.vatNumber ? normalizeVatNumber(sending.vatNumber) : null;
  const [duplicate] = await findPartnerDuplicates(trx, scope, { peppolId: senderId, vatNumber });
  if (duplicate) return duplicate;
  return insertPartner(trx, {
    id: newId('part'),
    scope,
    peppolId: senderId,
    vatNumber,
    name: sending?.name ?? sending?.legalName ?? senderId,
    country: sending?.address?.country ?? countryOfScheme(splitParticipantId(senderId)?.scheme ?? '') ?? null,
    role: partnerRoleOf(role),
    contactName: sending?.contact?.name ?? null,
    contactEmail: sending?.contact?.email ?? null,
    // It reached us over Peppol, but whether it is listed in the directory is not known here.
    peppolStatus: 'unknown',
    defaults: {},
    identifiers: [],
    enrichment: {},
    metadata: {},
  });
}

/**
 * Activities of `inbound:<doc_id>`: read the received XML (UBL, or CII converted to UBL), persist
 * the incoming document with its `document.received` event and the stats in one transaction.
 * A payload that cannot be read is kept as a stored file, never dropped.
 */
export function createInboundActivities({ db, events }: InboundActivityDeps): InboundActivities {
  /** A repeated run finds the document: it only re-dispatches the event (the dispatcher dedupes). */
  const redispatch = async (row: DocumentRow) => {
    const event = await findReceivedEvent(db, scopeOfRow(row), row.id);
    if (event) await events.dispatch([event]);
  };

  return {
    async receiveInboundDocument(message) {
      const existing = await findDocumentById(db, message.documentId);
      if (existing) {
        await redispatch(existing);
        return {
          documentId: existing.id,
          deliveryStatus: existing.delivery_status === 'stored' ? 'stored' : 'delivered',
          created: false,
        };
      }
      const company = await findCompanyById(db, message.companyId);
      if (!company) throw failure('NOT_FOUND', `company ${message.companyId} does not exist`);
      const scope = scopeOfCompany(company);
      const file = await findFile(db, scope, message.fileId);
      if (!file) throw failure('NOT_FOUND', `received file ${message.fileId} does not exist`);

      const read = await readXmlDocumentChecked(file.content.toString('utf8'), 'auto');
      let body: DocumentBody | undefined = read.body;
      let totals: ReturnType<typeof computeDocument>['totals'] | undefined;
      const problems: ValidationIssue[] = [...read.errors];
      if (body && read.type && !body.number) {
        // Without even a document number there is nothing a reader could act on: keep it as a file.
        problems.push({ rule: 'DOCUMENT-NUMBER', message: 'the document has no number', path: '/' });
        body = undefined;
      } else if (body && read.type) {
        try {
          totals = computeDocument(body).totals;
        } catch (err) {
          problems.push({
            rule: 'TOTALS',
            message: `amounts cannot be computed: ${err instanceof Error ? err.message : String(err)}`,
            path: '/',
          });
          body = undefined;
        }
      } else {
        body = undefined;
      }
      const parsed = body !== undefined && totals !== undefined;
      // An unreadable payload keeps the type its envelope announced (invoice when it announced none).
      const type: DocumentType = read.type ?? message.typeHint ?? 'invoice';
      const receiverId = company.peppol_id ?? message.receiverId;
      const at = new Date();

      const { row, event } = await db.transaction().execute(async (trx) => {
        const roles = partyRoles(type);
        const partner = await senderPartner(trx, scope, message.senderId, body?.[roles.sender], roles.sender);
        const inbound = {
          source: message.source,
          messageId: message.messageId,
          ...(message.documentTypeId ? { documentTypeId: message.documentTypeId } : {}),
          ...(read.syntax ? { syntax: read.syntax } : {}),
          validation: {
            valid: read.valid && parsed,
            errors: findingsOf(problems),
            warnings: findingsOf(read.warnings),
          },
        };
        const inserted = await insertDocument(trx, {
          id: message.documentId,
          organization_id: message.organizationId,
          livemode: message.livemode,
          company_id: company.id,
          partner_id: partner.id,
          type,
          direction: 'incoming',
          number: body?.number ?? null,
          issue_date: body?.issueDate ?? null,
          due_date: body?.dueDate ?? null,
          currency: parsed ? (body!.currency ?? 'EUR') : null,
          gross_amount: totals ? totals.gross.toFixed(2) : null,
          net_amount: totals ? totals.net.toFixed(2) : null,
          vat_amount: totals ? totals.vat.toFixed(2) : null,
          sender: JSON.stringify(
            party(message.senderId, body?.[roles.sender], { name: partner.name, vatNumber: partner.vat_number }),
          ),
          receiver: JSON.stringify(
            party(receiverId, body?.[roles.recipient], { name: company.name, vatNumber: company.vat_number }),
          ),
          sender_peppol_id: message.senderId,
          receiver_peppol_id: receiverId,
          status: 'delivered',
          delivery_status: parsed ? 'delivered' : 'stored',
          lifecycle_status: 'issued',
          body: JSON.stringify(parsed ? body : null),
          xml: parsed ? (read.ubl ?? null) : null,
          source_format: parsed ? (read.syntax === 'cii' ? 'cii-xml' : 'ubl-xml') : 'raw',
          // The payload as received stays available, whatever could be read from it.
          file_id: message.fileId,
          stored_format: parsed ? null : 'xml',
          metadata: JSON.stringify({ inbound }),
          transport_message_id: message.messageId,
          ...(message.linkedDocumentIds?.length ? { linked_document_ids: message.linkedDocumentIds } : {}),
          received_at: at,
          delivered_at: at,
          notes: '[]',
        });
        await incrementCompanyStats(trx, company.id, { received: 1 });
        await incrementPartnerStats(trx, partner.id, { received: 1 });
        const event = await insertEvent(trx, {
          organizationId: inserted.organization_id,
          livemode: inserted.livemode,
          companyId: inserted.company_id,
          type: 'document.received',
          data: documentEventData(inserted),
        });
        return { row: inserted, event };
      });
      await events.dispatch([event]);
      return {
        documentId: row.id,
        deliveryStatus: row.delivery_status === 'stored' ? 'stored' : 'delivered',
        created: true,
      };
    },
  };
}
