import type { Client } from '@temporalio/client';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { newId } from '../../core/ids.ts';
import { verifyPunchoutSecret } from '../../core/punchout-secret.ts';
import { createScope } from '../../core/scope.ts';
import { findActiveCompanies } from '../../db/companies.ts';
import type { Db } from '../../db/database.ts';
import { insertDocument } from '../../db/documents.ts';
import { insertEvent } from '../../db/events.ts';
import { findOrganization } from '../../db/organizations.ts';
import { findPunchoutPartners, type PartnerRow } from '../../db/partners.ts';
import { punchOutLines, readPunchOutOrderMessage, type PunchOutOrderMessage } from '../../peppol/cxml.ts';
import { round2, sum } from '../../peppol/money.ts';
import { ApiError } from '../errors.ts';

export interface PunchoutDeps {
  db: Db;
  temporal: Client;
  /** The web app the buyer's browser returns to. */
  appUrl: string;
}

/**
 * What `BuyerCookie` says: `<org_id>`, or `<org_id>:<thread_id>:v2` with a conversation to return to.
 * Any other `<org_id>:<anything>` names the organization by its first part, without a thread.
 */
export interface BuyerCookie {
  organizationId: string;
  threadId: string | undefined;
}

export function parseBuyerCookie(cookie: string): BuyerCookie {
  const parts = cookie.trim().split(':');
  if (parts.length === 3 && parts[2] === 'v2') return { organizationId: parts[0], threadId: parts[1] || undefined };
  return { organizationId: parts[0], threadId: undefined };
}

export interface ReceivedCart {
  documentId: string;
  redirectUrl: string;
}

/**
 * The cart of a PunchOut session as a draft purchase order of the organization the BuyerCookie names,
 * with its `punchout.cart` event. Checks come first and store nothing when one fails: a readable
 * message (400), a known organization (404), a shared secret of one of its partners (401), a company
 * to order for (404).
 */
export async function receivePunchOutCart(deps: PunchoutDeps, xml: string): Promise<ReceivedCart> {
  const read = readPunchOutOrderMessage(xml);
  if (!read.ok)
    throw new ApiError(
      'INVALID_REQUEST',
      `The body is not a usable cXML PunchOutOrderMessage: ${read.errors[0].message}`,
      {
        details: read.errors.map((e) => ({ field: e.path, rule: e.rule, message: e.message })),
      },
    );
  const message = read.message;
  const cookie = parseBuyerCookie(message.buyerCookie);
  const organization = cookie.organizationId.startsWith('org_')
    ? await findOrganization(deps.db, cookie.organizationId)
    : undefined;
  if (!organization)
    throw new ApiError('RESOURCE_NOT_FOUND', `The BuyerCookie names no organization ("${cookie.organizationId}").`);

  const partner = await authenticatedPartner(deps.db, organization.id, message);
  const scope = createScope({ organizationId: organization.id, livemode: partner.livemode, callerKind: 'system' });
  const [company] = await findActiveCompanies(deps.db, scope, 1);
  if (!company)
    throw new ApiError(
      'COMPANY_NOT_FOUND',
      `Organization ${organization.id} has no active ${partner.livemode ? 'live' : 'sandbox'} company to order for.`,
    );

  const lines = punchOutLines(message);
  const net = round2(sum(message.items.map((i) => i.quantity.mul(i.unitPrice))));
  const buyer = { peppolId: company.peppol_id, name: company.name, vatNumber: company.vat_number };
  const seller = { peppolId: partner.peppol_id, name: partner.name, vatNumber: partner.vat_number };
  // A purchase order needs a number and a date (BT-1, BT-2); the cart has neither, so the draft gets
  // its day and a number from its id, which the buyer may change before sending.
  const id = newId('doc');
  const issueDate = new Date().toISOString().slice(0, 10);
  const number = `PO-${issueDate.replaceAll('-', '')}-${id.slice(-6).toUpperCase()}`;
  const { row, event } = await deps.db.transaction().execute(async (trx) => {
    const row = await insertDocument(trx, {
      id,
      organization_id: organization.id,
      livemode: partner.livemode,
      company_id: company.id,
      partner_id: partner.id,
      type: 'purchase-order',
      direction: 'outgoing',
      number,
      issue_date: issueDate,
      due_date: null,
      currency: message.currency,
      gross_amount: message.total.toFixed(2),
      net_amount: net.toFixed(2),
      vat_amount: null,
      sender: JSON.stringify(buyer),
      receiver: JSON.stringify(seller),
      sender_peppol_id: company.peppol_id,
      receiver_peppol_id: partner.peppol_id,
      status: 'draft',
      delivery_status: 'stored',
      lifecycle_status: 'issued',
      body: JSON.stringify({
        number,
        issueDate,
        currency: message.currency,
        seller: definedOnly(seller),
        buyer: definedOnly(buyer),
        lines,
      }),
      xml: null,
      source_format: 'cxml',
      metadata: JSON.stringify({
        punchout: {
          payloadId: message.payloadId ?? null,
          buyerCookie: message.buyerCookie,
          threadId: cookie.threadId ?? null,
          operationAllowed: message.operationAllowed ?? null,
          supplierPartAuxiliaryIds: message.items.map((i) => i.supplierPartAuxiliaryId ?? null),
        },
      }),
      notes: '[]',
    });
    const event = await insertEvent(trx, {
      organizationId: row.organization_id,
      livemode: row.livemode,
      companyId: row.company_id,
      type: 'punchout.cart',
      data: {
        documentId: row.id,
        type: row.type,
        number: row.number,
        direction: row.direction,
        partnerId: partner.id,
        currency: row.currency,
        grossAmount: Number(row.gross_amount),
        lineCount: lines.length,
        threadId: cookie.threadId ?? null,
        payloadId: message.payloadId ?? null,
      },
    });
    return { row, event };
  });
  await createEventDispatcher(deps.temporal, deps.db).dispatch([event]);

  const base = `${deps.appUrl}/${encodeURIComponent(organization.slug)}`;
  return {
    documentId: row.id,
    redirectUrl: cookie.threadId ? `${base}/ai/chat/${encodeURIComponent(cookie.threadId)}` : `${base}/requests`,
  };
}

/**
 * The partner of the organization whose PunchOut credentials the message carries: its identity (and
 * domain, when the partner has one) in a `Sender` or `From` credential, and the shared secret. Every
 * refusal reads the same, so a caller learns nothing about which part was wrong.
 */
async function authenticatedPartner(
  db: Db,
  organizationId: string,
  message: PunchOutOrderMessage,
): Promise<PartnerRow> {
  const refused = () =>
    new ApiError('INVALID_TOKEN', 'The cXML SharedSecret matches no PunchOut partner of this organization.');
  const secret = message.sharedSecret;
  if (!secret) throw new ApiError('MISSING_AUTH', 'The cXML header carries no Sender/Credential/SharedSecret.');
  const credentials = [...message.sender, ...message.from];
  const candidates = (
    await findPunchoutPartners(
      db,
      organizationId,
      credentials.map((c) => c.identity),
    )
  ).filter((p) =>
    credentials.some(
      (c) =>
        c.identity.toLowerCase() === p.punchout_identity!.toLowerCase() &&
        (!p.punchout_domain || c.domain?.toLowerCase() === p.punchout_domain.toLowerCase()),
    ),
  );
  // No candidate still costs one hash, so the timing does not tell a known identity from an unknown one.
  if (candidates.length === 0) {
    await verifyPunchoutSecret(secret, undefined);
    throw refused();
  }
  for (const partner of candidates) {
    if (await verifyPunchoutSecret(secret, partner.punchout_secret_hash!)) return partner;
  }
  throw refused();
}

function definedOnly(party: { peppolId: string | null; name: string | null; vatNumber: string | null }) {
  return Object.fromEntries(Object.entries(party).filter(([, v]) => v !== null));
}
