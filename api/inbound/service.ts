import { WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { inboundDocumentId } from '../../core/ids.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import type { Db } from '../../db/database.ts';
import { findDocumentById, findOutgoingDocumentByTransportMessage } from '../../db/documents.ts';
import { deleteFile, insertFile } from '../../db/files.ts';
import { findReceivingCompany } from '../../db/companies.ts';
import { documentTypeOf, isInvoiceResponse, unwrapSbdh, type DocumentType } from '../../peppol/index.ts';
import { receiveInvoiceResponse } from '../lifecycle/service.ts';
import type { InboundMessage } from '../../core/inbound-message.ts';
import type { CompanyRow } from '../documents/parties.ts';
import { deliveryReceiptSignal, type DeliveryReceipt } from '../../workflows/documents/document.ts';
import type { inboundWorkflow } from '../../workflows/documents/inbound.ts';
import { ApiError } from '../errors.ts';

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
    throw new ApiError(
      'RECIPIENT_CANNOT_RECEIVE',
      `${company.peppol_id ?? company.id} does not accept ${type} documents (capabilities.receive).`,
      {
        details: [{ field, rule: 'document-type', message: `cannot receive ${type}` }],
      },
    );
  }
}

/** POST /internal/as4/inbound: an SBD the AS4 gateway received for one of the live companies. */
export async function receiveAs4Message(
  deps: InboundDeps,
  sbd: string,
): Promise<{ documentId: string; workflowId: string }> {
  const unwrapped = unwrapSbdh(sbd);
  if (!unwrapped.ok) {
    throw new ApiError(
      'INVALID_REQUEST',
      `The body is not a valid Standard Business Document: ${unwrapped.errors.map((e) => e.message).join('; ')}.`,
      {
        details: unwrapped.errors.slice(0, 20).map((e) => ({ field: e.path, rule: e.rule, message: e.message })),
      },
    );
  }
  const { header, payload } = unwrapped;
  if (!header.instanceId) {
    throw new ApiError('MISSING_FIELD', 'The SBDH has no DocumentIdentification/InstanceIdentifier.', {
      details: [{ field: 'DocumentIdentification/InstanceIdentifier', rule: 'required', message: 'required' }],
    });
  }
  // An Invoice Response answers one of our outgoing invoices: it moves that invoice's lifecycle.
  if (isInvoiceResponse(payload)) {
    const answered = await receiveInvoiceResponse(deps, { xml: payload, livemode: true });
    if (answered) return { documentId: answered.documentId, workflowId: workflowIds.document(answered.documentId) };
  }
  const company = await findReceivingCompany(deps.db, header.receiver);
  if (!company) {
    throw new ApiError('RECIPIENT_NOT_FOUND', `No company receives for participant ${header.receiver} here.`, {
      details: [{ field: 'Receiver/Identifier', rule: 'registered', message: 'no live company with this Peppol id' }],
    });
  }
  const type = announcedType(payload);
  assertCanReceive(company, type, 'Receiver/Identifier');
  return startInbound(deps, {
    company,
    messageId: header.instanceId,
    senderId: header.sender.replace(/^iso6523-actorid-upis::/i, ''),
    receiverId: header.receiver.replace(/^iso6523-actorid-upis::/i, ''),
    documentTypeId: header.documentTypeId,
    payload,
    source: 'peppol',
    typeHint: type,
  });
}

export interface As4Receipt {
  messageId: string;
  status: 'delivered' | 'rejected';
  errorCode?: string;
  errorMessage?: string;
}

/** POST /internal/as4/receipts: the receiving access point's answer to a message we handed off. */
export async function recordAs4Receipt(deps: InboundDeps, receipt: As4Receipt): Promise<{ documentId: string }> {
  const row = await findOutgoingDocumentByTransportMessage(deps.db, receipt.messageId);
  if (!row)
    throw new ApiError(
      'DOCUMENT_NOT_FOUND',
      `No outgoing document was handed off with message id ${receipt.messageId}.`,
    );
  const signal: DeliveryReceipt = {
    status: receipt.status,
    ...(receipt.errorCode !== undefined ? { errorCode: receipt.errorCode } : {}),
    ...(receipt.errorMessage !== undefined ? { errorMessage: receipt.errorMessage } : {}),
  };
  try {
    await deps.temporal.workflow.getHandle(workflowIds.document(row.id)).signal(deliveryReceiptSignal, signal);
  } catch (err) {
    // A run that already finished has recorded its outcome; a late duplicate receipt changes nothing.
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  return { documentId: row.id };
}
