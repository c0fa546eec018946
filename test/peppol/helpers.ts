import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element as XElement } from '@xmldom/xmldom';
import { parseXml } from '../../peppol/xml/dom.ts';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'peppol');

export function readData(...parts: string[]): string {
  return readFileSync(join(DATA_DIR, ...parts), 'utf8');
}

export function listData(...parts: string[]): string[] {
  return readdirSync(join(DATA_DIR, ...parts)).sort();
}

/** One `<assert>` outcome of an official vefa rule unit test: the named rule must succeed or fire. */
export interface RuleCase {
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

/** Every case of the testSet files under `test/data/peppol/<dataFolder>/*`, with the document named `roots`. */
export function loadRuleCases(dataFolder: string, roots: string[]): RuleCase[] {
  const cases: RuleCase[] = [];
  for (const folder of listData(dataFolder)) {
    for (const file of listData(dataFolder, folder)) {
      const parsed = parseXml(readData(dataFolder, folder, file), 50 * 1024 * 1024);
      if (!parsed.ok) throw new Error(`cannot parse ${folder}/${file}: ${parsed.errors[0]?.message}`);
      elementChildren(parsed.root)
        .filter((t) => t.localName === 'test')
        .forEach((test, index) => {
          const children = elementChildren(test);
          const assert = children.find((c) => c.localName === 'assert');
          const document = children.find((c) => roots.includes(c.localName ?? ''));
          if (!assert || !document) return;
          const description = (
            elementChildren(assert).find((c) => c.localName === 'description')?.textContent ?? ''
          ).trim();
          for (const a of elementChildren(assert)) {
            const name = a.localName;
            if (name === 'success' || name === 'error' || name === 'warning') {
              cases.push({
                folder,
                file,
                index,
                expectation: name,
                rule: (a.textContent ?? '').trim(),
                description,
                document,
              });
            }
          }
        });
    }
  }
  return cases;
}

/**
 * Cases of the 3.0.19 unit tests whose verdict the targeted release 2026.5 changed, with the
 * expectation the 2026.5 artefacts give (the conformance test runs them). The unit-test suites
 * assert both the new expectation and that the old one no longer holds, so an entry cannot go stale.
 */
const DK_R_003_FATAL = 'DK-R-003 (UNSPSC version of a Danish item classification) is fatal since release 2026.5';
export const RELEASE_2026_5_CHANGES = new Map<string, { expectation: RuleCase['expectation']; reason: string }>([
  ['unit-UBL-DK/DK_Validation_DKR003.xml #10', { expectation: 'error', reason: DK_R_003_FATAL }],
  ['unit-UBL-DK/DK_Validation_DKR003.xml #11', { expectation: 'error', reason: DK_R_003_FATAL }],
  ['unit-UBL-DK/DK_Validation_DKR003.xml #12', { expectation: 'error', reason: DK_R_003_FATAL }],
  ['unit-CII-DK/DK_Validation_DKR003_CII.xml #7', { expectation: 'error', reason: DK_R_003_FATAL }],
  ['unit-CII-DK/DK_Validation_DKR003_CII.xml #8', { expectation: 'error', reason: DK_R_003_FATAL }],
  ['unit-CII-DK/DK_Validation_DKR003_CII.xml #9', { expectation: 'error', reason: DK_R_003_FATAL }],
]);

/** Whether the findings match the case: no finding of the rule for `success`, else one of the expected kind. */
export function ruleCaseHolds(
  c: RuleCase,
  result: { errors: Array<{ rule: string }>; warnings: Array<{ rule: string }> },
): boolean {
  const asError = result.errors.some((e) => e.rule === c.rule);
  const asWarning = result.warnings.some((e) => e.rule === c.rule);
  return c.expectation === 'success' ? !asError && !asWarning : c.expectation === 'error' ? asError : asWarning;
}

/** Pass counts per folder, printed after the suite as the pass rate the issue asks for. */
export class PassRates {
  private readonly byFolder = new Map<string, { pass: number; total: number }>();

  record(folder: string, ok: boolean): void {
    const r = this.byFolder.get(folder) ?? { pass: 0, total: 0 };
    r.total++;
    if (ok) r.pass++;
    this.byFolder.set(folder, r);
  }

  print(title: string, suffix = ''): void {
    const lines = [...this.byFolder.entries()].map(
      ([folder, r]) => `  ${folder.padEnd(16)} ${r.pass}/${r.total} (${((100 * r.pass) / r.total).toFixed(1)}%)`,
    );
    const pass = [...this.byFolder.values()].reduce((s, r) => s + r.pass, 0);
    const total = [...this.byFolder.values()].reduce((s, r) => s + r.total, 0);
    console.log(`\n${title}:\n${lines.join('\n')}\n  ${'TOTAL'.padEnd(16)} ${pass}/${total}${suffix}\n`);
  }
}
