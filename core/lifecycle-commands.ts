import { WithStartWorkflowOperation, WorkflowUpdateRPCTimeoutOrCancelledError, type Client } from '@temporalio/client';
import { failure } from './failures.ts';
import { TASK_QUEUES, workflowIds } from './temporal.ts';
import { searchAttributesFor } from './workflow-context.ts';
import { lifecycleUpdate } from './workflow-messages.ts';
import type {
  AnyLifecycleCommand,
  LifecycleCommand,
  LifecycleOutcome,
  LifecycleSource,
  ReasonCode,
  TargetStatus,
} from './lifecycle.ts';
import type { Db } from '../db/database.ts';
import { findInvoiceAnswered, type DocumentRow } from '../db/documents.ts';
import { clockOffsetOf } from '../db/deliveries.ts';
import { amountPaid } from '../db/payments.ts';
import type { documentWorkflow } from '../workflows/documents/document.ts';
import { lifecycleStatusFor, parseInvoiceResponse, type InvoiceResponse } from '../peppol/index.ts';

/*
 * Lifecycle commands sent to a document's workflow, shared by the API (part 4.6 updates, payments,
 * CDAR) and the inbound door (Invoice Responses of recipients, whoever forwards them).
 */

export interface LifecycleDeps {
  db: Db;
  temporal: Client;
}

/** The longest a lifecycle command waits for the document's workflow to take it. */
export const LIFECYCLE_UPDATE_DEADLINE_MS = 5_000;
/** What a caller whose command was not taken in time is told to wait before trying again. */
export const LIFECYCLE_RETRY_AFTER_SECONDS = 5;

/**
 * Sends one command to the document's workflow as an Update: to the running run if there is one
 * (the delivery run, or a lifecycle run still open), else to a fresh lifecycle-only run. A refused
 * move rejects with the workflow's WorkflowUpdateFailedError (see api/foreign-errors.ts); a run that
 * does not take it within {@link LIFECYCLE_UPDATE_DEADLINE_MS} with UPSTREAM_UNAVAILABLE.
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
    throw failure(
      'UPSTREAM_UNAVAILABLE',
      `The workflow of document ${row.id} did not answer within ${LIFECYCLE_UPDATE_DEADLINE_MS / 1000} s; retry later.`,
      { retryAfterSeconds: LIFECYCLE_RETRY_AFTER_SECONDS },
    );
  }
}

/**
 * The deadline reached: the client answers it as DEADLINE_EXCEEDED or, when it cancels the call
 * itself, as CANCELLED; both come wrapped in WorkflowUpdateRPCTimeoutOrCancelledError.
 */
function isDeadlineExceeded(err: unknown): boolean {
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
  for (let e: any = err; e; e = e.cause) if (e.code === 4 || /deadline exceeded/i.test(String(e.message))) return true;
  return false;
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
 * door with the unwrapped ApplicationResponse). Finds the invoice by the responding party (our
 * company's customer), our company's participant id and the invoice number, and moves its
 * lifecycle with history source `recipient`. Returns null when no outgoing invoice matches.
 * Throws INVALID_INPUT for a payload that is not a BIS Invoice Response, and the workflow's
 * refusal (INVALID_TRANSITION) when the status cannot follow from the current one.
 */
export async function receiveInvoiceResponse(
  deps: LifecycleDeps,
  input: { xml: string; livemode: boolean; organizationId?: string | undefined },
): Promise<ReceivedInvoiceResponse | null> {
  const parsed = parseInvoiceResponse(input.xml);
  if (!parsed.ok) {
    throw failure(
      'INVALID_INPUT',
      `Not a Peppol Invoice Response: ${parsed.errors.map((e) => e.message).join('; ')}.`,
      {
        details: parsed.errors.slice(0, 20).map((e) => ({ field: e.path, rule: e.rule, message: e.message })),
      },
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
