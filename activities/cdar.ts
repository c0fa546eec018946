import { cdarStatusFor, isFrenchDocument, sirenOf, type CdarStatus } from '../core/cdar.ts';
import type { LifecycleCommand, LifecycleStep, PlannedPayment } from '../core/lifecycle.ts';
import type { Db } from '../db/database.ts';
import type { DocumentRow } from '../db/documents.ts';
import { insertStoredFlow, type StoredFlow } from '../db/flows.ts';
import { renderCdar, type CdarParty } from '../peppol/cdar.ts';
import { isBillingType } from '../peppol/document-types.ts';

export interface CdarOutInput {
  document: DocumentRow;
  /** The company's country. */
  country: string | null;
  steps: readonly LifecycleStep[];
  payment: PlannedPayment | null;
  command: LifecycleCommand;
  at: Date;
}

/** A party of the document as the reform names it: by SIREN when French, else by its Peppol id. */
function partyOf(party: DocumentRow['sender'] | null, role: 'SE' | 'BY'): CdarParty | undefined {
  const siren = sirenOf(party);
  if (siren) return { scheme: '0002', id: siren, name: party?.name ?? undefined, role };
  const [scheme, id] = (party?.peppolId ?? '').split(':');
  return id ? { scheme, id, name: party?.name ?? undefined, role } : undefined;
}

/**
 * The CDAR messages our company's lifecycle move of a French document owes (seller or buyer in
 * France): one per step the reform has a status for, kept as outgoing stored flows linked to the
 * invoice, in the transaction of the move. A move a CDAR made is not told back. Returns the flows, whose
 * `flow.stored` events the caller dispatches after commit.
 */
export async function emitCdarForMove(trx: Db, input: CdarOutInput): Promise<StoredFlow[]> {
  const { document: doc, command } = input;
  if (command.kind === 'response' && command.cdarStatus) return [];
  if (!isBillingType(doc.type) || !doc.number) return [];
  if (!isFrenchDocument(input.country, doc)) return [];
  const seller = partyOf(doc.sender, 'SE');
  const buyer = partyOf(doc.receiver, 'BY');
  const ours = doc.direction === 'outgoing' ? seller : buyer;
  const flows: StoredFlow[] = [];
  for (const [i, step] of input.steps.entries()) {
    const status: CdarStatus | undefined = cdarStatusFor(step.to, doc.direction);
    if (!status) continue;
    const last = i === input.steps.length - 1;
    const messageId = `CDV-${doc.id}-${input.at.getTime()}-${i}`;
    const reason = last && (command.kind === 'update' || command.kind === 'response') ? command : undefined;
    const xml = renderCdar({
      id: messageId,
      issuedAt: input.at.toISOString(),
      statusCode: status.code,
      statusLabel: status.labelFr,
      invoice: {
        id: doc.number,
        issueDate: doc.issue_date ?? undefined,
        typeCode: doc.type === 'credit-note' ? '381' : doc.type === 'debit-note' ? '383' : '380',
      },
      sender: ours,
      seller,
      reasonCode: reason?.reasonCode,
      reason: reason?.reason,
      amount: last && input.payment ? { value: input.payment.amount, currency: input.payment.currency } : undefined,
    });
    flows.push(
      await insertStoredFlow(trx, {
        organizationId: doc.organization_id,
        livemode: doc.livemode,
        companyId: doc.company_id,
        direction: 'outgoing',
        number: messageId,
        flowType: doc.direction === 'outgoing' ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC',
        flowSyntax: 'CDAR',
        name: `${messageId}.xml`,
        content: Buffer.from(xml),
        contentType: 'application/xml',
        linkedDocumentIds: [doc.id],
      }),
    );
  }
  return flows;
}
