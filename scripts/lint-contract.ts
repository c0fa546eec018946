/**
 * Lints both contracts (public and internal) as served, bundled into one file each, with Redocly's
 * recommended rules and Spectral's OAS ruleset (`.spectral.yaml`). Fails on any error; warnings are shown.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../core/config.ts';
import { INTERNAL_OPENAPI_PATH, OPENAPI_PATH, loadOpenApiDocument } from '../api/openapi.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'contract-'));
try {
  const files = [OPENAPI_PATH, INTERNAL_OPENAPI_PATH].map((source) => {
    const file = path.join(dir, `${path.basename(source, '.yaml')}.json`);
    writeFileSync(file, JSON.stringify(loadOpenApiDocument(source)));
    return file;
  });
  const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
  run(bin('redocly'), ['lint', ...files, '--format=summary']);
  run(bin('spectral'), [
    'lint',
    '--ruleset',
    path.join(PROJECT_ROOT, '.spectral.yaml'),
    '--fail-severity=error',
    ...files,
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
