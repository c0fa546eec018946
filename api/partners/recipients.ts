import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import { isSiren, isSiret, type FrenchRoute } from '../../upstreams/french-directory/index.ts';
import { UpstreamError, type DirectoryParticipant, type DirectoryQuery } from '../../upstreams/directory/types.ts';
import { createScope } from '../../core/scope.ts';
import type { Db } from '../../db/database.ts';
import { findCompaniesMatching, findCompanyByRef } from '../../db/companies.ts';
import { findOwnParticipant } from '../../db/own-participants.ts';
import type { PartnerRole } from '../../db/tables/partners.ts';
import {
  findPartnerByRef,
  findPartnersByName,
  resolvePartnerByIdentifier,
  type PartnerRow,
  type PartnerScope,
} from '../../db/partners.ts';
import {
  checkParticipantId,
  checkVatNumber,
  IDENTIFIER_ICDS,
  normalizeVatNumber,
  participantIdOfVat,
  type DocumentType,
  type Party,
} from '../../peppol/index.ts';
import {
  companyParty,
  deriveParty,
  type CompanyRow,
  type Recipient,
  type RecipientDirectory,
} from '../documents/parties.ts';
import { verifyRecipient } from '../directory/service.ts';
import { ApiError } from '../errors.ts';
import { BARE_PEPPOL_ID } from '../scope.ts';
import { provisionPartner } from './service.ts';

/** Any company of the organization may be the recipient, whichever one the caller acts for. */
const organizationOf = (scope: PartnerScope) =>
  createScope({ organizationId: scope.organizationId, livemode: scope.livemode, callerKind: 'system' });

/** A resolved `to`: the participant, and the record of the organization it came from, if any. */
interface Target {
  peppolId: string;
  /** null: looked up, and the organization has no partner of this participant. */
  partner?: PartnerRow | null | undefined;
  /** null: looked up, and the organization has no company of this participant. */
  company?: CompanyRow | null | undefined;
  /** Found outside the organization (directory, identifier scheme): provisioned as a partner. */
  provision?: boolean;
}

function partnerParty(partner: PartnerRow): Party {
  const e = partner.enrichment ?? {};
  const hasPlace = !!(e.city || e.postalCode);
  return {
    name: partner.name,
    ...(e.legalName ? { legalName: e.legalName } : {}),
    ...(partner.vat_number ? { vatNumber: partner.vat_number } : {}),
    ...(partner.contact_name || partner.contact_email
      ? {
          contact: {
            ...(partner.contact_name ? { name: partner.contact_name } : {}),
            ...(partner.contact_email ? { email: partner.contact_email } : {}),
          },
        }
      : {}),
    ...(partner.country && hasPlace
      ? {
          address: {
            ...(e.city ? { city: e.city } : {}),
            ...(e.postalCode ? { postalCode: e.postalCode } : {}),
            country: partner.country,
          },
        }
      : {}),
  };
}

function cardParty(card: DirectoryParticipant): Party {
  return {
    name: card.name,
    ...(card.vatNumber ? { vatNumber: card.vatNumber } : {}),
    ...(card.country
      ? {
          address: {
            ...(card.street ? { street: card.street } : {}),
            ...(card.city ? { city: card.city } : {}),
            ...(card.postalCode ? { postalCode: card.postalCode } : {}),
            country: card.country,
          },
        }
      : {}),
  };
}

/**
 * Recipient resolution for sending (part 4.6) over the organization's companies and partners, the
 * French directory and the Peppol directory (sandbox: the simulators):
 * - a Peppol id (bare or `peppol:`) is used as is, with the matching partner's defaults if any;
 * - `org:` and `id:` name a company (or, for `id:`, a partner) of the organization;
 * - `siren:` and `siret:` first ask the French directory (annuaire) where the number is invoiced;
 * - `vat:` (or a bare VAT number), `siren:`, `siret:`, `duns:`, `gln:`, `lei:`, `eori:`, `email:`,
 *   `domain:` and `name:` are looked up in the organization's companies and partners, then in the
 *   directories, and finally mapped to the participant id their scheme is published under (VAT,
 *   0002 SIREN, 0009 SIRET, 0060 DUNS, 0088 GLN, 0199 LEI); an unseen recipient is provisioned as
 *   a partner (role `buyer`, `supplier` for the seller a purchase order goes to);
 * - the buyer party is derived from, in order, the organization's company of that id, its partner,
 *   and the directory business card;
 * - `verify` asks the SML/SMP (sandbox: the sandbox directory) for the document type.
 */
export function partnerRecipientDirectory(db: Db, services: DirectoryServices): RecipientDirectory {
  async function describe(
    scope: PartnerScope,
    peppolId: string,
    known: Pick<Target, 'partner' | 'company'> = {},
  ): Promise<Party> {
    // Neither known: both in one statement.
    const own =
      known.company === undefined && known.partner === undefined
        ? await findOwnParticipant(db, scope, peppolId)
        : known;
    const company =
      own.company === undefined ? await findCompanyByRef(db, organizationOf(scope), `peppol:${peppolId}`) : own.company;
    const partner = own.partner === undefined ? await findPartnerByRef(db, scope, `peppol:${peppolId}`) : own.partner;
    // The organization's own company says everything; otherwise the card completes the partner.
    const card = company?.address?.country ? undefined : await participantCard(services, scope, peppolId);
    return deriveParty(peppolId, [
      company ? companyParty(company) : undefined,
      partner ? partnerParty(partner) : undefined,
      card ? cardParty(card) : undefined,
    ]);
  }

  return {
    session: () => partnerRecipientDirectory(db, services.session?.() ?? services),
    async resolve(scope: PartnerScope, to: string, role?: PartnerRole): Promise<Recipient | undefined> {
      const target = await locate(db, services, scope, to);
      if (!target) return undefined;
      let partner: PartnerRow | null | undefined =
        target.partner !== undefined || target.company
          ? target.partner
          : ((await findPartnerByRef(db, scope, `peppol:${target.peppolId}`)) ?? null);
      if (!partner && !target.company && target.provision) {
        partner = (await provisionPartner(db, services, scope, `peppol:${target.peppolId}`, role ? { role } : {}))
          ?.partner;
      }
      const party = await describe(scope, target.peppolId, { partner, company: target.company });
      return {
        peppolId: target.peppolId,
        ...(party.name ? { name: party.name } : {}),
        ...(party.vatNumber ? { vatNumber: party.vatNumber } : {}),
        party,
        ...(partner ? { partnerId: partner.id, defaults: partner.defaults } : {}),
      };
    },
    describe: (scope: PartnerScope, peppolId: string) => describe(scope, peppolId),
    async verify(scope: PartnerScope, peppolId: string, type: DocumentType) {
      const result = await verifyRecipient(services, scope, { peppolId, documentType: type });
      return {
        exists: result.exists,
        canReceive: result.canReceive,
        ...(result.recipientName ? { name: result.recipientName } : {}),
      };
    },
  };
}

/** The directory card of a participant; a failing directory only leaves the buyer less complete. */
async function participantCard(
  services: DirectoryServices,
  scope: PartnerScope,
  peppolId: string,
): Promise<DirectoryParticipant | undefined> {
  try {
    return await services.directory(scope.livemode).participant(peppolId, { organizationId: scope.organizationId });
  } catch (err) {
    if (err instanceof UpstreamError) return undefined;
    throw err;
  }
}

async function searchDirectory(
  services: DirectoryServices,
  scope: PartnerScope,
  query: Omit<DirectoryQuery, 'includeSubEntities' | 'limit'> & { includeSubEntities?: boolean; limit?: number },
): Promise<DirectoryParticipant[]> {
  try {
    const page = await services
      .directory(scope.livemode)
      .search({ includeSubEntities: false, limit: 10, ...query }, { organizationId: scope.organizationId });
    return page.rows;
  } catch (err) {
    if (err instanceof UpstreamError) return [];
    throw err;
  }
}

/** The annuaire's line for a SIREN or SIRET; a failing annuaire leaves the other directories to answer. */
async function frenchRoute(
  services: DirectoryServices,
  scope: PartnerScope,
  identifier: { siren: string } | { siret: string },
): Promise<FrenchRoute | undefined> {
  try {
    return await services.french(scope.livemode).route(identifier, { organizationId: scope.organizationId });
  } catch (err) {
    if (err instanceof UpstreamError) return undefined;
    throw err;
  }
}

function validParticipant(peppolId: string | undefined): string | undefined {
  return peppolId && checkParticipantId(peppolId).valid ? peppolId : undefined;
}

/** A `to` without a prefix: a Peppol id, a VAT number, a SIREN/SIRET or an e-mail address. */
function prefixed(to: string): { prefix: string; value: string } | undefined {
  const m = /^([a-z]+):(.*)$/i.exec(to);
  if (m && !/^\d{4}$/.test(m[1])) return { prefix: m[1].toLowerCase(), value: m[2].trim() };
  if (BARE_PEPPOL_ID.test(to)) return { prefix: 'peppol', value: to };
  if (/^\d{9}$/.test(to)) return { prefix: 'siren', value: to };
  if (/^\d{14}$/.test(to)) return { prefix: 'siret', value: to };
  if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(to)) return { prefix: 'email', value: to };
  const vat = normalizeVatNumber(to);
  if (/^[A-Z]{2}[0-9A-Z]{2,}$/.test(vat) && checkVatNumber(vat).valid) return { prefix: 'vat', value: vat };
  return undefined;
}

const fromCompany = (company: CompanyRow | undefined): Target | undefined =>
  company?.peppol_id && company.status === 'active' ? { peppolId: company.peppol_id, company } : undefined;
const fromPartner = (partner: PartnerRow | undefined): Target | undefined =>
  partner?.peppol_id ? { peppolId: partner.peppol_id, partner } : undefined;
const fromDirectory = (peppolId: string | undefined): Target | undefined =>
  peppolId ? { peppolId, provision: true } : undefined;

async function locate(
  db: Db,
  services: DirectoryServices,
  scope: PartnerScope,
  rawTo: string,
): Promise<Target | undefined> {
  const to = rawTo.trim();
  const form = prefixed(to);
  if (!form || !form.value) return undefined;
  const { prefix, value } = form;
  const org = (ref: string) => findCompanyByRef(db, organizationOf(scope), ref);

  switch (prefix) {
    case 'peppol':
      // The company of that id is not the target (the participant is), but the buyer is derived from it.
      return BARE_PEPPOL_ID.test(value)
        ? { peppolId: value, ...(await findOwnParticipant(db, scope, value)) }
        : undefined;
    case 'org': {
      // A company of the organization by id, VAT number, Peppol id or exact name.
      const ref =
        value.startsWith('comp_') || value.startsWith('vat:') || value.startsWith('peppol:')
          ? value
          : BARE_PEPPOL_ID.test(value)
            ? `peppol:${value}`
            : undefined;
      if (ref) return fromCompany(await org(ref));
      const byVat = checkVatNumber(value).valid ? await org(`vat:${normalizeVatNumber(value)}`) : undefined;
      if (byVat) return fromCompany(byVat);
      return pickOne(
        to,
        (await findCompaniesMatching(db, scope.organizationId, scope.livemode, { name: value })).map(fromCompany),
      );
    }
    case 'id':
      if (value.startsWith('comp_')) return fromCompany(await org(value));
      if (value.startsWith('part_')) return fromPartner(await findPartnerByRef(db, scope, value));
      return undefined;
    case 'vat': {
      const vat = normalizeVatNumber(value);
      return (
        fromCompany(await org(`vat:${vat}`)) ??
        fromPartner(await resolvePartnerByIdentifier(db, scope, `vat:${vat}`)) ??
        fromDirectory((await searchDirectory(services, scope, { vatNumber: vat }))[0]?.peppolId) ??
        fromDirectory(validParticipant(participantIdOfVat(vat)))
      );
    }
    case 'eori': {
      const eori = normalizeVatNumber(value);
      const known =
        fromCompany(
          (
            await findCompaniesMatching(db, scope.organizationId, scope.livemode, { schemes: ['eori'], value: eori })
          )[0],
        ) ?? fromPartner(await resolvePartnerByIdentifier(db, scope, `eori:${eori}`));
      if (known) return known;
      // An EU EORI is the VAT number in most member states, and the SIRET in France.
      if (/^FR\d{14}$/.test(eori)) return locate(db, services, scope, `siret:${eori.slice(2)}`);
      return checkVatNumber(eori).valid ? locate(db, services, scope, `vat:${eori}`) : undefined;
    }
    case 'siren':
    case 'siret':
    case 'duns':
    case 'gln':
    case 'lei': {
      const icd = IDENTIFIER_ICDS[prefix];
      const known =
        fromCompany(await org(`peppol:${icd}:${value}`)) ??
        fromCompany(
          (await findCompaniesMatching(db, scope.organizationId, scope.livemode, { schemes: [prefix, icd], value }))[0],
        ) ??
        fromPartner(await resolvePartnerByIdentifier(db, scope, `${prefix}:${value}`));
      if (known) return known;
      if ((prefix === 'siren' && isSiren(value)) || (prefix === 'siret' && isSiret(value))) {
        // The annuaire says where a SIREN or SIRET is invoiced; one of the organization's own companies stays one.
        const route = await frenchRoute(services, scope, prefix === 'siren' ? { siren: value } : { siret: value });
        if (route?.companyId) return fromCompany(await org(route.companyId));
        if (route) return fromDirectory(route.peppolId);
      }
      if ((prefix === 'siren' && /^\d{9}$/.test(value)) || (prefix === 'siret' && /^\d{14}$/.test(value))) {
        // A participant of the Peppol directory that the annuaire does not list; an establishment is its own participant.
        const found = (
          await searchDirectory(services, scope, { q: value, includeSubEntities: prefix === 'siret', limit: 1 })
        )[0];
        if (found) return fromDirectory(found.peppolId);
      }
      return fromDirectory(validParticipant(`${icd}:${value}`));
    }
    case 'email':
    case 'domain': {
      const contact = prefix === 'domain' ? value.toLowerCase().replace(/^@/, '') : value.toLowerCase();
      const known = fromPartner(await resolvePartnerByIdentifier(db, scope, `${prefix}:${contact}`));
      if (known) return known;
      return pickOne(
        to,
        (await searchDirectory(services, scope, { contact })).map((card) => ({
          peppolId: card.peppolId,
          provision: true,
          name: card.name,
        })),
      );
    }
    case 'name': {
      const companies = (await findCompaniesMatching(db, scope.organizationId, scope.livemode, { name: value })).map(
        fromCompany,
      );
      const partners = (await findPartnersByName(db, scope, value)).map(fromPartner);
      const own = [...companies, ...partners];
      if (own.some(Boolean)) return pickOne(to, own);
      const lower = value.toLowerCase();
      const cards = (await searchDirectory(services, scope, { q: value, limit: 20 })).filter(
        (card) => card.name.toLowerCase() === lower,
      );
      return pickOne(
        to,
        cards.map((card) => ({ peppolId: card.peppolId, provision: true, name: card.name })),
      );
    }
    default:
      return undefined;
  }
}

/** The single participant among the candidates; several distinct ones are for the caller to choose. */
function pickOne(to: string, candidates: Array<(Target & { name?: string }) | undefined>): Target | undefined {
  const distinct = new Map<string, Target & { name?: string }>();
  for (const c of candidates)
    if (c && !distinct.has(c.peppolId.toLowerCase())) distinct.set(c.peppolId.toLowerCase(), c);
  if (distinct.size <= 1) return [...distinct.values()][0];
  const list = [...distinct.values()];
  throw new ApiError(
    'RECIPIENT_NOT_FOUND',
    `${to} matches ${list.length} recipients: send to one of their Peppol ids (see details).`,
    {
      details: list.map((c) => ({
        field: 'to',
        rule: 'ambiguous',
        message: `${c.company?.name ?? c.partner?.name ?? c.name ?? c.peppolId} (${c.peppolId})`,
        peppolId: c.peppolId,
        name: c.company?.name ?? c.partner?.name ?? c.name ?? null,
        source: c.company ? 'company' : c.partner ? 'partner' : 'directory',
        ...(c.company ? { companyId: c.company.id } : c.partner ? { partnerId: c.partner.id } : {}),
      })),
    },
  );
}
