import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../core/config.ts';
import type { ValidationResult } from '../../peppol/types.ts';

/**
 * Runs the official Peppol validation artefacts (scripts/official-rules.mjs, one JVM for a whole
 * batch) and compares their findings with ours: same verdict, same fatal rule ids, same warnings.
 */

export interface OfficialFinding {
  rules: string;
  id: string;
  flag: string;
  location: string;
  text: string;
}

export interface OfficialResult {
  file: string;
  rules?: string[];
  failed?: OfficialFinding[];
  error?: string;
}

export interface Subject {
  name: string;
  /** The UBL both sides judge; undefined when our library produced none. */
  xml: string | undefined;
  ours: ValidationResult;
}

/** Exit code of scripts/official-rules.mjs when java or mvn is missing. */
const MISSING_TOOLS = 3;
/** The service's own Belgian rules (peppol/README.md): not part of any official artefact. */
const SERVICE_RULE = /^BR-BE-/;
/**
 * Warnings only one side raises by design: our own hints where the artefacts have none (BR-CO-05…08
 * are true() officially; OA-* flag order agreement arithmetic T110 has no rule for).
 */
const UNCOMPARED_WARNING = /^(BR-CO-0[5-8]$|OA-)/;

/** Runs the checker once over all subjects; a string says why java/mvn are unavailable. */
export function runOfficialRules(subjects: Subject[], dir: string): Map<string, OfficialResult> | string {
  const subjectOf = new Map<string, string>();
  subjects.forEach((s, i) => {
    if (s.xml === undefined) return;
    const file = join(dir, `doc-${i}.xml`);
    writeFileSync(file, s.xml);
    subjectOf.set(file, s.name);
  });
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'official-rules.mjs'), 'run'], {
    input: [...subjectOf.keys()].join('\n'),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status === MISSING_TOOLS) return run.stderr.trim();
  if (run.status !== 0) throw new Error(`the official rules checker failed (exit ${run.status}): ${run.stderr}`);
  const results = new Map<string, OfficialResult>();
  for (const line of run.stdout.split('\n').filter(Boolean)) {
    const result = JSON.parse(line) as OfficialResult;
    results.set(subjectOf.get(result.file)!, result);
  }
  return results;
}

export const officialFatal = (official: OfficialResult) =>
  [...new Set((official.failed ?? []).filter((f) => f.flag === 'fatal').map((f) => f.id))].sort();
export const ourFatal = (ours: ValidationResult) =>
  [...new Set(ours.errors.map((e) => e.rule).filter((id) => !SERVICE_RULE.test(id)))].sort();
const officialWarnings = (official: OfficialResult) =>
  [...new Set((official.failed ?? []).filter((f) => f.flag !== 'fatal').map((f) => f.id))]
    .filter((id) => !UNCOMPARED_WARNING.test(id))
    .sort();
const ourWarnings = (ours: ValidationResult) =>
  [...new Set(ours.warnings.map((w) => w.rule))]
    .filter((id) => !SERVICE_RULE.test(id) && !UNCOMPARED_WARNING.test(id))
    .sort();

/**
 * '' when both sides agree, else every difference in one line: the verdict and fatal rule ids, and
 * unless `fatalOnly` the warnings too.
 */
export function difference(
  subject: Subject,
  official: OfficialResult | undefined,
  { fatalOnly = false }: { fatalOnly?: boolean } = {},
): string {
  if (subject.xml === undefined) return `no UBL produced; our errors: ${ourFatal(subject.ours).join(' ')}`;
  if (!official) return 'no result from the official rules';
  if (official.error) return `official rules could not run: ${official.error}`;
  const theirs = officialFatal(official);
  const ours = ourFatal(subject.ours);
  const parts: string[] = [];
  if ((theirs.length === 0) !== (ours.length === 0))
    parts.push(`verdict: official ${theirs.length ? 'invalid' : 'valid'}, ours ${ours.length ? 'invalid' : 'valid'}`);
  const missed = theirs.filter((id) => !ours.includes(id));
  if (missed.length) parts.push(`official fatal not reported by ours: ${missed.join(' ')}`);
  const extra = ours.filter((id) => !theirs.includes(id));
  if (extra.length) parts.push(`ours only: ${extra.join(' ')}`);
  if (fatalOnly) return parts.join('; ');
  const theirWarnings = officialWarnings(official);
  const warnings = ourWarnings(subject.ours);
  const missedWarnings = theirWarnings.filter((id) => !warnings.includes(id));
  if (missedWarnings.length) parts.push(`official warnings not reported by ours: ${missedWarnings.join(' ')}`);
  const extraWarnings = warnings.filter((id) => !theirWarnings.includes(id));
  if (extraWarnings.length) parts.push(`our warnings only: ${extraWarnings.join(' ')}`);
  return parts.join('; ');
}

/** The official findings behind a difference, for the failure message. */
export function details(subject: Subject, official: OfficialResult | undefined): string {
  const theirs = (official?.failed ?? []).map((f) => `  official ${f.flag} ${f.id} at ${f.location}: ${f.text}`);
  const ours = [...subject.ours.errors, ...subject.ours.warnings].map(
    (e) => `  ours ${e.rule} at ${e.path}: ${e.message}`,
  );
  return [...theirs, ...ours].join('\n');
}

/**
 * The official results for `subjects`, or the test suite skipped (with the reason) when java or mvn
 * is missing; CI must have them.
 */
export function officialResultsOrSkip(
  suite: Mocha.Context,
  subjects: Subject[],
  dir: string,
): Map<string, OfficialResult> {
  const results = runOfficialRules(subjects, dir);
  if (typeof results !== 'string') return results;
  const reason = `the official Peppol rules checker is unavailable: ${results}`;
  if (process.env.CI) throw new Error(`${reason}. CI must run the conformance check.`);
  console.warn(`\n  PENDING: ${reason}. Install a JDK 17+ and Maven, then run \`node scripts/official-rules.mjs\`.\n`);
  suite.skip();
}
