import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  readXmlDocument,
  renderUbl,
  validateDocument,
  validateUblXml,
  type DocumentBody,
  type DocumentType,
} from '../../peppol/index.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { SHARED } from '../support/paths.ts';
import { DATA_DIR } from './helpers.ts';

const XSD = `${SHARED}/standards/ubl-2.1/xsd/maindoc`;

function xmllintAvailable(): boolean {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Checks rendered documents against the UBL 2.1 XSDs in one xmllint run per root element. */
function schemaErrors(files: Array<{ path: string; root: string }>): string {
  const byRoot = new Map<string, string[]>();
  for (const f of files) byRoot.set(f.root, [...(byRoot.get(f.root) ?? []), f.path]);
  const problems: string[] = [];
  for (const [root, paths] of byRoot) {
    try {
      execFileSync('xmllint', ['--noout', '--schema', join(XSD, `UBL-${root}-2.1.xsd`), ...paths], { stdio: 'pipe' });
    } catch (e) {
      problems.push(String((e as { stderr?: Buffer }).stderr ?? e));
    }
  }
  return problems.join('\n');
}

describe('rendering the JSON corpus to UBL', () => {
  it('holds at least 40 varied documents', () => {
    expect(CORPUS.length).to.be.at.least(40);
  });

  for (const entry of CORPUS) {
    it(`${entry.type}: ${entry.name} renders and passes every Peppol BIS rule`, () => {
      const result = validateDocument(entry.type, entry.body);
      expect(result.errors, JSON.stringify(result.errors, null, 1)).to.deep.equal([]);
      expect(result.valid).to.equal(true);
      const again = validateUblXml(result.xml!);
      expect(again.errors).to.deep.equal([]);
    });
  }

  it('every rendered document is valid against the UBL 2.1 XSD (needs xmllint from libxml2-utils)', function () {
    this.timeout(60000);
    if (!xmllintAvailable()) {
      throw new Error(
        'xmllint is not installed: run `apt-get install -y libxml2-utils` (required for the UBL XSD check)',
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'peppol-xsd-'));
    const files = CORPUS.map((entry, i) => {
      const rendered = renderUbl(entry.type, entry.body);
      const path = join(dir, `doc-${i}.xml`);
      writeFileSync(path, rendered.xml!);
      return { path, root: entry.type === 'credit-note' ? 'CreditNote' : 'Invoice' };
    });
    expect(schemaErrors(files)).to.equal('');
  });
});

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return xmlFiles(file);
    return name.endsWith('.xml') ? [file] : [];
  });
}

describe('the XML of a rendering validated first (written from its tree when read)', () => {
  it('is the XML rendered directly, byte for byte, for the corpus and every test document read back', function () {
    this.timeout(120000);
    const subjects: Array<{ name: string; type: DocumentType; body: DocumentBody }> = [...CORPUS];
    for (const file of xmlFiles(DATA_DIR)) {
      const read = readXmlDocument(readFileSync(file, 'utf8'), 'auto');
      if (read.type && read.body) subjects.push({ name: file, type: read.type, body: read.body });
    }
    // Values the text escapes or drops, which the tree keeps unescaped.
    subjects.push({
      name: 'escapes',
      type: 'invoice',
      body: {
        ...CORPUS[0].body,
        note: ' a < b & c > "d" \'e\' \u0001\u0008 ',
        buyerReference: '<&>',
        lines: [{ ...CORPUS[0].body.lines[0], description: 'x & y', unit: 'C62' }],
      },
    });
    expect(subjects.length).to.be.greaterThan(100);
    let rendered = 0;
    for (const { name, type, body } of subjects) {
      // Without the identifier checks, which many test documents' made-up numbers fail.
      const direct = renderUbl(type, body, { identifiers: false }).xml;
      if (!direct) continue;
      rendered++;
      expect(renderUbl(type, body, { identifiers: false, dom: true }).xml, name).to.equal(direct);
      const validated = validateDocument(type, body);
      if (validated.xml !== undefined) expect(validated.xml, name).to.equal(direct);
    }
    expect(rendered).to.be.greaterThan(80);
  });
});

describe('a validation result whose XML is written when read', () => {
  const body = CORPUS.find((c) => c.type === 'invoice')!.body;

  it('gives the XML to a spread, JSON and a structured clone, once written, and takes an assigned one', () => {
    const result = validateDocument('invoice', body);
    const direct = renderUbl('invoice', body).xml;
    expect({ ...result }.xml).to.equal(direct);
    expect((JSON.parse(JSON.stringify(validateDocument('invoice', body))) as { xml: string }).xml).to.equal(direct);
    expect(structuredClone(validateDocument('invoice', body)).xml).to.equal(direct);
    const assigned = validateDocument('invoice', body);
    assigned.xml = 'other';
    expect(assigned.xml).to.equal('other');
    expect(Object.keys(result)).to.include('xml');
  });

  it('shares its accessor with every other result, so that the rendering is not kept by a hidden class of its own', () => {
    // An accessor per object gives each object its own hidden class, which the engine keeps with the
    // accessor and the whole rendered tree it holds until its next full collection.
    const getter = (o: object) => Object.getOwnPropertyDescriptor(o, 'xml')?.get;
    const a = validateDocument('invoice', body);
    const b = validateDocument('invoice', body);
    expect(getter(a)).to.be.a('function');
    expect(getter(a)).to.equal(getter(b));
  });
});
