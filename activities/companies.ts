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
  checkCompanyNetwork(input: {
    companyId: string;
    generation: number;
    recordRegistration: boolean;
    /** The bound's last check: whatever is still wrong becomes a `company.network_problem` event. */
    final: boolean;
  }): Promise<{ state: 'listed' | 'pending' | 'gone'; problem: string | null }>;
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
  /** Nothing was published: the company shows the conflict and its way out, told once as an event. */
  async function recordConflict(company: CompanyRecord, message: string): Promise<void> {
    const network: CompanyNetwork = {
      smp: 'conflict',
      sml: 'elsewhere',
      directory: 'unchecked',
      checkedAt: new Date().toISOString(),
      problem: heldElsewhereProblem(company.peppol_id!, message.replace(/^.*?\((.*)\)\.?$/s, '$1')),
    };
    const event = await db.transaction().execute(async (trx) => {
      const before = await findCompanyById(trx, company.id);
      await recordCompanyNetwork(trx, company.id, network);
      return before?.network?.problem === network.problem ? undefined : insertNetworkProblem(trx, company, network);
    });
    if (event)
      await events
        .dispatch([event])
        .catch((err: unknown) =>
          log.warn('event dispatch failed; the sweeper will retry', { eventId: event.id, error: String(err) }),
        );
  }

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
        if (err instanceof SmpError && err.code === 'SML_CONFLICT') {
          await recordConflict(company, err.message);
          return { outcome: 'conflict', message: err.message };
        }
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

    async checkCompanyNetwork({ companyId, generation, recordRegistration, final }) {
      const company = await findCompanyById(db, companyId);
      if (!company?.peppol_id || company.status === 'inactive') return { state: 'gone', problem: null };
      const readers = company.livemode ? upstreams.network : upstreams.sandboxNetwork;
      // Without the SML and Directory readers (not configured) there is nothing to check: published is live.
      const { network, actionable } = readers
        ? await checkNetwork(readers, company.peppol_id, documentTypeIdsFor(company.capabilities.receive))
        : {
            network: {
              smp: 'published' as const,
              sml: 'unchecked' as const,
              directory: 'unchecked' as const,
              checkedAt: new Date().toISOString(),
              problem: null,
            },
            actionable: false,
          };
      const resolved = !readers || (network.sml === 'resolves' && network.smp === 'published');
      const listed = resolved && (!readers || network.directory === 'listed');
      const written = await db.transaction().execute(async (trx) => {
        const before = await findCompanyById(trx, companyId);
        await recordCompanyNetwork(trx, companyId, network);
        const out = [];
        if (resolved && recordRegistration) {
          const row = await markCompanySmpRegistered(trx, companyId, generation);
          if (row)
            out.push(
              await insertEvent(trx, {
                organizationId: row.organization_id,
                livemode: row.livemode,
                companyId,
                type: 'company.smp_registered',
                data: { companyId, peppolId: row.peppol_id },
              }),
            );
        }
        // A problem someone must act on is told once; whatever is still wrong at the bound, too.
        if (network.problem && ((actionable && before?.network?.problem !== network.problem) || final))
          out.push(await insertNetworkProblem(trx, company, network));
        return out;
      });
      if (written.length)
        await events
          .dispatch(written)
          .catch((err: unknown) =>
            log.warn('event dispatch failed; the sweeper will retry', { companyId, error: String(err) }),
          );
      return { state: listed ? 'listed' : 'pending', problem: network.problem };
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

/** `company.network_problem`: what the check found and what to do, with the block as recorded. */
async function insertNetworkProblem(db: Db, company: CompanyRecord, network: CompanyNetwork) {
  return insertEvent(db, {
    organizationId: company.organization_id,
    livemode: company.livemode,
    companyId: company.id,
    type: 'company.network_problem',
    data: { companyId: company.id, peppolId: company.peppol_id, problem: network.problem, network },
  });
}

/** The problem of a participant another provider holds in the SML, naming the way out. */
export function heldElsewhereProblem(peppolId: string, detail: string): string {
  return (
    `${peppolId} is registered in the SML by another provider's SMP (${detail}); nothing was published. ` +
    'To receive here, ask that provider for an SMP migration key and give it to ' +
    'POST /v1/companies/{company_id}/smp-migration with {"action": "inbound", "migrationKey": "…"}.'
  );
}

/**
 * SML, then SMP (as a sender reads it, signature checked), then Directory; the first problem says
 * what to do. `actionable`: the problem needs someone (another provider holds the participant, our
 * SMP publishes the wrong endpoint); the others clear by themselves and are checked again.
 */
export async function checkNetwork(
  readers: NetworkReaders,
  peppolId: string,
  documentTypeIds: string[],
): Promise<{ network: CompanyNetwork; actionable: boolean }> {
  const result: CompanyNetwork = {
    smp: 'published',
    sml: 'unchecked',
    directory: 'unchecked',
    checkedAt: new Date().toISOString(),
    problem: null,
  };
  const problems: Array<{ text: string; actionable: boolean }> = [];
  const problem = (text: string, actionable = false) => problems.push({ text, actionable });
  try {
    const located = await readers.locate(peppolId);
    result.sml = !located ? 'absent' : same(located.smpUrl, readers.ownSmpUrl) ? 'resolves' : 'elsewhere';
    if (result.sml === 'absent')
      problem(
        `The SML does not resolve ${peppolId} yet (it follows an SMP registration within minutes); it is checked again.`,
      );
    if (result.sml === 'elsewhere')
      problem(heldElsewhereProblem(peppolId, `the SML points it to ${located!.smpUrl}`), true);
  } catch (err) {
    problem(`The SML cannot be asked: ${reason(err)}; it is checked again.`);
  }
  if (result.sml === 'resolves') {
    try {
      const found = await readers.lookup.lookup(peppolId, { organizationId: 'network-check' }, { documentTypeIds });
      const endpoints = (found?.documentTypes ?? []).flatMap((d) => d.processes.flatMap((p) => p.endpoints));
      const ours = endpoints.filter(
        (e) =>
          same(e.endpointUrl, readers.endpointUrl) && (!readers.certificate || e.certificate === readers.certificate),
      );
      const missing = documentTypeIds.filter((id) => !found?.documentTypes.some((d) => d.documentTypeId === id));
      if (!found || missing.length || ours.length < endpoints.length || endpoints.length === 0) {
        result.smp = 'pending';
        if (!found)
          problem(
            `Our SMP does not answer for ${peppolId} although the SML points to it; change the company's receive capabilities (PATCH) to publish it again, or contact support.`,
            true,
          );
        else if (missing.length)
          problem(
            `Our SMP does not publish ${missing.length} of the company's document types yet; it is checked again.`,
          );
        else
          problem(
            "Our SMP publishes an endpoint or certificate other than this access point's: correct ACCESS_POINT_AS4_URL and ACCESS_POINT_CERTIFICATE, then change the company's capabilities to publish again.",
            true,
          );
      }
    } catch (err) {
      result.smp = 'pending';
      problem(`Our SMP's answer cannot be read or verified: ${reason(err)}; it is checked again.`);
    }
  }
  try {
    const card = await readers.directory.participant(peppolId, { organizationId: 'network-check' });
    result.directory = card ? 'listed' : 'absent';
    if (!card)
      problem(
        'The Peppol Directory does not list the business card yet (it indexes a pushed card within minutes); it is checked again.',
      );
  } catch (err) {
    problem(`The Peppol Directory cannot be asked: ${reason(err)}; it is checked again.`);
  }
  const first = problems.find((p) => p.actionable) ?? problems[0];
  result.problem = first?.text ?? null;
  return { network: result, actionable: first?.actionable ?? false };
}
