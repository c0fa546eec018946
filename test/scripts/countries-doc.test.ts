import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { COUNTRIES } from '../../peppol/countries.ts';
import { COUNTRIES_DOC, renderCountriesDoc } from '../../scripts/countries-doc.ts';

describe('docs/countries.md', () => {
  it('is what `npm run docs:countries` generates from the countries table', () => {
    expect(readFileSync(COUNTRIES_DOC, 'utf8')).to.equal(renderCountriesDoc());
  });

  it('has a row for every country of the table, with its example tax number and currency', () => {
    const page = renderCountriesDoc();
    for (const c of COUNTRIES) {
      const row = page.split('\n').find((l) => l.startsWith(`| ${c.code} ${c.name} |`));
      expect(row, c.code).to.be.a('string');
      expect(row).to.include(`\`${c.taxNumber.example}\``).and.include(`| ${c.currency} |`);
    }
  });
});
