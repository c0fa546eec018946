import { createHash, randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools';
import { findCompanyByRef } from '../../db/companies.ts';
import {
  checkParticipantId,
  mergeParty,
  partyRoles,
  readXmlDocument,
  validateDocument,
  type DocumentBody,
  type DocumentType,
  type Party,
} from '../../peppol/index.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import { companyForbidden, companyRef, GIVE_COMPANY_ID, impliedCompanyId } from '../scope.ts';
import { companyParty, quoteNumberWithoutReference, type RecipientDirectory } from '../documents/parties.ts';
import { ApiError } from '../errors.ts';
import { validationFailed } from '../documents/send.ts';
import { announcedType, assertCanReceive, startInbound, type InboundDeps } from '../../core/inbound-door.ts';

/** The seeded sandbox participant that sends simulated documents unless `from` names another. */
export const SANDBOX_INBOUND_SENDER = '0208:0202239951';

const DEFAULT_SENDER_PARTY: Party = {
  peppolId: SANDBOX_INBOUND_SENDER,
  name: 'Proximus SA',
  vatNumber: 'BE0202239951',
  legalId: { scheme: '0208', value: '0202239951' },
  address: { street: 'Boulevard du Roi Albert II 27', city: 'Brussels', postalCode: '1030', country: 'BE' },
};

export interface SandboxInboundInput {
  companyId?: string;
  from?: string;
  type?: DocumentType;
  document?: DocumentBody;
  xml?: string;
}

/**
 * A Belgian account of a sandbox sender, the same for every document it sends (a valid national
 * check and IBAN check digits): an invoice simulated without payment instructions then carries its
 * supplier's account, as real ones do, and can be paid (`POST /v1/payments/sepa-export`).
 */
export function sandboxSenderIban(peppolId: string): string {
  const digest = createHash('sha256').update(peppolId).digest();
  const account = (digest.readUIntBE(0, 5) % 10_000_000_000).toString().padStart(10, '0');
  const check = Number(BigInt(account) % 97n) || 97;
  return composeIBAN({ countryCode: 'BE', bban: `${account}${String(check).padStart(2, '0')}` })!;
}

/**
 * The sender as the organization sees it, so a rendered document names a real-looking party with an
 * address (which the rules require of a seller): derived as a send derives its recipient, from the
 * organization's company of that id, its partner, and the sandbox directory's card (which has one
 * for any valid id).
 */
async function senderParty(recipients: RecipientDirectory, scope: Scope, peppolId: string): Promise<Party> {
  if (peppolId === SANDBOX_INBOUND_SENDER) return DEFAULT_SENDER_PARTY;
  return (
    (await recipients.describe?.({ organizationId: scope.organizationId, livemode: false }, peppolId)) ?? {
      peppolId,
      name: peppolId,
    }
  );
}

/**
 * POST /v1/sandbox/inbound: a document arrives for one of the organization's sandbox companies as
 * if an access point had delivered it, through the same `inbound:<doc_id>` workflow as real ones.
 * A JSON body is rendered to UBL with `from` as its sender party (the seller; the buyer of a purchase
 * order) and the company as the other; XML goes as given.
 */
export async function simulateInbound(
  deps: InboundDeps & { recipients: RecipientDirectory },
  scope: Scope,
  input: SandboxInboundInput,
): Promise<{ documentId: string; workflowId: string }> {
  const ref = input.companyId ?? (await impliedCompanyId(deps.db, scope, 'companyId', GIVE_COMPANY_ID));
  // Over the organization, so a company the caller may not act for is 403, not 404.
  const company = await findCompanyByRef(deps.db, organizationWide(scope, false), companyRef(ref));
  if (!company)
    throw new ApiError('COMPANY_NOT_FOUND', `No sandbox company ${ref} in this organization.`, {
      details: [{ field: 'companyId', rule: 'exists', message: 'no such company' }],
    });
  if (scope.companyId && scope.companyId !== company.id) throw companyForbidden(scope, company.id);
  if (company.status !== 'active' || !company.peppol_id)
    throw new ApiError(
      'COMPANY_INACTIVE',
      `Company ${company.id} cannot receive documents (${company.status}${company.peppol_id ? '' : ', no Peppol id'}).`,
    );
  if ((input.document === undefined) === (input.xml === undefined)) {
    throw new ApiError('INVALID_REQUEST', 'Send exactly one of document (JSON DocumentBody) or xml (UBL or CII).', {
      details: [
        { field: input.document ? 'xml' : 'document', rule: 'one-of', message: 'exactly one of document or xml' },
      ],
    });
  }
  if (input.from !== undefined) {
    const check = checkParticipantId(input.from.replace(/^peppol:/, ''));
    if (!check.valid)
      throw new ApiError(
        'INVALID_REQUEST',
        `from is not a valid Peppol participant id: ${check.problems.join('; ')}.`,
        { details: [{ field: 'from', rule: 'participant-id', message: check.problems[0] ?? 'invalid' }] },
      );
  }
  let from = input.from?.replace(/^peppol:/, '');

  let payload: string;
  let type: DocumentType | undefined;
  if (input.document !== undefined) {
    type = input.type ?? 'invoice';
    from ??= SANDBOX_INBOUND_SENDER;
    const roles = partyRoles(type);
    const body: DocumentBody = {
      ...input.document,
      [roles.sender]: mergeParty(await senderParty(deps.recipients, scope, from), input.document[roles.sender], {
        peppolId: from,
      }),
      [roles.recipient]: mergeParty(companyParty(company), input.document[roles.recipient], {
        peppolId: company.peppol_id,
      }),
    };
    quoteNumberWithoutReference(type, body);
    if ((type === 'invoice' || type === 'debit-note') && body.payment === undefined)
      body.payment = { means: 'credit_transfer', iban: sandboxSenderIban(from) };
    assertCanReceive(company, type, 'companyId');
    const rendered = validateDocument(type, body);
    if (!rendered.valid || !rendered.xml) throw validationFailed(rendered.errors);
    payload = rendered.xml;
  } else {
    payload = input.xml!;
    const announced = announcedType(payload);
    if (input.type && announced && input.type !== announced) {
      throw new ApiError('INVALID_REQUEST', `type is ${input.type} but the XML is a ${announced}.`, {
        details: [{ field: 'type', rule: 'matches-xml', message: `the XML is a ${announced}` }],
      });
    }
    type = input.type ?? announced;
    assertCanReceive(company, type, 'companyId');
    // Without `from`, the party the XML names as its sender sends it (the seller, the buyer of a purchase
    // order), when it names a Peppol participant.
    const named = from
      ? undefined
      : readXmlDocument(payload, 'auto').body?.[partyRoles(type ?? 'invoice').sender]?.peppolId;
    from ??= named && /^\d{4}:\S+$/.test(named) ? named : SANDBOX_INBOUND_SENDER;
  }

  return startInbound(deps, {
    company,
    messageId: randomUUID(),
    senderId: from,
    receiverId: company.peppol_id,
    payload,
    source: 'sandbox',
    typeHint: type,
  });
}
