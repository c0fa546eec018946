import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUbl, renderUbl, validateUblXml } from '../../peppol/index.ts';
import { CORPUS, TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { listData, readData } from './helpers.ts';
import { SHARED } from '../support/paths.ts';

describe('parsing UBL into DocumentBody', () => {
  for (const entry of [...CORPUS, ...TRADE_CORPUS]) {
    it(`round trip render → parse → render is stable: ${entry.type} ${entry.name}`, () => {
      const first = renderUbl(entry.type, entry.body);
      expect(first.errors).to.deep.equal([]);
      const parsed = parseUbl(first.xml!);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      expect(parsed.type).to.equal(entry.type);
      const second = renderUbl(parsed.type, parsed.body);
      expect(second.errors).to.deep.equal([]);
      expect(second.xml).to.equal(first.xml);
    });
  }

  for (const folder of ['bis-3.0.21', 'snippets']) {
    for (const file of listData('examples', folder)) {
      it(`official ${folder}/${file} parses and re-renders to a valid document`, () => {
        const parsed = parseUbl(readData('examples', folder, file));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        expect(parsed.body.lines.length).to.be.greaterThan(0);
        const rendered = renderUbl(parsed.type, parsed.body, { identifiers: false });
        expect(rendered.errors, JSON.stringify(rendered.errors)).to.deep.equal([]);
        const result = validateUblXml(rendered.xml!);
        // Profile 02 (billing with response) is the one profile the renderer does not reproduce.
        const errors = result.errors.filter(
          (e) => !(file === 'base-example_profile02.xml' && e.rule === 'PEPPOL-EN16931-R007'),
        );
        expect(errors, JSON.stringify(errors.slice(0, 5))).to.deep.equal([]);
      });
    }
  }

  it('keeps the version of an item classification (BT-158-2)', () => {
    const parsed = parseUbl(readData('examples', 'snippets', 'item.xml'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.body.lines[1].classification).to.deep.equal({ scheme: 'TST', value: '86776', version: '19.05.01' });
  });

  it('non-billing rendered documents are valid against their UBL 2.1 XSDs (needs xmllint)', () => {
    try {
      execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        'xmllint is not installed: run `apt-get install -y libxml2-utils` (required for the UBL XSD check)',
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'peppol-trade-'));
    const roots: Record<string, string> = {
      'purchase-order': 'Order',
      'sales-order': 'OrderResponse',
      quote: 'Quotation',
      event: 'ApplicationResponse',
    };
    for (const [i, entry] of TRADE_CORPUS.entries()) {
      const path = join(dir, `t-${i}.xml`);
      writeFileSync(path, renderUbl(entry.type, entry.body).xml!);
      const xsd = `${SHARED}/standards/ubl-2.1/xsd/maindoc/UBL-${roots[entry.type]}-2.1.xsd`;
      try {
        execFileSync('xmllint', ['--noout', '--schema', xsd, path], { stdio: 'pipe' });
      } catch (e) {
        throw new Error(`${entry.name}: ${String((e as { stderr?: Buffer }).stderr)}`, { cause: e });
      }
    }
  });
});
