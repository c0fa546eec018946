import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseXml, parseXmlTree, type El } from '../../peppol/xml/dom.ts';
import { heapAfterCollection } from '../support/memory.ts';
import { DATA_DIR } from './helpers.ts';

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return xmlFiles(file);
    return name.endsWith('.xml') ? [file] : [];
  });
}

/** Everything the rules can read of an element: names, namespace, attributes, string value, element children. */
function shape(el: El): unknown {
  const attributes: string[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    attributes.push(`{${a.namespaceURI ?? ''}}${a.name}=${a.value}`);
  }
  const children: unknown[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) children.push(shape(n as El));
  return {
    name: el.nodeName,
    local: el.localName,
    ns: el.namespaceURI,
    attributes: attributes.sort(),
    text: el.textContent,
    children,
  };
}

describe('XML tree parser (the parse of every document validated)', () => {
  it('reads every document of the test data exactly as the DOM parser does', () => {
    const files = xmlFiles(DATA_DIR);
    expect(files.length).to.be.greaterThan(250);
    for (const file of files) {
      const xml = readFileSync(file, 'utf8');
      const dom = parseXml(xml, 50 * 1024 * 1024);
      const tree = parseXmlTree(xml, 50 * 1024 * 1024);
      const name = relative(DATA_DIR, file);
      expect(tree.ok, name).to.equal(dom.ok);
      if (dom.ok && tree.ok) expect(shape(tree.root), name).to.deep.equal(shape(dom.root));
    }
  });

  it('resolves namespaces, entities, character references, CDATA and line ends', () => {
    const parsed = parseXmlTree(
      '<?xml version="1.0"?>\r\n<!-- c --><a xmlns="urn:d" xmlns:x="urn:x" x:k="1&#10;2\t3">' +
        '<x:b>&lt;&amp;&#x41;&#66;&quot;&apos;&gt;</x:b><c xmlns=""><![CDATA[<raw>&amp;]]>x<!-- y -->z</c>\r\n<d/></a>',
    );
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok) return;
    const root = parsed.root;
    expect([root.localName, root.namespaceURI, root.getAttributeNode('x:k')?.value]).to.deep.equal([
      'a',
      'urn:d',
      '1\n2 3',
    ]);
    expect(root.getAttributeNode('x:k')?.namespaceURI).to.equal('urn:x');
    const [b, c, d] = ((): El[] => {
      const out: El[] = [];
      for (let n = root.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as El);
      return out;
    })();
    expect([b.namespaceURI, b.textContent]).to.deep.equal(['urn:x', `<&AB"'>`]);
    expect([c.namespaceURI, c.textContent]).to.deep.equal([null, '<raw>&amp;xz']);
    expect([d.namespaceURI, d.localName, d.firstChild]).to.deep.equal(['urn:d', 'd', null]);
    expect(root.textContent).to.equal(`<&AB"'><raw>&amp;xz\n`);
  });

  it('reads a known name and a repeated attribute text the same whatever follows them in the tag', () => {
    // The first <b> makes the name known, the first <c u="1"> the attribute text; the others
    // follow them with what a bare `<b>` or that text is not.
    const xml =
      '<a xmlns:x="urn:x"><b>1</b><b k="v>w">2</b><b\n>3</b><b/><b k="1"/><b x:k="&gt;"/><x:b>4</x:b><bb>5</bb>' +
      '<c u="1">6</c><c u="1">7</c><c u="1"/><c u="1" >8</c><c u="1&gt;">9</c><c u="1&gt;"/></a>';
    const dom = parseXml(xml);
    const tree = parseXmlTree(xml);
    expect(dom.ok && tree.ok).to.equal(true);
    if (dom.ok && tree.ok) expect(shape(tree.root)).to.deep.equal(shape(dom.root));
    for (const bad of ['<a><b>1</b><b/ ></a>', '<a><b>1</b><b/x></a>', '<a><b>1</b><b k></a>', '<a><b>1</b><b>']) {
      const r = parseXmlTree(bad);
      expect(r.ok, bad).to.equal(false);
    }
  });

  it('refuses what is not well-formed, as XML-MALFORMED', () => {
    for (const bad of [
      '<a><b>1</b ></a x>',
      '<a><b>1</c></a>',
      '<a><b>1</b!></a>',
      '<a><x:b xmlns:x="urn:x">1</x:b></y:a>',
      '<a>',
      '<a></a><b/>',
      'text<a/>',
      '<a/>text',
      '<a b="1" b="2"/>',
      '<a b="1"c="2"/>',
      '<a b=1/>',
      '<a b="<"/>',
      '<a>&nbsp;</a>',
      '<a>&amp</a>',
      '<a>&#0;</a>',
      '<x:a/>',
      '<a><!-- -- --></a>',
      '<a><![CDATA[x</a>',
      '<a>]]></a>',
      '<1a/>',
    ]) {
      const r = parseXmlTree(bad);
      expect(r.ok, bad).to.equal(false);
      if (!r.ok)
        expect(
          r.errors.map((e) => e.rule),
          bad,
        ).to.deep.equal(['XML-MALFORMED']);
    }
  });

  it('keeps nothing of a document once read, whatever new names and namespaces it brings', () => {
    // Each document is ~4 MiB and brings names and namespace URIs no document had before, short
    // and past what the caches keep; a cache holding a cut of one would hold all of it.
    const documents = 10;
    const read = (d: number) => {
      const long = 'L'.repeat(300);
      const xml =
        `<r${d}Root xmlns="urn:test:default:${d}:padding-for-length" xmlns:p${d}="urn:test:${d}:${long}">` +
        `<p${d}:Element${d}Name${long} attr${d}Name="v">x</p${d}:Element${d}Name${long}>` +
        `<x>${'y'.repeat(4 * 1024 * 1024)}</x></r${d}Root>`;
      const parsed = parseXmlTree(xml, 8 * 1024 * 1024);
      expect(parsed.ok).to.equal(true);
      if (parsed.ok) expect(parsed.root.namespaceURI).to.equal(`urn:test:default:${d}:padding-for-length`);
    };
    read(-1);
    const before = heapAfterCollection();
    for (let d = 0; d < documents; d++) read(d);
    expect(heapAfterCollection() - before).to.be.below(4 * 1024 * 1024);
  });

  it('keeps the refusals made before parsing', () => {
    const rules = (xml: string, max?: number) => {
      const r = parseXmlTree(xml, max);
      return r.ok ? [] : r.errors.map((e) => e.rule);
    };
    expect(rules('  ')).to.deep.equal(['XML-EMPTY']);
    expect(rules('<!DOCTYPE a [<!ENTITY x "y">]><a/>')).to.deep.equal(['XML-DTD']);
    expect(rules(`<a>${'é'.repeat(600)}</a>`, 1000)).to.deep.equal(['XML-SIZE']);
    expect(rules(`<a>${'e'.repeat(600)}</a>`, 1000)).to.deep.equal([]);
  });
});
