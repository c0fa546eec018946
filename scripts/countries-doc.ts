/**
 * Writes docs/countries.md from the countries table (peppol/countries.ts): `npm run docs:countries`.
 * A test checks that the committed page equals what this renders, so the page never drifts from
 * the data the service runs on.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COUNTRIES, documentSpecificationFor, type Country } from '../peppol/countries.ts';
import { PARTICIPANT_SCHEMES } from '../peppol/participant-schemes.ts';
import { PROJECT_ROOT } from '../core/config.ts';

export const COUNTRIES_DOC = path.join(PROJECT_ROOT, 'docs', 'countries.md');

const SPEC_NAMES: Record<string, string> = {
  'peppol-bis-3': 'Peppol BIS Billing 3',
  pint: 'PINT (generic)',
  'pint-anz': 'PINT A-NZ',
  'pint-sg': 'PINT SG',
  'pint-jp': 'JP PINT',
  'pint-my': 'PINT MY',
  'pint-ae': 'PINT AE',
  'pint-om': 'PINT OM',
};

const cell = (text: string) => text.replace(/\|/g, '\\|');
const schemes = (c: Country) =>
  c.schemes.map((s) => `\`${s}\` ${PARTICIPANT_SCHEMES[s]?.schemeId ?? ''}`.trim()).join(', ');
const rates = (c: Country) =>
  [c.rates.standard, ...c.rates.reduced].map((r) => `${r}%`).join(' / ') + (c.rates.note ? ` (${c.rates.note})` : '');
const categories = (c: Country) => c.taxCategories.map((t) => `\`${t.code}\` ${t.description}`).join('; ');
const registry = (c: Country) =>
  c.region === 'EU'
    ? 'live: VIES; sandbox: seeded or synthesized'
    : 'live: none (VIES covers the EU only); sandbox: synthesized';

/** The specification a seller of the country uses toward a BIS 3 buyer (BE) and toward a PINT one (AU, SG). */
function crossBorder(c: Country): string {
  const toEurope = documentSpecificationFor(c.code, 'BE');
  const toPint = documentSpecificationFor(c.code, c.code === 'AU' || c.code === 'NZ' ? 'SG' : 'AU');
  return `to Europe: ${SPEC_NAMES[toEurope]}; to a PINT country: ${SPEC_NAMES[toPint]}`;
}

export function renderCountriesDoc(): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  push(
    '# Countries',
    '',
    '<!-- Generated from peppol/countries.ts by `npm run docs:countries`; edit the table there, not this page. -->',
    '',
    `The service serves ${COUNTRIES.length} countries in Europe, Asia-Pacific and the Middle East. A company is`,
    'created with its tax number (`vatNumber`, always with the country prefix: `SE556016068001`,',
    '`AU51824753556`, `JPT7000012050002`); its country comes from the prefix, and its Peppol participant id',
    'from, in this order:',
    '',
    '1. the Peppol Directory, when the company is already listed there under that tax number;',
    '2. the tax number, where it determines the id (the column *Participant id* below);',
    "3. an `additionalIdentifiers` entry in one of the country's schemes, named by its ICD (`0196`), its",
    '   code-list id (`IS:KTNR`) or a usual name (`GLN`, `NZBN`, `UEN`, `ABN`, `CVR`, `KENNITALA`, `ORGNR`);',
    '4. else the create is refused: 422 `PEPPOL_ID_REQUIRED`, its message naming the identifier to give,',
    '   `details[0].field` = `additionalIdentifiers`. Nothing is stored.',
    '',
    "An `additionalIdentifiers` entry in a Peppol scheme whose value fails that scheme's rule is 400",
    '`INVALID_REQUEST` naming `additionalIdentifiers[i].value` (for example `0195` wants `SGUEN` + the UEN,',
    '`SGUEN201912345K`). A company stored without a participant id gets one when a `PATCH` gives the',
    "identifier, and is then registered with the SMP. Tax numbers are checked by their country's format and",
    'check digits (the VAT library for Europe; ABN mod 89, NZBN/GLN or IRD mod 11, UEN, the Japanese',
    'check digit, the UAE TRN and the Omani VATIN by this table); a failing one is 400 `INVALID_VAT_FORMAT`.',
    '',
    'Participant identifier values are checked by the rules of the official Peppol code list',
    '"Participant identifier schemes" v9.7 (its regular expression and the check digits its structure',
    "defines; `peppol/scheme-checks.ts`), tested against the list's own examples.",
    '',
    '## Document specification',
    '',
    '`documentSpecificationFor(sellerCountry, buyerCountry)` (`peppol/pint/specification.ts`) chooses:',
    '',
    '- seller and buyer in Europe: Peppol BIS Billing 3;',
    '- seller and buyer in the same PINT jurisdiction (AU and NZ are one): that specialization;',
    "- a buyer in a PINT jurisdiction (AU/NZ, SG, JP, MY, AE, OM) and a seller outside every one: the **buyer's**",
    '  specialization, the one its access point accepts;',
    '- a seller in a PINT jurisdiction and a buyer elsewhere (another PINT jurisdiction, Europe or the',
    '  rest of the world): the generic PINT, the cross-border model every specialization derives from.',
    '',
    '## What the registry and directory know',
    '',
    '- **Registry** (legal name and address at creation): live, VIES, which answers for EU VAT numbers only;',
    '  elsewhere live onboarding has no registry yet (VIES answers "not found"). The sandbox registry knows',
    '  every valid tax number of the table: a seeded company, else one synthesized from the number.',
    '- **Directory** (`/v1/directory`, `to` resolution): live, the Peppol Directory for every country,',
    '  searched by VAT number or name. The sandbox directory reaches every valid participant id with a',
    '  card in the country its scheme implies (a GLN by its GS1 prefix: 94… New Zealand).',
    '- **`to` forms**: `vat:<tax number>` (or the bare tax number) resolves through the organization, its',
    '  partners and the directory, then to the participant id the table derives from it (`vat:AU53004085616`',
    '  → `0151:53004085616`, `vat:SG53123456A` → `0195:SGUEN53123456A`); a bare participant id is used as is.',
    '',
    '## The table',
    '',
    '| Country | Tax number (example) | Peppol schemes | Participant id | Specification (domestic) | Cross-border | Currency | Rates | Registry |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const c of COUNTRIES) {
    push(
      `| ${c.code} ${c.name} | ${cell(c.taxNumber.name)}: \`${c.taxNumber.example}\` | ${schemes(c)} | ${cell(
        c.derivation,
      )} | ${SPEC_NAMES[c.specification]} | ${crossBorder(c)} | ${c.currency} | ${cell(rates(c))} | ${registry(c)} |`,
    );
  }
  push('', '## Tax categories', '', '| Country | Tax | Categories |', '|---|---|---|');
  for (const c of COUNTRIES) push(`| ${c.code} | ${c.taxNumber.tax} | ${cell(categories(c))} |`);
  push('');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(COUNTRIES_DOC, renderCountriesDoc());
  console.log(`wrote ${path.relative(PROJECT_ROOT, COUNTRIES_DOC)}`);
}
