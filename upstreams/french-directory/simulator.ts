import type { Db } from '../../db/database.ts';
import { findFrenchSandboxCompanies } from '../../db/french-directory.ts';
import { isSiren, isSiret } from './identifiers.ts';
import { searchEntries, project } from './query.ts';
import { sandboxAnnuaire, type AnnuaireData } from './seed.ts';
import type {
  AnnuaireCaller,
  AnnuaireEntry,
  AnnuaireKey,
  AnnuaireKind,
  DirectoryLine,
  Facility,
  FrenchDirectory,
  FrenchRoute,
  LegalUnit,
} from './types.ts';

type CompanyRow = Awaited<ReturnType<typeof findFrenchSandboxCompanies>>[number];

const SIREN_SCHEMES = ['siren', '0002'];
const SIRET_SCHEMES = ['siret', '0009'];

function identifier(company: CompanyRow, schemes: string[]): string | undefined {
  return company.additional_identifiers.find((i) => schemes.includes(i.scheme.toLowerCase()))?.value;
}

/** The SIREN and SIRET a company is known by: its identifiers, else its Peppol id, else its French VAT number. */
export function frenchIdsOf(company: CompanyRow): { siren: string; siret?: string } | undefined {
  const [scheme, value = ''] = (company.peppol_id ?? '').split(':');
  const siret = identifier(company, SIRET_SCHEMES) ?? (scheme === '0009' ? value : undefined);
  const siren =
    identifier(company, SIREN_SCHEMES) ??
    siret?.slice(0, 9) ??
    (scheme === '0002' || scheme === '0225' ? value.slice(0, 9) : undefined) ??
    /^FR[0-9A-Z]{2}(\d{9})$/.exec(company.vat_number)?.[1];
  if (!siren || !isSiren(siren)) return undefined;
  return siret && isSiret(siret) && siret.startsWith(siren) ? { siren, siret } : { siren };
}

/** The caller's own French companies as annuaire entries: receiving ones get lines to their participant. */
function ownEntries(companies: CompanyRow[]): AnnuaireData {
  const data: AnnuaireData = { legalUnits: [], facilities: [], routingCodes: [], lines: [], routes: new Map() };
  for (const company of companies) {
    const ids = frenchIdsOf(company);
    if (!ids || data.legalUnits.some((u) => u.siren === ids.siren)) continue;
    const unit: LegalUnit = {
      siren: ids.siren,
      businessName: company.legal_name,
      entityType: 'PrivateVatRegistered',
      administrativeStatus: 'A',
      instructions: { isSalesProspectingForbidden: false },
    };
    data.legalUnits.push(unit);
    const address = company.address;
    const facility: Facility | undefined = ids.siret
      ? {
          siret: ids.siret,
          siren: ids.siren,
          facilityType: 'P',
          name: company.name,
          address: {
            ...(address?.street ? { addressLines: [address.street] } : {}),
            ...(address?.postalCode ? { postalCode: address.postalCode } : {}),
            ...(address?.region ? { countrySubdivision: address.region } : {}),
            ...(address?.city ? { locality: address.city } : {}),
            country: 'FR',
          },
          administrativeStatus: 'A',
          legalUnit: unit,
        }
      : undefined;
    if (facility) data.facilities.push(facility);
    if (!company.peppol_id || company.capabilities.receive.length === 0) continue;
    const route = { peppolId: company.peppol_id, name: company.name, companyId: company.id };
    const line = {
      platformType: 'WK' as const,
      directoryLineStatus: 'Enabled' as const,
      siren: ids.siren,
      legalUnit: unit,
    };
    data.lines.push({ ...line, addressingIdentifier: ids.siren });
    data.routes.set(ids.siren, route);
    if (facility) {
      const addressingIdentifier = `${ids.siren}_${facility.siret}`;
      data.lines.push({ ...line, addressingIdentifier, siret: facility.siret, facility });
      data.routes.set(addressingIdentifier, route);
    }
  }
  return data;
}

function entriesOf(kind: AnnuaireKind, data: AnnuaireData): ReadonlyArray<AnnuaireEntry[AnnuaireKind]> {
  if (kind === 'siren') return data.legalUnits;
  if (kind === 'siret') return data.facilities;
  if (kind === 'routing-code') return data.routingCodes;
  return data.lines;
}

/** The seeded annuaire with the caller's companies in front: theirs replace a seeded SIREN. */
function merged(kind: AnnuaireKind, own: AnnuaireData): ReadonlyArray<AnnuaireEntry[AnnuaireKind]> {
  const seeded = entriesOf(kind, sandboxAnnuaire());
  if (own.legalUnits.length === 0) return seeded;
  const sirens = new Set(own.legalUnits.map((u) => u.siren));
  const bySiren = (e: AnnuaireEntry[AnnuaireKind]) =>
    'siren' in e ? e.siren : (e.legalUnit?.siren ?? (e as { siret: string }).siret.slice(0, 9));
  return [...entriesOf(kind, own), ...seeded.filter((e) => !sirens.has(bySiren(e)))];
}

function matchesKey(key: AnnuaireKey, entry: AnnuaireEntry[AnnuaireKind]): boolean {
  const e = entry as Partial<Facility & DirectoryLine & { routingIdentifier: string }>;
  if (key.kind === 'siren') return e.siren === key.siren;
  if (key.kind === 'siret') return e.siret === key.siret;
  if (key.kind === 'routing-code') return e.siret === key.siret && e.routingIdentifier === key.routingIdentifier;
  return e.addressingIdentifier === key.addressingIdentifier;
}

/**
 * The sandbox annuaire: the seeded entries (seed.ts) plus the caller's own French sandbox companies,
 * searched in memory. Only the caller's organization sees its companies, as in the sandbox Peppol
 * directory.
 */
export function createFrenchDirectorySimulator(db: Db): FrenchDirectory {
  const own = async (caller: AnnuaireCaller) => ownEntries(await findFrenchSandboxCompanies(db, caller.organizationId));

  async function route(
    identifier: { siren: string } | { siret: string },
    caller: AnnuaireCaller,
  ): Promise<FrenchRoute | undefined> {
    const mine = await own(caller);
    const siren = 'siren' in identifier ? identifier.siren : identifier.siret.slice(0, 9);
    const data = mine.legalUnits.some((u) => u.siren === siren) ? mine : sandboxAnnuaire();
    const enabled = (addressingIdentifier: string) => {
      const line = data.lines.find((l) => l.addressingIdentifier === addressingIdentifier);
      const to = data.routes.get(addressingIdentifier);
      return line?.directoryLineStatus === 'Enabled' && to ? { addressingIdentifier, ...to } : undefined;
    };
    if ('siren' in identifier) return enabled(siren);
    // A facility without a line of its own is invoiced at its legal unit's.
    return (
      enabled(`${siren}_${identifier.siret}`) ??
      (data.facilities.some((f) => f.siret === identifier.siret) ? enabled(siren) : undefined)
    );
  }

  return {
    async search(kind, search, caller) {
      const entries = merged(kind, await own(caller)) as unknown as ReadonlyArray<Record<string, unknown>>;
      return searchEntries(kind, entries, search) as never;
    },
    async get(key, options, caller) {
      const entry = merged(key.kind, await own(caller)).find((e) => matchesKey(key, e));
      return entry
        ? (project(entry as unknown as Record<string, unknown>, options.fields, options.include) as never)
        : undefined;
    },
    route,
  };
}
