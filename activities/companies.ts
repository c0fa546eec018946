import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { failure } from '../core/failures.ts';
import { log } from '../core/log.ts';
import type { Db } from '../db/database.ts';
import {
  findCompanyById,
  markCompanySmpDeregistered,
  markCompanySmpRegistered,
  recordCompanyNetwork,
} from '../db/companies.ts';
import type { CompanyNetwork } from '../db/tables/companies.ts';
import { UpstreamError } from '../upstreams/directory/types.ts';
import type { NetworkReaders } from '../upstreams/companies.ts';
import { insertEvent } from '../db/events.ts';
import { smpFor, type CompanyUpstreams } from '../upstreams/companies.ts';
import type { CompanyRecord } from '../db/companies.ts';
import { documentTypeIdsFor, SmpError, type SmpBusinessCard } from '../upstreams/smp-registration/index.ts';

export type SmpRegistrationOutcome =
  | { outcome: 'registered'; peppolId: string; generation: number }
  | { outcome: 'missing' }
  | { outcome: 'inactive' }
  | { outcome: 'no_participant' }
  /** The SML holds the participant for another SMP: nothing was published; only a migration moves it. */
  | { outcome: 'conflict'; message: string };

export interface CompanyActivities {
  /** Publishes the company's receive capabilities at the SMP (upstream preset: retried with backoff). */
  registerCompanyWithSmp(input: { companyId: string }): Promise<SmpRegistrationOutcome>;
  /** Sets smpRegistered and writes `company.smp_registered` in one transaction, once per generation. */
  recordSmpRegistration(input: { companyId: string; generation: number }): Promise<{ eventId: string | null }>;
  /**
   * One check of a live company's presence: the SML points it to our SMP, the SMP publishes our
   * endpoint and certificate, the Directory lists its card. Records the result on the company.
   */
  checkCompanyNetwork(input: { companyId: string }): Promise<{ listed: boolean; problem: string | null }>;
  /** Withdraws the participant from the SMP and clears smpRegistered. */
  deregisterCompanyFromSmp(input: { companyId: string }): Promise<{ deregistered: boolean }>;
}

function asFailure(err: unknown): never {
  if (err instanceof SmpError) throw failure(err.code === 'SML_CONFLICT' ? 'CONFLICT' : err.code, err.message);
  throw err;
}

/** The company's Peppol Directory business card: its name, country, VAT and other identifiers. */
export function businessCardOf(company: CompanyRecord): SmpBusinessCard {
  const identifiers = [
    { scheme: 'VAT', value: company.vat_number },
    ...company.additional_identifiers.filter((i) => !(i.scheme === 'VAT' && i.value === company.vat_number)),
  ];
  return {
    name: company.legal_name || company.name,
    countryCode: company.country,
    identifiers,
    registrationDate: company.created_at.toISOString().slice(0, 10),
    geographicalInformation: company.address?.city,
  };
}

export function createCompanyActivities({
  db,
  events,
  upstreams,
}: {
  db: Db;
  events: EventDispatcher;
  upstreams: CompanyUpstreams;
}): CompanyActivities {
  return {
    async registerCompanyWithSmp({ companyId }) {
      const company = await findCompanyById(db, companyId);
      if (!company) return { outcome: 'missing' };
      if (company.status === 'inactive') return { outcome: 'inactive' };
      if (!company.peppol_id) return { outcome: 'no_participant' };
      try {
        await smpFor(upstreams, company.livemode).register({
          participantId: company.peppol_id,
          documentTypeIds: documentTypeIdsFor(company.capabilities.receive),
          businessCard: businessCardOf(company),
        });
      } catch (err) {
        if (err instanceof SmpError && err.code === 'SML_CONFLICT')
          return { outcome: 'conflict', message: err.message };
        asFailure(err);
      }
      return { outcome: 'registered', peppolId: company.peppol_id, generation: company.smp_generation + 1 };
    },

    async recordSmpRegistration({ companyId, generation }) {
      const event = await db.transaction().execute(async (trx) => {
        const row = await markCompanySmpRegistered(trx, companyId, generation);
        if (!row) return undefined;
        return insertEvent(trx, {
          organizationId: row.organization_id,
          livemode: row.livemode,
          companyId,
          type: 'company.smp_registered',
          data: { companyId, peppolId: row.peppol_id },
        });
      });
      if (!event) return { eventId: null };
      // A failed dispatch is not retried here: the maintenance sweeper dispatches stranded events.
      await events
        .dispatch([event])
        .catch((err: unknown) =>
          log.warn('event dispatch failed; the sweeper will retry', { eventId: event.id, error: String(err) }),
        );
      return { eventId: event.id };
    },

    async checkCompanyNetwork({ companyId }) {
      const company = await findCompanyById(db, companyId);
      if (!company?.peppol_id || !company.livemode || company.status === 'inactive' || !upstreams.network)
        return { listed: false, problem: null };
      const network = await checkNetwork(
        upstreams.network,
        company.peppol_id,
        documentTypeIdsFor(company.capabilities.receive),
      );
      await recordCompanyNetwork(db, companyId, network);
      return { listed: network.problem === null, problem: network.problem };
    },

    async deregisterCompanyFromSmp({ companyId }) {
      const company = await findCompanyById(db, companyId);
      if (!company?.peppol_id) return { deregistered: false };
      await smpFor(upstreams, company.livemode).deregister(company.peppol_id).catch(asFailure);
      await markCompanySmpDeregistered(db, companyId);
      return { deregistered: true };
    },
  };
}

const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').replace(/\/+$/, '').toLowerCase() === (b ?? '').replace(/\/+$/, '').toLowerCase();

function reason(err: unknown): string {
  if (err instanceof UpstreamError) return err.message;
  throw err;
}

/** SML, then SMP (as a sender reads it, signature checked), then Directory; the first problem says what to do. */
export async function checkNetwork(
  readers: NetworkReaders,
  peppolId: string,
  documentTypeIds: string[],
): Promise<CompanyNetwork> {
  const result: CompanyNetwork = {
    smp: 'published',
    sml: 'unchecked',
    directory: 'unchecked',
    checkedAt: new Date().toISOString(),
    problem: null,
  };
  const problems: string[] = [];
  try {
    const located = await readers.locate(peppolId);
    result.sml = !located ? 'absent' : same(located.smpUrl, readers.ownSmpUrl) ? 'resolves' : 'elsewhere';
    if (result.sml === 'absent')
      problems.push(
        `The SML does not resolve ${peppolId} yet (it follows an SMP registration within minutes); it is checked again.`,
      );
    if (result.sml === 'elsewhere')
      problems.push(
        `The SML points ${peppolId} to ${located!.smpUrl}, not to our SMP: another provider holds it; it moves to us only by an SMP migration with the key from that provider.`,
      );
  } catch (err) {
    problems.push(`The SML cannot be asked: ${reason(err)}; it is checked again.`);
  }
  if (result.sml === 'resolves') {
    try {
      const found = await readers.lookup.lookup(peppolId, { organizationId: 'network-check' }, { documentTypeIds });
      const endpoints = (found?.documentTypes ?? []).flatMap((d) => d.processes.flatMap((p) => p.endpoints));
      const ours = endpoints.filter(
        (e) => e.endpointUrl === readers.endpointUrl && (!readers.certificate || e.certificate === readers.certificate),
      );
      const missing = documentTypeIds.filter((id) => !found?.documentTypes.some((d) => d.documentTypeId === id));
      if (!found || missing.length || ours.length < endpoints.length || endpoints.length === 0) {
        result.smp = 'pending';
        problems.push(
          !found
            ? `Our SMP does not answer for ${peppolId}; the registration is published again on the next capability change or by support.`
            : missing.length
              ? `Our SMP does not publish ${missing.length} of the company's document types yet; it is checked again.`
              : `Our SMP publishes an endpoint or certificate other than this access point's (ACCESS_POINT_AS4_URL, ACCESS_POINT_CERTIFICATE): correct the settings, the next registration rewrites them.`,
        );
      }
    } catch (err) {
      result.smp = 'pending';
      problems.push(`Our SMP's answer cannot be read or verified: ${reason(err)}.`);
    }
  }
  try {
    const card = await readers.directory.participant(peppolId, { organizationId: 'network-check' });
    result.directory = card ? 'listed' : 'absent';
    if (!card)
      problems.push(
        'The Peppol Directory does not list the business card yet (it indexes a pushed card within minutes); it is checked again.',
      );
  } catch (err) {
    problems.push(`The Peppol Directory cannot be asked: ${reason(err)}; it is checked again.`);
  }
  result.problem = problems[0] ?? null;
  return result;
}
