import {
  checkParticipantId,
  checkVatNumber,
  countryOfParticipantId,
  vatOfParticipantId,
  type DocumentType,
} from '../../peppol/index.ts';
import type { NewDirectoryParticipant } from '../../db/directory.ts';
import type { DirectoryAccessPoint, DirectorySmp } from '../../db/tables/directory.ts';
import { SANDBOX_RECIPIENTS, SANDBOX_RESPONDERS } from '../../core/sandbox-scenarios.ts';
import { sandboxRegistryCompany } from '../registry/simulator.ts';
import type { RegistryCompany } from '../registry/types.ts';

/**
 * The sandbox Peppol Directory: thousands of participants across the supported countries, generated
 * from a fixed seed so that every installation (and every test run) sees the same directory. Every
 * identifier passes the same scheme and VAT checks the live flow applies.
 */
export const SANDBOX_DIRECTORY_VERSION = 1;

/** A seeded participant: a directory row that always has an address, with the service's document types. */
export type SeedParticipant = NewDirectoryParticipant & {
  street: string;
  city: string;
  postalCode: string;
  documentTypes: DocumentType[];
};

/** mulberry32: tiny, fast and good enough for test data; the same seed gives the same sequence. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

/** `d` any digit, `n` a non-zero digit, `w` a letter A-W, `@` any letter; other characters are kept. */
function fill(rng: Rng, pattern: string): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === 'd') out += Math.floor(rng() * 10);
    else if (ch === 'n') out += 1 + Math.floor(rng() * 9);
    else if (ch === 'w') out += String.fromCharCode(65 + Math.floor(rng() * 23));
    else if (ch === '@') out += String.fromCharCode(65 + Math.floor(rng() * 26));
    else out += ch;
  }
  return out;
}

interface CountrySpec {
  country: string;
  /** Relative share of the directory. */
  weight: number;
  scheme: string;
  /** Participant id value pattern, or derived from the VAT number. */
  id: string | ((vat: string) => string);
  /** VAT number pattern (with prefix), or derived from the participant value; null where there is none. */
  vat: string | ((id: string) => string) | null;
  suffixes: string[];
  cities: Array<[city: string, postalPattern: string]>;
  streets: string[];
}

const SPECS: CountrySpec[] = [
  {
    country: 'BE',
    weight: 14,
    scheme: '0208',
    id: 'BE',
    vat: (id) => `BE${id}`,
    suffixes: ['BV', 'NV', 'SRL', 'SA', 'VZW'],
    cities: [
      ['Brussels', '10d0'],
      ['Antwerpen', '20d0'],
      ['Gent', '90d0'],
      ['Liège', '40d0'],
      ['Leuven', '3000'],
      ['Brugge', '8000'],
      ['Namur', '5000'],
      ['Charleroi', '6000'],
      ['Hasselt', '3500'],
      ['Mechelen', '2800'],
    ],
    streets: [
      'Rue de la Loi',
      'Meir',
      'Korenmarkt',
      'Avenue Louise',
      'Bondgenotenlaan',
      'Rue Neuve',
      'Steenweg op Gent',
    ],
  },
  {
    country: 'FR',
    weight: 12,
    scheme: '0002',
    id: 'FR',
    vat: null,
    suffixes: ['SAS', 'SARL', 'SA', 'SCOP', 'EURL'],
    cities: [
      ['Paris', '750dd'],
      ['Lyon', '6900d'],
      ['Marseille', '130dd'],
      ['Toulouse', '310dd'],
      ['Nantes', '440dd'],
      ['Lille', '590dd'],
      ['Bordeaux', '330dd'],
      ['Strasbourg', '670dd'],
      ['Rennes', '350dd'],
      ['Montpellier', '340dd'],
    ],
    streets: [
      'Rue de Rivoli',
      'Avenue des Champs-Élysées',
      'Boulevard Haussmann',
      'Rue de la République',
      'Quai des Chartrons',
      'Rue Sainte-Catherine',
    ],
  },
  {
    country: 'NL',
    weight: 8,
    scheme: '0106',
    id: 'nddddddd',
    vat: 'NLdddddddddB01',
    suffixes: ['B.V.', 'N.V.', 'V.O.F.'],
    cities: [
      ['Amsterdam', '10dd @@'],
      ['Rotterdam', '30dd @@'],
      ['Utrecht', '35dd @@'],
      ['Den Haag', '25dd @@'],
      ['Eindhoven', '56dd @@'],
      ['Groningen', '97dd @@'],
    ],
    streets: ['Damrak', 'Coolsingel', 'Oudegracht', 'Lange Voorhout', 'Stationsplein'],
  },
  {
    country: 'DE',
    weight: 8,
    scheme: '9930',
    id: (vat) => vat,
    vat: 'DEndddddddd',
    suffixes: ['GmbH', 'AG', 'KG', 'GmbH & Co. KG', 'e.K.'],
    cities: [
      ['Berlin', '10ddd'],
      ['München', '80ddd'],
      ['Hamburg', '20ddd'],
      ['Köln', '50ddd'],
      ['Frankfurt am Main', '60ddd'],
      ['Stuttgart', '70ddd'],
      ['Düsseldorf', '40ddd'],
      ['Leipzig', '04ddd'],
    ],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Friedrichstraße', 'Königsallee', 'Marienplatz', 'Schillerstraße'],
  },
  {
    country: 'IT',
    weight: 6,
    scheme: '0211',
    id: (vat) => vat,
    vat: 'ITddddddddddd',
    suffixes: ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.'],
    cities: [
      ['Milano', '201dd'],
      ['Roma', '001dd'],
      ['Torino', '101dd'],
      ['Napoli', '801dd'],
      ['Bologna', '401dd'],
      ['Firenze', '501dd'],
    ],
    streets: ['Via Roma', 'Corso Vittorio Emanuele', 'Via Garibaldi', 'Via Dante', 'Piazza del Duomo'],
  },
  {
    country: 'ES',
    weight: 5,
    scheme: '9920',
    id: (vat) => vat,
    vat: 'ESBdddddddd',
    suffixes: ['S.L.', 'S.A.', 'S.L.U.'],
    cities: [
      ['Madrid', '280dd'],
      ['Barcelona', '080dd'],
      ['Valencia', '460dd'],
      ['Sevilla', '410dd'],
      ['Bilbao', '480dd'],
    ],
    streets: ['Gran Vía', 'Passeig de Gràcia', 'Calle Mayor', 'Avenida de la Constitución'],
  },
  {
    country: 'AT',
    weight: 4,
    scheme: '9914',
    id: (vat) => vat,
    vat: 'ATUdddddddd',
    suffixes: ['GmbH', 'AG', 'OG', 'KG'],
    cities: [
      ['Wien', '1d10'],
      ['Graz', '80d0'],
      ['Linz', '40d0'],
      ['Salzburg', '50d0'],
      ['Innsbruck', '60d0'],
    ],
    streets: ['Kärntner Straße', 'Mariahilfer Straße', 'Herrengasse', 'Landstraße'],
  },
  {
    country: 'SE',
    weight: 4,
    scheme: '0007',
    id: '5ddddddddd',
    vat: (id) => `SE${id}01`,
    suffixes: ['AB', 'HB', 'Ek. för.'],
    cities: [
      ['Stockholm', '11d dd'],
      ['Göteborg', '41d dd'],
      ['Malmö', '21d dd'],
      ['Uppsala', '75d dd'],
    ],
    streets: ['Drottninggatan', 'Kungsgatan', 'Avenyn', 'Stortorget'],
  },
  {
    country: 'NO',
    weight: 4,
    scheme: '0192',
    id: '9dddddddd',
    vat: (id) => `NO${id}MVA`,
    suffixes: ['AS', 'ASA', 'ANS'],
    cities: [
      ['Oslo', '01dd'],
      ['Bergen', '50dd'],
      ['Trondheim', '70dd'],
      ['Stavanger', '40dd'],
    ],
    streets: ['Karl Johans gate', 'Bryggen', 'Storgata', 'Kongens gate'],
  },
  {
    country: 'DK',
    weight: 3,
    scheme: '0184',
    id: (vat) => vat,
    vat: 'DKdddddddd',
    suffixes: ['ApS', 'A/S', 'I/S'],
    cities: [
      ['København', '1ddd'],
      ['Aarhus', '80dd'],
      ['Odense', '50dd'],
      ['Aalborg', '90dd'],
    ],
    streets: ['Strøget', 'Nyhavn', 'Vestergade', 'Søndergade'],
  },
  {
    country: 'FI',
    weight: 3,
    scheme: '0216',
    id: (vat) => `0037${vat.slice(2)}`,
    vat: 'FIdddddddd',
    suffixes: ['Oy', 'Oyj', 'Ky'],
    cities: [
      ['Helsinki', '00ddd'],
      ['Espoo', '02ddd'],
      ['Tampere', '33ddd'],
      ['Turku', '20ddd'],
    ],
    streets: ['Mannerheimintie', 'Aleksanterinkatu', 'Hämeenkatu', 'Esplanadi'],
  },
  {
    country: 'IE',
    weight: 2,
    scheme: '9935',
    id: (vat) => vat,
    vat: 'IEdddddddw',
    suffixes: ['Ltd', 'DAC', 'plc'],
    cities: [
      ['Dublin', 'D0d @@dd'],
      ['Cork', 'T12 @@dd'],
      ['Galway', 'H91 @@dd'],
    ],
    streets: ['Grafton Street', "O'Connell Street", 'Patrick Street'],
  },
  {
    country: 'LU',
    weight: 2,
    scheme: '9938',
    id: (vat) => vat,
    vat: 'LUdddddddd',
    suffixes: ['S.à r.l.', 'S.A.', 'SCS'],
    cities: [
      ['Luxembourg', 'L-1ddd'],
      ['Esch-sur-Alzette', 'L-4ddd'],
    ],
    streets: ['Grand-Rue', 'Boulevard Royal', 'Avenue de la Liberté'],
  },
  {
    country: 'PL',
    weight: 3,
    scheme: '9945',
    id: (vat) => vat,
    vat: 'PLdddddddddd',
    suffixes: ['Sp. z o.o.', 'S.A.', 'Sp.j.'],
    cities: [
      ['Warszawa', '00-ddd'],
      ['Kraków', '30-ddd'],
      ['Wrocław', '50-ddd'],
      ['Gdańsk', '80-ddd'],
    ],
    streets: ['ul. Marszałkowska', 'ul. Floriańska', 'ul. Świdnicka', 'ul. Długa'],
  },
  {
    country: 'PT',
    weight: 2,
    scheme: '9946',
    id: (vat) => vat,
    vat: 'PT5dddddddd',
    suffixes: ['Lda', 'S.A.', 'Unipessoal Lda'],
    cities: [
      ['Lisboa', '1ddd-ddd'],
      ['Porto', '4ddd-ddd'],
      ['Braga', '47dd-ddd'],
    ],
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina'],
  },
  {
    country: 'GR',
    weight: 2,
    scheme: '9933',
    id: (vat) => vat,
    vat: 'ELddddddddd',
    suffixes: ['A.E.', 'E.P.E.', 'I.K.E.'],
    cities: [
      ['Athina', '10d dd'],
      ['Thessaloniki', '54d dd'],
      ['Patra', '26d dd'],
    ],
    streets: ['Ermou', 'Stadiou', 'Tsimiski'],
  },
  {
    country: 'CZ',
    weight: 2,
    scheme: '9929',
    id: (vat) => vat,
    vat: 'CZdddddddd',
    suffixes: ['s.r.o.', 'a.s.'],
    cities: [
      ['Praha', '1dd 00'],
      ['Brno', '6dd 00'],
      ['Ostrava', '7dd 00'],
    ],
    streets: ['Václavské náměstí', 'Národní', 'Masarykova'],
  },
  {
    country: 'SK',
    weight: 1,
    scheme: '9950',
    id: (vat) => vat,
    vat: 'SKnd4ddddddd',
    suffixes: ['s.r.o.', 'a.s.'],
    cities: [
      ['Bratislava', '8dd 0d'],
      ['Košice', '040 dd'],
    ],
    streets: ['Obchodná', 'Hlavná'],
  },
  {
    country: 'HU',
    weight: 2,
    scheme: '9910',
    id: (vat) => vat,
    vat: 'HUdddddddd',
    suffixes: ['Kft.', 'Zrt.', 'Bt.'],
    cities: [
      ['Budapest', '1ddd'],
      ['Debrecen', '40dd'],
      ['Szeged', '67dd'],
    ],
    streets: ['Andrássy út', 'Váci utca', 'Piac utca'],
  },
  {
    country: 'RO',
    weight: 2,
    scheme: '9947',
    id: (vat) => vat,
    vat: 'ROndddddddd',
    suffixes: ['S.R.L.', 'S.A.'],
    cities: [
      ['București', '0dddd'],
      ['Cluj-Napoca', '400ddd'],
      ['Timișoara', '300ddd'],
    ],
    streets: ['Calea Victoriei', 'Bulevardul Eroilor', 'Strada Republicii'],
  },
  {
    country: 'BG',
    weight: 1,
    scheme: '9926',
    id: (vat) => vat,
    vat: 'BGddddddddd',
    suffixes: ['EOOD', 'OOD', 'AD'],
    cities: [
      ['Sofia', '1ddd'],
      ['Plovdiv', '40dd'],
      ['Varna', '90dd'],
    ],
    streets: ['Vitosha Blvd', 'Glavnata', 'Knyaz Boris I'],
  },
  {
    country: 'HR',
    weight: 1,
    scheme: '9934',
    id: (vat) => vat,
    vat: 'HRddddddddddd',
    suffixes: ['d.o.o.', 'd.d.'],
    cities: [
      ['Zagreb', '10 ddd'],
      ['Split', '21 ddd'],
      ['Rijeka', '51 ddd'],
    ],
    streets: ['Ilica', 'Riva', 'Korzo'],
  },
  {
    country: 'SI',
    weight: 1,
    scheme: '9949',
    id: (vat) => vat,
    vat: 'SIndddddddd',
    suffixes: ['d.o.o.', 'd.d.'],
    cities: [
      ['Ljubljana', '1000'],
      ['Maribor', '2000'],
    ],
    streets: ['Slovenska cesta', 'Glavni trg'],
  },
  {
    country: 'EE',
    weight: 1,
    scheme: '9931',
    id: (vat) => vat,
    vat: 'EE10ddddddd',
    suffixes: ['OÜ', 'AS'],
    cities: [
      ['Tallinn', '1dddd'],
      ['Tartu', '5dddd'],
    ],
    streets: ['Viru', 'Rüütli'],
  },
  {
    country: 'LV',
    weight: 1,
    scheme: '9939',
    id: (vat) => vat,
    vat: 'LV4dddddddddd',
    suffixes: ['SIA', 'AS'],
    cities: [
      ['Rīga', 'LV-10dd'],
      ['Liepāja', 'LV-34dd'],
    ],
    streets: ['Brīvības iela', 'Elizabetes iela'],
  },
  {
    country: 'LT',
    weight: 1,
    scheme: '9937',
    id: (vat) => vat,
    vat: 'LTddddddddd',
    suffixes: ['UAB', 'AB'],
    cities: [
      ['Vilnius', 'LT-0dddd'],
      ['Kaunas', 'LT-4dddd'],
    ],
    streets: ['Gedimino pr.', 'Laisvės al.'],
  },
  {
    country: 'CY',
    weight: 1,
    scheme: '9928',
    id: (vat) => vat,
    vat: 'CY1ddddddd@',
    suffixes: ['Ltd'],
    cities: [
      ['Nicosia', '10dd'],
      ['Limassol', '30dd'],
    ],
    streets: ['Makariou Avenue', 'Ledra Street'],
  },
  {
    country: 'MT',
    weight: 1,
    scheme: '9943',
    id: (vat) => vat,
    vat: 'MTnddddddd',
    suffixes: ['Ltd', 'p.l.c.'],
    cities: [
      ['Valletta', 'VLT 1ddd'],
      ['Sliema', 'SLM 1ddd'],
    ],
    streets: ['Republic Street', 'Tower Road'],
  },
  {
    country: 'GB',
    weight: 3,
    scheme: '9932',
    id: (vat) => vat,
    vat: 'GBddddddddd',
    suffixes: ['Ltd', 'LLP', 'plc'],
    cities: [
      ['London', 'EC1A d@@'],
      ['Manchester', 'M1 d@@'],
      ['Birmingham', 'B1 d@@'],
      ['Edinburgh', 'EH1 d@@'],
    ],
    streets: ['High Street', 'Station Road', 'King Street', 'Princes Street'],
  },
  {
    country: 'CH',
    weight: 2,
    scheme: '9927',
    id: (vat) => vat,
    vat: 'CHEdddddddddMWST',
    suffixes: ['AG', 'GmbH', 'SA', 'Sàrl'],
    cities: [
      ['Zürich', '80dd'],
      ['Genève', '12dd'],
      ['Basel', '40dd'],
      ['Bern', '30dd'],
    ],
    streets: ['Bahnhofstrasse', 'Rue du Rhône', 'Freie Strasse', 'Marktgasse'],
  },
  {
    country: 'RS',
    weight: 1,
    scheme: '9948',
    id: (vat) => vat,
    vat: 'RSddddddddd',
    suffixes: ['d.o.o.', 'a.d.'],
    cities: [
      ['Beograd', '11ddd'],
      ['Novi Sad', '21ddd'],
    ],
    streets: ['Knez Mihailova', 'Zmaj Jovina'],
  },
  {
    country: 'IS',
    weight: 1,
    scheme: '0196',
    id: 'ndddddddd9',
    vat: null,
    suffixes: ['ehf.', 'hf.'],
    cities: [
      ['Reykjavík', '10d'],
      ['Akureyri', '600'],
    ],
    streets: ['Laugavegur', 'Hafnarstræti'],
  },
  {
    country: 'AU',
    weight: 3,
    scheme: '0151',
    id: 'ndddddddddd',
    vat: null,
    suffixes: ['Pty Ltd', 'Ltd'],
    cities: [
      ['Sydney', '20dd'],
      ['Melbourne', '30dd'],
      ['Brisbane', '40dd'],
      ['Perth', '60dd'],
    ],
    streets: ['George Street', 'Collins Street', 'Queen Street', 'Hay Street'],
  },
  {
    country: 'NZ',
    weight: 2,
    scheme: '0088',
    id: '94dddddddddd',
    vat: null,
    suffixes: ['Limited', 'Ltd'],
    cities: [
      ['Auckland', '10dd'],
      ['Wellington', '60dd'],
      ['Christchurch', '80dd'],
    ],
    streets: ['Queen Street', 'Lambton Quay', 'Colombo Street'],
  },
  {
    country: 'SG',
    weight: 2,
    scheme: '0195',
    id: '20ddddddd@',
    vat: null,
    suffixes: ['Pte. Ltd.', 'Ltd.'],
    cities: [['Singapore', '0ddddd']],
    streets: ['Orchard Road', 'Raffles Place', 'Marina Boulevard'],
  },
  {
    country: 'JP',
    weight: 2,
    scheme: '0221',
    id: 'Tndddddddddddd',
    vat: null,
    suffixes: ['K.K.', 'G.K.'],
    cities: [
      ['Tokyo', '1dd-dddd'],
      ['Osaka', '5dd-dddd'],
      ['Nagoya', '4dd-dddd'],
    ],
    streets: ['Ginza', 'Umeda', 'Sakae'],
  },
  {
    country: 'MY',
    weight: 1,
    scheme: '0230',
    id: 'C2ddddddddd',
    vat: null,
    suffixes: ['Sdn. Bhd.', 'Berhad'],
    cities: [
      ['Kuala Lumpur', '5dddd'],
      ['Penang', '10ddd'],
    ],
    streets: ['Jalan Bukit Bintang', 'Jalan Ampang'],
  },
  {
    country: 'AE',
    weight: 1,
    scheme: '0235',
    id: '1ddddddddddddd3',
    vat: null,
    suffixes: ['LLC', 'FZE'],
    cities: [
      ['Dubai', '00000'],
      ['Abu Dhabi', '00000'],
    ],
    streets: ['Sheikh Zayed Road', 'Corniche Road'],
  },
  {
    country: 'OM',
    weight: 1,
    scheme: '0248',
    id: 'OM11000ddddd',
    vat: null,
    suffixes: ['LLC', 'SAOG'],
    cities: [['Muscat', '1dd']],
    streets: ['Sultan Qaboos Street'],
  },
];

/** Sector, the word it puts in a name, and its NACE Rev. 2 class. */
const SECTORS: Array<[word: string, nace: string]> = [
  ['Software', '62.01'],
  ['IT Consulting', '62.02'],
  ['Data Services', '63.11'],
  ['Consulting', '70.22'],
  ['Construction', '41.20'],
  ['Logistics', '52.29'],
  ['Transport', '49.41'],
  ['Bakery', '10.71'],
  ['Foods', '10.89'],
  ['Wholesale', '46.90'],
  ['Trading', '46.19'],
  ['Retail', '47.19'],
  ['Legal', '69.10'],
  ['Accounting', '69.20'],
  ['Architecture', '71.11'],
  ['Engineering', '71.12'],
  ['Health', '86.10'],
  ['Printing', '18.12'],
  ['Catering', '56.29'],
  ['Cleaning', '81.21'],
  ['Electrical', '43.21'],
  ['Plumbing', '43.22'],
  ['Pharma', '21.20'],
  ['Furniture', '31.09'],
  ['Marketing', '73.11'],
  ['Telecom', '61.10'],
  ['Energy', '35.11'],
  ['Agro', '01.11'],
  ['Hotels', '55.10'],
  ['Training', '85.59'],
  ['Security', '80.10'],
  ['Machinery', '28.29'],
  ['Metalworks', '25.62'],
  ['Textiles', '13.92'],
  ['Office Supplies', '46.66'],
];

const STEMS = [
  'Atlas',
  'Nordic',
  'Alpine',
  'Blue River',
  'Green Valley',
  'Horizon',
  'Summit',
  'Aurora',
  'Meridian',
  'Pioneer',
  'Keystone',
  'Harbor',
  'Silverline',
  'Northstar',
  'Oakwood',
  'Cedar',
  'Evergreen',
  'Granite',
  'Beacon',
  'Crescent',
  'Delta',
  'Falcon',
  'Orion',
  'Vertex',
  'Zenith',
  'Lumen',
  'Polaris',
  'Riverside',
  'Westbrook',
  'Eastgate',
  'Sterling',
  'Bright',
  'Coastal',
  'Highland',
  'Lakeside',
  'Maple',
  'Nova',
  'Optima',
  'Prime',
  'Quantum',
  'Redwood',
  'Sunrise',
  'Terra',
  'Union',
  'Vista',
  'Windmill',
  'Iris',
  'Juniper',
  'Kestrel',
  'Linden',
  'Mosaic',
  'Nimbus',
  'Olympus',
  'Panorama',
  'Quartz',
  'Sapphire',
  'Tandem',
  'Unity',
  'Velvet',
  'Willow',
  'Amber',
  'Bridgewater',
  'Cobalt',
];

const ACCESS_POINTS: Array<
  Omit<DirectoryAccessPoint, 'endpointUrl' | 'transportProfile' | 'certificateSubject'> & { host: string }
> = [
  { id: 'PBE000101', name: 'Banqup Peppol AP', country: 'BE', host: 'banqup' },
  { id: 'PBE000214', name: 'Hermes Access Point', country: 'BE', host: 'hermes' },
  { id: 'PFR000032', name: 'Chorus Connect', country: 'FR', host: 'chorus-connect' },
  { id: 'PNL000120', name: 'Tradeflow Netherlands', country: 'NL', host: 'tradeflow' },
  { id: 'PDE000077', name: 'Rechnungsnetz AP', country: 'DE', host: 'rechnungsnetz' },
  { id: 'PIT000045', name: 'Fattura Link', country: 'IT', host: 'fatturalink' },
  { id: 'PSE000018', name: 'Nordic E-Trade', country: 'SE', host: 'nordic-etrade' },
  { id: 'PNO000056', name: 'Fjord Exchange', country: 'NO', host: 'fjord' },
  { id: 'PAT000011', name: 'Alpen eBilling', country: 'AT', host: 'alpen-ebilling' },
  { id: 'PGB000090', name: 'Britannia Docs', country: 'GB', host: 'britannia' },
  { id: 'PAU000008', name: 'Southern Cross Invoicing', country: 'AU', host: 'southern-cross' },
  { id: 'PSG000004', name: 'Lion City Exchange', country: 'SG', host: 'lioncity' },
];

const DOC_PROFILES: Array<[weight: number, types: DocumentType[]]> = [
  [45, ['invoice', 'credit-note']],
  [20, ['invoice', 'credit-note', 'debit-note']],
  [15, ['invoice', 'credit-note', 'purchase-order', 'sales-order']],
  [8, ['invoice', 'credit-note', 'debit-note', 'purchase-order', 'sales-order', 'quote', 'event']],
  [6, ['invoice']],
  // Order-only participants: found in the directory but unable to receive invoices.
  [6, ['purchase-order']],
];

function docProfile(rng: Rng): DocumentType[] {
  let roll = rng() * 100;
  for (const [weight, types] of DOC_PROFILES) {
    if ((roll -= weight) < 0) return types;
  }
  return DOC_PROFILES[0][1];
}

function accessPointFor(rng: Rng, country: string): { accessPoint: DirectoryAccessPoint; smp: DirectorySmp } {
  const local = ACCESS_POINTS.filter((ap) => ap.country === country);
  const ap = local.length > 0 && rng() < 0.7 ? pick(rng, local) : pick(rng, ACCESS_POINTS);
  return {
    accessPoint: {
      id: ap.id,
      name: ap.name,
      country: ap.country,
      endpointUrl: `https://as4.${ap.host}.example/as4`,
      transportProfile: 'peppol-transport-as4-v2_0',
      certificateSubject: `CN=${ap.id},OU=PEPPOL TEST AP,O=${ap.name},C=${ap.country}`,
    },
    smp: { hostname: `smp.${ap.host}.example`, url: `https://smp.${ap.host}.example` },
  };
}

function belgianNumber(rng: Rng): string {
  const base = `0${2 + Math.floor(rng() * 8)}${fill(rng, 'dddddd')}`;
  return `${base}${String(97 - (Number(base) % 97)).padStart(2, '0')}`;
}

function luhnComplete(rng: Rng, prefix: string, length: number): string {
  for (;;) {
    const body = prefix + fill(rng, 'd'.repeat(length - prefix.length - 1));
    for (let digit = 0; digit < 10; digit++) {
      const candidate = body + digit;
      let total = 0;
      for (let i = 0; i < candidate.length; i++) {
        let d = candidate.charCodeAt(candidate.length - 1 - i) - 48;
        if (i % 2 === 1) {
          d *= 2;
          if (d > 9) d -= 9;
        }
        total += d;
      }
      if (total % 10 === 0) return candidate;
    }
  }
}

/** The value of an identifier that passes the scheme's and the VAT checks, or undefined after many tries. */
function identifiersFor(
  rng: Rng,
  spec: CountrySpec,
): { value: string; vat: string | null; siren: string | null } | undefined {
  for (let attempt = 0; attempt < 400; attempt++) {
    let value: string;
    let vat: string | null;
    let siren: string | null = null;
    if (spec.id === 'BE') {
      value = belgianNumber(rng);
      vat = `BE${value}`;
    } else if (spec.id === 'FR') {
      siren = luhnComplete(rng, String(3 + Math.floor(rng() * 6)), 9);
      value = siren;
      vat = `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;
    } else if (typeof spec.id === 'function') {
      vat = fill(rng, spec.vat as string);
      value = spec.id(vat);
    } else {
      value = fill(rng, spec.id);
      vat =
        typeof spec.vat === 'function' ? spec.vat(value) : typeof spec.vat === 'string' ? fill(rng, spec.vat) : null;
    }
    if (!checkParticipantId(`${spec.scheme}:${value}`).valid) continue;
    if (vat !== null && !checkVatNumber(vat).valid) continue;
    return { value, vat, siren };
  }
  return undefined;
}

let cached: SeedParticipant[] | undefined;

/** Every participant of the sandbox directory (legal entities first, then French establishments). */
export function sandboxDirectory(total = 7000): SeedParticipant[] {
  if (cached && total === 7000) return cached;
  const rng = prng(0x5eed_d1c7);
  const weightSum = SPECS.reduce((s, c) => s + c.weight, 0);
  const seen = new Set<string>();
  const out: SeedParticipant[] = [];
  const epoch = Date.UTC(2019, 0, 1);
  const span = Date.UTC(2026, 9, 1) - epoch;

  for (const spec of SPECS) {
    const count = Math.max(20, Math.round((total * spec.weight) / weightSum));
    for (let i = 0; i < count; i++) {
      const ids = identifiersFor(rng, spec);
      if (!ids) continue;
      const peppolId = `${spec.scheme}:${ids.value}`;
      if (seen.has(peppolId.toLowerCase())) continue;
      seen.add(peppolId.toLowerCase());
      const [sector, nace] = pick(rng, SECTORS);
      const [city, postal] = pick(rng, spec.cities);
      const stem = pick(rng, STEMS);
      const name = `${stem} ${sector} ${pick(rng, spec.suffixes)}`;
      const slug = `${stem}-${sector}-${i}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const { accessPoint, smp } = accessPointFor(rng, spec.country);
      const naceCodes = rng() < 0.2 ? [nace, pick(rng, SECTORS)[1]].filter((v, k, a) => a.indexOf(v) === k) : [nace];
      const identifiers = [{ scheme: spec.scheme, value: ids.value }];
      if (ids.vat) identifiers.push({ scheme: 'VAT', value: ids.vat });
      const participant: SeedParticipant = {
        peppolId,
        name,
        country: spec.country,
        street: `${pick(rng, spec.streets)} ${1 + Math.floor(rng() * 180)}`,
        city,
        postalCode: fill(rng, postal),
        vatNumber: ids.vat,
        siren: ids.siren,
        siret: null,
        identifiers,
        naceCodes,
        documentTypes: docProfile(rng),
        parentPeppolId: null,
        website: rng() < 0.6 ? `https://www.${slug}.example` : null,
        contactEmail: rng() < 0.5 ? `invoices@${slug}.example` : null,
        accessPoint,
        smp,
        registeredAt: new Date(epoch + Math.floor(rng() * span)).toISOString(),
      };
      out.push(participant);

      // French legal entities publish some of their establishments (SIRET) as separate participants.
      if (spec.id === 'FR' && ids.siren && rng() < 0.35) {
        const establishments = 1 + Math.floor(rng() * 3);
        for (let e = 0; e < establishments; e++) {
          const siret = luhnComplete(rng, `${ids.siren}000${e + 1}`, 14);
          const [estCity, estPostal] = pick(rng, spec.cities);
          const estId = `0009:${siret}`;
          if (seen.has(estId)) continue;
          seen.add(estId);
          out.push({
            ...participant,
            peppolId: estId,
            name: `${name} - ${estCity}`,
            city: estCity,
            postalCode: fill(rng, estPostal),
            street: `${pick(rng, spec.streets)} ${1 + Math.floor(rng() * 180)}`,
            siret,
            identifiers: [
              { scheme: '0009', value: siret },
              { scheme: '0002', value: ids.siren },
              ...(ids.vat ? [{ scheme: 'VAT', value: ids.vat }] : []),
            ],
            parentPeppolId: peppolId,
          });
        }
      }
    }
  }
  out.push(...scenarioParticipants(rng));
  // A well-known Belgian receiver that examples and documentation use as the recipient.
  out.push({
    peppolId: '0208:0202239951',
    name: 'Proximus SA',
    country: 'BE',
    street: 'Boulevard du Roi Albert II 27',
    city: 'Brussels',
    postalCode: '1030',
    vatNumber: 'BE0202239951',
    siren: null,
    siret: null,
    identifiers: [
      { scheme: '0208', value: '0202239951' },
      { scheme: 'VAT', value: 'BE0202239951' },
    ],
    naceCodes: ['61.10'],
    documentTypes: ['invoice', 'credit-note', 'debit-note', 'purchase-order', 'sales-order', 'quote', 'event'],
    parentPeppolId: null,
    website: 'https://www.proximus.example',
    contactEmail: null,
    ...accessPointFor(rng, 'BE'),
    registeredAt: '2019-03-01T00:00:00.000Z',
  });
  if (total === 7000) cached = out;
  return out;
}

/**
 * The sandbox scenario recipients (core/sandbox-scenarios.ts) are in the directory like any other
 * participant, so that sending to them passes recipient verification and the transport simulator
 * produces their outcome; `notRegistered` is deliberately absent, `ordersOnly` receives orders only.
 */
function scenarioParticipants(rng: Rng): SeedParticipant[] {
  const all: DocumentType[] = [
    'invoice',
    'credit-note',
    'debit-note',
    'purchase-order',
    'sales-order',
    'quote',
    'event',
  ];
  const scenarios: Array<[string, string, DocumentType[]]> = [
    [SANDBOX_RECIPIENTS.apRejected, 'Scenario AP Rejects', all],
    [SANDBOX_RECIPIENTS.transportFlaky, 'Scenario Flaky Transport', all],
    [SANDBOX_RECIPIENTS.transportDown, 'Scenario Transport Down', all],
    [SANDBOX_RECIPIENTS.sbdhError, 'Scenario SBDH Error', all],
    [SANDBOX_RECIPIENTS.slowDelivery, 'Scenario Slow Delivery', all],
    [SANDBOX_RECIPIENTS.ordersOnly, 'Scenario Orders Only', ['purchase-order', 'sales-order']],
    ...Object.entries(SANDBOX_RESPONDERS).map(([peppolId, { code }]): [string, string, DocumentType[]] => [
      peppolId,
      `Scenario Responds ${code}`,
      all,
    ]),
  ];
  return scenarios.map(([peppolId, name, documentTypes]) => ({
    peppolId,
    name,
    country: 'BE',
    street: 'Rue de la Loi 16',
    city: 'Brussels',
    postalCode: '1000',
    vatNumber: null,
    siren: null,
    siret: null,
    identifiers: [{ scheme: '0060', value: peppolId.slice(5) }],
    naceCodes: ['82.99'],
    documentTypes,
    parentPeppolId: null,
    website: null,
    contactEmail: null,
    ...accessPointFor(rng, 'BE'),
    registeredAt: '2026-01-01T00:00:00.000Z',
  }));
}

let byVat: Map<string, SeedParticipant> | undefined;

/**
 * The legal entity the sandbox directory lists under a VAT number, as the sandbox registry answers
 * for it (its name, address and participant id), so onboarding a listed company names it alike.
 */
export function listedCompanyOfVat(vatNumber: string): RegistryCompany | undefined {
  byVat ??= new Map(
    sandboxDirectory()
      .filter((p) => p.vatNumber && !p.parentPeppolId)
      .map((p) => [p.vatNumber!, p]),
  );
  const card = byVat.get(vatNumber);
  if (!card) return undefined;
  return {
    vatNumber,
    country: card.country,
    legalName: card.name,
    address: {
      country: card.country,
      ...(card.street ? { street: card.street } : {}),
      ...(card.city ? { city: card.city } : {}),
      ...(card.postalCode ? { postalCode: card.postalCode } : {}),
    },
    registrationNumber: null,
    peppolId: card.peppolId,
  };
}

/** FNV-1a: a participant id to a PRNG seed, so each synthesized card is the same on every call. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Where a participant whose identifier names no country is placed: the sandbox's home country. */
export const SYNTHESIZED_DEFAULT_COUNTRY = 'BE';

const SCENARIO_IDS = new Set<string>(
  [...Object.values(SANDBOX_RECIPIENTS), ...Object.keys(SANDBOX_RESPONDERS)].map((id) => id.toLowerCase()),
);

/**
 * The business card of a valid participant id that the seeded directory does not list: in the
 * sandbox every such id is reachable for every document type, so that a first send to any id works.
 * Deterministic (seeded by the id), in the country the id implies (scheme, VAT prefix, GS1 prefix),
 * with the VAT number the id implies. Scenario ids are never synthesized: they keep their outcome.
 */
export function synthesizedParticipant(peppolId: string): SeedParticipant | undefined {
  const check = checkParticipantId(peppolId);
  if (!check.valid || !check.scheme || check.value === undefined) return undefined;
  const id = `${check.scheme}:${check.value}`;
  if (SCENARIO_IDS.has(id.toLowerCase())) return undefined;
  const rng = prng(seedOf(id.toLowerCase()));
  const country = countryOfParticipantId(id) ?? SYNTHESIZED_DEFAULT_COUNTRY;
  const spec = SPECS.find((s) => s.country === country);
  const [sector, nace] = pick(rng, SECTORS);
  const stem = pick(rng, STEMS);
  const [city, postal] = spec ? pick(rng, spec.cities) : ['Capital City', '1000'];
  const street = spec
    ? `${pick(rng, spec.streets)} ${1 + Math.floor(rng() * 180)}`
    : `Main Street ${1 + Math.floor(rng() * 180)}`;
  const vatNumber = vatOfParticipantId(id) ?? null;
  const siren = check.scheme === '0002' ? check.value : check.scheme === '0009' ? check.value.slice(0, 9) : null;
  const name = `${stem} ${sector} ${spec ? pick(rng, spec.suffixes) : 'Ltd'}`;
  const postalCode = fill(rng, postal);
  // The company of that VAT number as the sandbox registry answers for it (a card listed under
  // another id of it among them), where it is in the same country: an onboarding and a send to the id
  // then name one company alike.
  const registered = vatNumber ? sandboxRegistryCompany(vatNumber, listedCompanyOfVat) : undefined;
  const known = registered?.address?.country === country ? registered : undefined;
  return {
    peppolId: id,
    name: known?.legalName ?? name,
    country,
    street: known?.address?.street ?? street,
    city: known?.address?.city ?? city,
    postalCode: known?.address?.postalCode ?? postalCode,
    vatNumber,
    siren,
    siret: check.scheme === '0009' ? check.value : null,
    identifiers: [
      { scheme: check.scheme, value: check.value },
      ...(vatNumber ? [{ scheme: 'VAT', value: vatNumber }] : []),
    ],
    naceCodes: [nace],
    documentTypes: ['invoice', 'credit-note', 'debit-note', 'purchase-order', 'sales-order', 'quote', 'event'],
    parentPeppolId: null,
    website: null,
    contactEmail: null,
    ...accessPointFor(rng, country),
    registeredAt: '2026-01-01T00:00:00.000Z',
  };
}
