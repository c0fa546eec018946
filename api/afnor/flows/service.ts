import type { Db } from '../../../db/database.ts';
import {
  claimTrackingId,
  findFlow,
  findFlowIdByTrackingId,
  insertDocumentFlow,
  TrackingIdTaken,
  type FlowRow,
} from '../../../db/flows.ts';
import { findFile, insertFile } from '../../../db/files.ts';
import type { Scope } from '../../../core/scope.ts';
import { findCompanyById } from '../../../db/companies.ts';
import { isFrenchDocument } from '../../../core/cdar.ts';
import { isBillingType, readXmlDocumentChecked, type XmlDocument } from '../../../peppol/index.ts';
import { asPeppolConversion, readFacturX } from '../../../peppol/facturx.ts';
import { ApiError } from '../../errors.ts';
import { sendDocument, validationFailed, type SendDeps, type SendHooks } from '../../documents/send.ts';
import { documentPdf } from '../../documents/pdf.ts';
import type { Upload } from '../multipart.ts';
import { submitCdarFlow } from './cdar.ts';
import { submitFrrFlow } from './frr.ts';
import { createEventDispatcher } from '../../../core/event-dispatcher.ts';
import { log } from '../../../core/log.ts';

export interface FlowInfo {
  name: string;
  flowSyntax: 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
  flowProfile?: string;
  processingRule?: string;
  trackingId?: string;
  sha256?: string;
}

/**
 * The standard's `AlreadyExistingFlow`: a tracking id is the sender's own name for one flow, so a
 * second flow under it is refused before any work is done, naming the first. The transaction that
 * stores a flow claims its id again (`claimTrackingId`), for submissions that overlap.
 */
async function refuseRepeatedTrackingId(db: Db, scope: Scope, trackingId: string | undefined): Promise<void> {
  if (!trackingId) return;
  const existingId = await findFlowIdByTrackingId(db, scope, trackingId);
  if (existingId) throw new TrackingIdTaken(trackingId, existingId);
}

/** How long a submission waits for the workflow service to take its `flow.stored` fan-out. */
const DISPATCH_DEADLINE_MS = 2_000;

export type FlowDocType = 'Metadata' | 'Original' | 'Converted' | 'ReadableView';

function checksumMismatch(declared: string, actual: string): ApiError {
  return new ApiError('INVALID_REQUEST', `flowInfo.sha256 is ${declared} but the file's SHA-256 is ${actual}.`, {
    details: [{ field: 'flowInfo.sha256', rule: 'ChecksumMismatch', message: 'does not match the file' }],
  });
}

/**
 * Part 4.15 submission: an invoice flow becomes a document of the caller's company through the send
 * pipeline of /v1 (validation, delivery, lifecycle, events), and keeps what it said of itself and the
 * bytes received; a CDAR moves the lifecycle of the invoice it names; an FRR is stored and reported.
 * A stored flow's `flow.stored` event goes out once it is committed.
 */
export async function submitFlow(deps: SendDeps, scope: Scope, info: FlowInfo, upload: Upload): Promise<FlowRow> {
  const { sha256 } = upload;
  if (info.sha256 && info.sha256 !== sha256) throw checksumMismatch(info.sha256, sha256);
  if (upload.bytes.length === 0)
    throw new ApiError('INVALID_REQUEST', 'The file is empty.', {
      details: [{ field: 'file', rule: 'EmptyFlow', message: 'must not be empty' }],
    });
  await refuseRepeatedTrackingId(deps.db, scope, info.trackingId);

  if (info.flowSyntax === 'CDAR' || info.flowSyntax === 'FRR') {
    const stored = await (info.flowSyntax === 'CDAR' ? submitCdarFlow : submitFrrFlow)(deps, scope, info, upload);
    // The flow is stored, so it is accepted: a dispatch that fails or hangs now is the maintenance
    // sweep's to repeat, not the caller's to wait for.
    const dispatch = () => createEventDispatcher(deps.temporal, deps.db).dispatch([stored.event]);
    await deps.temporal.connection
      .withDeadline(Date.now() + DISPATCH_DEADLINE_MS, dispatch)
      .catch((err: unknown) =>
        log.warn('flow.stored dispatch left to the sweeper', { eventId: stored.event.id, error: String(err) }),
      );
    return (await findFlow(deps.db, scope, stored.id))!;
  }
  // The document, the bytes received and what the flow said of itself commit together.
  const document = await sendInvoiceFlow(deps, scope, info, upload, async (trx, row) => {
    if (info.trackingId) await claimTrackingId(trx, scope, info.trackingId);
    const original = await insertFile(trx, {
      organizationId: scope.organizationId,
      livemode: scope.livemode,
      content: upload.bytes,
      sha256,
      contentType: upload.contentType ?? 'application/octet-stream',
      filename: upload.filename ?? `${info.name}`,
    });
    await insertDocumentFlow(trx, {
      document_id: row.id,
      name: info.name,
      flow_syntax: info.flowSyntax,
      flow_profile: info.flowProfile ?? null,
      processing_rule: info.processingRule ?? null,
      tracking_id: info.trackingId ?? null,
      sha256,
      original_file_id: original.id,
    });
  });
  return (await findFlow(deps.db, scope, document))!;
}

/**
 * The CII a Factur-X PDF carries, judged as the Peppol document its conversion is. A file that is
 * no PDF, carries no CII invoice, or one of a profile that is no complete invoice is refused with
 * the reason as rule (`NOT_PDF`, `NO_EMBEDDED_INVOICE`, `UNSUPPORTED_PROFILE`).
 */
async function readFacturXFlow(upload: Upload): Promise<{ xml: string; read: XmlDocument }> {
  const facturX = await readFacturX(upload.bytes);
  if (!facturX.ok)
    throw new ApiError('INVALID_REQUEST', facturX.message, {
      details: [{ field: 'file', rule: facturX.reason, message: facturX.message }],
    });
  return { xml: facturX.xml, read: asPeppolConversion(facturX.document) };
}

/** A UBL, CII or Factur-X invoice (or credit note) through the send pipeline; returns the document id. */
async function sendInvoiceFlow(
  deps: SendDeps,
  scope: Scope,
  info: FlowInfo,
  upload: Upload,
  accepted: NonNullable<SendHooks['accepted']>,
): Promise<string> {
  const format = info.flowSyntax === 'UBL' ? 'ubl-xml' : 'cii-xml';
  const { xml, read } =
    info.flowSyntax === 'Factur-X'
      ? await readFacturXFlow(upload)
      : {
          xml: upload.bytes.toString('utf8'),
          read: await readXmlDocumentChecked(upload.bytes.toString('utf8'), format),
        };
  // A file that is no valid invoice may name no parties at all: its findings are the answer, not a
  // sender or recipient that cannot be found.
  if (!read.valid) throw validationFailed(read.errors, read.warnings);
  // A flow is an invoice, its lifecycle or a report: an order or a quote is sent through /v1.
  if (read.type && !isBillingType(read.type))
    throw validationFailed(
      [
        {
          rule: 'DOCUMENT_TYPE',
          message: `the file is a ${read.type}, not an invoice or a credit note: send it with POST /v1/documents/send`,
          path: '/',
        },
      ],
      [],
    );
  const row = await sendDocument(
    deps,
    scope,
    {
      type: read.type ?? 'invoice',
      format,
      // Without a company of its own, the caller sends from the company the invoice names as seller.
      from: scope.companyId ? undefined : read.body?.seller?.peppolId,
      to: read.body?.buyer?.peppolId ?? '',
      xml,
      read,
    },
    { accepted },
  );
  return row.id;
}

export async function loadFlow(db: Db, scope: Scope, flowId: string): Promise<FlowRow> {
  const row = await findFlow(db, scope, flowId);
  if (!row) throw new ApiError('RESOURCE_NOT_FOUND', `No flow ${flowId} for this caller.`);
  return row;
}

/** The file a `docType` names: the bytes received, the UBL held, or the PDF rendering. */
export async function flowFile(
  db: Db,
  scope: Scope,
  row: FlowRow,
  docType: Exclude<FlowDocType, 'Metadata'>,
): Promise<{ content: Buffer; filename: string; contentType: string }> {
  const base = (row.flow_name ?? row.number ?? row.id).replace(/[^A-Za-z0-9._-]/g, '_');
  switch (docType) {
    case 'Original': {
      const fileId = row.original_file_id ?? row.file_id;
      const file = fileId ? await findFile(db, scope, fileId) : undefined;
      if (file) return { content: file.content, filename: file.filename, contentType: file.content_type };
      if (row.xml) return { content: Buffer.from(row.xml), filename: `${base}.xml`, contentType: 'application/xml' };
      throw new ApiError('RESOURCE_NOT_FOUND', `Flow ${row.id} has no original file.`);
    }
    case 'Converted':
      if (!row.xml) throw new ApiError('RESOURCE_NOT_FOUND', `Flow ${row.id} has no UBL: it is a stored file.`);
      return { content: Buffer.from(row.xml), filename: `${base}.ubl.xml`, contentType: 'application/xml' };
    case 'ReadableView': {
      const pdf = await documentPdf(db, scope, row.id, {}, (await facturXView(db, row)) ? 'factur-x' : 'pdf');
      return { content: pdf.content, filename: pdf.filename, contentType: 'application/pdf' };
    }
  }
}

/** A French invoice (part 4.15) reads as a Factur-X: our rendering with its CII embedded. */
async function facturXView(db: Db, row: FlowRow): Promise<boolean> {
  if (!row.body || !isBillingType(row.type)) return false;
  const company = await findCompanyById(db, row.company_id);
  return isFrenchDocument(company?.country, row);
}
