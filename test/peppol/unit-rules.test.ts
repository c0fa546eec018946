import { expect } from 'chai';
import { validateUblElement } from '../../peppol/validation/validate-ubl.ts';
import { loadRuleCases, PassRates, RELEASE_2026_5_CHANGES, ruleCaseHolds } from './helpers.ts';

/**
 * Runs every official Peppol BIS 3.0 rule unit test (vefa testSet files, UBL syntax) against the
 * validator: each <test> names a rule that must succeed, fail as an error, or fail as a warning.
 */
describe('Peppol BIS 3.0 official rule unit tests (UBL)', () => {
  const cases = loadRuleCases('unit', ['Invoice', 'CreditNote']);
  const rates = new PassRates();

  after(() => rates.print('Peppol unit-test pass rate per folder'));

  it('finds all 543 official test cases', () => {
    expect(new Set(cases.map((c) => `${c.folder}/${c.file}#${c.index}`)).size).to.equal(543);
  });

  for (const c of cases) {
    const change = RELEASE_2026_5_CHANGES.get(`${c.folder}/${c.file} #${c.index + 1}`);
    it(`${c.folder}/${c.file} #${c.index + 1}: ${c.rule} ${change ? `${change.expectation} (was ${c.expectation})` : c.expectation}`, () => {
      const result = validateUblElement(c.document);
      const ok = ruleCaseHolds(change ? { ...c, expectation: change.expectation } : c, result);
      rates.record(c.folder, ok);
      expect(
        ok,
        `${c.description} — errors: ${result.errors
          .filter((e) => e.rule === c.rule)
          .map((e) => e.message)
          .join('; ')}`,
      ).to.equal(true);
      if (change)
        expect(
          ruleCaseHolds(c, result),
          `the 3.0.19 expectation holds again (${change.reason}): remove the entry`,
        ).to.equal(false);
    });
  }
});
