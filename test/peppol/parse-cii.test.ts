import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCii, renderUbl, validateUblXml } from '../../peppol/index.ts';
import { listData, readData } from './helpers.ts';
import { SHARED } from '../support/paths.ts';

describe('converting CII CrossIndustryInvoice to UBL', () => {
  const files = listData('cii');
  const converted = new Map<string, string>();

  for (const file of files) {
    it(`${file} converts to UBL that breaks no EN16931 core rule`, () => {
      const parsed = parseCii(readData('cii', file));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      expect(parsed.body.lines.length).to.be.greaterThan(0);
      const rendered = renderUbl(parsed.type, parsed.body, { identifiers: false });
      expect(rendered.errors, JSON.stringify(rendered.errors)).to.deep.equal([]);
      converted.set(file, rendered.xml!);
      // The CEN examples are not Peppol documents (no electronic addresses...), so only the
      // EN16931 rules, which the conversion must preserve, are asserted.
      const core = validateUblXml(rendered.xml!).errors.filter((e) => /^BR-(?!BE)/.test(e.rule));
      expect(core, JSON.stringify(core)).to.deep.equal([]);
    });
  }

  it('keeps the totals of the CII document', () => {
    const parsed = parseCii(readData('cii', 'CII_example1.xml'));
    if (!parsed.ok) throw new Error('parse failed');
    expect(parsed.body.totals?.payableAmount).to.equal('250.33');
    expect(parsed.body.issueDate).to.match(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keeps the version of an item classification (BT-158-2) in the UBL it delivers', () => {
    const cii = readData('cii', 'CII_example2.xml').replace(
      '<ram:ClassCode listID="STI">65434568',
      '<ram:ClassCode listID="TST" listVersionID="19.0501">65434568',
    );
    const parsed = parseCii(cii);
    if (!parsed.ok) throw new Error('parse failed');
    expect(parsed.body.lines[0].classification).to.deep.equal({ scheme: 'TST', value: '65434568', version: '19.0501' });
    const rendered = renderUbl(parsed.type, parsed.body, { identifiers: false });
    expect(rendered.xml).to.include(
      '<cbc:ItemClassificationCode listID="TST" listVersionID="19.0501">65434568</cbc:ItemClassificationCode>',
    );
  });

  it('converted documents are valid against the UBL 2.1 Invoice XSD (needs xmllint)', () => {
    try {
      execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        'xmllint is not installed: run `apt-get install -y libxml2-utils` (required for the UBL XSD check)',
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'peppol-cii-'));
    const paths = [...converted.entries()].map(([file, xml]) => {
      const path = join(dir, file);
      writeFileSync(path, xml);
      return path;
    });
    expect(paths.length).to.equal(files.length);
    execFileSync(
      'xmllint',
      ['--noout', '--schema', `${SHARED}/standards/ubl-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd`, ...paths],
      { stdio: 'pipe' },
    );
  });

  it('refuses a UBL document with XML-ROOT', () => {
    const result = parseCii(readData('examples', 'bis-3.0.21', 'base-example.xml'));
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.errors[0].rule).to.equal('XML-ROOT');
  });
});
