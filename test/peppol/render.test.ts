import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderUbl, validateDocument, validateUblXml } from '../../peppol/index.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { SHARED } from '../support/paths.ts';

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
