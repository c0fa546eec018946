import { sandboxDirectory, type SeedParticipant } from '../directory/seed.ts';
import { LA_POSTE_SIREN, laPosteSiret, luhnKey } from './identifiers.ts';
import type { AnnuaireAddress, DirectoryLine, Facility, FrenchRoute, LegalUnit, RoutingCode } from './types.ts';

/**
 * The sandbox annuaire, derived from the sandbox Peppol directory so that the two agree: every
 * French legal entity there is a legal unit here, with its head office, its published
 * establishments, a few routing codes and the directory lines that point at its Peppol
 * participant. Public bodies (invoiced through the PPF, with service codes) and La Poste (whose
 * SIRETs follow INSEE's digit-sum exception) complete it. Same data on every run.
 */
export interface AnnuaireData {
  legalUnits: LegalUnit[];
  facilities: Facility[];
  routingCodes: RoutingCode[];
  lines: DirectoryLine[];
  /** Where each line's invoices go, by addressing identifier. */
  routes: Map<string, Omit<FrenchRoute, 'addressingIdentifier'>>;
}

/** FNV-1a: stable per identifier, so each entry's traits are the same on every run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const roll = (text: string, percent: number) => hash(text) % 100 < percent;

const DEPARTMENTS: Record<string, string> = {
  '75': 'Paris',
  '69': 'Rhône',
  '13': 'Bouches-du-Rhône',
  '31': 'Haute-Garonne',
  '44': 'Loire-Atlantique',
  '59': 'Nord',
  '33': 'Gironde',
  '67': 'Bas-Rhin',
  '35': 'Ille-et-Vilaine',
  '34': 'Hérault',
};

function addressOf(p: { street: string; postalCode: string; city: string }): AnnuaireAddress {
  return {
    addressLines: [p.street],
    postalCode: p.postalCode,
    countrySubdivision: DEPARTMENTS[p.postalCode.slice(0, 2)] ?? '',
    locality: p.city,
    country: 'FR',
  };
}

export const headOfficeSiret = (siren: string) => `${siren}0001${luhnKey(`${siren}0001`)}`;

const PRIVATE_CODES: Array<[string, string]> = [
  ['COMPTA-FOURN', 'Comptabilité fournisseurs'],
  ['ACHATS', 'Service achats'],
  ['SERVICES-GENERAUX', 'Services généraux'],
];
const PUBLIC_CODES: Array<[string, string]> = [
  ['SERVICE-FACTURIER', 'Service facturier'],
  ['DIR-ACHATS', 'Direction des achats'],
  ['DSI', 'Direction des systèmes d’information'],
];
const PUBLIC_BODIES: Array<[string, string, string, string]> = [
  ['Commune de', 'Paris', '75004', 'Place de l’Hôtel de Ville 1'],
  ['Métropole de', 'Lyon', '69003', 'Rue du Lac 20'],
  ['Centre hospitalier de', 'Marseille', '13005', 'Rue Saint-Pierre 264'],
  ['Université de', 'Toulouse', '31000', 'Rue du Taur 41'],
  ['Département de', 'Loire-Atlantique', '44000', 'Quai Ceineray 3'],
  ['Commune de', 'Lille', '59000', 'Place Augustin Laurent 1'],
  ['Région', 'Nouvelle-Aquitaine', '33000', 'Rue François de Sourdis 14'],
  ['Eurométropole de', 'Strasbourg', '67000', 'Parc de l’Étoile 1'],
  ['Commune de', 'Rennes', '35000', 'Place de la Mairie 1'],
  ['Commune de', 'Montpellier', '34000', 'Place Georges Frêche 1'],
];

interface Builder extends AnnuaireData {
  addLine(line: DirectoryLine, route: Omit<FrenchRoute, 'addressingIdentifier'>): void;
}

function builder(): Builder {
  const data: Builder = {
    legalUnits: [],
    facilities: [],
    routingCodes: [],
    lines: [],
    routes: new Map(),
    addLine(line, route) {
      if (data.routes.has(line.addressingIdentifier)) return;
      data.lines.push(line);
      data.routes.set(line.addressingIdentifier, route);
    },
  };
  return data;
}

/** A facility's routing codes, with one directory line each. */
function addRoutingCodes(
  data: Builder,
  facility: Facility,
  codes: Array<[string, string]>,
  line: Omit<DirectoryLine, 'addressingIdentifier'>,
  peppolId: string,
  name: string,
) {
  for (const [routingIdentifier, routingCodeName] of codes) {
    const code: RoutingCode = {
      routingIdentifier,
      siret: facility.siret,
      routingCodeName,
      administrativeStatus: facility.administrativeStatus,
      address: facility.address,
      legalUnit: facility.legalUnit!,
      facility,
    };
    data.routingCodes.push(code);
    data.addLine(
      { ...line, addressingIdentifier: `${facility.siren}_${facility.siret}_${routingIdentifier}`, routingCode: code },
      { peppolId, name },
    );
  }
}

function addPrivate(data: Builder, entity: SeedParticipant, establishments: SeedParticipant[]) {
  const siren = entity.siren!;
  const ceased = roll(`status:${siren}`, 3);
  const unit: LegalUnit = {
    siren,
    businessName: entity.name,
    entityType: 'PrivateVatRegistered',
    administrativeStatus: ceased ? 'C' : 'A',
    instructions: { isSalesProspectingForbidden: roll(`prospect:${siren}`, 20) },
  };
  data.legalUnits.push(unit);
  const status: DirectoryLine['directoryLineStatus'] = ceased
    ? 'Disabled'
    : roll(`upcoming:${siren}`, 4)
      ? 'Upcoming'
      : 'Enabled';
  const line = { platformType: 'WK' as const, directoryLineStatus: status, siren, legalUnit: unit };
  data.addLine({ ...line, addressingIdentifier: siren }, { peppolId: entity.peppolId, name: entity.name });
  if (roll(`suffix:${siren}`, 5))
    data.addLine(
      { ...line, addressingIdentifier: `${siren}_FACTURES`, addressingSuffix: 'FACTURES' },
      { peppolId: entity.peppolId, name: entity.name },
    );

  const head = headOfficeSiret(siren);
  const sites = new Map<string, SeedParticipant>(establishments.map((e) => [e.siret!, e]));
  for (const siret of [head, ...[...sites.keys()].filter((s) => s !== head)]) {
    const site = sites.get(siret) ?? entity;
    const facility: Facility = {
      siret,
      siren,
      facilityType: siret === head ? 'P' : 'S',
      name: site.name,
      address: addressOf(site),
      administrativeStatus: unit.administrativeStatus,
      legalUnit: unit,
    };
    data.facilities.push(facility);
    // An establishment published in the Peppol directory has its own line and participant.
    const own = sites.get(siret);
    if (own)
      data.addLine(
        { ...line, addressingIdentifier: `${siren}_${siret}`, siret, facility },
        { peppolId: own.peppolId, name: own.name },
      );
    if (roll(`codes:${siret}`, 15)) {
      const [code] = PRIVATE_CODES.slice(hash(siret) % PRIVATE_CODES.length);
      addRoutingCodes(
        data,
        facility,
        [code],
        { ...line, siret, facility },
        own?.peppolId ?? entity.peppolId,
        site.name,
      );
    }
  }
}

/** Public bodies (SIREN 2…): invoiced through the PPF (`DFH`), each with service codes. */
function addPublic(data: Builder) {
  PUBLIC_BODIES.forEach(([kind, place, postalCode, street], i) => {
    const body = `2${String(1_300_000 + i * 7919).padStart(7, '0')}`;
    const siren = `${body}${luhnKey(body)}`;
    const name = `${kind} ${place}`;
    const unit: LegalUnit = {
      siren,
      businessName: name.toUpperCase(),
      entityType: 'Public',
      administrativeStatus: 'A',
      instructions: { isSalesProspectingForbidden: true },
    };
    data.legalUnits.push(unit);
    const siret = headOfficeSiret(siren);
    const facility: Facility = {
      siret,
      siren,
      facilityType: 'P',
      name: unit.businessName,
      address: addressOf({ street, postalCode, city: place }),
      administrativeStatus: 'A',
      legalUnit: unit,
    };
    data.facilities.push(facility);
    const line = { platformType: 'DFH' as const, directoryLineStatus: 'Enabled' as const, siren, legalUnit: unit };
    const peppolId = `0009:${siret}`;
    data.addLine({ ...line, addressingIdentifier: siren }, { peppolId: `0002:${siren}`, name: unit.businessName });
    data.addLine({ ...line, addressingIdentifier: `${siren}_${siret}`, siret, facility }, { peppolId, name });
    addRoutingCodes(data, facility, PUBLIC_CODES, { ...line, siret, facility }, peppolId, unit.businessName);
  });
}

/** La Poste: a head office that passes Luhn and establishments that only pass the digit-sum rule. */
function addLaPoste(data: Builder) {
  const unit: LegalUnit = {
    siren: LA_POSTE_SIREN,
    businessName: 'LA POSTE',
    entityType: 'PrivateVatRegistered',
    administrativeStatus: 'A',
    instructions: { isSalesProspectingForbidden: false },
  };
  data.legalUnits.push(unit);
  const line = {
    platformType: 'WK' as const,
    directoryLineStatus: 'Enabled' as const,
    siren: unit.siren,
    legalUnit: unit,
  };
  data.addLine({ ...line, addressingIdentifier: unit.siren }, { peppolId: `0002:${unit.siren}`, name: 'LA POSTE' });
  const sites: Array<[string, string, string, string]> = [
    ['35600000000048', 'LA POSTE SIEGE', '75015', 'Paris'],
    [laPosteSiret(1), 'LA POSTE BUREAU LYON BELLECOUR', '69002', 'Lyon'],
    [laPosteSiret(2), 'LA POSTE BUREAU MARSEILLE COLBERT', '13001', 'Marseille'],
    [laPosteSiret(3), 'LA POSTE PLATEFORME COURRIER LILLE', '59000', 'Lille'],
  ];
  sites.forEach(([siret, name, postalCode, city], i) => {
    const facility: Facility = {
      siret,
      siren: unit.siren,
      facilityType: i === 0 ? 'P' : 'S',
      name,
      address: addressOf({ street: i === 0 ? 'Boulevard de Vaugirard 9' : 'Rue de la Poste 1', postalCode, city }),
      administrativeStatus: 'A',
      legalUnit: unit,
    };
    data.facilities.push(facility);
    data.addLine(
      { ...line, addressingIdentifier: `${unit.siren}_${siret}`, siret, facility },
      { peppolId: `0009:${siret}`, name },
    );
  });
}

let cached: AnnuaireData | undefined;

export function sandboxAnnuaire(): AnnuaireData {
  if (cached) return cached;
  const data = builder();
  const french = sandboxDirectory().filter((p) => p.country === 'FR' && p.siren);
  const establishments = new Map<string, SeedParticipant[]>();
  for (const p of french)
    if (p.parentPeppolId && p.siret) establishments.set(p.siren!, [...(establishments.get(p.siren!) ?? []), p]);
  for (const p of french) if (!p.parentPeppolId) addPrivate(data, p, establishments.get(p.siren!) ?? []);
  addPublic(data);
  addLaPoste(data);
  cached = {
    legalUnits: data.legalUnits,
    facilities: data.facilities,
    routingCodes: data.routingCodes,
    lines: data.lines,
    routes: data.routes,
  };
  return cached;
}
