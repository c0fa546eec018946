import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkParticipantId,
  checkVatNumber,
  COUNTRIES,
  countryInfo,
  documentSpecificationFor,
  participantIdOfTaxNumber,
  participantIdOfVat,
  resolveParticipantId,
  vatOfParticipantId,
} from '../../peppol/index.ts';
import { PARTICIPANT_SCHEMES } from '../../peppol/participant-schemes.ts';
import { SHARED } from '../support/paths.ts';

interface CodeListEntry {
  iso6523: string;
  schemeid: string;
  state: string;
  examples?: string;
  'validation-rules'?: string;
}

const codeList = (
  JSON.parse(
    readFileSync(
      join(SHARED, 'standards', 'peppol-codelists-9.7', 'Peppol Code Lists - Participant identifier schemes v9.7.json'),
      'utf8',
    ),
  ) as { values: CodeListEntry[] }
).values.filter((e) => e.state !== 'removed');

describe('participant identifier schemes against the official code list (v9.7)', () => {
  it('knows every scheme of the list that is not removed, with its scheme id', () => {
    for (const entry of codeList) {
      expect(PARTICIPANT_SCHEMES[entry.iso6523]?.schemeId, entry.iso6523).to.equal(entry.schemeid);
    }
  });

  it("accepts each of the list's own examples (written without the display spaces)", () => {
    const examples = codeList.flatMap((e) =>
      (e.examples ?? '')
        .split('\n')
        .map((x) => x.replace(/\s+/g, ''))
        .filter(Boolean)
        .map((x) => `${e.iso6523}:${x}`),
    );
    expect(examples.length).to.be.greaterThan(15);
    for (const id of examples) expect(checkParticipantId(id).problems, id).to.deep.equal([]);
  });

  it('checks 0195 as SGUEN followed by the UEN, as the list says, not as the bare UEN', () => {
    for (const id of ['0195:SGUEN201912345K', '0195:SGUEN53123456A', '0195:sguenT09LL0001B'])
      expect(checkParticipantId(id).valid, id).to.equal(true);
    for (const id of ['0195:201912345K', '0195:SGUEN2019123', '0195:SGU201912345K'])
      expect(checkParticipantId(id).valid, id).to.equal(false);
  });

  it('checks the rules and check digits the list states', () => {
    const cases: Array<[string, boolean]> = [
      ['0184:13585628', true],
      ['0184:DK13585628', false], // [1-9][0-9]{7}
      ['0184:03585628', false],
      ['0216:003701120389', true],
      ['0216:003701120389TST01', true],
      ['0216:003701120388', false], // business id check digit
      ['0216:01120389', false],
      ['0221:T7000012050002', true],
      ['0221:T7000012050003', false],
      ['0221:7000012050002', false],
      ['0188:8010001213708', true],
      ['0188:9010001213708', false],
      ['0235:1001234567', true],
      ['0235:2001234567', false],
      ['0248:OM1100003554', true],
      ['0248:1100003554', false],
      ['0151:51824753556', true],
      ['0151:51824753557', false],
      ['0183:CHE116281710', true],
      ['0183:CHE116281711', false],
      ['0196:5402696029', true],
      ['0196:5402696039', false],
      ['0211:IT00743110157', true],
      ['0211:00743110157', false], // IT[0-9]{11}
      ['0204:991-33KM1-19', true],
      ['0199:5493001KJTIIGC8Y1R12', true],
      ['0199:5493001KJTIIGC8Y1R13', false],
      ['9914:ATU12345678', true],
      ['9930:FR811907980', false],
    ];
    for (const [id, valid] of cases) expect(checkParticipantId(id).valid, id).to.equal(valid);
  });
});

describe('countries as data', () => {
  it('serves the EU/EEA, CH, GB and the Asia-Pacific and Middle East Peppol jurisdictions', () => {
    const codes = COUNTRIES.map((c) => c.code);
    const required =
      'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB AU NZ SG JP MY AE OM';
    expect(codes).to.include.members(required.split(' '));
    expect(new Set(codes).size).to.equal(codes.length);
  });

  it('has for every country an example tax number that passes its check, and schemes of the code list in that country', () => {
    for (const country of COUNTRIES) {
      const check = checkVatNumber(country.taxNumber.example);
      expect(check.problems, country.code).to.deep.equal([]);
      expect(check.country, country.code).to.equal(country.code);
      for (const scheme of country.schemes) {
        const entry = PARTICIPANT_SCHEMES[scheme];
        expect(entry, `${country.code} ${scheme}`).to.not.equal(undefined);
        if (scheme !== '0088') expect(entry.country, `${country.code} ${scheme}`).to.equal(country.code);
      }
      const derived = participantIdOfTaxNumber(country.taxNumber.example, country.code);
      if (derived) {
        expect(country.schemes, country.code).to.include(derived.slice(0, 4));
        expect(checkParticipantId(derived).problems, derived).to.deep.equal([]);
      }
    }
  });

  it('derives the participant id from the tax number where it determines one', () => {
    const expected: Record<string, string> = {
      SE556016068001: '0007:5560160680',
      DK13585628: '0184:13585628',
      FI01120389: '0216:003701120389',
      NO974760673MVA: '0192:974760673',
      AU51824753556: '0151:51824753556',
      NZ9429041535431: '0088:9429041535431',
      SG201912345K: '0195:SGUEN201912345K',
      JPT7000012050002: '0221:T7000012050002',
      JP8010001213708: '0188:8010001213708',
      MYC2584563222: '0230:C2584563222',
      AE100123456700003: '0235:1001234567',
      OM1100003554: '0248:OM1100003554',
      BE0202239951: '0208:0202239951',
      FR44732829320: '0002:732829320',
      IT00743110157: '0211:IT00743110157',
      DE811907980: '9930:DE811907980',
      GB980780684: '9932:GB980780684',
    };
    for (const [vat, id] of Object.entries(expected)) {
      expect(participantIdOfVat(vat), vat).to.equal(id);
      expect(vatOfParticipantId(id), id).to.equal(
        vat === 'JP8010001213708' || vat === 'AE100123456700003' ? (vat.startsWith('JP') ? vat : undefined) : vat,
      );
    }
  });

  it('takes the id from an additionalIdentifiers entry of the country scheme when the tax number determines none', () => {
    expect(resolveParticipantId({ country: 'IS', taxNumber: 'IS12345' })).to.deep.include({
      ok: false,
      field: 'additionalIdentifiers',
    });
    const missing = resolveParticipantId({ country: 'IS', taxNumber: 'IS12345' });
    expect(!missing.ok && missing.message)
      .to.include('kennitala')
      .and.include('"scheme": "0196"');
    expect(
      resolveParticipantId({
        country: 'IS',
        taxNumber: 'IS12345',
        additionalIdentifiers: [
          { scheme: 'GLN', value: '5412345678908' },
          { scheme: '0196', value: '5402696029' },
        ],
      }),
    ).to.deep.equal({ ok: true, peppolId: '0196:5402696029', source: 'additional-identifier' });
    expect(
      resolveParticipantId({
        country: 'NZ',
        taxNumber: 'NZ49091850',
        additionalIdentifiers: [{ scheme: 'NZBN', value: '9429041535431' }],
      }),
    ).to.deep.include({ ok: true, peppolId: '0088:9429041535431' });
    expect(
      resolveParticipantId({
        country: 'SG',
        taxNumber: 'SGM21234567X',
        additionalIdentifiers: [{ scheme: 'SG:UEN', value: 'SGUEN53123456A' }],
      }),
    ).to.deep.include({ ok: true, peppolId: '0195:SGUEN53123456A' });
  });

  it('refuses an additionalIdentifiers entry that fails its scheme, naming the entry', () => {
    const bad = resolveParticipantId({
      country: 'SG',
      taxNumber: 'SG201912345K',
      additionalIdentifiers: [{ scheme: '0195', value: '201912345K' }],
    });
    expect(bad).to.deep.include({ ok: false, field: 'additionalIdentifiers[0].value', rule: 'scheme_0195' });
    expect(!bad.ok && bad.message).to.include('SGUEN');
  });

  it('refuses tax numbers of the non-EU countries that fail their check digits', () => {
    for (const vat of [
      'AU51824753557',
      'NZ9429041535432',
      'JPT7000012050003',
      'AE200123456700003',
      'OM11000035',
      'SG2019123K',
    ])
      expect(checkVatNumber(vat).valid, vat).to.equal(false);
  });
});

describe('documentSpecificationFor', () => {
  const cases: Array<[string, string, string]> = [
    ['BE', 'DE', 'peppol-bis-3'],
    ['SE', 'NO', 'peppol-bis-3'],
    ['GB', 'CH', 'peppol-bis-3'],
    ['AU', 'AU', 'pint-anz'],
    ['NZ', 'AU', 'pint-anz'],
    ['SG', 'SG', 'pint-sg'],
    ['JP', 'JP', 'pint-jp'],
    ['MY', 'MY', 'pint-my'],
    ['AE', 'AE', 'pint-ae'],
    ['OM', 'OM', 'pint-om'],
    ['SG', 'AU', 'pint'],
    ['JP', 'MY', 'pint'],
    ['DE', 'AU', 'pint-anz'],
    ['US', 'SG', 'pint-sg'],
    ['AU', 'DE', 'pint'],
  ];
  for (const [seller, buyer, spec] of cases)
    it(`${seller} → ${buyer}: ${spec}`, () => expect(documentSpecificationFor(seller, buyer)).to.equal(spec));

  it('is the domestic specification of every country of the table', () => {
    for (const c of COUNTRIES) expect(documentSpecificationFor(c.code, c.code), c.code).to.equal(c.specification);
    expect(countryInfo('EL')?.code).to.equal('GR');
  });
});
