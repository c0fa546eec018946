import { expect } from 'chai';
import type { Element as XElement } from '@xmldom/xmldom';
import { parseXml } from '../../peppol/xml/dom.ts';
import { validateUblElement } from '../../peppol/validation/validate-ubl.ts';
import { listData, readData } from './helpers.ts';

/**
 * Runs every official Peppol BIS 3.0 rule unit test (vefa testSet files, UBL syntax) against the
 * validator: each <test> names a rule that must succeed, fail as an error, or fail as a warning.
 */
interface Case {
  folder: string;
  file: string;
  index: number;
  expectation: 'success' | 'error' | 'warning';
  rule: string;
  description: string;
  document: XElement;
}

function elementChildren(el: XElement): XElement[] {
  const out: XElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as XElement);
  return out;
}

function loadCases(): Case[] {
  const cases: Case[] = [];
  for (const folder of listData('unit')) {
    for (const file of listData('unit', folder)) {
      const parsed = parseXml(readData('unit', folder, file), 50 * 1024 * 1024);
      if (!parsed.ok) throw new Error(`cannot parse ${folder}/${file}: ${parsed.errors[0]?.message}`);
      elementChildren(parsed.root).filter((t) => t.localName === 'test').forEach((test, index) => {
        const children = elementChildren(test);
        const assert = children.find((c) => c.localName === 'assert');
        const document = children.find((c) => c.localName === 'Invoice' || c.localName === 'CreditNote');
        if (!assert || !document) return;
        const description = (elementChildren(assert).find((c) => c.localName === 'description')?.textContent ?? '').trim();
        for (const a of elementChildren(assert)) {
          const name = a.localName;
          if (name === 'success' || name === 'error' || name === 'warning') {
            cases.push({ folder, file, index, expectation: name, rule: (a.textContent ?? '').trim(), description, document });
          }
        }
      });
    }
  }
  return cases;
}

describe('Peppol BIS 3.0 official rule unit tests (UBL)', () => {
  const cases = loadCases();
  const results = new Map<string, { pass: number; total: number }>();

  after(() => {
    const lines = [...results.entries()].map(([folder, r]) => `  ${folder.padEnd(16)} ${r.pass}/${r.total} (${((100 * r.pass) / r.total).toFixed(1)}%)`);
    const pass = [...results.values()].reduce((s, r) => s + r.pass, 0);
    const total = [...results.values()].reduce((s, r) => s + r.total, 0);
    console.log(`\nPeppol unit-test pass rate per folder:\n${lines.join('\n')}\n  ${'TOTAL'.padEnd(16)} ${pass}/${total}\n`);
  });

  it('finds all 543 official test cases', () => {
    expect(new Set(cases.map((c) => `${c.folder}/${c.file}#${c.index}`)).size).to.equal(543);
  });

  for (const c of cases) {
    it(`${c.folder}/${c.file} #${c.index + 1}: ${c.rule} ${c.expectation}`, () => {
      const result = validateUblElement(c.document);
      const asError = result.errors.some((e) => e.rule === c.rule);
      const asWarning = result.warnings.some((e) => e.rule === c.rule);
      const ok = c.expectation === 'success' ? !asError && !asWarning : c.expectation === 'error' ? asError : asWarning;
      const r = results.get(c.folder) ?? { pass: 0, total: 0 };
      r.total++;
      if (ok) r.pass++;
      results.set(c.folder, r);
      expect(ok, `${c.description} — errors: ${result.errors.filter((e) => e.rule === c.rule).map((e) => e.message).join('; ')}`).to.equal(true);
    });
  }
});
