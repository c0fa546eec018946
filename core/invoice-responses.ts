import type { LifecycleCommand, LifecycleStatus, LifecycleStep } from './lifecycle.ts';

/**
 * One Peppol Invoice Response owed to the sender of an incoming invoice. The XML itself is rendered
 * by `peppol/invoice-response.ts` when the lifecycle activity sends it.
 */
export interface InvoiceResponseInput {
  documentId: string;
  status: LifecycleStatus;
  /** Distinguishes the responses of one document (the lifecycle history length works). */
  sequence: number;
  reasonCode?: string | undefined;
  reason?: string | undefined;
  date: string;
}

/**
 * The Invoice Responses a lifecycle move owes: none for an outgoing document, nor for a move the
 * sender's own response made; else one per step in order (an implied step included, so the
 * sender's view has no gap), the reason of the command on the last. `stamp` (epoch ms of the move)
 * keeps the sequences of one document increasing across moves; `date` is the company's day.
 */
export function invoiceResponsesOwed(
  documentId: string,
  direction: string,
  command: LifecycleCommand,
  steps: readonly LifecycleStep[],
  { date, stamp }: { date: string; stamp: number },
): InvoiceResponseInput[] {
  if (direction !== 'incoming' || command.source === 'recipient') return [];
  const reason = command.kind === 'update' ? { reasonCode: command.reasonCode, reason: command.reason } : {};
  return steps.map((step, i) => ({
    documentId,
    status: step.to,
    sequence: stamp * 10 + i,
    date,
    ...(step === steps.at(-1) ? reason : {}),
  }));
}
