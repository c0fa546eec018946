import { WithStartWorkflowOperation, WorkflowUpdateRPCTimeoutOrCancelledError, type Client } from '@temporalio/client';
import { Decimal } from 'decimal.js';
import { forEachConcurrently } from '../../core/concurrency.ts';
import { log } from '../../core/log.ts';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import type { Db } from '../../db/database.ts';
import { findDocument, findInvoiceAnswered, type DocumentRow } from '../../db/documents.ts';
import { clockOffsetOf } from '../../db/deliveries.ts';
import { amountPaid } from '../../db/payments.ts';
import type { documentWorkflow } from '../../workflows/documents/document.ts';
import { lifecycleStatusFor, parseInvoiceResponse, type InvoiceResponse } from '../../peppol/index.ts';
import { lifecycleUpdate } from '../../workflows/documents/lifecycle.ts';
import type {
  AnyLifecycleCommand,
  LifecycleCommand,
  LifecycleOutcome,
  LifecycleSource,
  LifecycleUpdateCommand,
  ReasonCode,
  TargetStatus,
} from '../../core/lifecycle.ts';
import type { Principal } from '../context.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { toApiError } from '../foreign-errors.ts';
import type { BatchItems, ItemError } from '../middleware/item-validation.ts';

export interface LifecycleDeps {
  db: Db;
  temporal: Client;
}

/** The lifecycle update body of part 4.6, as validated against the contract. */
export interface LifecycleUpdateBody {
  status: TargetStatus;
  reason?: string;
  reasonCode?: ReasonCode;
  note?: string;
  paymentDate?: string;
  paymentAmount?: number;
  paymentCurrency?: string;
  remainingAmount?: number;
  paymentReference?: string;
}

/** A document the caller may see (organization, mode, company), else 404. */
export async function visibleDocument(db: Db, scope: Scope, documentId: string): Promise<DocumentRow> {
  const row = await findDocument(db, scope, documentId);
  if (!row) throw new ApiError('DOCUMENT_NOT_FOUND', `No document ${documentId} in this organization.`);
  return row;
}

const missing = (field: string, message: string) =>
  new ApiError('MISSING_FIELD', message, { details: [{ field, rule: 'required', message }] });

/** Money travels as JSON numbers with at most two decimals; converted to text without float arithmetic. */
export function money(value: number, field: string): string {
  const amount = new Decimal(String(value));
  // numeric(18,2) holds less than 10^16; the contract says so too, this guards the batch entries.
  if (amount.abs().greaterThanOrEqualTo(1e16))
    throw new ApiError('INVALID_REQUEST', `${field} must be below 10^16.`, {
      details: [{ field, rule: 'exclusiveMaximum', message: 'must be below 10^16' }],
    });
  if (amount.decimalPlaces() > 2)
    throw new ApiError('INVALID_REQUEST', `${field} has more than 2 decimals.`, {
      details: [{ field, rule: 'decimals', message: 'at most 2 decimals' }],
    });
  return amount.toFixed(2);
}

/** The checks that need no state: required fields per target status (part 4.6). */
export function updateCommand(body: LifecycleUpdateBody, prefix = ''): LifecycleUpdateCommand {
  if (body.status === 'rejected' || body.status === 'disputed') {
    if (!body.reasonCode)
      throw missing(`${prefix}reasonCode`, `reasonCode is required to move a document to ${body.status}.`);
    if (!body.reason)
      throw missing(
        `${prefix}reason`,
        `reason is required to move a document to ${body.status}${body.reasonCode === 'OTH' ? ' (OTH is always paired with a reason)' : ''}.`,
      );
  }
  if ((body.status === 'paid' || body.status === 'partially_paid') && !body.paymentDate)
    throw missing(`${prefix}paymentDate`, `paymentDate is required to move a document to ${body.status}.`);
  if (body.status === 'partially_paid' && body.paymentAmount === undefined && body.remainingAmount === undefined) {
    throw missing(`${prefix}paymentAmount`, 'paymentAmount (or remainingAmount) is required for a partial payment.');
  }
  return {
    kind: 'update',
    status: body.status,
    reason: body.reason,
    reasonCode: body.reasonCode,
    note: body.note,
    paymentDate: body.paymentDate,
    paymentAmount: body.paymentAmount === undefined ? undefined : money(body.paymentAmount, `${prefix}paymentAmount`),
    paymentCurrency: body.paymentCurrency,
    remainingAmount:
      body.remainingAmount === undefined ? undefined : money(body.remainingAmount, `${prefix}remainingAmount`),
    paymentReference: body.paymentReference,
  };
}

/**
 * Sends one command to the document's workflow as an Update: to the running run if there is one
 * (the delivery run, or a lifecycle run still open), else to a fresh lifecycle-only run. A refused
 * move rejects with the workflow's WorkflowUpdateFailedError (see api/foreign-errors.ts).
 */
export async function runLifecycleCommand(
  deps: LifecycleDeps,
  row: DocumentRow,
  command: AnyLifecycleCommand,
  by: { source: LifecycleSource; actor: string | null },
): Promise<LifecycleOutcome> {
  const offsetMs = await clockOffsetOf(deps.db, row.company_id);
  const full: LifecycleCommand = {
    ...command,
    source: by.source,
    actor: by.actor,
    observed: {
      status: row.lifecycle_status,
      amountPaid: await amountPaid(deps.db, row.id),
      grossAmount: row.gross_amount,
      currency: row.currency,
      direction: row.direction,
    },
  };
  const start = new WithStartWorkflowOperation<typeof documentWorkflow>('documentWorkflow', {
    taskQueue: TASK_QUEUES.documents,
    workflowId: workflowIds.document(row.id),
    args: [{ documentId: row.id, livemode: row.livemode, offsetMs, deliver: false }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    typedSearchAttributes: searchAttributesFor({
      organizationId: row.organization_id,
      livemode: row.livemode,
      companyId: row.company_id,
      documentId: row.id,
    }),
  });
  try {
    return await deps.temporal.connection.withDeadline(Date.now() + LIFECYCLE_UPDATE_DEADLINE_MS, () =>
      deps.temporal.workflow.executeUpdateWithStart(lifecycleUpdate, { args: [full], startWorkflowOperation: start }),
    );
  } catch (err) {
    if (!isDeadlineExceeded(err)) throw err;
    // The run exists but does not answer (busy with, or stuck on, an earlier step): the caller
    // learns it now instead of holding a connection open until it does.
    throw new ApiError(
      'UPSTREAM_UNAVAILABLE',
      `The workflow of document ${row.id} did not answer within ${LIFECYCLE_UPDATE_DEADLINE_MS / 1000} s; retry later.`,
      { headers: { 'Retry-After': String(LIFECYCLE_RETRY_AFTER_SECONDS) }, cause: err },
    );
  }
}

/** The longest a lifecycle command waits for the document's workflow to take it. */
export const LIFECYCLE_UPDATE_DEADLINE_MS = 5_000;
const LIFECYCLE_RETRY_AFTER_SECONDS = 5;

/**
 * The deadline reached: the client answers it as DEADLINE_EXCEEDED or, when it cancels the call
 * itself, as CANCELLED; both come wrapped in WorkflowUpdateRPCTimeoutOrCancelledError.
 */
function isDeadlineExceeded(err: unknown): boolean {
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
  for (let e: any = err; e; e = e.cause) if (e.code === 4 || /deadline exceeded/i.test(String(e.message))) return true;
  return false;
}

export function actorOf(principal: Principal): string | null {
  return principal.apiKeyId ?? principal.userId ?? null;
}

export async function updateLifecycle(
  deps: LifecycleDeps,
  principal: Principal,
  scope: Scope,
  documentId: string,
  body: LifecycleUpdateBody,
): Promise<LifecycleOutcome> {
  const command = updateCommand(body);
  const row = await visibleDocument(deps.db, scope, documentId);
  return runLifecycleCommand(deps, row, command, { source: 'api', actor: actorOf(principal) });
}

export type BatchItemResult =
  | { ok: true; documentId: string; result: LifecycleOutcome }
  | { ok: false; documentId: string | null; error: ItemError };

/**
 * Part 4.6 batch: each document on its own (atomic per document), results in input order. The
 * contract checks only the envelope; each entry is checked here against `LifecycleBatchUpdate`, so
 * a malformed entry fails alone with the 400 a single update of it would get.
 */
export async function updateLifecycleBatch(
  deps: LifecycleDeps,
  items: BatchItems,
  principal: Principal,
  scope: Scope,
  updates: unknown[],
) {
  const results: BatchItemResult[] = new Array(updates.length);
  const documentIdOf = (u: unknown) => {
    const id = (u as { documentId?: unknown } | null)?.documentId;
    return typeof id === 'string' ? id : null;
  };
  // A few at a time: each is a round trip to the workflow, and one document's updates stay in order.
  const sameDocumentTwice = new Set(updates.map(documentIdOf)).size !== updates.length;
  await forEachConcurrently(updates, sameDocumentTwice ? 1 : 8, async (update, i) => {
    const documentId = documentIdOf(update);
    const invalid = items.check('LifecycleBatchUpdate', update);
    if (invalid) {
      results[i] = { ok: false, documentId, error: items.error(invalid) };
      return;
    }
    const { documentId: id, ...body } = update as LifecycleUpdateBody & { documentId: string };
    try {
      results[i] = { ok: true, documentId: id, result: await updateLifecycle(deps, principal, scope, id, body) };
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError) {
        results[i] = { ok: false, documentId: id, error: items.error(apiError) };
      } else {
        // One document's unexpected failure (its workflow unreachable, say) is that item's alone.
        log.error('lifecycle batch item failed', {
          documentId: id,
          error: err instanceof Error ? err.stack : String(err),
        });
        results[i] = {
          ok: false,
          documentId: id,
          error: items.error(
            new ApiError('INTERNAL_ERROR', 'This update could not be applied because of an internal error; retry it.'),
          ),
        };
      }
    }
  });
  const updated = results.filter((r) => r.ok).length;
  return { results, updated, failed: results.length - updated };
}

export interface ReceivedInvoiceResponse {
  /** The outgoing document it answered. */
  documentId: string;
  response: InvoiceResponse;
  /** The move it made; null for an acknowledgement (AB), which moves nothing. */
  outcome: LifecycleOutcome | null;
}

/**
 * A Peppol Invoice Response received for one of our outgoing invoices (called by the inbound
 * pipeline with the unwrapped ApplicationResponse). Finds the invoice by the responding party
 * (our company's customer), our company's participant id and the invoice number, and moves its
 * lifecycle with history source `recipient`. Returns null when no outgoing invoice matches.
 * Throws ApiError INVALID_REQUEST for a payload that is not a BIS Invoice Response, and the
 * workflow's refusal (INVALID_TRANSITION) when the status cannot follow from the current one.
 */
export async function receiveInvoiceResponse(
  deps: LifecycleDeps,
  input: { xml: string; livemode: boolean; organizationId?: string },
): Promise<ReceivedInvoiceResponse | null> {
  const parsed = parseInvoiceResponse(input.xml);
  if (!parsed.ok) {
    throw new ApiError(
      'INVALID_REQUEST',
      `Not a Peppol Invoice Response: ${parsed.errors.map((e) => e.message).join('; ')}.`,
      { details: parsed.errors.slice(0, 20).map((e) => ({ field: e.path, rule: e.rule, message: e.message })) },
    );
  }
  const response = parsed.response;
  const row = await findInvoiceAnswered(deps.db, {
    livemode: input.livemode,
    organizationId: input.organizationId,
    number: response.invoice.id,
    senderPeppolId: response.receiver.peppolId,
    receiverPeppolId: response.sender.peppolId,
  });
  if (!row) return null;
  const status = lifecycleStatusFor(response.responseCode);
  if (!status) return { documentId: row.id, response, outcome: null };
  const outcome = await runLifecycleCommand(
    deps,
    row,
    {
      kind: 'response',
      status: status as TargetStatus,
      responseCode: response.responseCode,
      responseId: response.id,
      reasonCode: response.reasonCode as ReasonCode | undefined,
      reason: response.reason,
      date: response.effectiveDate ?? response.issueDate,
    },
    { source: 'recipient', actor: response.sender.peppolId },
  );
  return { documentId: row.id, response, outcome };
}
