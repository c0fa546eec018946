import { expect } from 'chai';
import { XMLSerializer } from '@xmldom/xmldom';
import { readXmlDocument } from '../../peppol/xml-input.ts';
import { loadRuleCases, PassRates, RELEASE_2026_5_CHANGES, ruleCaseHolds } from './helpers.ts';

/**
 * Runs every official Peppol BIS 3.0 rule unit test written in the CII syntax (vefa testSet
 * files) through the CII reader: the Peppol and national rules are judged on the CII itself, the
 * EN16931 rules on its conversion to UBL, so a case passes when the named rule fires (or not) as
 * the official CII artefacts would decide.
 */
/**
 * Cases whose official verdict this library deliberately does not give, each with the reason. The
 * test data is the 3.0.19 release's; the rules follow release 3.0.21. Each entry must keep failing:
 * once it passes, its test fails until the entry is removed, so this list only shrinks.
 */
const WITHDRAWN =
  'PEPPOL-COMMON-R048 (scheme 9906) is withdrawn from the CII artefacts of release 3.0.21, as it already was from the UBL ones';
const KNOWN_GAPS = new Map<string, string>([
  ['unit-CII-PEPPOL/PEPPOL-COMMON-R048.xml #2', WITHDRAWN],
  ['unit-CII-PEPPOL/PEPPOL-COMMON-R048.xml #3', WITHDRAWN],
]);

describe('Peppol BIS 3.0 official rule unit tests (CII)', () => {
  const cases = loadRuleCases('unit-cii', ['CrossIndustryInvoice']);
  const rates = new PassRates();
  // Each case is read as the text a caller would send, so the reader's own parsing is exercised.
  const serializer = new XMLSerializer();

  after(() =>
    rates.print('Peppol CII unit-test pass rate per folder', ` (${KNOWN_GAPS.size} known gaps listed in the test)`),
  );

  it('finds all official CII test cases', () => {
    expect(cases.length).to.equal(320);
  });

  for (const c of cases) {
    const change = RELEASE_2026_5_CHANGES.get(`${c.folder}/${c.file} #${c.index + 1}`);
    it(`${c.folder}/${c.file} #${c.index + 1}: ${c.rule} ${change ? `${change.expectation} (was ${c.expectation})` : c.expectation}`, () => {
      const result = readXmlDocument(serializer.serializeToString(c.document), 'cii-xml');
      const ok = ruleCaseHolds(change ? { ...c, expectation: change.expectation } : c, result);
      rates.record(c.folder, ok);
      if (change)
        expect(
          ruleCaseHolds(c, result),
          `the 3.0.19 expectation holds again (${change.reason}): remove the entry`,
        ).to.equal(false);
      const gap = KNOWN_GAPS.get(`${c.folder}/${c.file} #${c.index + 1}`);
      if (gap) expect(ok, `listed as a known gap (${gap}) but passes now: remove it from KNOWN_GAPS`).to.equal(false);
      else
        expect(
          ok,
          `${c.description} — findings: ${[...result.errors, ...result.warnings].map((e) => e.rule).join(', ')}`,
        ).to.equal(true);
    });
  }
});
