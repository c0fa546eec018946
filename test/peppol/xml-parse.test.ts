import { expect } from 'chai';
import { createRequire } from 'node:module';
import { parseXml } from '../../peppol/xml/dom.ts';

type Grammar = { reg: (...parts: unknown[]) => RegExp; QName_group: RegExp; S_OPT: RegExp };

describe('XML parsing', () => {
  it('compiles each xmldom grammar expression once, so parse time does not grow with a RegExp per end tag', () => {
    const grammar = createRequire(import.meta.url)('@xmldom/xmldom/lib/grammar.js') as Grammar;
    const endTag = grammar.reg('^', grammar.QName_group, grammar.S_OPT, '$');
    expect(grammar.reg('^', grammar.QName_group, grammar.S_OPT, '$')).to.equal(endTag);
    expect(endTag.flags).not.to.match(/[gy]/);
  });

  it('still checks every end tag', () => {
    const ok = parseXml('<a xmlns:x="urn:x"><x:b>1</x:b><c >2</c ></a>');
    expect(ok.ok).to.equal(true);
    for (const bad of [
      '<a><b>1</b ></a x>',
      '<a><b>1</c></a>',
      '<a><b>1</b!></a>',
      '<a><x:b xmlns:x="urn:x">1</x:b></y:a>',
    ]) {
      const r = parseXml(bad);
      expect(r.ok, bad).to.equal(false);
      if (!r.ok)
        expect(
          r.errors.map((e) => e.rule),
          bad,
        ).to.deep.equal(['XML-MALFORMED']);
    }
  });
});
