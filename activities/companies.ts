import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { failure } from '../core/failures.ts';
import { log } from '../core/log.ts';
import type { Db } from '../db/database.ts';
import { findCompanyById, markCompanySmpDeregistered, markCompanySmpRegistered } from '../db/companies.ts';
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

    async deregisterCompanyFromSmp({ companyId }) {
      const company = await findCompanyById(db, companyId);
      if (!company?.peppol_id) return { deregistered: false };
      await smpFor(upstreams, company.livemode).deregister(company.peppol_id).catch(asFailure);
      await markCompanySmpDeregistered(db, companyId);
      return { deregistered: true };
    },
  };
}
