import { Decimal } from 'decimal.js';
import { randomToken } from '../../core/ids.ts';
import type { DocumentRow } from '../../db/documents.ts';
import { amountPaid, amountsPaid } from '../../db/payments.ts';
import {
  buildCreditTransfer,
  checkCreditTransfer,
  type BuiltCreditTransfer,
  type SepaTransfer,
} from '../../peppol/sepa.ts';
import type { LifecycleOutcome } from '../../core/lifecycle.ts';
import type { Principal } from '../context.ts';
import type { Scope } from '../../core/scope.ts';
import { clockOffsetOf } from '../../db/deliveries.ts';
import { ApiError } from '../errors.ts';
import { runLifecycleCommand, type LifecycleDeps } from '../../core/lifecycle-commands.ts';
import { actorOf, money, visibleDocument } from '../lifecycle/service.ts';

export type PaymentStatus = 'unpaid' | 'partially_paid' | 'paid' | 'overdue';

/** Payment info of part 2.10. */
export interface PaymentInfo {
  documentId: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  dueDate: string | null;
  status: PaymentStatus;
  iban: string | null;
  reference: string | null;
}

function paymentTerms(row: DocumentRow): { iban: string | null; bic: string | null; reference: string | null } {
  const payment = (row.body as { payment?: { iban?: string; bic?: string; reference?: string } } | null)?.payment;
  return { iban: payment?.iban ?? null, bic: payment?.bic ?? null, reference: payment?.reference ?? null };
}

/** The company's current date: sandbox companies live on their virtual clock. */
async function companyToday(deps: LifecycleDeps, companyId: string): Promise<string> {
  return new Date(Date.now() + (await clockOffsetOf(deps.db, companyId))).toISOString().slice(0, 10);
}

/**
 * `overdue` wins over `partially_paid` once the due date has passed with money still owed; a
 * document without an amount (a stored file) is `unpaid` until its lifecycle says `paid`.
 */
export function paymentInfoOf(row: DocumentRow, paid: string, today: string): PaymentInfo {
  const gross = row.gross_amount === null ? null : new Decimal(row.gross_amount);
  const due = gross === null ? new Decimal(0) : Decimal.max(gross.minus(paid), 0);
  const dueDate = row.due_date;
  let status: PaymentStatus;
  if (row.lifecycle_status === 'paid' || (gross !== null && gross.greaterThan(0) && due.isZero())) status = 'paid';
  else if (dueDate !== null && dueDate < today) status = 'overdue';
  else status = new Decimal(paid).greaterThan(0) ? 'partially_paid' : 'unpaid';
  const terms = paymentTerms(row);
  return {
    documentId: row.id,
    amountDue: due.toNumber(),
    amountPaid: new Decimal(paid).toNumber(),
    currency: row.currency ?? 'EUR',
    dueDate,
    status,
    iban: terms.iban,
    reference: terms.reference,
  };
}

export async function getPaymentInfo(deps: LifecycleDeps, scope: Scope, documentId: string): Promise<PaymentInfo> {
  const row = await visibleDocument(deps.db, scope, documentId);
  return paymentInfoOf(row, await amountPaid(deps.db, row.id), await companyToday(deps, row.company_id));
}

/**
 * Records a payment through the document's workflow: advances to `partially_paid` or `paid`,
 * recording the implied `approved` step when the document was not approved yet.
 */
export async function recordPayment(
  deps: LifecycleDeps,
  principal: Principal,
  scope: Scope,
  documentId: string,
  body: { amount: number; date: string; reference?: string },
): Promise<{ payment: PaymentInfo; lifecycle: LifecycleOutcome }> {
  const amount = money(body.amount, 'amount');
  const row = await visibleDocument(deps.db, scope, documentId);
  const lifecycle = await runLifecycleCommand(
    deps,
    row,
    { kind: 'payment', amount, date: body.date, reference: body.reference },
    { source: 'payment', actor: actorOf(principal) },
  );
  return { payment: await getPaymentInfo(deps, scope, documentId), lifecycle };
}

export interface SepaExportBody {
  documentIds: string[];
  debtor: { name: string; iban: string; bic: string };
  requestedExecutionDate: string;
}

const NOT_PAYABLE_STATES = ['paid', 'rejected', 'disputed'];
/** What the company owes its supplier: an invoice or a debit note (a credit note is owed the other way). */
const PAYABLE_TYPES = ['invoice', 'debit-note'];

/**
 * A pain.001.001.09 file paying the amount still due on each incoming document. Only payable
 * documents are accepted: incoming invoices and debit notes, in EUR, not paid, rejected or disputed,
 * with money due and the supplier's valid IBAN; otherwise 422 DOCUMENT_NOT_PAYABLE names each
 * offending document. The export records nothing: payments are recorded when the bank confirms them.
 */
export async function exportSepa(
  deps: LifecycleDeps,
  scope: Scope,
  body: SepaExportBody,
): Promise<BuiltCreditTransfer & { messageId: string }> {
  const rows: DocumentRow[] = [];
  for (const id of body.documentIds) rows.push(await visibleDocument(deps.db, scope, id));
  const paid = await amountsPaid(
    deps.db,
    rows.map((r) => r.id),
  );
  const problems: Array<{ field: string; rule: string; message: string }> = [];
  const transfers: SepaTransfer[] = [];
  rows.forEach((row, i) => {
    const field = `documentIds[${i}]`;
    const terms = paymentTerms(row);
    const due =
      row.gross_amount === null ? new Decimal(0) : new Decimal(row.gross_amount).minus(paid.get(row.id) ?? '0');
    const reason =
      row.direction !== 'incoming'
        ? 'is an outgoing document: only incoming documents are paid'
        : row.type === 'credit-note'
          ? 'is a credit note: the supplier owes its amount to you, there is nothing to pay'
          : !PAYABLE_TYPES.includes(row.type)
            ? `is a ${row.type}: only invoices and debit notes are paid`
            : (row.currency ?? 'EUR') !== 'EUR'
              ? `is in ${row.currency}: SEPA pays EUR only`
              : NOT_PAYABLE_STATES.includes(row.lifecycle_status)
                ? `is ${row.lifecycle_status}`
                : due.lessThanOrEqualTo(0)
                  ? 'has nothing left to pay'
                  : !terms.iban
                    ? 'carries no IBAN of the supplier'
                    : undefined;
    if (reason) {
      problems.push({ field, rule: 'payable', message: `${row.id} ${reason}` });
      return;
    }
    transfers.push({
      endToEndId: row.id.replace('_', '-'),
      amount: due.toFixed(2),
      creditor: {
        name: row.sender.name ?? row.sender.peppolId ?? 'Supplier',
        iban: terms.iban!,
        bic: terms.bic ?? undefined,
      },
      remittance: row.number ?? row.id,
    });
  });
  const messageId = `SEPA-${randomToken(20)}`;
  const file = {
    messageId,
    createdAt: new Date(),
    requestedExecutionDate: body.requestedExecutionDate,
    debtor: body.debtor,
    transfers,
  };
  if (!problems.length) {
    for (const issue of checkCreditTransfer(file)) {
      const index = /^transfers\[(\d+)\]/.exec(issue.field)?.[1];
      if (issue.field.startsWith('debtor.')) {
        throw new ApiError(
          issue.field === 'debtor.iban' ? 'INVALID_IBAN' : 'INVALID_REQUEST',
          `${issue.field} ${issue.message}.`,
          { details: [{ field: issue.field, rule: 'format', message: issue.message }] },
        );
      }
      problems.push({
        field: `documentIds[${index}]`,
        rule: 'payable',
        message: `${rows[Number(index)].id}: supplier ${issue.field.replace(/^transfers\[\d+\]\.creditor\./, '')} ${issue.message}`,
      });
    }
  }
  if (problems.length)
    throw new ApiError(
      'DOCUMENT_NOT_PAYABLE',
      `${problems.length} of the documents cannot be paid: ${problems[0].message}${problems.length > 1 ? '; …' : ''}`,
      { details: problems },
    );
  return { ...buildCreditTransfer(file), messageId };
}
