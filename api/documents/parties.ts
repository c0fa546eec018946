import type { CompanyRow } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { findActiveCompanies, findCompanyByRef } from '../../db/companies.ts';
import {
  checkParticipantId,
  DOCUMENT_TYPE_INFO,
  legalIdOfParticipantId,
  mergeParty,
  partnerRoleOf,
  partyRoles,
  type Address,
  type DocumentBody,
  type DocumentType,
  type Party,
} from '../../peppol/index.ts';
import { SANDBOX_RECIPIENTS } from '../../core/sandbox-scenarios.ts';
import type { PartnerRole } from '../../db/tables/partners.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { BARE_PEPPOL_ID, companyForbidden, companyRef, impliedCompanyId } from '../scope.ts';

export type { CompanyRow };

/**
 * The sending company from `from`: a bare Peppol id, `peppol:`, `vat:`, `comp_…`, or `org:` (the
 * company the key acts for, else the organization's first company in this mode, so that the same
 * `org:` keeps naming one company when others are added). Without `from`, several companies and no
 * acting company is 400.
 */
export async function resolveSender(db: Db, scope: Scope, from: string | undefined): Promise<CompanyRow> {
  let ref = from;
  if (ref === undefined || ref.startsWith('org:')) {
    if (ref !== undefined && ref !== 'org:' && ref !== `org:${scope.organizationId}`)
      throw new ApiError('COMPANY_NOT_FOUND', `${ref} is not this organization.`);
    const first = ref !== undefined && !scope.companyId ? (await findActiveCompanies(db, scope, 1))[0] : undefined;
    ref =
      first?.id ??
      (await impliedCompanyId(
        db,
        scope,
        'from',
        'Give from (comp_…, vat:…, peppol:… or a Peppol id; a query parameter in raw-body mode), send X-Service-Company, or use a key bound to one company.',
      ));
  } else {
    ref = companyRef(ref);
  }
  // Over the organization, so naming a company the caller may not act for is 403, not 404.
  const company = await findCompanyByRef(db, organizationWide(scope), ref);
  if (!company)
    throw new ApiError(
      'COMPANY_NOT_FOUND',
      `No company ${from ?? ref} in this organization${scope.livemode ? '' : ' (sandbox)'}.`,
      { details: [{ field: 'from', rule: 'exists', message: 'no such company' }] },
    );
  if (scope.companyId && scope.companyId !== company.id) throw companyForbidden(scope, company.id);
  if (company.status !== 'active')
    throw new ApiError('COMPANY_INACTIVE', `Company ${company.id} is ${company.status} and cannot send documents.`);
  if (!company.peppol_id)
    throw new ApiError('COMPANY_INACTIVE', `Company ${company.id} has no Peppol participant id yet.`);
  return company;
}

/** The company as the seller/sender party of its documents. */
export function companyParty(company: CompanyRow): Party {
  const address = company.address ?? undefined;
  const legalId = company.peppol_id ? legalIdOfParticipantId(company.peppol_id) : undefined;
  return {
    name: company.name,
    legalName: company.legal_name,
    vatNumber: company.vat_number,
    ...(company.peppol_id ? { peppolId: company.peppol_id } : {}),
    ...(legalId ? { legalId } : {}),
    ...(address?.country ? { address: { ...address } } : {}),
  };
}

/** An address a document can carry: it has its country and says at least where in it. */
function usableAddress(address: Address | undefined): boolean {
  return !!address?.country && !!(address.street || address.city || address.postalCode);
}

/**
 * The buyer from the sources that know the recipient, most authoritative first (another company
 * of the organization, the organization's partner, the directory business card). Each field comes
 * from the first source that has it; the address is taken whole (the first with a street line, else
 * the first at all), so lines of two sources never mix.
 */
export function deriveParty(peppolId: string, sources: Array<Party | undefined>): Party {
  const known = sources.filter((s): s is Party => !!s);
  const { address: _ignored, ...fields } = mergeParty(...[...known].reverse());
  // A partner keeps only the city of its card: a source with the street line is the fuller address.
  const addresses = known.map((s) => s.address).filter(usableAddress);
  const address = addresses.find((a) => a!.street) ?? addresses[0];
  const legalId = fields.legalId ?? legalIdOfParticipantId(peppolId);
  return { ...fields, peppolId, ...(legalId ? { legalId } : {}), ...(address ? { address: { ...address } } : {}) };
}

export interface Recipient {
  peppolId: string;
  name?: string;
  vatNumber?: string;
  /** The buyer as derived from the organization's companies, its partner and the directory card. */
  party?: Party;
  partnerId?: string;
  /** Partner defaults that fill fields the document leaves out (currency, payment terms …). */
  defaults?: Record<string, unknown>;
}

/**
 * Where `to` is resolved and checked (part 4.6): Peppol ids are used as is; other identifier forms
 * are looked up in the organization's partners and the directories. `verify` says whether the
 * participant can receive the document type.
 */
export interface RecipientDirectory {
  /** The same directory for one request: a participant's card is looked up once however many steps need it. */
  session?(): RecipientDirectory;
  /** `role`: what a recipient provisioned as a partner is to the organization. */
  resolve(
    scope: { organizationId: string; livemode: boolean },
    to: string,
    role?: PartnerRole,
  ): Promise<Recipient | undefined>;
  /** The derived buyer of a participant id, without provisioning anything (validate). */
  describe?(scope: { organizationId: string; livemode: boolean }, peppolId: string): Promise<Party | undefined>;
  verify(
    scope: { organizationId: string; livemode: boolean },
    peppolId: string,
    type: DocumentType,
  ): Promise<{ exists: boolean; canReceive: boolean; name?: string }>;
}

/** Peppol ids only, with the sandbox scenarios for unreachable recipients. */
export const participantIdDirectory: RecipientDirectory = {
  async resolve(_scope, to) {
    const id = to.startsWith('peppol:') ? to.slice(7) : to;
    return BARE_PEPPOL_ID.test(id) ? { peppolId: id } : undefined;
  },
  async verify(_scope, peppolId, type) {
    if (peppolId === SANDBOX_RECIPIENTS.notRegistered) return { exists: false, canReceive: false };
    if (peppolId === SANDBOX_RECIPIENTS.ordersOnly)
      return { exists: true, canReceive: type === 'purchase-order' || type === 'sales-order' };
    return { exists: true, canReceive: true };
  },
};

export async function resolveRecipient(
  directory: RecipientDirectory,
  scope: Scope,
  to: string | undefined,
  type: DocumentType,
  format: string = 'json',
): Promise<Recipient | undefined> {
  if (type === 'event' && to === undefined) return undefined;
  if (to === undefined)
    throw new ApiError(
      'MISSING_FIELD',
      format === 'json'
        ? 'to is required for every document type except event.'
        : partyRoles(type).recipient === 'seller'
          ? "to is required for every document type except event, unless the XML gives the seller's electronic address (cbc:EndpointID): a purchase order goes to its seller."
          : "to is required for every document type except event, unless the XML gives the buyer's electronic address (cbc:EndpointID, in CII ram:URIUniversalCommunication).",
      { details: [{ field: 'to', rule: 'required', message: 'required unless type is event' }] },
    );
  const bare = to.startsWith('peppol:') ? to.slice(7) : to;
  if (BARE_PEPPOL_ID.test(bare)) {
    const check = checkParticipantId(bare);
    if (!check.valid)
      throw new ApiError('INVALID_REQUEST', `to is not a valid Peppol participant id: ${check.problems.join('; ')}.`, {
        details: [{ field: 'to', rule: 'participant-id', message: check.problems[0] ?? 'invalid' }],
      });
  }
  const lookups = directory.session?.() ?? directory;
  const recipient = await lookups.resolve(scope, to, partnerRoleOf(partyRoles(type).recipient));
  if (!recipient)
    throw new ApiError('RECIPIENT_NOT_FOUND', `No Peppol participant could be found for ${to}.`, {
      details: [{ field: 'to', rule: 'resolvable', message: 'not found in partners or directories' }],
    });
  const reach = await lookups.verify(scope, recipient.peppolId, type);
  if (!reach.exists)
    throw new ApiError('RECIPIENT_NOT_FOUND', `${recipient.peppolId} is not registered on the Peppol network.`, {
      details: [{ field: 'to', rule: 'registered', message: 'not in the SMP' }],
    });
  if (!reach.canReceive)
    throw new ApiError('RECIPIENT_CANNOT_RECEIVE', `${recipient.peppolId} does not accept ${type} documents.`, {
      details: [{ field: 'to', rule: 'document-type', message: `cannot receive ${type}` }],
    });
  return { ...recipient, ...(recipient.name ? {} : reach.name ? { name: reach.name } : {}) };
}

/**
 * Peppol wants a buyer or an order reference on every invoice, credit and debit note
 * (PEPPOL-EN16931-R003), which the contract leaves optional: without either, the document quotes its
 * own number, which both sides know.
 */
export function quoteNumberWithoutReference(type: DocumentType, body: DocumentBody): void {
  if (DOCUMENT_TYPE_INFO[type].billing && !body.buyerReference && !body.orderReference)
    body.buyerReference = body.number;
}
