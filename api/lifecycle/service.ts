import { Decimal } from 'decimal.js';
import { forEachConcurrently } from '../../core/concurrency.ts';
import { log } from '../../core/log.ts';
import type { Db } from '../../db/database.ts';
import { findDocument, type DocumentRow } from '../../db/documents.ts';
import { runLifecycleCommand, type LifecycleDeps } from '../../core/lifecycle-commands.ts';
import type { LifecycleOutcome, LifecycleUpdateCommand, ReasonCode, TargetStatus } from '../../core/lifecycle.ts';
import type { Principal } from '../context.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { toApiError } from '../foreign-errors.ts';

export type { LifecycleDeps };
import type { BatchItems, ItemError } from '../middleware/item-validation.ts';

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
