import { expect } from 'chai';
import { composeIBAN } from 'ibantools';
import {
  checkParticipantId,
  checkVatNumber,
  countryOfScheme,
  isIsoCountry,
  isIsoCurrency,
  isValidBic,
  isValidIban,
  splitParticipantId,
} from '../../peppol/index.ts';
import { heapAfterCollection } from '../support/memory.ts';

describe('participant identifiers', () => {
  it('splits <scheme>:<value>, with or without the actor prefix', () => {
    expect(splitParticipantId('0208:0403019261')).to.deep.equal({ scheme: '0208', value: '0403019261' });
    expect(splitParticipantId('iso6523-actorid-upis::0088:7300010000001')).to.deep.equal({
      scheme: '0088',
      value: '7300010000001',
    });
    expect(splitParticipantId('BE0403019261')).to.equal(undefined);
  });

  it('maps schemes to the countries they imply', () => {
    const expected: Record<string, string | undefined> = {
      '0208': 'BE',
      '9925': 'BE',
      '0009': 'FR',
      '0002': 'FR',
      '0211': 'IT',
      '0192': 'NO',
      '0007': 'SE',
      '0184': 'DK',
      '0037': 'FI',
      '0106': 'NL',
      '0204': 'DE',
      '9930': 'DE',
      '0151': 'AU',
      '0195': 'SG',
      '0221': 'JP',
      '0088': undefined,
    };
    for (const [scheme, country] of Object.entries(expected)) expect(countryOfScheme(scheme), scheme).to.equal(country);
  });

  it('checks check digits where the scheme has them', () => {
    const valid = [
      '0208:0403019261',
      '9925:BE0403019261',
      '0002:732829320',
      '0009:73282932000074',
      '0088:7300010000001',
      '0192:923609016',
      '0007:5560360793',
      '0151:51824753556',
      '0184:13585628',
    ];
    const invalid = [
      '0208:0403019262',
      '9925:BE0403019262',
      '0002:732829321',
      '0009:73282932000075',
      '0088:7300010000002',
      '0192:923609017',
      '0007:5560360794',
      '0151:51824753557',
      '9999:1',
      'nonsense',
    ];
    for (const id of valid) expect(checkParticipantId(id).valid, id).to.equal(true);
    for (const id of invalid) expect(checkParticipantId(id).valid, id).to.equal(false);
  });

  it('derives the country of an international scheme from a VAT-like value', () => {
    expect(checkParticipantId('0088:7300010000001').country).to.equal(undefined);
    expect(checkParticipantId('0208:0403019261').country).to.equal('BE');
  });
});

describe('VAT numbers, IBAN, BIC, code lists', () => {
  it('checks VAT format and checksum per country', () => {
    expect(checkVatNumber('BE0403019261')).to.include({ valid: true, country: 'BE', checksumVerified: true });
    expect(checkVatNumber('be 0403.019.261')).to.include({ valid: true });
    expect(checkVatNumber('BE0403019262')).to.include({ valid: false, checksumVerified: true });
    expect(checkVatNumber('EL094014201').country).to.equal('GR');
    expect(checkVatNumber('123')).to.include({ valid: false, checksumVerified: false });
    expect(checkVatNumber('ZZ123')).to.include({ valid: false });
  });

  it('checks IBAN mod-97 and BIC', () => {
    expect(isValidIban('BE68 5390 0754 7034')).to.equal(true);
    expect(isValidIban('BE68539007547035')).to.equal(false);
    expect(isValidBic('GEBABEBB')).to.equal(true);
    expect(isValidBic('GEBA')).to.equal(false);
  });

  it('remembers an IBAN it checked without keeping the text it was cut from', () => {
    // An IBAN read from a document is a cut of it: kept as it is, it would keep the whole document.
    const check = (n: number) => {
      const iban = composeIBAN({ countryCode: 'DE', bban: `3704004405320${13_000 + n}` })!;
      const document = `${'x'.repeat(3_000_000)}${n} ${iban} `;
      expect(isValidIban(document.slice(-iban.length - 1, -1))).to.equal(true);
    };
    check(0);
    const before = heapAfterCollection();
    for (let n = 1; n <= 8; n++) check(n);
    expect(heapAfterCollection() - before).to.be.below(4 * 1024 * 1024);
  });

  it('knows ISO 4217 and ISO 3166 codes', () => {
    expect(isIsoCurrency('EUR')).to.equal(true);
    expect(isIsoCurrency('EURO')).to.equal(false);
    expect(isIsoCountry('BE')).to.equal(true);
    expect(isIsoCountry('XX')).to.equal(false);
  });
});
