import { cdarStatus, companyRole, reasonCodeOf, type CdarStatus } from '../../../core/cdar.ts';
import type { TargetStatus } from '../../../core/lifecycle.ts';
import type { Scope } from '../../../core/scope.ts';
import { claimTrackingId, findInvoiceByNumber, insertStoredFlow, type StoredFlow } from '../../../db/flows.ts';
import { parseCdar } from '../../../peppol/cdar.ts';
import { ApiError } from '../../errors.ts';
import { runLifecycleCommand, type LifecycleDeps } from '../../../core/lifecycle-commands.ts';
import type { Upload } from '../multipart.ts';
import type { FlowInfo } from './service.ts';
import { submitted } from './stored.ts';

/** The side that speaks a status: what its emitter column says, platforms counted with their side. */
function sideOf(status: CdarStatus): 'buyer' | 'supplier' | 'platform' {
  if (status.emitter === 'buyer' || status.emitter === 'buyer-platform') return 'buyer';
  if (status.emitter === 'supplier' || status.emitter === 'supplier-platform') return 'supplier';
  return 'platform';
}

const invalid = (message: string, rule: string, field = 'file') =>
  new ApiError('INVALID_REQUEST', message, { details: [{ field, rule, message }] });

/**
 * A CDAR lifecycle message about one of the caller's invoices: its status moves the invoice's
 * lifecycle through the document workflow, as a Peppol Invoice Response does (core/cdar.ts maps
 * the codes), then the message is kept as a stored flow linked to the invoice. A status the
 * invoice's state does not allow is refused (409 INVALID_TRANSITION) and nothing is kept.
 * A status said by our company's own side (a buyer approving what it received) is its own
 * decision and answered to the seller with an Invoice Response; one from the other side is
 * recorded as the recipient's.
 */
export async function submitCdarFlow(
  deps: LifecycleDeps,
  scope: Scope,
  info: FlowInfo,
  upload: Upload,
): Promise<StoredFlow> {
  const parsed = parseCdar(upload.bytes.toString('utf8'));
  if (!parsed.ok)
    throw new ApiError('INVALID_REQUEST', `The file is not a CDAR lifecycle message: ${parsed.errors[0].message}.`, {
      details: parsed.errors.slice(0, 20).map((e) => ({ field: e.path, rule: 'InvalidSchema', message: e.message })),
    });
  const message = parsed.message;
  const status = cdarStatus(message.statusCode);
  if (!status)
    throw invalid(
      `Status ${message.statusCode} is not an invoice status of the reform (200 to 213).`,
      'InvoiceLCStatusError',
    );
  const invoice = await findInvoiceByNumber(deps.db, scope, message.invoice.id, message.invoice.issueDate);
  if (!invoice)
    throw new ApiError(
      'DOCUMENT_NOT_FOUND',
      `The CDAR ${message.id} is about invoice ${message.invoice.id}${message.invoice.issueDate ? ` of ${message.invoice.issueDate}` : ''}, which is not a document of this caller.`,
      { details: [{ field: 'file', rule: 'InvoiceLCRuleError', message: `no invoice ${message.invoice.id}` }] },
    );
  // The tracking id is claimed before the invoice moves and held until the flow is stored: a
  // concurrent submission under the same id waits, then is refused having moved nothing. The
  // lifecycle reads go through the transaction too, so the waiting ones cannot starve it of connections.
  return deps.db.transaction().execute(async (trx) => {
    if (info.trackingId) await claimTrackingId(trx, scope, info.trackingId);
    if (status.lifecycle) {
      const own = sideOf(status) === companyRole(invoice.direction);
      await runLifecycleCommand(
        { ...deps, db: trx },
        invoice,
        {
          kind: 'response',
          status: status.lifecycle as TargetStatus,
          responseCode: status.invoiceResponse ?? status.code,
          responseId: message.id,
          reasonCode: reasonCodeOf(message.reasonCode),
          reason: message.reason ?? (message.reasonCode ? message.reasonCode : undefined),
          date: message.issuedAt.slice(0, 10),
          cdarStatus: status.code,
        },
        { source: own ? 'api' : 'recipient', actor: message.sender?.id ?? null },
      );
    }
    return insertStoredFlow(trx, {
      ...submitted(scope, info, upload),
      companyId: invoice.company_id,
      direction: 'outgoing',
      number: message.id,
      flowType: invoice.direction === 'outgoing' ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC',
      flowSyntax: 'CDAR',
      linkedDocumentIds: [invoice.id],
    });
  });
}
