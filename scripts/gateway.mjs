// Builds the project's own Peppol access point (gateway/, phase4) into gateway/target/gateway.jar.
// Plain JS: npm's postinstall (scripts/setup.mjs) calls it before tsx exists.
//
//   node scripts/gateway.mjs     build unless the jar is newer than every source file
//
// Exit codes: 0 done, 3 java or mvn missing (nothing was attempted), 1 the build failed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GATEWAY_DIR = path.join(root, 'gateway');
export const GATEWAY_JAR = path.join(GATEWAY_DIR, 'target', 'gateway.jar');
export const MISSING_TOOLS = 3;

function available(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Modification time of the newest file among the pom and the sources. */
function newestSource() {
  let newest = statSync(path.join(GATEWAY_DIR, 'pom.xml')).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  const src = path.join(GATEWAY_DIR, 'src');
  if (existsSync(src)) walk(src);
  return newest;
}

export function gatewayUpToDate() {
  return existsSync(GATEWAY_JAR) && statSync(GATEWAY_JAR).mtimeMs >= newestSource();
}

/**
 * Builds the gateway jar unless it is up to date. Never throws: returns `{ ok: true }` or
 * `{ ok: false, missing, reason }`, where `missing` means java or mvn is not on PATH.
 */
export function prepareGateway({ log = console.log } = {}) {
  if (!existsSync(path.join(GATEWAY_DIR, 'pom.xml')))
    return { ok: false, missing: false, reason: 'gateway/ is not present' };
  if (gatewayUpToDate()) return { ok: true };
  if (!available('java', ['-version']))
    return { ok: false, missing: true, reason: 'java is not on PATH (install a JDK 17+ and Maven)' };
  if (!available('mvn', ['-v']))
    return { ok: false, missing: true, reason: 'mvn is not on PATH (install Maven, e.g. apt-get install maven)' };
  const started = Date.now();
  try {
    log('gateway: building the phase4 access point (gateway/target/gateway.jar) ...');
    execFileSync('mvn', ['-q', '-B', '-f', path.join(GATEWAY_DIR, 'pom.xml'), 'package', '-DskipTests'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    log(`gateway: built gateway/target/gateway.jar in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { ok: true };
  } catch (err) {
    const output = `${err.stdout ?? ''}${err.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    return { ok: false, missing: false, reason: `mvn failed: ${err.message.split('\n')[0]}\n${output}` };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = prepareGateway();
  if (!result.ok) {
    console.error(`gateway: ${result.reason}`);
    process.exit(result.missing ? MISSING_TOOLS : 1);
  }
  console.log(`gateway: ${path.relative(root, GATEWAY_JAR)} is ready`);
}
