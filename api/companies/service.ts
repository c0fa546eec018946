import type { Client } from '@temporalio/client';
import { newId } from '../../core/ids.ts';
import { DOCUMENT_TYPES } from '../../core/plans.ts';
import type { Db } from '../../db/database.ts';
import {
  deactivateCompany,
  findCompanyByRef,
  findReadableCompanyByRef,
  insertCompany,
  markCompanySmpDeregistered,
  recordCompanyNetwork,
  searchCompanies as searchManaged,
  updateCompany as updateCompanyRow,
  type CompanyChanges,
  type CompanyRecord,
} from '../../db/companies.ts';
import type { Address } from '../../db/tables/companies.ts';
import { checkVatNumber, countryInfo, resolveParticipantId } from '../../peppol/index.ts';
import { registryFor, type CompanyUpstreams } from '../../upstreams/companies.ts';
import { RegistryError, vatFromRegistrationNumber, type RegistryCompany } from '../../upstreams/registry/index.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { onUniqueViolation } from '../foreign-errors.ts';
import { managedHit, registryHit } from './mapper.ts';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import { UpstreamError } from '../../upstreams/directory/types.ts';
import { SmpError } from '../../upstreams/smp-registration/index.ts';
import { requestDeregistration, signalCapabilitiesChanged, startCompanyRegistration } from './registration.ts';

export interface CompanyServiceDeps {
  db: Db;
  temporal: Client;
  upstreams: CompanyUpstreams;
  /** The Peppol Directory: a company already on the network keeps the participant id it has there. */
  directory?: DirectoryServices | undefined;
}

/**
 * The participant id the company is registered under in the Peppol Directory, if it is there. The
 * directory only refines the registry's answer, so an outage of it never blocks onboarding.
 */
async function directoryPeppolId(
  deps: CompanyServiceDeps,
  organizationId: string,
  livemode: boolean,
  vatNumber: string,
): Promise<string | undefined> {
  if (!deps.directory) return undefined;
  try {
    const page = await deps.directory
      .directory(livemode)
      .search({ vatNumber, includeSubEntities: false, limit: 1 }, { organizationId });
    const hit = page.rows.find((row) => row.source === 'directory');
    return hit?.peppolId;
  } catch (err) {
    if (err instanceof UpstreamError) return undefined;
    throw err;
  }
}

export interface CompanyCreateInput {
  vatNumber: string;
  name?: string;
  address?: Address;
  additionalIdentifiers?: Array<{ scheme: string; value: string }>;
  capabilities?: { send: string[]; receive: string[] };
  settings?: Record<string, unknown>;
  compliance?: Record<string, unknown>;
  metadata?: Record<string, string>;
  /** A live participant another provider holds: the key that provider's SMP issued for its move here. */
  smpMigrationKey?: string;
}

const METADATA_MAX_KEYS = 40;

/** Countries whose tax platform receives lifecycle reports (part 1); Belgium has none, so `{}`. */
const DEFAULT_COMPLIANCE: Record<string, Record<string, unknown>> = {
  FR: { FR: { platform: 'PPF', autoReport: true } },
  IT: { IT: { platform: 'SDI', autoReport: true } },
};

/** Pattern (checked by the contract) plus the country's format and checksum. */
export function assertVatNumber(vatNumber: string, field = 'vatNumber'): string {
  const check = checkVatNumber(vatNumber);
  if (!check.valid || !check.country) {
    throw new ApiError('INVALID_VAT_FORMAT', `${vatNumber} is not a valid VAT number: ${check.problems.join('; ')}.`, {
      details: [
        { field, rule: 'checksum', message: check.problems.join('; ') || 'fails the national format or checksum' },
      ],
    });
  }
  return check.country;
}

/**
 * The tax number determines no participant id and no identifier gives one (422 naming the
 * identifier to give), or an identifier fails its scheme's rule (400 naming the entry).
 */
function participantIdProblem(problem: ReturnType<typeof resolveParticipantId>): ApiError {
  if (problem.ok) throw new Error('participantIdProblem of a resolved id');
  if (problem.field === 'additionalIdentifiers')
    return new ApiError('PEPPOL_ID_REQUIRED', problem.message, {
      details: [{ field: problem.field, rule: problem.rule, message: problem.message }],
    });
  return new ApiError('INVALID_REQUEST', problem.message, {
    details: [{ field: problem.field, rule: problem.rule, message: problem.message }],
    type: 'validation_error',
  });
}

function companyExists(vatNumber: string, existingId: string): ApiError {
  return new ApiError(
    'COMPANY_EXISTS',
    `The organization already has company ${existingId} with VAT number ${vatNumber}.`,
    {
      details: [{ field: 'vatNumber', value: vatNumber, existingId }],
    },
  );
}

/**
 * Creates a company from its VAT number and registry data, then starts its SMP registration. The
 * workflow starts before the row commits: if Temporal is down nothing is stored and the request can
 * be retried; the workflow tolerates a row that is not visible yet.
 */
export interface CompanyCreateOptions {
  /** false: a send-only company, never registered with the SMP (no workflow is started). */
  register?: boolean;
  /** Further writes that stand or fall with the company, in its transaction (webhook, keys …). */
  alongside?: (trx: Db, company: CompanyRecord) => Promise<void>;
}

export async function createCompany(
  deps: CompanyServiceDeps,
  scope: Scope,
  input: CompanyCreateInput,
  options: CompanyCreateOptions = {},
): Promise<CompanyRecord> {
  const { organizationId, livemode } = scope;
  const vatNumber = input.vatNumber;
  const country = assertVatNumber(vatNumber);
  // A VAT number is unique in the organization, whichever company the caller acts for.
  const existing = await findCompanyByRef(deps.db, organizationWide(scope), `vat:${vatNumber}`);
  if (existing) throw companyExists(vatNumber, existing.id);

  // An identifier in a Peppol scheme that fails the scheme's rule is refused before anything is asked.
  const participant = resolveParticipantId({
    country,
    taxNumber: vatNumber,
    additionalIdentifiers: input.additionalIdentifiers ?? [],
  });
  if (!participant.ok && participant.field !== 'additionalIdentifiers') throw participantIdProblem(participant);

  // An unknown or ceased VAT number, or the registry down, propagates as the registry's RegistryError.
  const registry = await registryFor(deps.upstreams, livemode).lookupVat(vatNumber);
  const listedPeppolId = await directoryPeppolId(deps, organizationId, livemode, vatNumber);
  // The directory's id, else the registry's (which knows a SIRET), else the table's (tax number, then identifiers).
  const peppolId = listedPeppolId ?? registry.peppolId ?? (participant.ok ? participant.peppolId : undefined);
  if (!peppolId) throw participantIdProblem(participant);
  const migrationKey = input.smpMigrationKey;
  if (livemode && options.register !== false && !migrationKey) await assertParticipantFree(deps, peppolId);
  const compliance = { ...(DEFAULT_COMPLIANCE[country] ?? {}), ...(input.compliance ?? {}) };
  // Two concurrent creates of one VAT: the unique index lets one win, the other is a duplicate.
  return onUniqueViolation(
    deps.db.transaction().execute(async (trx) => {
      const row = await insertCompany(trx, {
        id: newId('comp'),
        organizationId,
        livemode,
        name: input.name ?? registry.legalName,
        legalName: registry.legalName,
        vatNumber,
        country,
        peppolId,
        address: input.address ?? registry.address,
        capabilities: input.capabilities ?? { send: [...DOCUMENT_TYPES], receive: [...DOCUMENT_TYPES] },
        compliance,
        additionalIdentifiers: input.additionalIdentifiers ?? [],
        settings: { defaultCurrency: countryInfo(country)?.currency ?? 'EUR', ...(input.settings ?? {}) },
        metadata: input.metadata ?? {},
      });
      await options.alongside?.(trx, row);
      // Taken over from the other provider's SMP first: the registration then publishes at ours.
      if (livemode && migrationKey) await migrateInbound(deps, peppolId, migrationKey);
      if (options.register !== false)
        await startCompanyRegistration(deps.temporal, {
          id: row.id,
          organizationId,
          livemode,
          clockOffsetMs: Number(row.clock_offset_ms),
        });
      return row;
    }),
    async () => {
      const winner = await findCompanyByRef(deps.db, organizationWide(scope), `vat:${vatNumber}`);
      return winner ? companyExists(vatNumber, winner.id) : undefined;
    },
  );
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * A live participant the SML already points to another provider's SMP cannot be published here:
 * 409 naming that SMP and the way over (a migration key). An SML that cannot be asked blocks
 * nothing: the registration workflow finds the conflict then, and nothing is half-published.
 */
async function assertParticipantFree(deps: CompanyServiceDeps, peppolId: string): Promise<void> {
  const network = deps.upstreams.network;
  if (!network?.ownSmpUrl) return;
  const located = await network.locate(peppolId).catch(() => undefined);
  if (!located || sameUrl(located.smpUrl, network.ownSmpUrl)) return;
  throw new ApiError(
    'PARTICIPANT_REGISTERED_ELSEWHERE',
    `${peppolId} is registered in the Peppol SML by another provider's SMP (${located.smpUrl}); a participant ` +
      'has one SMP at a time. Ask that provider to start an SMP migration and give its migration key as ' +
      '`smpMigrationKey` here, or to POST /v1/companies/{company_id}/smp-migration ' +
      '({"action": "inbound", "migrationKey": "…"}) of a company created with capabilities.receive empty.',
    {
      details: [
        {
          field: 'vatNumber',
          rule: 'peppol_participant_free',
          message: 'registered elsewhere',
          peppolId,
          smpUrl: located.smpUrl,
        },
      ],
    },
  );
}

/** phoss-smp's inbound migration with the other provider's key; its refusal is the caller's 422. */
export async function migrateInbound(deps: CompanyServiceDeps, peppolId: string, migrationKey: string): Promise<void> {
  const migrations = deps.upstreams.smp.live.migrations;
  if (!migrations)
    throw new ApiError('UPSTREAM_UNAVAILABLE', 'The SMP of this service does not support participant migration.');
  try {
    await migrations.inbound(peppolId, migrationKey);
  } catch (err) {
    throw smpMigrationError(err);
  }
}

export function smpMigrationError(err: unknown): ApiError {
  if (err instanceof SmpError) {
    if (err.code === 'INVALID_INPUT')
      return new ApiError('SMP_MIGRATION_FAILED', err.message, {
        details: [{ field: 'migrationKey', rule: 'smp_migration', message: err.message }],
      });
    return new ApiError(err.code === 'UPSTREAM_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE', err.message, {
      headers: { 'Retry-After': '30' },
    });
  }
  throw err;
}

/** GET /v1/companies/{id}: also a company of another organization that accepted a join request. */
export async function readCompany(db: Db, scope: Scope, ref: string): Promise<CompanyRecord> {
  const row = await findReadableCompanyByRef(db, scope, ref);
  if (!row) throw new ApiError('COMPANY_NOT_FOUND', `No company ${ref} in this organization.`);
  return row;
}

export async function getCompany(db: Db, scope: Scope, ref: string): Promise<CompanyRecord> {
  const row = await findCompanyByRef(db, scope, ref);
  if (!row) throw new ApiError('COMPANY_NOT_FOUND', `No company ${ref} in this organization.`);
  return row;
}

function sameCapabilities(a: { send: string[]; receive: string[] }, b: { send: string[]; receive: string[] }): boolean {
  const norm = (list: string[]) => [...list].sort().join(',');
  return norm(a.send) === norm(b.send) && norm(a.receive) === norm(b.receive);
}

/** Part 4.5 update rules; a change of capabilities re-registers the company with the SMP. */
export async function updateCompany(
  deps: CompanyServiceDeps,
  scope: Scope,
  ref: string,
  body: Record<string, unknown>,
): Promise<CompanyRecord> {
  const current = await getCompany(deps.db, scope, ref);
  const metadata = body.metadata as Record<string, string | null> | undefined;
  if (metadata) {
    const keys = new Set(Object.keys(current.metadata));
    for (const [k, v] of Object.entries(metadata)) {
      if (v === null) keys.delete(k);
      else keys.add(k);
    }
    if (keys.size > METADATA_MAX_KEYS) {
      throw new ApiError(
        'INVALID_REQUEST',
        `metadata would have ${keys.size} keys; at most ${METADATA_MAX_KEYS} are allowed.`,
        {
          details: [{ field: 'metadata', rule: 'maxProperties', message: `at most ${METADATA_MAX_KEYS} keys` }],
          type: 'validation_error',
        },
      );
    }
  }
  const changes = { ...(body as CompanyChanges) };
  delete changes.peppolId;
  if (changes.additionalIdentifiers !== undefined) {
    // Identifiers in a Peppol scheme follow its rule; a company without a participant id gets the one they give.
    const participant = resolveParticipantId({
      country: current.country,
      taxNumber: current.vat_number,
      additionalIdentifiers: changes.additionalIdentifiers,
    });
    if (!participant.ok && participant.field !== 'additionalIdentifiers') throw participantIdProblem(participant);
    if (!current.peppol_id && participant.ok) changes.peppolId = participant.peppolId;
  }
  const updated = await updateCompanyRow(deps.db, scope, current.id, changes);
  if (!updated) throw new ApiError('COMPANY_NOT_FOUND', `No company ${ref} in this organization.`);
  if (
    ((changes.capabilities && !sameCapabilities(changes.capabilities, current.capabilities)) || changes.peppolId) &&
    updated.status !== 'inactive'
  ) {
    await signalCapabilitiesChanged(deps.temporal, {
      id: updated.id,
      organizationId: updated.organization_id,
      livemode: updated.livemode,
      clockOffsetMs: Number(updated.clock_offset_ms),
    });
  }
  return updated;
}

export interface SmpMigrationInput {
  action: 'inbound' | 'outbound_start' | 'outbound_cancel' | 'outbound_finalize';
  migrationKey?: string;
}

/**
 * POST /v1/companies/{id}/smp-migration: one step of phoss-smp's participant migration. Inbound
 * publishes the company again (the registration workflow); a finalized outbound leaves the
 * company receiving nothing here, so no later publication takes the participant back by mistake.
 */
export async function migrateCompanySmp(
  deps: CompanyServiceDeps,
  scope: Scope,
  ref: string,
  input: SmpMigrationInput,
): Promise<{ companyId: string; peppolId: string; action: SmpMigrationInput['action']; migrationKey: string | null }> {
  const company = await getCompany(deps.db, scope, ref);
  const peppolId = company.peppol_id;
  if (!peppolId)
    throw new ApiError('PEPPOL_ID_REQUIRED', `Company ${company.id} has no Peppol participant id to migrate.`);
  const migrations = deps.upstreams.smp[company.livemode ? 'live' : 'sandbox'].migrations;
  if (!migrations)
    throw new ApiError('UPSTREAM_UNAVAILABLE', 'The SMP of this service does not support participant migration.');
  const result = { companyId: company.id, peppolId, action: input.action, migrationKey: null as string | null };
  const company$ = {
    id: company.id,
    organizationId: company.organization_id,
    livemode: company.livemode,
    clockOffsetMs: Number(company.clock_offset_ms),
  };
  try {
    switch (input.action) {
      case 'inbound':
        if (!input.migrationKey)
          throw new ApiError('MISSING_FIELD', 'An inbound migration needs the migrationKey the other provider gave.', {
            details: [{ field: 'migrationKey', rule: 'required', message: 'required for inbound' }],
          });
        await migrations.inbound(peppolId, input.migrationKey);
        if (company.status !== 'inactive') await signalCapabilitiesChanged(deps.temporal, company$);
        return result;
      case 'outbound_start':
        return { ...result, migrationKey: (await migrations.startOutbound(peppolId)).migrationKey };
      case 'outbound_cancel':
        await migrations.cancelOutbound(peppolId);
        return result;
      case 'outbound_finalize':
        await migrations.finalizeOutbound(peppolId);
        await updateCompanyRow(deps.db, scope, company.id, {
          capabilities: { send: company.capabilities.send, receive: [] },
        });
        await markCompanySmpDeregistered(deps.db, company.id);
        await recordCompanyNetwork(deps.db, company.id, {
          smp: 'not_registered',
          sml: 'unchecked',
          directory: 'unchecked',
          checkedAt: new Date().toISOString(),
          problem: null,
        });
        return result;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw smpMigrationError(err);
  }
}

/** Status inactive, then the workflow withdraws the SMP record; a second delete changes nothing. */
export async function deleteCompany(deps: CompanyServiceDeps, scope: Scope, ref: string): Promise<void> {
  const company = await getCompany(deps.db, scope, ref);
  const changed = await deactivateCompany(deps.db, scope, company.id);
  if (changed) {
    await requestDeregistration(deps.temporal, {
      id: company.id,
      organizationId: company.organization_id,
      livemode: company.livemode,
      clockOffsetMs: Number(company.clock_offset_ms),
    });
  }
}

/** The organization's company for a VAT or registration number, created from the registry if absent. */
export async function resolveCompany(
  deps: CompanyServiceDeps,
  scope: Scope,
  query: { countryCode: string; vatNumber?: string; registrationNumber?: string },
): Promise<{ company: CompanyRecord; created: boolean }> {
  let vatNumber = query.vatNumber;
  if (!vatNumber) {
    if (!query.registrationNumber) {
      throw new ApiError('MISSING_FIELD', 'Give vatNumber or registrationNumber.', {
        details: [{ field: 'vatNumber', rule: 'required', message: 'vatNumber or registrationNumber is required' }],
        type: 'validation_error',
      });
    }
    vatNumber = vatFromRegistrationNumber(query.countryCode, query.registrationNumber);
    if (!vatNumber) {
      throw new ApiError(
        'INVALID_REQUEST',
        `A ${query.countryCode} registration number does not determine a VAT number here; pass vatNumber.`,
        {
          details: [
            {
              field: 'registrationNumber',
              rule: 'unsupported_country',
              message: 'supported: BE (KBO), FR (SIREN/SIRET), IT (partita IVA), or a number with the country prefix',
            },
          ],
          type: 'validation_error',
        },
      );
    }
  }
  const country = assertVatNumber(vatNumber, query.vatNumber ? 'vatNumber' : 'registrationNumber');
  if (country !== query.countryCode && !(query.countryCode === 'GR' && country === 'GR')) {
    throw new ApiError('INVALID_REQUEST', `${vatNumber} is a ${country} VAT number, not ${query.countryCode}.`, {
      details: [{ field: 'countryCode', rule: 'mismatch', message: `the VAT number is from ${country}` }],
      type: 'validation_error',
    });
  }
  const existing = await findCompanyByRef(deps.db, scope, `vat:${vatNumber}`);
  if (existing) return { company: existing, created: false };
  try {
    return { company: await createCompany(deps, scope, { vatNumber }), created: true };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'COMPANY_EXISTS')
      return { company: await getCompany(deps.db, scope, `vat:${vatNumber}`), created: false };
    throw err;
  }
}

/** DESIGN.md §5: managed companies first, then registry matches the organization does not manage. */
export async function searchCompanies(
  deps: CompanyServiceDeps,
  scope: Scope,
  query: { q: string; countryCode?: string; limit: number },
) {
  const managed = await searchManaged(deps.db, scope, {
    text: query.q,
    countryCode: query.countryCode,
    limit: query.limit,
  });
  const hits: Array<ReturnType<typeof managedHit> | ReturnType<typeof registryHit>> = managed.map(managedHit);
  if (hits.length >= query.limit) return hits;
  const known = new Set(managed.map((m) => m.vat_number));
  let registry: RegistryCompany[] = [];
  try {
    registry = await registryFor(deps.upstreams, scope.livemode).search({
      text: query.q,
      countryCode: query.countryCode,
      limit: query.limit,
    });
  } catch (err) {
    // Autocomplete degrades to managed companies when the registry is down.
    if (!(err instanceof RegistryError)) throw err;
  }
  for (const company of registry) {
    if (hits.length >= query.limit) break;
    if (known.has(company.vatNumber)) continue;
    known.add(company.vatNumber);
    hits.push(registryHit(company));
  }
  return hits;
}
