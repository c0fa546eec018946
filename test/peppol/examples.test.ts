import { expect } from 'chai';
import { validateUblXml } from '../../peppol/validation/validate-ubl.ts';
import { listData, readData } from './helpers.ts';

const ruleIds = (issues: Array<{ rule: string }>) => [...new Set(issues.map((i) => i.rule))].sort();

describe('official Peppol BIS 3.0 examples', () => {
  for (const folder of ['bis-3.0.19', 'bis-3.0.21', 'snippets']) {
    for (const file of listData('examples', folder)) {
      it(`${folder}/${file} is valid with no fatal error`, () => {
        const result = validateUblXml(readData('examples', folder, file));
        expect(result.errors, JSON.stringify(result.errors.slice(0, 5), null, 1)).to.deep.equal([]);
        expect(result.valid).to.equal(true);
      });
    }
  }

  it('Norwegian national example is valid', () => {
    expect(validateUblXml(readData('examples', 'national', 'Norwegian-example-1.xml')).errors).to.deep.equal([]);
  });

  // The official TIN check reads the first nine digits only, so the 10-digit seller TIN passes GR-R-003.
  it('Greek example with a 10-digit TIN is valid', () => {
    const result = validateUblXml(readData('examples', 'national', 'GR-base-example-correct.xml'));
    expect(result.errors).to.deep.equal([]);
  });

  // The Greek tax representative example is outside the official build's test folders and really breaks BR-06.
  it('Greek tax-representative example without seller registration name is rejected by BR-06 only', () => {
    const result = validateUblXml(readData('examples', 'national', 'GR-base-example-TaxRepresentative.xml'));
    expect(ruleIds(result.errors)).to.deep.equal(['BR-06']);
  });
});

describe('CEN EN16931 examples (generic, not Peppol documents)', () => {
  for (const file of listData('examples', 'cen')) {
    it(`${file} breaks no EN16931 core rule`, () => {
      const result = validateUblXml(readData('examples', 'cen', file));
      const core = result.errors.filter((e) => e.rule.startsWith('BR-') && !e.rule.startsWith('BR-BE'));
      expect(core).to.deep.equal([]);
    });
  }
});
