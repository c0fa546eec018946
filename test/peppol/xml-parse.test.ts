import { expect } from 'chai';
import { createRequire } from 'node:module';
import { MAX_XML_DEPTH, NS, parseXml } from '../../peppol/xml/dom.ts';
import { readXmlDocument } from '../../peppol/xml-input.ts';

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

  it('refuses nesting deeper than MAX_XML_DEPTH with XML-DEPTH instead of exhausting the stack of the readers', () => {
    const nest = (n: number) => `<r>${'<a>'.repeat(n - 1)}x${'</a>'.repeat(n - 1)}</r><!-- after -->`;
    expect(parseXml(nest(MAX_XML_DEPTH)).ok).to.equal(true);
    const deep = parseXml(nest(MAX_XML_DEPTH + 1));
    expect(deep.ok).to.equal(false);
    if (!deep.ok) expect(deep.errors.map((e) => e.rule)).to.deep.equal(['XML-DEPTH']);
    const cii = readXmlDocument(
      `<rsm:CrossIndustryInvoice xmlns:rsm="${NS.rsm}"><rsm:ExchangedDocument>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`,
    );
    expect(cii.errors.map((e) => e.rule)).to.deep.equal(['XML-DEPTH']);
  });
});
