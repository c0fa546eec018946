import { expect } from 'chai';
import { slugify } from '../../core/slug.ts';

describe('slugify (organization slugs)', () => {
  it('folds accents and case and joins words with single hyphens', () => {
    expect(slugify('Société Générale — Paris')).to.equal('societe-generale-paris');
    expect(slugify('Sandbox: quickstart')).to.equal('sandbox-quickstart');
    expect(slugify('  ACME  B.V.  ')).to.equal('acme-b-v');
  });

  it('is empty when nothing of the name is left, and never ends on a hyphen when cut', () => {
    expect(slugify('株式会社')).to.equal('');
    const long = slugify(`${'a'.repeat(47)} b`);
    expect(long).to.equal('a'.repeat(47));
  });
});
