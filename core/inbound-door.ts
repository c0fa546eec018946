import { WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { failure } from './failures.ts';
import { inboundDocumentId } from './ids.ts';
import { receiveInvoiceResponse } from './lifecycle-commands.ts';
import { TASK_QUEUES, workflowIds } from './temporal.ts';
import { searchAttributesFor } from './workflow-context.ts';
import { messageLevelStatusSignal } from './workflow-messages.ts';
import type { InboundMessage } from './inbound-message.ts';
import type { Db } from '../db/database.ts';
import {
  findDocumentById,
  findOutgoingDocumentByTransportMessage,
  recordLateMessageLevelStatus,
} from '../db/documents.ts';
import { deleteFile, insertFile } from '../db/files.ts';
import { findCompanyById, findReceivingCompany } from '../db/companies.ts';
import type { CompanyRow } from '../db/schema.ts';
import {
  documentTypeOf,
  isInvoiceResponse,
  isMessageLevelStatus,
  readMessageLevelStatus,
  unwrapSbdh,
  type DocumentType,
  type MessageLevelStatus,
} from '../peppol/index.ts';
import type { inboundWorkflow } from '../workflows/documents/inbound.ts';

/*
 * The inbound door: every message the network brings, whoever forwards it (the live access point
 * through POST /internal/access-point/inbound, the sandbox access point from its activities), comes
 * in here. Refusals are failures of core/failures.ts, with the fields at fault in their details
 * (`{ details: [{ field, rule, message }] }`); the API answers them with the error of the same name.
 */

export interface InboundDeps {
  db: Db;
  temporal: Client;
}

/** The document type a business document announces, read cheaply from its root and type code. */
export function announcedType(payload: string): DocumentType | undefined {
  const root = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z]+)[\s>/]/.exec(
    payload.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  )?.[1];
  if (!root) return undefined;
  if (root === 'CrossIndustryInvoice') {
    const code = /<(?:\w+:)?TypeCode>\s*(\d+)\s*</.exec(payload)?.[1];
    return code === '381' ? 'credit-note' : code === '383' ? 'debit-note' : 'invoice';
  }
  const typeCode = /<(?:\w+:)?InvoiceTypeCode[^>]*>\s*(\d+)\s*</.exec(payload)?.[1];
  const customization = /<(?:\w+:)?CustomizationID[^>]*>\s*([^<\s]+)\s*</.exec(payload)?.[1];
  return documentTypeOf(root, typeCode, customization);
}

/**
 * The network a forwarded message came through: the live Peppol network (the access point), or an
 * organization's sandbox network (the simulated access point). A message reaches only companies,
 * documents and transmissions of its own network: a sandbox message never a live company, nor
 * another organization's, and the reverse.
 */
export type SandboxNetwork = { livemode: false; organizationId: string };
export type ForwardingNetwork = { livemode: true } | SandboxNetwork;

export interface ReceivedMessage {
  company: CompanyRow;
  messageId: string;
  senderId: string;
  receiverId: string;
  documentTypeId?: string | undefined;
  /** The business document (UBL or CII), without envelope. */
  payload: string;
  source: 'peppol' | 'sandbox';
  typeHint?: DocumentType | undefined;
  /** The outgoing document of the same organization this message is the transmission of. */
  linkedDocumentIds?: string[] | undefined;
}

/**
 * Keeps the received payload as a file and starts `inbound:<doc_id>`, which reads and persists it.
 * The document id is allocated here, so the same message posted again lands on the same run.
 */
export async function startInbound(
  deps: InboundDeps,
  message: ReceivedMessage,
): Promise<{ documentId: string; workflowId: string }> {
  const { company } = message;
  const documentId = inboundDocumentId(company.id, message.messageId);
  const workflowId = workflowIds.inbound(documentId);
  if (await findDocumentById(deps.db, documentId)) return { documentId, workflowId };

  const file = await insertFile(deps.db, {
    organizationId: company.organization_id,
    livemode: company.livemode,
    content: Buffer.from(message.payload, 'utf8'),
    contentType: 'application/xml',
    filename: `${message.messageId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200) || documentId}.xml`,
  });
  const input: InboundMessage = {
    documentId,
    organizationId: company.organization_id,
    livemode: company.livemode,
    companyId: company.id,
    fileId: file.id,
    messageId: message.messageId,
    senderId: message.senderId,
    receiverId: message.receiverId,
    documentTypeId: message.documentTypeId,
    source: message.source,
    typeHint: message.typeHint,
    ...(message.linkedDocumentIds?.length ? { linkedDocumentIds: message.linkedDocumentIds } : {}),
  };
  try {
    await deps.temporal.workflow.start<typeof inboundWorkflow>('inboundWorkflow', {
      taskQueue: TASK_QUEUES.documents,
      workflowId,
      args: [input],
      // A message already received (running or done) is not received twice.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: searchAttributesFor({
        organizationId: company.organization_id,
        livemode: company.livemode,
        companyId: company.id,
        documentId,
      }),
    });
  } catch (err) {
    // The run that owns this message keeps its own copy of the payload.
    await deleteFile(deps.db, file.id);
    if (err instanceof WorkflowExecutionAlreadyStartedError) return { documentId, workflowId };
    throw err;
  }
  return { documentId, workflowId };
}

/** Whether the company takes this document type (capabilities.receive). */
export function assertCanReceive(company: CompanyRow, type: DocumentType | undefined, field = 'receiver'): void {
  if (type === undefined) return;
  if (!(company.capabilities?.receive ?? []).includes(type)) {
    throw failure(
      'RECIPIENT_CANNOT_RECEIVE',
      `${company.peppol_id ?? company.id} does not accept ${type} documents (capabilities.receive).`,
      { details: [{ field, rule: 'document-type', message: `cannot receive ${type}` }] },
    );
  }
}

/** What the access point is told of a message it forwarded: the receiving country (its C4 report) and our document. */
export interface ForwardedMessageAccepted {
  documentId: string;
  countryCodeC4: string;
}

/**
 * POST /internal/access-point/inbound: an SBD the access point received, forwarded as phoss-ap's
 * `http_post_sync` forwarder posts it, or the sandbox access point sends it within an organization's
 * sandbox network. A business document lands at the company of the message's network it is
 * addressed to; an Invoice Response moves the outgoing invoice it answers; a Message Level Status
 * reaches the delivery of the outgoing document it names. The InstanceIdentifier identifies the
 * message: forwarded again, it answers the same document and creates nothing.
 */
export async function receiveForwardedMessage(
  deps: InboundDeps,
  sbd: string,
  forwarded: { instanceId: string | undefined; network?: ForwardingNetwork },
): Promise<ForwardedMessageAccepted> {
  const network: ForwardingNetwork = forwarded.network ?? { livemode: true };
  const organizationId = network.livemode ? undefined : network.organizationId;
  const unwrapped = unwrapSbdh(sbd);
  if (!unwrapped.ok) {
    throw failure(
      'INVALID_INPUT',
      `The body is not a valid Standard Business Document: ${unwrapped.errors.map((e) => e.message).join('; ')}.`,
      {
        details: unwrapped.errors.slice(0, 20).map((e) => ({ field: e.path, rule: e.rule, message: e.message })),
      },
    );
  }
  const { header, payload } = unwrapped;
  if (!header.instanceId) {
    throw failure('INVALID_INPUT', 'The SBDH has no DocumentIdentification/InstanceIdentifier.', {
      details: [{ field: 'DocumentIdentification/InstanceIdentifier', rule: 'required', message: 'required' }],
    });
  }
  if (forwarded.instanceId !== undefined && forwarded.instanceId !== header.instanceId) {
    throw failure(
      'INVALID_INPUT',
      `X-SBDH-Instance-ID ${forwarded.instanceId} names another message than the SBDH's InstanceIdentifier ${header.instanceId}.`,
      {
        details: [
          { field: 'X-SBDH-Instance-ID', rule: 'matches-sbdh', message: 'differs from the InstanceIdentifier' },
        ],
      },
    );
  }
  if (isMessageLevelStatus(payload)) return receiveMessageLevelStatus(deps, payload, network);
  // An Invoice Response answers one of our outgoing invoices: it moves that invoice's lifecycle.
  if (isInvoiceResponse(payload)) {
    const answered = await receiveInvoiceResponse(deps, { xml: payload, livemode: network.livemode, organizationId });
    if (answered)
      return { documentId: answered.documentId, countryCodeC4: await countryOfDocument(deps, answered.documentId) };
  }
  const company = await findReceivingCompany(deps.db, header.receiver, network);
  if (!company) {
    throw failure('RECIPIENT_NOT_FOUND', `No company receives for participant ${header.receiver} here.`, {
      details: [
        {
          field: 'Receiver/Identifier',
          rule: 'registered',
          message: `no ${network.livemode ? 'live' : 'sandbox'} company with this Peppol id`,
        },
      ],
    });
  }
  const type = announcedType(payload);
  assertCanReceive(company, type, 'Receiver/Identifier');
  // Sent by a company of the same organization: the received copy links the document it was sent as.
  const sent = await findOutgoingDocumentByTransportMessage(deps.db, header.instanceId);
  const linked =
    sent && sent.livemode === company.livemode && sent.organization_id === company.organization_id ? [sent.id] : [];
  const { documentId } = await startInbound(deps, {
    company,
    messageId: header.instanceId,
    senderId: header.sender.replace(/^iso6523-actorid-upis::/i, ''),
    receiverId: header.receiver.replace(/^iso6523-actorid-upis::/i, ''),
    documentTypeId: header.documentTypeId,
    payload,
    source: network.livemode ? 'peppol' : 'sandbox',
    typeHint: type,
    linkedDocumentIds: linked,
  });
  return { documentId, countryCodeC4: company.country };
}

async function countryOfDocument(deps: InboundDeps, documentId: string): Promise<string> {
  const row = await findDocumentById(deps.db, documentId);
  const company = row ? await findCompanyById(deps.db, row.company_id) : undefined;
  return company?.country ?? '';
}

/**
 * The receiving access point's verdict on one of our transmissions. While the document's delivery
 * waits, its run takes it (`delivered` on AP/AB, `rejected` on RE); after, it is only kept on the
 * document.
 */
async function receiveMessageLevelStatus(
  deps: InboundDeps,
  payload: string,
  network: ForwardingNetwork,
): Promise<ForwardedMessageAccepted> {
  const read = readMessageLevelStatus(payload);
  if (!read.ok)
    throw failure('INVALID_INPUT', `The Message Level Status cannot be read: ${read.message}.`, {
      details: [{ field: 'ApplicationResponse', rule: 'peppol-mls', message: read.message }],
    });
  const { instanceId, code, reason } = read.mls;
  const row = await findOutgoingDocumentByTransportMessage(deps.db, instanceId);
  if (
    !row ||
    row.livemode !== network.livemode ||
    (!network.livemode && row.organization_id !== network.organizationId)
  )
    throw failure('DOCUMENT_NOT_FOUND', `No outgoing document was sent with InstanceIdentifier ${instanceId}.`, {
      details: [{ field: 'DocumentReference/ID', rule: 'sent', message: 'no transmission with this id' }],
    });
  const status: MessageLevelStatus = { code, ...(reason ? { reason } : {}) };
  if (row.delivery_status === 'pending') {
    try {
      await deps.temporal.workflow.getHandle(workflowIds.document(row.id)).signal(messageLevelStatusSignal, status);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
      await recordLateMessageLevelStatus(deps.db, row.id, status);
    }
  } else {
    await recordLateMessageLevelStatus(deps.db, row.id, status);
  }
  return { documentId: row.id, countryCodeC4: await countryOfDocument(deps, row.id) };
}
