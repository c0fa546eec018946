import { countDocumentAccepted } from '../../core/metrics.ts';
import type { Client } from '@temporalio/client';
import { Decimal } from 'decimal.js';
import { newId } from '../../core/ids.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import type { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { log } from '../../core/log.ts';
import { startOwedWorkflow } from '../../core/workflow-starts.ts';
import type { Db } from '../../db/database.ts';
import { insertDocument, insertOutgoingDocument, type DocumentRow } from '../../db/documents.ts';
import type { WorkflowStart } from '../../db/workflow-starts.ts';
import type { NewDocumentRow } from '../../db/schema.ts';
import { insertFile } from '../../db/files.ts';
import { readPeriodNames } from './periods.ts';
import { readXmlDocumentOffLoop, validateDocumentOffLoop, type DocumentAmounts } from '../../core/peppol-pool.ts';
import { amountsOf } from '../../core/peppol-pool-worker.ts';
import {
  mergeParty,
  partyRoles,
  sameParticipant,
  type XmlDocument,
  type DocumentBody,
  type DocumentType,
  type Party,
  type PartyRole,
  type ValidationIssue,
} from '../../peppol/index.ts';
import type { documentWorkflow } from '../../workflows/documents/document.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { queueSdiTransmission, sdiTransmissionDue } from '../sdi/transmission.ts';
import {
  companyParty,
  quoteNumberWithoutReference,
  resolveRecipient,
  resolveSender,
  type CompanyRow,
  type Recipient,
  type RecipientDirectory,
} from './parties.ts';
import { sniff } from './payload.ts';

export interface SendDeps {
  db: Db;
  temporal: Client;
  recipients: RecipientDirectory;
  /** The API's Temporal circuit: while open, a send that needs a run is refused at once. */
  temporalBreaker?: CircuitBreaker | undefined;
}

export interface SendHooks {
  /** Runs in the transaction that stores the document (the idempotent answer commits with it). */
  accepted?: (trx: Db, row: DocumentRow) => Promise<void>;
}

export type SendFormat = 'json' | 'ubl-xml' | 'cii-xml' | 'auto' | 'raw';

export interface SendInput {
  type: DocumentType;
  format: SendFormat;
  from?: string | undefined;
  to?: string | undefined;
  document?: DocumentBody | undefined;
  xml?: string | undefined;
  file?: { bytes: Buffer; contentType?: string | undefined; filename?: string | undefined } | undefined;
  metadata?: Record<string, string> | undefined;
  idempotencyKey?: string | undefined;
  /** The XML already read by the caller (`readXmlDocumentChecked` of `xml`), so it is not read twice. */
  read?: XmlDocument | undefined;
  /** Accept a second live document of the same (company, type, number). */
  allowDuplicateNumber?: boolean | undefined;
}

/** What the pipeline delivers: a validated body and the UBL rendered (or received) for it. */
export interface Prepared {
  body: DocumentBody;
  ubl: string;
  sourceFormat: 'json' | 'ubl-xml' | 'cii-xml';
  /** Rules that hold back nothing but are worth telling (validate reports them). */
  warnings: ValidationIssue[];
  /** The totals, computed where the document was validated (a thread, for a large one). */
  amounts: DocumentAmounts;
}

/** The service's own checks of a document against the request, beside the Peppol BIS rules. */
const REQUEST_CHECKS = new Set(['DOCUMENT_TYPE', 'SENDER_MISMATCH', 'RECIPIENT_MISMATCH']);

export function validationFailed(errors: ValidationIssue[], warnings: ValidationIssue[] = []): ApiError {
  const list = errors.slice(0, 100);
  const what = errors.every((e) => REQUEST_CHECKS.has(e.rule))
    ? 'The document does not agree with the request'
    : `The document fails ${errors.length} Peppol BIS rule${errors.length === 1 ? '' : 's'}`;
  return new ApiError(
    'UBL_VALIDATION_FAILED',
    `${what}: ${list
      .slice(0, 3)
      .map((e) => `${e.rule} ${e.message}`)
      .join('; ')}${errors.length > 3 ? '; …' : ''}`,
    {
      details: list.map((e) => ({ field: e.path, rule: e.rule, message: e.message })),
      extra: { warnings: warnings.slice(0, 100).map((w) => ({ field: w.path, rule: w.rule, message: w.message })) },
    },
  );
}

function requireField(value: unknown, field: string, format: string): void {
  if (value === undefined)
    throw new ApiError('MISSING_FIELD', `${field} is required with format ${format}.`, {
      details: [{ field, rule: 'required', message: `required when format is ${format}` }],
    });
}

/** Partner defaults fill what the document leaves out; what the caller sends always wins. */
function applyDefaults(body: DocumentBody, defaults: Record<string, unknown> | undefined): DocumentBody {
  if (!defaults) return body;
  const out: DocumentBody = { ...body };
  if (out.currency === undefined && typeof defaults.currency === 'string') out.currency = defaults.currency;
  if (out.note === undefined && typeof defaults.note === 'string') out.note = defaults.note;
  if (out.orderReference === undefined && typeof defaults.orderReference === 'string')
    out.orderReference = defaults.orderReference;
  if (out.buyerReference === undefined && typeof defaults.buyerReference === 'string')
    out.buyerReference = defaults.buyerReference;
  if (out.dueDate === undefined && typeof defaults.paymentTermsDays === 'number' && out.issueDate) {
    const due = new Date(`${out.issueDate}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + defaults.paymentTermsDays);
    out.dueDate = due.toISOString().slice(0, 10);
  }
  return out;
}

/**
 * A party given in the document over the derived one, field by field; an address given with its
 * country is another place altogether and replaces the derived address whole.
 */
function overrideParty(derived: Party, given: Party | undefined): Party {
  const merged = mergeParty(derived, given);
  if (given?.address?.country) merged.address = { ...given.address };
  return merged;
}

/**
 * The recipient's missing address (BR-10 of a buyer, BR-08 of the seller a purchase order goes to) as
 * a send answers it: what was looked at, and what to give.
 */
function explainRecipientAddress(errors: ValidationIssue[], recipient: Recipient, role: PartyRole): ValidationIssue[] {
  const rule = role === 'seller' ? 'BR-08' : 'BR-10';
  return errors.map((e) =>
    e.rule === rule
      ? {
          ...e,
          message: `The ${role} postal address is required and no source knows one for ${recipient.peppolId} (no company or partner of the organization, no address on its directory business card): give document.${role}.address, at least its country.`,
        }
      : e,
  );
}

export async function prepareJson(
  type: DocumentType,
  document: DocumentBody,
  sender: CompanyRow,
  recipient: Recipient | undefined,
): Promise<Prepared> {
  const body = applyDefaults(readPeriodNames(document), recipient?.defaults);
  quoteNumberWithoutReference(type, body);
  // The company's own default comes after the body and the partner's defaults, before EUR.
  const companyCurrency = (sender.settings as { defaultCurrency?: unknown } | null)?.defaultCurrency;
  if (body.currency === undefined && typeof companyCurrency === 'string') body.currency = companyCurrency;
  const roles = partyRoles(type);
  body[roles.sender] = overrideParty(companyParty(sender), document[roles.sender]);
  if (recipient) {
    const derived = recipient.party ?? {
      ...(recipient.name ? { name: recipient.name } : {}),
      ...(recipient.vatNumber ? { vatNumber: recipient.vatNumber } : {}),
    };
    body[roles.recipient] = mergeParty(overrideParty(derived, document[roles.recipient]), {
      peppolId: recipient.peppolId,
    });
  }
  const result = await validateDocumentOffLoop(type, body);
  if (!result.valid || !result.xml)
    throw validationFailed(
      recipient ? explainRecipientAddress(result.errors, recipient, roles.recipient) : result.errors,
      result.warnings,
    );
  return {
    body,
    ubl: result.xml,
    sourceFormat: 'json',
    warnings: result.warnings,
    amounts: result.amounts ?? amountsOf(body),
  };
}

/**
 * A read XML document (`readXmlDocumentChecked`) as something to send: valid, of the type, from the
 * sender (the party the type makes the sender: the buyer of a purchase order, else the seller) and,
 * when `to` named the recipient, addressed to it: a document goes where its SBDH says, and one whose
 * own endpoint names another participant would reach a company it does not name.
 */
export function prepareXml(
  type: DocumentType,
  read: XmlDocument & { amounts?: DocumentAmounts },
  sender: CompanyRow,
  recipientId?: string,
): Prepared {
  if (!read.valid || !read.body || !read.ubl) throw validationFailed(read.errors, read.warnings);
  if (read.type && read.type !== type) {
    throw validationFailed(
      [{ rule: 'DOCUMENT_TYPE', message: `the XML is a ${read.type}, not a ${type}`, path: '/' }],
      [],
    );
  }
  const roles = partyRoles(type);
  const mismatches: ValidationIssue[] = [];
  const senderId = read.body[roles.sender]?.peppolId;
  if (senderId && !sameParticipant(senderId, sender.peppol_id))
    mismatches.push({
      rule: 'SENDER_MISMATCH',
      message: `the ${roles.sender} endpoint ${senderId} is not the sending company ${sender.peppol_id}`,
      path: '/',
    });
  const addressedTo = read.body[roles.recipient]?.peppolId;
  if (recipientId && addressedTo && !sameParticipant(addressedTo, recipientId))
    mismatches.push({
      rule: 'RECIPIENT_MISMATCH',
      message: `the ${roles.recipient} endpoint ${addressedTo} is not the recipient ${recipientId} (to): leave to out to send the document where it is addressed, or make the two agree`,
      path: '/',
    });
  if (mismatches.length) throw validationFailed(mismatches, []);
  return {
    body: read.body,
    ubl: read.ubl,
    sourceFormat: read.syntax === 'cii' ? 'cii-xml' : 'ubl-xml',
    warnings: read.warnings,
    amounts: read.amounts ?? amountsOf(read.body),
  };
}

function partyColumn(
  party: { peppolId?: string | undefined; name?: string | undefined; vatNumber?: string | undefined } | undefined,
) {
  return JSON.stringify({
    peppolId: party?.peppolId ?? null,
    name: party?.name ?? null,
    vatNumber: party?.vatNumber ?? null,
  });
}

/**
 * Part 4.6 send: resolve sender and recipient, validate or store, persist, and start the
 * `document:<doc_id>` workflow that delivers it. Nothing is stored when validation fails.
 */
export async function sendDocument(
  deps: SendDeps,
  scope: Scope,
  input: SendInput,
  hooks: SendHooks = {},
): Promise<DocumentRow> {
  const sender = await resolveSender(deps.db, scope, input.from);
  const capabilities = sender.capabilities?.send ?? [];
  if (!capabilities.includes(input.type)) {
    throw new ApiError(
      'COMPANY_FORBIDDEN',
      `Company ${sender.id} is not set up to send ${input.type} documents (capabilities.send).`,
    );
  }

  let format: SendFormat = input.format;
  let xml = input.xml;
  // With `auto`, the reading that tells the syntax is the one the document is judged by.
  let read: XmlDocument | undefined = input.read;
  if (format === 'auto') {
    requireField(input.file, 'file', format);
    const kind = await sniff(input.file!.bytes, input.file!.contentType);
    if (kind.kind === 'xml') {
      const text = input.file!.bytes.toString('utf8');
      read = await readXmlDocumentOffLoop(text, 'auto');
      if (read.syntax) {
        xml = text;
        format = read.syntax === 'cii' ? 'cii-xml' : 'ubl-xml';
      } else {
        format = 'raw';
      }
    } else {
      format = 'raw';
    }
  }
  if (format === 'raw') return storeFile(deps, scope, sender, input, hooks);

  let prepared: Prepared | undefined;
  const prepareXmlFormat = async (xmlFormat: 'ubl-xml' | 'cii-xml', recipientId?: string) => {
    if (xml === undefined && input.file) xml = input.file.bytes.toString('utf8');
    requireField(xml, 'xml', xmlFormat);
    read ??= await readXmlDocumentOffLoop(xml!, xmlFormat);
    return prepareXml(input.type, read, sender, recipientId);
  };
  // An XML document names its recipient: the electronic address of the buyer (of the seller, in a
  // purchase order), which `to` may leave out. Read first only then, so that with `to` an unknown
  // recipient is refused before any parse.
  const roles = partyRoles(input.type);
  let to = input.to;
  if (to === undefined && format !== 'json' && input.type !== 'event') {
    prepared = await prepareXmlFormat(format);
    to = prepared.body[roles.recipient]?.peppolId;
  }
  const recipient = await resolveRecipient(deps.recipients, scope, to, input.type, format);
  if (format === 'json') {
    requireField(input.document, 'document', format);
    prepared = await prepareJson(input.type, input.document!, sender, recipient);
  } else {
    prepared ??= await prepareXmlFormat(format, recipient?.peppolId);
  }

  refuseOverflowingTotals(prepared.amounts);
  const senderParty = prepared.body[roles.sender];
  const recipientParty = prepared.body[roles.recipient];
  const receiverParty = recipient
    ? {
        peppolId: recipient.peppolId,
        name: recipientParty?.name ?? recipientParty?.legalName ?? recipient.name,
        vatNumber: recipientParty?.vatNumber ?? recipient.vatNumber,
      }
    : undefined;
  // A document that needs a run is refused at once while Temporal is known to be down, rather than
  // accepted into a backlog the caller cannot see.
  if (recipient) refuseWhileTemporalDown(deps);
  const id = newId('doc');
  const run: WorkflowStart | undefined = recipient
    ? {
        workflowId: workflowIds.document(id),
        workflowType: 'documentWorkflow',
        taskQueue: TASK_QUEUES.documents,
        args: [
          { documentId: id, livemode: scope.livemode, offsetMs: Number(sender.clock_offset_ms) },
        ] satisfies Parameters<typeof documentWorkflow>,
        owner: { organizationId: scope.organizationId, livemode: scope.livemode, companyId: sender.id, documentId: id },
      }
    : undefined;
  const values = {
    id,
    organization_id: scope.organizationId,
    livemode: scope.livemode,
    company_id: sender.id,
    partner_id: recipient?.partnerId ?? null,
    type: input.type,
    direction: 'outgoing',
    number: prepared.body.number ?? null,
    issue_date: prepared.body.issueDate ?? null,
    due_date: prepared.body.dueDate ?? null,
    currency: prepared.body.currency ?? 'EUR',
    gross_amount: prepared.amounts.gross,
    net_amount: prepared.amounts.net,
    vat_amount: prepared.amounts.vat,
    sender: partyColumn({
      peppolId: sender.peppol_id ?? undefined,
      name: senderParty?.name ?? sender.name,
      vatNumber: senderParty?.vatNumber ?? sender.vat_number,
    }),
    receiver: receiverParty ? partyColumn(receiverParty) : JSON.stringify(null),
    sender_peppol_id: sender.peppol_id,
    receiver_peppol_id: recipient?.peppolId ?? null,
    // An event has no recipient: it is stored as a business record and not routed.
    status: recipient ? 'sent' : 'draft',
    delivery_status: recipient ? 'pending' : 'stored',
    ...(recipient ? {} : { stored_format: 'ubl' }),
    lifecycle_status: 'issued',
    body: JSON.stringify(prepared.body),
    xml: prepared.ubl,
    source_format: prepared.sourceFormat,
    metadata: JSON.stringify(input.metadata ?? {}),
    notes: '[]',
  } satisfies NewDocumentRow;
  // The row, the run it owes and the answer to a retry of the request commit together: a crash on
  // either side of the commit leaves all three or none. Without an answer to store, the row and
  // its run are one statement, which needs no transaction around it.
  const insert = async (db: Db) => {
    const result = await insertOutgoingDocument(db, values, { uniqueNumber: !input.allowDuplicateNumber, run });
    if ('existingId' in result) throw documentExists(sender.id, input.type, prepared.body.number, result.existingId);
    // The row echoes the body and XML just written rather than reading them back.
    const row: DocumentRow = {
      ...result.row,
      body: prepared.body as unknown as DocumentRow['body'],
      xml: prepared.ubl,
    };
    return row;
  };
  const accepted = hooks.accepted;
  // A live Italian invoice also owes its SdI transmission (api/sdi/transmission.ts), in the same commit.
  const sdi = recipient !== undefined && sdiTransmissionDue(sender, input.type, scope.livemode);
  let sdiRun: WorkflowStart | undefined;
  const row =
    accepted || sdi
      ? await deps.db.transaction().execute(async (trx) => {
          const inserted = await insert(trx);
          if (accepted) await accepted(trx, inserted);
          if (sdi) sdiRun = await queueSdiTransmission(trx, inserted, sender);
          return inserted;
        })
      : await insert(deps.db);
  if (run) await startRun(deps, run);
  if (sdiRun) await startRun(deps, sdiRun);
  countDocumentAccepted(row);
  return row;
}

/** Stored amounts are numeric(18,2): below 10^16 in absolute value. */
const STORED_AMOUNT_LIMIT = 1e16;

/** Totals the lines add up to but no column can hold: 422 naming the total, before anything is stored. */
function refuseOverflowingTotals(amounts: DocumentAmounts): void {
  const fields = {
    grossAmount: new Decimal(amounts.gross),
    netAmount: new Decimal(amounts.net),
    vatAmount: new Decimal(amounts.vat),
  };
  const over = Object.entries(fields).filter(([, amount]) => amount.abs().greaterThanOrEqualTo(STORED_AMOUNT_LIMIT));
  if (over.length === 0) return;
  throw new ApiError(
    'AMOUNT_OUT_OF_RANGE',
    `The document's ${over.map(([field]) => field).join(', ')} reach${over.length === 1 ? 'es' : ''} 10^16 or more: totals must stay below 10,000,000,000,000,000.`,
    {
      details: over.map(([field, amount]) => ({
        field: `document.totals.${field}`,
        rule: 'range',
        message: `${amount.toFixed(2)} is not below 10^16`,
      })),
    },
  );
}

/** How long a request waits for Temporal to take a run; beyond it the run is left to the sweeper. */
const START_DEADLINE_MS = 2_000;

function refuseWhileTemporalDown(deps: SendDeps): void {
  const breaker = deps.temporalBreaker;
  if (!breaker?.isOpen()) return;
  const retryAfter = String(breaker.retryAfterSeconds());
  throw new ApiError('UPSTREAM_UNAVAILABLE', `The workflow service is unavailable; retry after ${retryAfter} s.`, {
    headers: { 'Retry-After': retryAfter },
  });
}

/**
 * Starts the committed document's run. The document is accepted whatever happens here: a run that
 * cannot start now is owed in `workflow_starts`, and the maintenance sweep starts it. The answer
 * does not wait for the debt's delete (one statement fewer on its way), nor does a Postgres error
 * there count against the Temporal circuit.
 */
export async function startRun(deps: SendDeps, run: WorkflowStart): Promise<void> {
  const start = () =>
    startOwedWorkflow(deps.db, deps.temporal, run, { deadlineMs: START_DEADLINE_MS, clearInBackground: true });
  try {
    await (deps.temporalBreaker ? deps.temporalBreaker.run(start) : start());
  } catch (err) {
    log.warn('document run left to the sweeper', {
      workflowId: run.workflowId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

/**
 * Peppol receivers reject a second document of a number they have, so a sender's live document of
 * the same type and number is answered with its id.
 */
function documentExists(
  companyId: string,
  type: DocumentType,
  number: string | undefined,
  existingId: string,
): ApiError {
  return new ApiError(
    'DOCUMENT_EXISTS',
    `Company ${companyId} already sent ${type} ${number} (${existingId}); send it with allowDuplicateNumber: true if a second document of this number is meant.`,
    {
      details: [{ field: 'document.number', rule: 'unique', message: 'already sent', value: number, existingId }],
    },
  );
}

async function storeFile(
  deps: SendDeps,
  scope: Scope,
  sender: CompanyRow,
  input: SendInput,
  hooks: SendHooks,
): Promise<DocumentRow> {
  requireField(input.file, 'file', 'raw');
  const file = input.file!;
  const kind = await sniff(file.bytes, file.contentType);
  const contentType = file.contentType ?? (kind.kind === 'xml' ? 'application/xml' : kind.mime);
  const extension = kind.kind === 'xml' ? 'xml' : kind.extension;
  const filename =
    file.filename ??
    (input.idempotencyKey
      ? `${input.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}`
      : `event-${newId('file').slice(5, 17)}.${extension}`);
  return deps.db.transaction().execute(async (trx) => {
    const stored = await insertFile(trx, {
      organizationId: scope.organizationId,
      livemode: scope.livemode,
      content: file.bytes,
      contentType,
      filename,
    });
    const row = await insertDocument(trx, {
      id: newId('doc'),
      organization_id: scope.organizationId,
      livemode: scope.livemode,
      company_id: sender.id,
      partner_id: null,
      type: input.type,
      direction: 'outgoing',
      number: null,
      issue_date: null,
      due_date: null,
      currency: null,
      gross_amount: null,
      net_amount: null,
      vat_amount: null,
      sender: partyColumn({ peppolId: sender.peppol_id ?? undefined, name: sender.name, vatNumber: sender.vat_number }),
      receiver: JSON.stringify(null),
      sender_peppol_id: sender.peppol_id,
      receiver_peppol_id: null,
      status: 'draft',
      delivery_status: 'stored',
      lifecycle_status: 'issued',
      body: JSON.stringify(null),
      xml: null,
      source_format: 'raw',
      file_id: stored.id,
      stored_format: extension,
      metadata: JSON.stringify({ ...(input.metadata ?? {}), filename, contentType }),
      notes: '[]',
    });
    await hooks.accepted?.(trx, row);
    return row;
  });
}
