// Prepares and runs the official Peppol validation artefacts (conformance/): Saxon-HE and the
// compiled Schematron of the targeted Peppol release, driven by conformance/src/OfficialRules.java.
// Plain JS: npm's postinstall (scripts/setup.mjs) calls it before tsx exists.
//
//   node scripts/official-rules.mjs          prepare (fast when already prepared)
//   node scripts/official-rules.mjs run      prepare, then check the XML files listed on stdin
//                                            (one path a line); one JSON line per file on stdout
//
// Exit codes: 0 done, 3 java or mvn missing (nothing was attempted), 1 preparation or run failed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const project = path.join(root, 'conformance');
const target = path.join(project, 'target');
const sources = [path.join(project, 'pom.xml'), path.join(project, 'src', 'OfficialRules.java')];
// Records what the last successful build was made from, so an edited pom or source rebuilds.
const stamp = path.join(target, 'prepared.sha256');
export const MISSING_TOOLS = 3;

function available(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function sourceDigest() {
  const hash = createHash('sha256');
  for (const file of sources) hash.update(readFileSync(file));
  return hash.digest('hex');
}

function prepared() {
  return (
    existsSync(stamp) &&
    existsSync(path.join(target, 'classes', 'OfficialRules.class')) &&
    existsSync(path.join(target, 'lib')) &&
    readFileSync(stamp, 'utf8').trim() === sourceDigest()
  );
}

/**
 * Builds the checker unless it is up to date. Never throws: returns `{ ok: true }` or
 * `{ ok: false, missing, reason }`, where `missing` means java or mvn is not on PATH.
 */
export function prepareOfficialRules({ log = console.log } = {}) {
  if (!sources.every((f) => existsSync(f))) return { ok: false, missing: false, reason: 'conformance/ is not present' };
  if (!available('java', ['-version']))
    return { ok: false, missing: true, reason: 'java is not on PATH (install a JDK 17+ and Maven)' };
  if (prepared()) return { ok: true };
  if (!available('mvn', ['-v']))
    return { ok: false, missing: true, reason: 'mvn is not on PATH (install Maven, e.g. apt-get install maven)' };
  try {
    log('official-rules: fetching Saxon-HE and the official Peppol rules, compiling the checker ...');
    execFileSync('mvn', ['-q', '-B', '-f', path.join(project, 'pom.xml'), 'compile', 'dependency:copy-dependencies'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    writeFileSync(stamp, `${sourceDigest()}\n`);
    log('official-rules: ready in conformance/target');
    return { ok: true };
  } catch (err) {
    const output = `${err.stdout ?? ''}${err.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    return { ok: false, missing: false, reason: `mvn failed: ${err.message.split('\n')[0]}\n${output}` };
  }
}

function runChecker(args) {
  const classpath = [path.join(target, 'classes'), path.join(target, 'lib', '*')].join(path.delimiter);
  const result = spawnSync('java', ['-cp', classpath, 'OfficialRules', ...args], { stdio: 'inherit' });
  return result.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command = 'prepare', ...args] = process.argv.slice(2);
  if (command !== 'prepare' && command !== 'run') {
    console.error('usage: node scripts/official-rules.mjs [prepare | run [--release <folder>] < file-list]');
    process.exit(2);
  }
  // In `run` stdout carries the results, so progress goes to stderr.
  const result = prepareOfficialRules({ log: (m) => console.error(m) });
  if (!result.ok) {
    console.error(`official-rules: ${result.reason}`);
    process.exit(result.missing ? MISSING_TOOLS : 1);
  }
  process.exit(command === 'run' ? runChecker(args) : 0);
}
